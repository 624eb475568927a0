import { GAME_RESULTS_REVISION } from '../core/version.ts';
import { findBenchGame, gameSetupKey, saveBenchGame } from '../store/bench-games.ts';
import type { Db } from '../store/database.ts';
import type { AgentSpec } from '../tetris-ai/agent-spec.ts';
import type { PlayOptions } from '../tetris-ai/play.ts';
import type { GameStore } from './tetris-bench.ts';

/**
 * What identifies a game besides its seed: Gridmind's results revision (not its version: a release that
 * changes no result keeps the stored games), how the agent plays (sense, features, weights, despair, policy; not its name, description or source) and every
 * play option but the seed.
 */
export function gameSetup(spec: AgentSpec, options: PlayOptions): unknown {
  const { sense, features, weights, despair, policy } = spec;
  const { seed: _seed, ...play } = options;
  return { revision: GAME_RESULTS_REVISION, agent: { sense, features, weights, despair, policy }, play };
}

/**
 * The SQLite store of benchmark games: every game is saved as it finishes; with `reuse`, a game
 * already stored for the same setup and seed is returned instead of being played again.
 */
export function sqliteGameStore(db: Db, reuse: boolean): GameStore {
  const keyOf = (spec: AgentSpec, options: PlayOptions) => gameSetupKey(gameSetup(spec, options));
  return {
    find: (spec, options) => (reuse ? findBenchGame(db, keyOf(spec, options), options.seed) : undefined),
    save: (spec, options, game) => saveBenchGame(db, keyOf(spec, options), options.seed, game),
  };
}
