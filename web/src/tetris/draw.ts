import { dropPiece, pieceCells } from '../../../src/tetris/moves.ts';
import type { Piece } from '../../../src/tetris/pieces.ts';
import type { RotationSystem } from '../../../src/tetris/rotation/index.ts';
import type { TetrisSession } from './session.ts';
import type { Ghost } from './why-here.ts';

/** Piece colours by colour index: 1–7 = I O T S Z J L (the Guideline's), 8 = garbage (GARBAGE_COLOUR). */
export const COLOURS = ['', '#22d3ee', '#facc15', '#a855f7', '#22c55e', '#ef4444', '#3b82f6', '#f97316', '#6b7280'];

function cell(context: CanvasRenderingContext2D, x: number, y: number, size: number, colour: string): void {
  context.fillStyle = colour;
  context.fillRect(x * size + 1, y * size + 1, size - 2, size - 2);
  context.fillStyle = 'rgba(255,255,255,0.18)';
  context.fillRect(x * size + 1, y * size + 1, size - 2, Math.max(2, size / 6));
}

function outline(context: CanvasRenderingContext2D, cells: [number, number][], height: number, size: number, colour: string): void {
  context.strokeStyle = colour;
  context.lineWidth = 2;
  for (const [x, y] of cells) if (y < height) context.strokeRect(x * size + 2, (height - 1 - y) * size + 2, size - 4, size - 4);
}

/** Outline colours of the "Why here?" ghosts: the chosen candidate, the one compared with it, the others. */
const GHOST_COLOURS = { chosen: '#f472b6', compared: '#22d3ee', other: 'rgba(226,232,240,0.45)' };

/**
 * Draws a session's board: grid, locked cells, the ghost of where the piece is going (the agent's
 * chosen placement, or where a hard drop would put the human's piece) and the falling piece; with
 * `ghosts`, the numbered candidates of the "Why here?" panel instead of that ghost.
 */
export function drawBoard(context: CanvasRenderingContext2D, session: TetrisSession, size: number, ghosts?: readonly Ghost[]): void {
  const { game, colours } = session;
  const { width, height } = game.board;
  context.fillStyle = '#0b1020';
  context.fillRect(0, 0, width * size, height * size);
  context.strokeStyle = 'rgba(148,163,184,0.08)';
  context.lineWidth = 1;
  for (let x = 1; x < width; x++) context.strokeRect(x * size, 0, 0, height * size);
  for (let y = 1; y < height; y++) context.strokeRect(0, y * size, width * size, 0);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const colour = colours[y * width + x];
      if (colour !== 0) cell(context, x, height - 1 - y, size, COLOURS[colour]);
    }
  }
  const system = game.system;
  const piece = game.current;
  const ghost = ghosts === undefined ? ghostOf(session) : (session.plan ?? null); // with the candidates: where the player itself is going
  if (ghosts !== undefined) drawGhosts(context, ghosts, height, size);
  if (ghost !== null)
    outline(context, pieceCells(system, { piece, ...ghost }), height, size, session.plan ? '#f472b6' : 'rgba(226,232,240,0.55)');
  const active =
    game.active ??
    (session.cursor && !game.over
      ? { piece, ...session.cursor, y: height - system.orientations[piece][session.cursor.rotation].height }
      : null);
  if (active !== null) {
    for (const [x, y] of pieceCells(system, active)) if (y < height) cell(context, x, height - 1 - y, size, COLOURS[active.piece + 1]);
  }
  flashClearedRows(context, session, size);
}

/** The candidates, the unmarked first so that the chosen and compared ones are drawn on top, each numbered in its highest cell that no other number took (the marked ones first). */
function drawGhosts(context: CanvasRenderingContext2D, ghosts: readonly Ghost[], height: number, size: number): void {
  const ordered = [...ghosts].sort((a, b) => Number(a.marked !== null) - Number(b.marked !== null));
  context.font = `700 ${Math.max(9, Math.round(size * 0.55))}px system-ui, sans-serif`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  for (const { cells, marked } of ordered) outline(context, [...cells], height, size, GHOST_COLOURS[marked ?? 'other']);
  const labelled = new Set<string>(); // a number to a cell: each candidate's highest cell not numbered yet
  for (const { cells, rank, marked } of [...ordered].reverse()) {
    const free = cells.filter(([x, y]) => y < height && !labelled.has(`${x},${y}`));
    if (free.length === 0) continue;
    const [x, y] = free.reduce((top, cell) => (cell[1] > top[1] ? cell : top));
    labelled.add(`${x},${y}`);
    context.fillStyle = GHOST_COLOURS[marked ?? 'other'];
    context.fillText(String(rank), (x + 0.5) * size, (height - 1 - y + 0.5) * size);
  }
}

/** Cleared rows flash white where they were, fading out over the line-clear effect. */
function flashClearedRows(context: CanvasRenderingContext2D, session: TetrisSession, size: number): void {
  const { shown, remaining } = session.effects.lineClear;
  if (shown === null) return;
  const { width, height } = session.game.board;
  context.fillStyle = `rgba(255,255,255,${(0.9 * remaining).toFixed(3)})`;
  for (const y of shown) context.fillRect(0, (height - 1 - y) * size, width * size, size);
}

/** The agent's target, or the landing of the human's piece. */
function ghostOf(session: TetrisSession): { rotation: number; x: number; y: number } | null {
  const { game } = session;
  if (game.over) return null;
  if (session.plan !== null) return session.plan;
  if (session.cursor !== null) return session.cursorLanding();
  return game.active === null ? null : dropPiece(game.board, game.system, game.active);
}

/** Draws the next pieces one under another, each lying flat (in its fewest rows) and centred in a 4×3-cell slot. */
export function drawPreview(context: CanvasRenderingContext2D, system: RotationSystem, pieces: readonly Piece[], size: number): void {
  context.clearRect(0, 0, context.canvas.width, context.canvas.height);
  pieces.forEach((piece, slot) => {
    const shape = system.distinctRotations[piece]
      .map((rotation) => system.orientations[piece][rotation])
      .reduce((flattest, orientation) => (orientation.height < flattest.height ? orientation : flattest));
    const left = (4 - shape.width) / 2;
    const top = slot * 3 + (3 - shape.height) / 2;
    for (const [dx, dy] of shape.cells) cell(context, left + dx, top + shape.height - 1 - dy, size, COLOURS[piece + 1]);
  });
}
