import type { HighScore } from './api.ts';
import { DateText } from './dates.tsx';

/** A top-10 table. Names are rendered as text, never as HTML. */
export function HighScoreTable({ entries, testId = 'scores' }: { entries: readonly HighScore[]; testId?: string }) {
  if (entries.length === 0) return <p class="hint">No scores yet: be the first.</p>;
  return (
    <table class="scores" data-testid={testId}>
      <thead>
        <tr>
          <th>#</th>
          <th>Name</th>
          <th class="number">Points</th>
          <th class="number">Lines</th>
          <th>Date</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry, index) => (
          <tr key={index}>
            <td>{index + 1}</td>
            <td class="name">{entry.name}</td>
            <td class="number">{entry.points.toLocaleString('en-US')}</td>
            <td class="number">{entry.lines.toLocaleString('en-US')}</td>
            <td>
              <DateText iso={entry.date} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
