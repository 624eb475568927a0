import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodeAgentGames } from '../../src/server/code-agent-games.ts';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { WEB_DIST } from '../../src/server/web-build.ts';
import { openDatabase, type Db } from '../../src/store/database.ts';
import { MAX_HEIGHT, MAX_WIDTH } from '../../src/tetris/board.ts';
import { gameConfigOf } from '../../src/tetris/game.ts';
import { MAX_PREVIEW } from '../../src/tetris/game-settings.ts';
import { loadCodeAgent } from '../../src/tetris-ai/code-agents.ts';
import { runCli } from '../cli/run-cli.ts';
import { codeAgentApi } from './code-agent-api.ts';

/**
 * The engine, the command line and the HTTP API take the same board widths and previews: the engine's
 * limits (MAX_WIDTH, MAX_PREVIEW), at their edges, with the engine's words.
 */
describe('the limits of a Tetris game, the same at every border', () => {
  let db: Db;
  let server: RunningServer;
  const { api } = codeAgentApi(() => server.url);
  const newGame = (width: number, height = 20) =>
    api('/games', { agent: 'lowest column', width, height, rotation: 'classic', mode: 'drop' });
  const highScores = (settings: string) => fetch(`${server.url}/api/highscores?game=tetris&rules=classic&${settings}`);

  beforeAll(async () => {
    db = openDatabase(':memory:');
    const agent = await loadCodeAgent('examples/javascript/lowest-column.mjs', 300);
    server = await startServer({ port: 0, host: '127.0.0.1', db, webRoot: WEB_DIST, codeAgents: new CodeAgentGames([agent], 2) });
  });
  afterAll(async () => {
    await server.close();
    db.close();
  });

  const tooWide = `board width ${MAX_WIDTH + 1} is out of range: use 4 to ${MAX_WIDTH} columns`;
  const tooLong = `preview ${MAX_PREVIEW + 1} is out of range: show 0 to ${MAX_PREVIEW} next pieces`;

  it('a board 16 wide is played everywhere', async () => {
    expect(MAX_WIDTH).toBe(16);
    expect(gameConfigOf({ width: MAX_WIDTH }).width).toBe(MAX_WIDTH);
    expect((await runCli(['play', '--agent', 'bcts', '--board', `${MAX_WIDTH}x20`, '--max-pieces', '3', '--json'])).code).toBe(0);
    expect((await newGame(MAX_WIDTH)).status).toBe(201);
    expect((await highScores(`board=${MAX_WIDTH}x20`)).status).toBe(200);
  });

  it('a board 17 wide is refused everywhere, in the same words', async () => {
    expect(() => gameConfigOf({ width: MAX_WIDTH + 1 })).toThrow(tooWide);
    const cli = await runCli(['play', '--agent', 'bcts', '--board', `${MAX_WIDTH + 1}x20`, '--max-pieces', '3']);
    expect(cli.code).toBe(2);
    expect(cli.stderr).toContain(tooWide);
    const started = await newGame(MAX_WIDTH + 1);
    expect(started.status).toBe(400);
    expect(await started.json()).toEqual({ error: `width: ${tooWide}` });
    const table = await highScores(`board=${MAX_WIDTH + 1}x20`);
    expect(table.status).toBe(400);
    expect((await table.json()).error).toBe(`board: ${tooWide}`);
  });

  it('a board 64 wide, which the API once took, is refused; 64 high is a board', async () => {
    expect(await (await newGame(64)).json()).toEqual({ error: 'width: board width 64 is out of range: use 4 to 16 columns' });
    expect((await newGame(10, MAX_HEIGHT)).status).toBe(201);
    expect(await (await newGame(10, MAX_HEIGHT + 1)).json()).toEqual({
      error: `height: board height ${MAX_HEIGHT + 1} is out of range: use 4 to ${MAX_HEIGHT} rows`,
    });
  });

  it('a preview of 16 is shown everywhere, and of 17 refused everywhere', async () => {
    expect(gameConfigOf({ preview: MAX_PREVIEW }).preview).toBe(MAX_PREVIEW);
    expect(() => gameConfigOf({ preview: MAX_PREVIEW + 1 })).toThrow(tooLong);
    expect((await runCli(['play', '--agent', 'bcts', '--preview', String(MAX_PREVIEW), '--max-pieces', '3', '--json'])).code).toBe(0);
    const cli = await runCli(['play', '--agent', 'bcts', '--preview', String(MAX_PREVIEW + 1), '--max-pieces', '3']);
    expect(cli.code).toBe(2);
    expect(cli.stderr).toContain(`"${MAX_PREVIEW + 1}" is not a whole number from 0 to ${MAX_PREVIEW}`);
    expect((await highScores(`board=10x20&preview=${MAX_PREVIEW}`)).status).toBe(200);
    expect(await (await highScores(`board=10x20&preview=${MAX_PREVIEW + 1}`)).json()).toEqual({
      error: `preview: preview must be a whole number from 0 to ${MAX_PREVIEW}`,
    });
  });
});
