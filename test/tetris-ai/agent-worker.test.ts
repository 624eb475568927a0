import { describe, expect, it } from 'vitest';
import { Board } from '../../src/tetris/board.ts';
import { ROTATION_SYSTEMS } from '../../src/tetris/rotation/index.ts';
import { RULE_SETS } from '../../src/tetris/rules.ts';
import { TetrisAgent } from '../../src/tetris-ai/agent.ts';
import { loadAgentSpec } from '../../src/tetris-ai/agent-files.ts';
import { AgentWorker } from '../../src/tetris-ai/agent-worker-client.ts';
import { boardRows } from '../../src/tetris-ai/turn-data.ts';

describe('AgentWorker', () => {
  it('searches on its own thread: the event loop keeps ticking, and the choice equals a local search', async () => {
    const spec = { ...loadAgentSpec('dellacherie'), policy: { ...loadAgentSpec('dellacherie').policy, lookahead: 3 } };
    const board = new Board(10, 20);
    for (let x = 0; x < 9; x++) board.setCell(x, 0, true);
    const worker = new AgentWorker({ spec, width: 10, height: 20, rotation: 'classic', mode: 'drop' });
    try {
      const turn = { rows: boardRows(board), piece: 2, preview: [0, 3, 5], rules: 'research' as const, score: 0, level: 0, target: null };
      let ticks = 0;
      const timer = setInterval(() => ticks++, 5);
      const started = Date.now();
      const { choice, keys } = await worker.choose(turn);
      const elapsed = Date.now() - started;
      clearInterval(timer);
      // A depth-3 search (about 34 × 17 × 34 × 34 placements) takes long enough for many 5 ms ticks.
      expect(elapsed).toBeGreaterThan(50);
      expect(ticks).toBeGreaterThan(elapsed / 5 / 4);
      const local = new TetrisAgent(spec, 10, 20, ROTATION_SYSTEMS.classic, 'drop').choose({ ...turn, board, rules: RULE_SETS.research });
      expect(choice).toEqual(local);
      expect(keys).toMatch(/^[LRCD]*H$/);
    } finally {
      await worker.close();
    }
    await expect(worker.choose({ rows: [], piece: 0, preview: [], rules: 'research', score: 0, level: 0, target: null })).rejects.toThrow(
      /closed/,
    );
  });

  it('rejects a request whose search fails, and keeps serving the next', async () => {
    const worker = new AgentWorker({ spec: loadAgentSpec('bcts'), width: 10, height: 20, rotation: 'classic', mode: 'drop' });
    try {
      const bad = { rows: [], piece: 99, preview: [], rules: 'research' as const, score: 0, level: 0, target: null };
      await expect(worker.choose(bad)).rejects.toThrow(/the agent's search failed/);
      const { choice } = await worker.choose({ ...bad, piece: 1 });
      expect(choice).not.toBeNull();
    } finally {
      await worker.close();
    }
  });
});
