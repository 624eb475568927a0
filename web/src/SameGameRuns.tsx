import { useState } from 'preact/hooks';
import type { SameGameRun } from '../../src/store/runs.ts';
import { RunList } from './RunList.tsx';
import { compareRuns, describeSameGameRun, describeSettings } from './samegame-runs.ts';
import { SameDatabase } from './SameDatabase.tsx';

const whole = (value: number) => value.toLocaleString('en-US');
const signed = (value: number) => (value > 0 ? `+${whole(value)}` : whole(value));

/**
 * The stored SameGame runs (`gridmind samegame solve|bench`): the list, and for the selected run its
 * settings, totals and every position's result; another run can be compared with it position by position.
 */
export function SameGameRuns({ runs }: { runs: SameGameRun[] }) {
  const [selectedId, setSelectedId] = useState(runs[0]?.id ?? null);
  const [otherId, setOtherId] = useState<number | null>(null);
  const selected = runs.find((run) => run.id === selectedId) ?? null;
  const other = runs.find((run) => run.id === otherId && run.id !== selectedId) ?? null;
  if (runs.length === 0) {
    return (
      <p data-testid="no-samegame-runs">
        No SameGame runs yet: try <code>npx gridmind samegame bench --set standard --time 1</code>.
        <SameDatabase />
      </p>
    );
  }
  const comparison = selected && other ? compareRuns(selected, other) : null;
  return (
    <div class="benchmarks">
      <RunList
        runs={runs}
        selectedId={selectedId}
        onSelect={(run) => setSelectedId(run.id)}
        testId="samegame-runs"
        figureTitle="Total"
        describe={(run) => ({
          what: describeSameGameRun(run),
          facts: <span>{run.perBoard.length === 1 ? '1 position' : `${run.perBoard.length} positions`}</span>,
          figure: whole(run.total),
        })}
      />
      {selected && (
        <div class="details" data-testid="samegame-run">
          <h3>
            Run {selected.id}: {describeSameGameRun(selected)}
          </h3>
          <p>
            {describeSettings(selected)}. Total {whole(selected.total)}
            {selected.command === 'bench' &&
              selected.summary.penaltyTotal !== undefined && // absent from runs stored before Gridmind kept it
              `; the same games under the penalty rules: ${whole(selected.summary.penaltyTotal)}`}
            .
          </p>
          <label class="compare">
            Compare with
            <select
              value={other?.id ?? ''}
              onChange={(event) => setOtherId(event.currentTarget.value === '' ? null : Number(event.currentTarget.value))}
              data-testid="compare-with"
            >
              <option value="">no other run</option>
              {runs
                .filter((run) => run.id !== selected.id)
                .map((run) => (
                  <option key={run.id} value={run.id}>
                    #{run.id} {describeSameGameRun(run)}
                  </option>
                ))}
            </select>
          </label>
          {comparison && other ? (
            <>
              <p data-testid="comparison-summary">
                On the {comparison.positions.length} positions both runs solved: run {selected.id} {whole(comparison.firstTotal)}, run{' '}
                {other.id} {whole(comparison.secondTotal)} ({signed(comparison.firstTotal - comparison.secondTotal)}); run {selected.id}{' '}
                wins {comparison.firstWins}, run {other.id} {comparison.secondWins}, {comparison.ties} ties
                {comparison.unshared === 1 && '; 1 position only one run has is left out'}
                {comparison.unshared > 1 && `; ${comparison.unshared} positions only one run has are left out`}.
              </p>
              <div class="table-scroll">
                <table class="positions" data-testid="positions">
                  <thead>
                    <tr>
                      <th>Position</th>
                      <th class="number">Run {selected.id}</th>
                      <th class="number">Run {other.id}</th>
                      <th class="number">Difference</th>
                    </tr>
                  </thead>
                  <tbody>
                    {comparison.positions.map((position) => (
                      <tr key={position.file}>
                        <td>{position.file}</td>
                        <td class="number">{whole(position.first)}</td>
                        <td class="number">{whole(position.second)}</td>
                        <td class={`number ${position.difference > 0 ? 'ahead' : position.difference < 0 ? 'behind' : ''}`}>
                          {signed(position.difference)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          ) : (
            <div class="table-scroll">
              <table class="positions" data-testid="positions">
                <thead>
                  <tr>
                    <th>Position</th>
                    <th class="number">Score</th>
                    <th>Cleared</th>
                    <th class="number">Moves</th>
                    <th class="number">Nodes</th>
                    <th class="number">Seconds</th>
                  </tr>
                </thead>
                <tbody>
                  {selected.perBoard.map((board) => (
                    <tr key={board.file}>
                      <td>{board.file}</td>
                      <td class="number">{whole(board.score)}</td>
                      <td>{board.cleared ? 'yes' : 'no'}</td>
                      <td class="number">{board.moves.length}</td>
                      <td class="number">{whole(board.nodes)}</td>
                      <td class="number">{(board.ms / 1000).toFixed(1)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
