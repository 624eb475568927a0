import { useEffect, useState } from 'preact/hooks';
import { RULE_SET_NAMES, RULE_SETS, type RuleSetName } from '../../src/tetris/rules.ts';
import { fetchHighScores, type HighScore } from './api.ts';

/** A top-10 table. Names are rendered as text, never as HTML. */
export function ScoreTableView({ entries }: { entries: readonly HighScore[] }) {
  if (entries.length === 0) return <p class="hint">No scores yet: be the first.</p>;
  return (
    <table class="scores" data-testid="scores">
      <thead>
        <tr>
          <th>#</th>
          <th>Name</th>
          <th>Points</th>
          <th>Lines</th>
          <th>Date</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry, index) => (
          <tr key={index}>
            <td>{index + 1}</td>
            <td class="name">{entry.name}</td>
            <td>{entry.points.toLocaleString('en-US')}</td>
            <td>{entry.lines.toLocaleString('en-US')}</td>
            <td>{new Date(entry.date).toLocaleDateString()}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** High scores for any rule set and board size. */
export function HighScoresView() {
  const [rules, setRules] = useState<RuleSetName>('classic');
  const [board, setBoard] = useState('10x20');
  const [entries, setEntries] = useState<HighScore[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    setEntries(null);
    fetchHighScores({ game: 'tetris', rules, board })
      .then((found) => {
        setEntries(found);
        setError('');
      })
      .catch((failure: Error) => setError(failure.message));
  }, [rules, board]);
  return (
    <section class="page">
      <h2>High scores</h2>
      <div class="row filters">
        <label>
          Rules
          <select
            value={rules}
            onChange={(event) => {
              const chosen = event.currentTarget.value as RuleSetName;
              setRules(chosen);
              setBoard(`${RULE_SETS[chosen].width}x${RULE_SETS[chosen].height}`);
            }}
          >
            {RULE_SET_NAMES.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </label>
        <label>
          Board
          <input
            defaultValue={board}
            key={rules}
            onChange={(event) => setBoard(event.currentTarget.value.trim())}
            pattern="\d+x\d+"
            size={6}
          />
        </label>
      </div>
      {error ? <p class="error">{error}</p> : entries ? <ScoreTableView entries={entries} /> : <p>Loading…</p>}
    </section>
  );
}
