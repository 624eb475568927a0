import type { Command } from 'commander';

/** What `gridmind replay` does (replay-action.ts). */
export interface ReplayActions {
  replayFile(file: string, json: boolean): void;
}

export function registerReplayCommand(program: Command, actions: () => Promise<ReplayActions>): void {
  program
    .command('replay')
    .description('play a replay file again on the engine, which checks every input, and print the result it gives')
    .argument('<file>', 'a replay: a Tetris game (play --replay-out, the web app) or a SameGame (samegame solve --replay-out)')
    .option(
      '--json',
      'print JSON: {"game","rules","board","score",…} as the engine computes them; a Tetris game\'s "outcome" is "playing" ' +
        'when the log ends before the game does (`play --max-pieces`, a game left in play), and its "ms" is the game time its ' +
        "inputs span (0 for an agent's placements, which take none)",
    )
    .addHelpText('after', '\nNothing in the file is believed but its set-up and inputs: the score is what replaying them gives.')
    .action(async (file: string, flags: { json?: boolean }) => (await actions()).replayFile(file, flags.json === true));
}
