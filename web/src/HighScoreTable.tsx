import { replayUrl, type HighScore } from './api.ts';
import { DateText } from './dates.tsx';
import { whoPlayed } from './score-tables.ts';

/**
 * A top-10 table: who played (a human, agents, or both with the agents' shares) and, with `replays`,
 * each game's replay to watch (at `watchAddress`) and to download (the High scores page; a game's own
 * dialog has no room). `counted`: the column beside the points, a Tetris game's lines or a SameGame's
 * moves. Names are rendered as text, never as HTML.
 */
export function HighScoreTable({
  entries,
  testId = 'scores',
  replays = true,
  counted = 'lines',
  watchAddress = (entry) => `#/replay/${entry.id}`,
}: {
  entries: readonly HighScore[];
  testId?: string;
  replays?: boolean;
  counted?: 'lines' | 'moves';
  watchAddress?: (entry: HighScore) => string;
}) {
  if (entries.length === 0) return <p class="hint">No scores yet: be the first.</p>;
  return (
    <table class="scores" data-testid={testId}>
      <thead>
        <tr>
          <th>#</th>
          <th>Name</th>
          <th class="number">Points</th>
          <th class="number">{counted === 'lines' ? 'Lines' : 'Moves'}</th>
          <th>Date</th>
          {replays && (
            <th>
              <span class="visually-hidden">Replay</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {entries.map((entry, index) => (
          <tr key={index}>
            <td>{index + 1}</td>
            <td class="name">{whoPlayed(entry)}</td>
            <td class="number">{entry.points.toLocaleString('en-US')}</td>
            <td class="number">{(counted === 'lines' ? entry.lines : (entry.pieces ?? 0)).toLocaleString('en-US')}</td>
            <td>
              <DateText iso={entry.date} />
            </td>
            {replays && (
              <td class="replay">
                {entry.replayable && (
                  <>
                    <a
                      href={watchAddress(entry)}
                      title="Watch this game again"
                      aria-label={`Watch ${entry.name}'s game again`}
                      data-testid="watch"
                    >
                      watch
                    </a>{' '}
                    <a
                      href={replayUrl(entry)}
                      download={`gridmind-score-${entry.id}.replay.json`}
                      title="Download this game's replay"
                      aria-label={`Download the replay of ${entry.name}'s game (JSON)`}
                    >
                      ↓
                    </a>
                  </>
                )}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
