import type { ComponentChildren } from 'preact';
import { DateText } from './dates.tsx';
import { selectableRow } from './selectable-row.ts';

/**
 * A list of stored runs, newest first, one of them selected: by a click, or by Tab and Enter. Each
 * row shows the run's number, what it ran and when, and its headline figure.
 */
export function RunList<R extends { readonly id: number; readonly createdAt: string }>({
  runs,
  selectedId,
  onSelect,
  testId,
  figureTitle,
  describe,
}: {
  runs: readonly R[];
  selectedId: number | null;
  onSelect: (run: R) => void;
  testId: string;
  /** The heading of the figures' column: "Mean lines", "Total", "Best score". */
  figureTitle: string;
  /** What a run ran, the facts after its date, and its figure. */
  describe: (run: R) => { what: string; facts: ComponentChildren; figure: ComponentChildren };
}) {
  return (
    <table class="runs" data-testid={testId}>
      <thead>
        <tr>
          <th>#</th>
          <th>Run</th>
          <th class="mean">{figureTitle}</th>
        </tr>
      </thead>
      <tbody>
        {runs.map((run) => {
          const { what, facts, figure } = describe(run);
          return (
            <tr key={run.id} class={run.id === selectedId ? 'selected' : ''} {...selectableRow(() => onSelect(run))}>
              <td>{run.id}</td>
              <td>
                <span class="run-agents">{what}</span>
                <span class="run-facts">
                  <DateText iso={run.createdAt} />, {facts}
                </span>
              </td>
              <td class="mean">{figure}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
