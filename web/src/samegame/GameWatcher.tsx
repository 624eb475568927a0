import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { drawSameGame } from './draw.ts';
import { useCellSize } from './fit.ts';
import { positionAfter, type MovesToWatch } from './replay-moves.ts';
import { describePosition } from './words.ts';
import './samegame.css';

/** Milliseconds between moves while the game plays on its own. */
const PLAY_INTERVAL = 500;
/** The board canvas's border, in pixels (see .samegame-board). */
const BOARD_BORDER = 1;

/**
 * A finished game watched again move by move: the board after any number of its moves, the next
 * move's group outlined, with play and pause, a move back or on, the start and the end, and a seek
 * bar. `back` is the way back to where the game came from.
 */
export function GameWatcher({
  watched,
  title,
  back,
  shapes,
}: {
  watched: MovesToWatch;
  title: string;
  back: ComponentChildren;
  shapes: boolean;
}) {
  const total = watched.moves.length;
  const [shown, setShown] = useState(0);
  const [playing, setPlaying] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const game = positionAfter(watched, shown);
  const { width, height } = game.board;
  const size = useCellSize(stage, width, height, BOARD_BORDER);
  const next = watched.moves[shown];
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (context) drawSameGame(context, game.board, size, { highlight: next ? game.groupAt(...next) : [], cursor: null, shapes });
  });
  useEffect(() => {
    if (!playing) return;
    if (shown >= total) return setPlaying(false);
    const timer = setTimeout(() => setShown(shown + 1), PLAY_INTERVAL);
    return () => clearTimeout(timer);
  }, [playing, shown]);
  const go = (move: number) => setShown(Math.max(0, Math.min(total, move)));
  return (
    <section class="samegame-watch" aria-label={title}>
      <div class="watch-heading">
        <h2>{title}</h2>
        {back}
      </div>
      <div class="stage" ref={stage}>
        <canvas
          ref={canvas}
          width={width * size}
          height={height * size}
          class="samegame-board"
          role="img"
          aria-label={`SameGame board after move ${shown} of ${total}`}
          data-testid="sg-watch-board"
          data-board={game.board.toString()}
          data-moves={shown}
          data-score={game.score()}
        />
        <p class="status" role="status" data-testid="sg-watch-status">
          Move {shown} of {total}: {describePosition(game)}.
        </p>
        <div class="row watch-controls">
          <button type="button" class="secondary" disabled={shown === 0} onClick={() => go(0)} data-testid="sg-watch-start">
            Start
          </button>
          <button type="button" class="secondary" disabled={shown === 0} onClick={() => go(shown - 1)} data-testid="sg-watch-back">
            Move back
          </button>
          <button type="button" disabled={!playing && shown === total} onClick={() => setPlaying(!playing)} data-testid="sg-watch-play">
            {playing ? 'Pause' : 'Play'}
          </button>
          <button type="button" class="secondary" disabled={shown === total} onClick={() => go(shown + 1)} data-testid="sg-watch-forward">
            Move on
          </button>
          <button type="button" class="secondary" disabled={shown === total} onClick={() => go(total)} data-testid="sg-watch-end">
            End
          </button>
        </div>
        <label class="watch-seek">
          Move
          <input
            type="range"
            min={0}
            max={total}
            value={shown}
            onInput={(event) => go(+event.currentTarget.value)}
            data-testid="sg-watch-seek"
          />
        </label>
      </div>
    </section>
  );
}
