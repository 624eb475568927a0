import { useEffect, useRef } from 'preact/hooks';
import type { SameGame } from '../../../src/samegame/game.ts';
import type { Solution } from '../../../src/samegame/solver.ts';
import { count } from '../../../src/core/count.ts';
import { boardEnding, points, verdict } from './words.ts';
import { useDialogFocus } from '../dialog-focus.ts';

/**
 * The end of a game, over the board: the score, and in a contest the verdict with both sides' scores.
 * `onAgain` starts over (a new board, or a new contest); `onClose` leaves the final board in view.
 */
export function ResultDialog({
  game,
  computer,
  onAgain,
  onClose,
}: {
  game: SameGame;
  /** The computer's game when the player competed with it. */
  computer: Solution | null;
  onAgain: () => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDivElement>(null);
  useDialogFocus(dialog, onClose);
  const panel = useRef<HTMLDivElement>(null);
  const again = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    panel.current?.scrollIntoView({ block: 'nearest' }); // on a narrow window the board may be scrolled away
    again.current?.focus({ preventScroll: true });
  }, []);
  const score = game.score();
  const moves = game.history().length;
  const ending = boardEnding(game);
  return (
    <div
      class="overlay inside samegame-result"
      role="dialog"
      aria-modal="true"
      aria-label={computer ? 'Contest verdict' : 'Game over'}
      ref={dialog}
    >
      <div class="panel" ref={panel} data-testid="sg-result">
        <h2>{computer ? verdict(score, computer.score) : game.cleared() ? 'Board cleared!' : 'Game over'}</h2>
        {computer ? (
          <table class="contest">
            <tbody>
              <tr>
                <th>You</th>
                <td data-testid="sg-result-player">{points(score)}</td>
                <td>
                  {count(moves, 'move')}, {ending}
                </td>
              </tr>
              <tr>
                <th>Computer</th>
                <td data-testid="sg-result-computer">{points(computer.score)}</td>
                <td>
                  {count(computer.moves.length, 'move')}, {computer.cleared ? 'board cleared' : 'board not cleared'}
                </td>
              </tr>
            </tbody>
          </table>
        ) : (
          <p>
            {points(score)} points in {count(moves, 'move')}, {ending}.
          </p>
        )}
        <div class="actions">
          <button type="button" class="secondary" onClick={onClose} data-testid="sg-result-close">
            Close
          </button>
          <button type="button" ref={again} onClick={onAgain} data-testid="sg-result-again">
            {computer ? 'Compete again' : 'New board'}
          </button>
        </div>
      </div>
    </div>
  );
}
