import { formatDate } from '../core/dates.ts';
import { figure } from '../core/figure.ts';
import { listRuns, listSameGameRuns, type Run } from '../store/runs.ts';
import type { RunsFlags } from './options.ts';
import { printRuns } from './run-listing.ts';

/** `gridmind runs`. */
export function runs(flags: RunsFlags): void {
  printRuns(flags, {
    load: listRuns,
    empty: 'no stored runs yet: try `gridmind bench --agent dellacherie --games 20` or `gridmind samegame bench --set standard --time 1`',
    line: describeRun,
    jsonKey: 'runs',
  });
}

/** `gridmind samegame runs`. */
export function sameGameRuns(flags: RunsFlags): void {
  printRuns(flags, {
    load: listSameGameRuns,
    empty: 'no stored SameGame runs yet: try `gridmind samegame bench --set standard --time 1`',
    line: describeRun,
  });
}

/** One stored run on one line. */
function describeRun(run: Run): string {
  const start = `#${run.id}  ${formatDate(run.createdAt)}  ${run.game}`;
  if (run.game === 'samegame') {
    const boards = run.perBoard.length === 1 ? '1 board' : `${run.perBoard.length} boards`;
    return `${start} ${run.command} ${run.source}  ${run.method} ${run.rules}  total ${run.total.toLocaleString('en-US')}  ${boards}`;
  }
  const { summary } = run;
  const versus = run.vs ? ` vs ${run.vs} (Δ ${figure(summary.comparison!.meanDifference)} ± ${figure(summary.comparison!.stderr)})` : '';
  return (
    `${start} ${run.board}  ${run.agent}${versus}  ${run.games} games  ` +
    `${figure(summary.meanLines)} ± ${figure(summary.stderr)} lines  ${figure(summary.piecesPerSecond)} pieces/s`
  );
}
