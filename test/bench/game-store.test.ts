import { describe, expect, it } from 'vitest';
import { gameSetup, sqliteGameStore } from '../../src/bench/game-store.ts';
import { gameSetupKey } from '../../src/store/bench-games.ts';
import { openDatabase } from '../../src/store/database.ts';
import { loadAgentSpec } from '../../src/tetris-ai/agent-files.ts';
import type { PlayOptions } from '../../src/tetris-ai/play.ts';

const bcts = loadAgentSpec('bcts');
const options: PlayOptions = { rules: 'research', width: 10, height: 10, seed: 7, preview: 0, maxPieces: null };
const game = { lines: 1234, pieces: 3100, ms: 12.5 };

describe('the SQLite store of benchmark games', () => {
  it('finds a saved game again only with reuse, for the same setup and seed', () => {
    const db = openDatabase(':memory:');
    sqliteGameStore(db, false).save(bcts, options, game);
    expect(sqliteGameStore(db, false).find(bcts, options)).toBeUndefined();
    const store = sqliteGameStore(db, true);
    expect(store.find(bcts, options)).toEqual(game);
    expect(store.find({ ...bcts, name: 'copy', description: 'another', source: 'elsewhere' }, options)).toEqual(game);
    for (const other of [{ seed: 8 }, { preview: 1 }, { maxPieces: 500 }, { height: 20 }]) {
      expect(store.find(bcts, { ...options, ...other }), JSON.stringify(other)).toBeUndefined();
    }
    expect(store.find({ ...bcts, weights: { ...bcts.weights, holes: -13 } }, options)).toBeUndefined();
    expect(store.find({ ...bcts, policy: { ...bcts.policy, lookahead: 1 } }, options)).toBeUndefined();
    db.close();
  });

  it('keeps its keys: a changed key orphans every stored game, so it must change only on purpose', () => {
    // Recompute this hash only when a change means to invalidate stored games (and say so).
    expect(gameSetupKey(gameSetup(bcts, options))).toBe('31f982528d3198daa359224be58c59c1c966761079881037b6a5e6852e4cba3e');
  });
});
