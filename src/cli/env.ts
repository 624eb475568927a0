import type { Command } from 'commander';
import { InputError } from '../core/errors.ts';
import type { Environment } from '../env/environment.ts';
import { sameGameEnv } from '../env/samegame.ts';
import { tetrisDropEnv, tetrisKeysEnv } from '../env/tetris.ts';
import { parseBoardSize } from '../samegame/board-files.ts';
import { MAX_COLOURS, MIN_COLOURS, parseScoring, parseShift, type Scoring, type Shift } from '../samegame/rules.ts';
import { parseRotationSystemName, type RotationSystemName } from '../tetris/rotation/index.ts';
import { parseRuleSetName, type RuleSetName } from '../tetris/rules.ts';
import { integerIn, optionParser } from './options.ts';

interface EnvFlags {
  game: 'tetris' | 'samegame';
  keys?: boolean;
  rules?: string;
  rotation?: RotationSystemName;
  board?: { width: number; height: number };
  preview: number;
  stepMs: number;
  colours: number;
  shift: Shift;
  maxSteps?: number;
  stdio?: boolean;
}

export function registerEnvCommand(program: Command): void {
  program
    .command('env')
    .description('serve a game as an environment (reset, step, legal actions) to an agent in any language, as JSON lines on stdin/stdout')
    .requiredOption(
      '--game <name>',
      'tetris or samegame',
      optionParser((text) => {
        if (text !== 'tetris' && text !== 'samegame') throw new InputError(`unknown game "${text}": use tetris or samegame`);
        return text;
      }),
    )
    .option('--keys', 'tetris: play with keys under --rules (classic, target, aveiro) instead of drop placements (research protocol)')
    .option(
      '--rules <name>',
      'tetris --keys: classic, target or aveiro (default classic); samegame: standard, penalty or classic (default standard)',
    )
    .option('--rotation <system>', "tetris --keys: classic, aveiro or srs (default: the rules')", optionParser(parseRotationSystemName))
    .option('--board <WxH>', "board size (default: tetris 10x20, or the rules' with --keys; samegame 15x15)", optionParser(parseBoardSize))
    .option('--preview <n>', 'tetris: next pieces in the observation', integerIn(0, 16), 1)
    .option('--step-ms <ms>', 'tetris --keys: game time after each action (gravity as the rules say)', integerIn(1, 60_000), 100)
    .option('--colours <n>', `samegame: colours, ${MIN_COLOURS}-${MAX_COLOURS}`, integerIn(MIN_COLOURS, MAX_COLOURS), 5)
    .option('--shift <side>', 'samegame: where empty columns close up, left or right', optionParser(parseShift), 'left')
    .option('--max-steps <n>', 'truncate an episode after this many steps', integerIn(1, Number.MAX_SAFE_INTEGER))
    .option('--stdio', 'speak JSON lines on stdin/stdout (the only way for now, and so required)')
    .addHelpText(
      'after',
      '\nRequests, one JSON object a line: {"cmd":"reset","seed":S} → {"observation","info","legal"};\n' +
        '{"cmd":"step","action":A} → {"observation","reward","terminated","truncated","info","legal"};\n' +
        '{"cmd":"render"} → {"text"}; {"cmd":"close"}. A bad request gets {"error":"<reason>"} and the session goes on.\n' +
        "examples/python/gridmind_env.py drives it from Python with Gymnasium's method names.",
    )
    .action((flags: EnvFlags) => env(flags));
}

function environmentOf(flags: EnvFlags): Environment {
  const maxSteps = flags.maxSteps ?? null;
  if (flags.game === 'samegame') {
    if (flags.keys || flags.rotation !== undefined) throw new InputError('--keys and --rotation are for tetris');
    const scoring: Scoring = flags.rules === undefined ? 'standard' : parseScoring(flags.rules);
    const { width, height } = flags.board ?? { width: 15, height: 15 };
    return sameGameEnv({ width, height, colours: flags.colours, rules: { scoring, shift: flags.shift }, maxSteps });
  }
  if (!flags.keys) {
    if (flags.rules !== undefined || flags.rotation !== undefined)
      throw new InputError('--rules and --rotation need --keys: without it tetris is the research protocol');
    const { width, height } = flags.board ?? { width: 10, height: 20 };
    return tetrisDropEnv({ width, height, preview: flags.preview, maxSteps });
  }
  const rules: RuleSetName = flags.rules === undefined ? 'classic' : parseRuleSetName(flags.rules);
  return tetrisKeysEnv({ rules, rotation: flags.rotation, ...flags.board, preview: flags.preview, stepMs: flags.stepMs, maxSteps });
}

async function env(flags: EnvFlags): Promise<void> {
  const environment = environmentOf(flags);
  if (!flags.stdio) throw new InputError('say how to serve the environment: --stdio (JSON lines on stdin and stdout)');
  const { serveOverStdio } = await import('../env/stdio.ts'); // zod loads only for a session
  await serveOverStdio(environment);
}
