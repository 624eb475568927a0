import { describe, expect, it } from 'vitest';
import { loadAgentSpec } from '../../src/tetris-ai/agent-files.ts';
import { playGame, playResearch, playWithGame, type PlayOptions, type ResearchCheckpoint } from '../../src/tetris-ai/play.ts';
import { ROTATION_SYSTEMS } from '../../src/tetris/rotation/index.ts';

const research = (seed: number, extra: Partial<PlayOptions> = {}): PlayOptions => ({
  rules: 'research',
  width: 10,
  height: 10,
  seed,
  preview: 0,
  maxPieces: null,
  ...extra,
});

describe('playing games', () => {
  it('plays the research rules on the lean loop exactly as on the full game', () => {
    for (const [agent, preview] of [
      ['dellacherie', 0],
      ['lee', 0],
      ['bcts', 0],
      ['lookahead', 1],
    ] as const) {
      for (const seed of [1, 2]) {
        const options = research(seed, { preview, maxPieces: 1500, width: 8 });
        const fast = playResearch(loadAgentSpec(agent), options);
        const full = playWithGame(loadAgentSpec(agent), options);
        expect({ agent, seed, lines: fast.lines, pieces: fast.pieces, outcome: fast.outcome }).toEqual({
          agent,
          seed,
          lines: full.lines,
          pieces: full.pieces,
          outcome: full.outcome,
        });
      }
    }
  });

  it('gives the pinned line count for a fixed agent and seed (a determinism signature)', () => {
    // Changing this number means the rules, the features, the agent or the pieces changed: say why, and
    // raise GAME_RESULTS_REVISION (src/node/version.ts) so that stored benchmark games are not reused.
    const result = playGame(loadAgentSpec('dellacherie'), research(1));
    expect([result.lines, result.pieces, result.outcome]).toEqual([341, 873, 'topped-out']);
  });

  it('stops at the piece limit', () => {
    const result = playGame(loadAgentSpec('dellacherie'), research(1, { maxPieces: 100 }));
    expect(result).toMatchObject({ pieces: 100, outcome: 'piece-limit' });
  });

  it('records the search path: per piece its shape, rotation and a centre cell of the piece', () => {
    const result = playGame(loadAgentSpec('target'), {
      rules: 'target',
      width: 10,
      height: 20,
      seed: 1,
      preview: 0,
      maxPieces: null,
      target: 50,
      recordPath: true,
    });
    expect(result.outcome).toBe('target-reached');
    expect(result.score).toBe(50);
    expect(result.path).toHaveLength(result.pieces);
    for (const step of result.path!) {
      expect(step.shape).toMatch(/^[IOTSZJL]$/);
      expect(ROTATION_SYSTEMS.classic.orientations['IOTSZJL'.indexOf(step.shape)].length).toBeGreaterThan(step.rotation);
      expect(step.centre[0]).toBeGreaterThanOrEqual(0);
      expect(step.centre[0]).toBeLessThan(10);
    }
  });

  it('plays the classic and aveiro rules with reachable placements', () => {
    const classic = playGame(loadAgentSpec('dellacherie'), {
      rules: 'classic',
      width: 10,
      height: 20,
      seed: 3,
      preview: 0,
      maxPieces: 300,
    });
    expect(classic).toMatchObject({ pieces: 300, outcome: 'piece-limit' });
    expect(classic.score).toBeGreaterThan(classic.lines * 100 - 1);
    const aveiro = playGame(loadAgentSpec('lee'), { rules: 'aveiro', width: 8, height: 30, seed: 3, preview: 0, maxPieces: 300 });
    expect(aveiro.lines).toBeGreaterThan(50);
  });

  it('goes on from any checkpoint exactly as the game it was taken from, with one piece seen or two', () => {
    const tuned = loadAgentSpec('tuned-10x10');
    for (const [agent, spec, preview] of [
      ['bcts', loadAgentSpec('bcts'), 0],
      ['tuned-10x10, two pieces', { ...tuned, policy: { ...tuned.policy, lookahead: 1 } }, 1],
    ] as const) {
      const options = research(3, { preview, maxPieces: 6000 });
      const checkpoints: ResearchCheckpoint[] = [];
      const whole = playResearch(spec, options, { save: (checkpoint) => checkpoints.push(checkpoint), everyMs: 0 });
      const plain = playResearch(spec, options);
      expect([whole.lines, whole.pieces, whole.outcome]).toEqual([plain.lines, plain.pieces, plain.outcome]);
      expect(whole.pieces, agent).toBeGreaterThan(3 * 1024);
      // everyMs 0: one at each look at the clock, every 1024 pieces, but at the start
      expect(checkpoints.map((checkpoint) => checkpoint.pieces)).toEqual(
        [1024, 2048, 3072, 4096, 5120].filter((pieces) => pieces < whole.pieces),
      );
      for (const from of checkpoints) {
        const resumed = playResearch(spec, options, { from: JSON.parse(JSON.stringify(from)) as ResearchCheckpoint });
        expect({ agent, from: from.pieces, lines: resumed.lines, pieces: resumed.pieces, outcome: resumed.outcome }).toEqual({
          agent,
          from: from.pieces,
          lines: whole.lines,
          pieces: whole.pieces,
          outcome: whole.outcome,
        });
        expect(resumed.ms).toBeGreaterThanOrEqual(from.ms);
      }
    }
  });

  it('refuses a checkpoint of another game size or preview', () => {
    const spec = loadAgentSpec('bcts');
    const checkpoints: ResearchCheckpoint[] = [];
    playResearch(spec, research(3, { maxPieces: 1100 }), { save: (checkpoint) => checkpoints.push(checkpoint), everyMs: 0 });
    const [from] = checkpoints;
    expect(() => playResearch(spec, research(3, { height: 20 }), { from })).toThrow('not of a 10×20 game with 0 pieces seen ahead');
    expect(() => playResearch(spec, research(3, { preview: 1 }), { from })).toThrow('not of a 10×10 game with 1 pieces seen ahead');
    expect(() => playResearch(spec, research(3, { maxPieces: 1000 }), { from })).toThrow(
      "the checkpoint at 1024 pieces is past this game's limit of 1000 pieces",
    );
  });
});
