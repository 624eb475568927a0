import type { Command } from 'commander';
import { formatDate } from '../core/dates.ts';
import { figure } from '../core/figure.ts';
import { listRuns, listSameGameRuns, type Run } from '../store/runs.ts';
import { addRunsCommand } from './options.ts';

/** `gridmind runs` (every game's runs) and `gridmind samegame runs` (SameGame's alone). */
export function registerRunsCommands(program: Command, samegame: Command): void {
  addRunsCommand(program, 'runs', 'list the stored runs of every game (benchmarks, SameGame solves), newest first', {
    load: listRuns,
    empty: 'no stored runs yet: try `gridmind bench --agent dellacherie --games 20` or `gridmind samegame bench --set standard --time 1`',
    line: describeRun,
    jsonKey: 'runs',
  });
  addRunsCommand(samegame, 'runs', 'list stored SameGame runs, newest first', {
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
