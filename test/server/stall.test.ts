import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureUnderFlood, SLOW_AGENT_LIMIT_MS, writeSlowAgent } from '../../bench/server-flood.ts';
import { percentile } from '../../src/core/stats.ts';
import { CodeAgentGames } from '../../src/server/code-agent-games.ts';
import { startServer } from '../../src/server/server.ts';
import { WEB_DIST } from '../../src/server/web-build.ts';
import { openDatabase } from '../../src/store/database.ts';
import { loadCodeAgent } from '../../src/tetris-ai/code-agents.ts';

describe('the server under a flood of work from one address', () => {
  it("answers another address's page loads and score posts within 100 ms at the 99th percentile, and the flooder 429", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'gridmind-stall-'));
    const db = openDatabase(join(folder, 'scores.db')); // a file: the checking threads store the scores
    const slow = await loadCodeAgent(writeSlowAgent(folder), SLOW_AGENT_LIMIT_MS);
    const server = await startServer({ port: 0, host: '127.0.0.1', db, webRoot: WEB_DIST, codeAgents: new CodeAgentGames([slow]) });
    try {
      const { page, post, postStatuses, flood } = await measureUnderFlood(server.url, { seconds: 6, flood: true });
      const times = (ms: number[]) =>
        `p50 ${percentile(ms, 50).toFixed(1)}, p99 ${percentile(ms, 99).toFixed(1)}, max ${Math.max(...ms).toFixed(1)} ms`;
      console.log(
        `under the flood: ${page.length} page loads ${times(page)}; ${post.length} score posts ${times(post)}; the flooder got ${JSON.stringify(flood)}`,
      );
      expect(postStatuses).toEqual({ 201: post.length });
      expect(percentile(page, 99), `the 99th percentile of ${page.length} page loads, ms`).toBeLessThan(100);
      expect(percentile(post, 99), `the 99th percentile of ${post.length} score posts, ms`).toBeLessThan(100);
      // The flooder's first replay is checked (its budget's burst), the next ones refused; its turns are answered one at a time.
      expect(flood).toMatchObject({ 'replay 201': 1, 'replay 429': expect.any(Number), 'turn 200': expect.any(Number) });
    } finally {
      await server.close();
      db.close();
    }
  });
});
