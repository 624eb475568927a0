import { useEffect, useRef, useState } from 'preact/hooks';
import type { SameGame } from '../../../src/samegame/rules/game.ts';
import type { Solution } from '../../../src/samegame/solver.ts';
import { count } from '../../../src/core/count.ts';
import { boardEnding, points, verdict } from './words.ts';
import { useDialogFocus } from '../dialog-focus.ts';
import { NameInput } from '../NameInput.tsx';

/**
 * The end of a game, over the board: the score, and in a contest the verdict with both sides' scores
 * and a way to watch the computer's line. The score can be saved under a name: `onSave` submits it and
 * tells where it stands (or fails saying why). `onAgain` starts over (a new board, or a new contest);
 * `onClose` leaves the final board in view.
 */
export function ResultDialog({
  game,
  computer,
  name,
  onSave,
  onWatchComputer,
  onAgain,
  onClose,
}: {
  game: SameGame;
  /** The computer's game when the player competed with it. */
  computer: Solution | null;
  /** The name the last score was saved under. */
  name: string;
  /** Saves the score under a name; answers where it stands in words, and the address of its table. */
  onSave: (name: string) => Promise<{ words: string; table: string }>;
  onWatchComputer: () => void;
  onAgain: () => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDivElement>(null);
  useDialogFocus(dialog, onClose);
  /** What saving the score came to: null before, then under way, saved (and where) or failed (and why). */
  const [saving, setSaving] = useState<{ state: 'saving' | 'saved' | 'failed'; words: string; table?: string } | null>(null);
  const save = (typed: string) => {
    setSaving({ state: 'saving', words: 'Saving…' });
    onSave(typed).then(
      (saved) => setSaving({ state: 'saved', ...saved }),
      (error: Error) => setSaving({ state: 'failed', words: `Not saved: ${error.message}` }),
    );
  };
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
        {saving?.state !== 'saved' && (
          <form
            class="row save-score"
            onSubmit={(event) => {
              event.preventDefault();
              save(new FormData(event.currentTarget).get('name') as string);
            }}
          >
            <label>
              Your name
              <NameInput name="name" defaultValue={name} testId="sg-name" />
            </label>
            <button type="submit" class="secondary" disabled={saving?.state === 'saving'} data-testid="sg-save">
              Save score
            </button>
          </form>
        )}
        {saving !== null && (
          <p class={saving.state === 'failed' ? 'error' : 'hint'} role="status" data-testid="sg-saved">
            {saving.words}{' '}
            {saving.table && (
              <a href={saving.table} data-testid="sg-saved-table">
                See the table
              </a>
            )}
          </p>
        )}
        <div class="actions">
          {computer && (
            <button type="button" class="secondary" onClick={onWatchComputer} data-testid="sg-watch-computer">
              Watch the computer's line
            </button>
          )}
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
