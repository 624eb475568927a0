import type { Command } from 'commander';
import { InputError } from '../core/errors.ts';
import { MAX_BATCH } from '../env/batch.ts';
import type { IllegalActionRule } from '../env/environment.ts';
import type { ArrayEncoding } from '../env/stdio.ts';
import { parseWidthByHeight } from '../core/board-size.ts';
import { MAX_COLOURS, MIN_COLOURS, parseShift, type Shift } from '../samegame/rules/options.ts';
import { MAX_PREVIEW } from '../tetris/game-settings.ts';
import { parseRotationSystemName, type RotationSystemName } from '../tetris/rotation/system.ts';
import { integerIn, optionParser } from './options.ts';

export interface EnvFlags {
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
  target?: number;
  afterstates?: string[];
  illegal: IllegalActionRule;
  illegalReward: number;
  envs?: number;
  arrays: ArrayEncoding;
  stdio?: boolean;
}

/** What `gridmind env` does (env-action.ts). */
export interface EnvActions {
  env(flags: EnvFlags): Promise<void>;
}

export function registerEnvCommand(program: Command, actions: () => Promise<EnvActions>): void {
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
    .option(
      '--board <WxH>',
      "board size (default: tetris 10x20, or the rules' with --keys; samegame 15x15)",
      optionParser((text) => parseWidthByHeight(text, '10x20 (tetris) or 15x15 (samegame)')),
    )
    .option('--preview <n>', 'tetris: next pieces in the observation', integerIn(0, MAX_PREVIEW), 1)
    .option('--step-ms <ms>', 'tetris --keys: game time after each action (gravity as the rules say)', integerIn(1, 60_000), 100)
    .option('--colours <n>', `samegame: colours, ${MIN_COLOURS}-${MAX_COLOURS}`, integerIn(MIN_COLOURS, MAX_COLOURS), 5)
    .option('--shift <side>', 'samegame: where empty columns close up, left or right', optionParser(parseShift), 'left')
    .option('--max-steps <n>', 'truncate an episode after this many steps', integerIn(1, Number.MAX_SAFE_INTEGER))
    .option('--target <points>', 'tetris --keys --rules target: the score to reach', integerIn(1, Number.MAX_SAFE_INTEGER))
    .option(
      '--afterstates <features>',
      'tetris by drops: comma-separated features (gridmind features) measured on the board each legal action leaves, added to the observation as "afterstates" and "afterstateRewards"',
      optionParser((text) => text.split(',').map((name) => name.trim())),
    )
    .option(
      '--illegal <rule>',
      'what an illegal action does: error (answer an error, nothing changes) or end (the episode ends there, terminated, with --illegal-reward)',
      optionParser(parseIllegalRule),
      'error',
    )
    .option('--illegal-reward <r>', 'the reward of an illegal action under --illegal end', optionParser(parseReward), -1)
    .option(
      '--envs <n>',
      `serve a batch of n environments stepped together, with next-step autoreset (1-${MAX_BATCH})`,
      integerIn(1, MAX_BATCH),
    )
    .option(
      '--arrays <encoding>',
      'how observations and masks travel: json (lists) or base64 (their bytes; float32 little-endian)',
      optionParser(parseArrays),
      'json',
    )
    .option('--stdio', 'speak JSON lines on stdin/stdout (the only way for now, and so required)')
    .addHelpText(
      'after',
      '\nRequests, one JSON object a line: {"cmd":"reset","seed":S} → {"observation","info","legal"} (no seed: a new episode,\n' +
        'its seed in the info); {"cmd":"step","action":A} → {"observation","reward","terminated","truncated","info","legal"};\n' +
        '{"cmd":"spec"} → {"actionCount","observation":{NAME:{"shape","dtype","low","high"}},"envs","arrays"};\n' +
        '{"cmd":"render"} → {"text"}; {"cmd":"close"}. A bad request gets {"error":"<reason>"} and the session goes on.\n' +
        'With --envs N: "seed" S (environment i gets S + i) or a list, "actions":[…], and every answer field holds\n' +
        'each environment\'s value ("mask" instead of "legal"); an episode that ended is reset at the next step.\n' +
        "Gridmind's Python package (python/ in the package; pip install it) wraps this as Gymnasium environments.",
    )
    .action(async (flags: EnvFlags) => (await actions()).env(flags));
}

function parseIllegalRule(text: string): IllegalActionRule {
  if (text !== 'error' && text !== 'end') throw new InputError(`unknown --illegal rule "${text}": use error or end`);
  return text;
}

function parseReward(text: string): number {
  const reward = Number(text);
  if (text.trim() === '' || !Number.isFinite(reward)) throw new InputError(`--illegal-reward must be a number, not "${text}"`);
  return reward;
}

function parseArrays(text: string): ArrayEncoding {
  if (text !== 'json' && text !== 'base64') throw new InputError(`unknown --arrays encoding "${text}": use json or base64`);
  return text;
}
