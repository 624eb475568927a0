import { useEffect, useRef } from 'preact/hooks';
import { pieceName } from '../../../src/tetris/pieces.ts';
import { drawBoard, drawPreview } from './draw.ts';
import { levelName } from './words.ts';
import type { TetrisSession } from './session.ts';
import type { Ghost } from './why-here.ts';

/**
 * Draws the board, its line-clear flash and level-up banner on every render; the view re-renders it each
 * animation frame. With `ghosts`, the "Why here?" candidates; `onCell` hears a click on a cell (x, y from
 * the bottom left).
 */
export function BoardCanvas({
  session,
  cellSize,
  label,
  ghosts,
  onCell,
}: {
  session: TetrisSession;
  cellSize: number;
  label: string;
  ghosts?: readonly Ghost[];
  onCell?: (x: number, y: number) => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { width, height } = session.game.board;
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (context) drawBoard(context, session, cellSize, ghosts);
  });
  const click = (event: MouseEvent) => {
    const box = (event.currentTarget as HTMLCanvasElement).getBoundingClientRect();
    onCell?.(
      Math.floor(((event.clientX - box.left) / box.width) * width),
      height - 1 - Math.floor(((event.clientY - box.top) / box.height) * height),
    );
  };
  const active = session.game.active;
  const lastLock = session.game.lastLock;
  const { lineClear, levelUp } = session.effects;
  const levelBanner = levelUp.shown === null ? null : levelName(session.setup.rules, levelUp.shown);
  return (
    <div
      class="board"
      data-testid="board"
      data-piece={active ? `${pieceName(active.piece)} ${active.rotation} ${active.x} ${active.y}` : ''}
      data-pieces={session.game.pieces}
      data-last-lock={lastLock ? `${lastLock.rotation} ${lastLock.x} ${lastLock.y}` : ''}
      data-lines={session.game.lines}
      data-score={session.game.score}
      data-outcome={session.game.outcome}
      data-clearing={lineClear.shown?.join(' ')}
    >
      <canvas
        ref={canvas}
        width={width * cellSize}
        height={height * cellSize}
        role="img"
        aria-label={label}
        onClick={onCell === undefined ? undefined : click}
      />
      {levelBanner !== null && (
        <div class="level-up" role="status" data-testid="level-up">
          {levelBanner}
        </div>
      )}
    </div>
  );
}

/** The next pieces, one under another. */
export function PreviewCanvas({ session, cellSize }: { session: TetrisSession; cellSize: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pieces = session.game.preview();
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (context) drawPreview(context, session.game.system, pieces, cellSize);
  });
  return (
    <canvas
      class="preview"
      ref={canvas}
      width={4 * cellSize}
      height={9 * cellSize}
      data-cell={cellSize}
      aria-label={`next: ${pieces.map(pieceName).join(' ')}`}
    />
  );
}
