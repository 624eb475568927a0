import type { Command } from 'commander';
import { addRunsCommand, type RunsFlags } from './options.ts';

/** What `gridmind runs` and `gridmind samegame runs` do (runs-action.ts). */
export interface RunsActions {
  runs(flags: RunsFlags): void;
  sameGameRuns(flags: RunsFlags): void;
}

/** `gridmind runs` (every game's runs) and `gridmind samegame runs` (SameGame's alone). */
export function registerRunsCommands(program: Command, samegame: Command, actions: () => Promise<RunsActions>): void {
  addRunsCommand(program, 'runs', 'list the stored runs of every game (benchmarks, SameGame solves), newest first', async (flags) =>
    (await actions()).runs(flags),
  );
  addRunsCommand(samegame, 'runs', 'list stored SameGame runs, newest first', async (flags) => (await actions()).sameGameRuns(flags));
}
