import { InputError } from '../core/errors.ts';
import { BatchEnvironment } from '../env/batch.ts';
import type { GameEnvironment } from '../env/environment.ts';
import { sameGameEnv } from '../env/samegame.ts';
import { serveOverStdio } from '../env/stdio.ts';
import { tetrisDropEnv, tetrisKeysEnv } from '../env/tetris.ts';
import { parseScoring, type Scoring } from '../samegame/rules/options.ts';
import { parseRuleSetName, type RuleSetName } from '../tetris/rules.ts';
import type { EnvFlags } from './env.ts';

/** A function that makes the environment the flags describe (checked now: bad flags fail before any session). */
function environmentMaker(flags: EnvFlags): () => GameEnvironment {
  const episode = { maxSteps: flags.maxSteps ?? null, illegalAction: flags.illegal, illegalReward: flags.illegalReward };
  if (flags.illegalReward !== -1 && flags.illegal !== 'end')
    throw new InputError('--illegal-reward is the reward of --illegal end: add it');
  if (flags.game === 'samegame') {
    if (flags.keys || flags.rotation !== undefined) throw new InputError('--keys and --rotation are for tetris');
    if (flags.afterstates !== undefined || flags.target !== undefined) throw new InputError('--afterstates and --target are for tetris');
    const scoring: Scoring = flags.rules === undefined ? 'standard' : parseScoring(flags.rules);
    const { width, height } = flags.board ?? { width: 15, height: 15 };
    return checked(() => sameGameEnv({ width, height, colours: flags.colours, rules: { scoring, shift: flags.shift }, ...episode }));
  }
  if (!flags.keys) {
    if (flags.rules !== undefined || flags.rotation !== undefined)
      throw new InputError('--rules and --rotation need --keys: without it tetris is the research protocol');
    if (flags.target !== undefined) throw new InputError('--target is for --keys --rules target');
    const { width, height } = flags.board ?? { width: 10, height: 20 };
    return checked(() => tetrisDropEnv({ width, height, preview: flags.preview, afterstates: flags.afterstates, ...episode }));
  }
  if (flags.afterstates !== undefined) throw new InputError('--afterstates measures drop placements: leave out --keys');
  const rules: RuleSetName = flags.rules === undefined ? 'classic' : parseRuleSetName(flags.rules);
  const { target, preview, stepMs } = flags;
  return checked(() => tetrisKeysEnv({ rules, rotation: flags.rotation, ...flags.board, preview, stepMs, target, ...episode }));
}

/** `make`, once called, so that options it refuses fail before the session starts. */
function checked(make: () => GameEnvironment): () => GameEnvironment {
  make();
  return make;
}

export async function env(flags: EnvFlags): Promise<void> {
  const make = environmentMaker(flags);
  if (!flags.stdio) throw new InputError('say how to serve the environment: --stdio (JSON lines on stdin and stdout)');
  await serveOverStdio(flags.envs === undefined ? make() : new BatchEnvironment(make, flags.envs), flags.arrays);
}
