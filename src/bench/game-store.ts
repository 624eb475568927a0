import { GRIDMIND_VERSION } from '../core/version.ts';
import { findBenchGames, gameSetupKey, saveBenchGame, type StoredGame } from '../store/bench-games.ts';
import type { Db } from '../store/database.ts';
import type { BenchPlayer, GameStore } from './tetris-bench.ts';

/** What decides a benchmark game's result besides the agent and the seed. */
export interface GameSetup {
  readonly width: number;
  readonly height: number;
  readonly preview: number;
  readonly maxPieces: number | null;
}

/**
 * The SQLite store of benchmark games for seeds `first` … `last`: every game is saved as it finishes;
 * with `reuse`, a game already stored for the same setup (Gridmind version, the agent's sense,
 * features, weights, despair and policy, board, preview, piece limit) and seed is returned instead of
 * being played again.
 */
export function sqliteGameStore(db: Db, setup: GameSetup, first: number, last: number, reuse: boolean): GameStore {
  const keys = new Map<BenchPlayer, string>();
  const keyOf = (player: BenchPlayer): string => {
    let key = keys.get(player);
    if (key === undefined) {
      const { sense, features, weights, despair, policy } = player.spec; // not its name, description or source
      key = gameSetupKey({ version: GRIDMIND_VERSION, agent: { sense, features, weights, despair, policy }, ...setup });
      keys.set(player, key);
    }
    return key;
  };
  const found = new Map<string, Map<number, StoredGame>>();
  return {
    find(player, seed) {
      if (!reuse) return undefined;
      const key = keyOf(player);
      let games = found.get(key);
      if (games === undefined) {
        games = findBenchGames(db, key, first, last);
        found.set(key, games);
      }
      return games.get(seed);
    },
    save: (player, seed, game) => saveBenchGame(db, keyOf(player), seed, game),
  };
}
