import type { SameGameBoard } from '../../../src/samegame/board.ts';

/** Colours 1–9 of SameGame cells. */
export const SAMEGAME_COLOURS = ['', '#ef4444', '#3b82f6', '#22c55e', '#facc15', '#a855f7', '#f97316', '#22d3ee', '#ec4899', '#94a3b8'];

/**
 * Draws a SameGame board (column 0 at the left, row 0 at the bottom) and outlines the highlighted
 * cells (the group under the mouse, or the next move of a hint or a replay).
 */
export function drawSameGame(
  context: CanvasRenderingContext2D,
  board: SameGameBoard,
  size: number,
  highlight: readonly [number, number][],
): void {
  const { width, height } = board;
  context.fillStyle = '#0b1020';
  context.fillRect(0, 0, width * size, height * size);
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) {
      const colour = board.colourAt(x, y);
      if (colour < 0) continue;
      const top = (height - 1 - y) * size;
      context.fillStyle = SAMEGAME_COLOURS[colour + 1];
      context.beginPath();
      context.roundRect(x * size + 2, top + 2, size - 4, size - 4, Math.max(2, size / 5));
      context.fill();
    }
  }
  context.strokeStyle = '#ffffff';
  context.lineWidth = 3;
  for (const [x, y] of highlight) context.strokeRect(x * size + 2, (height - 1 - y) * size + 2, size - 4, size - 4);
}
