import { describe, expect, it } from 'vitest';
import type { Environment } from '../../src/env/environment.ts';
import { sameGameEnv } from '../../src/env/samegame.ts';
import { KEY_ACTIONS, tetrisDropEnv, tetrisKeysEnv } from '../../src/env/tetris.ts';
import { randomBoard } from '../../src/samegame/random-boards.ts';
import { playGame } from '../../src/tetris-ai/play.ts';
import { loadAgentSpec } from '../../src/tetris-ai/agent-files.ts';

/** Plays an episode choosing with `choose` among the legal actions; returns the rewards and the last info. */
function episode(env: Environment, seed: number, choose: (legal: number[], step: number) => number) {
  env.reset({ seed });
  const rewards: number[] = [];
  let last = { terminated: false, truncated: false, info: {} as Record<string, unknown> };
  for (let step = 0; !last.terminated && !last.truncated; step++) {
    const legal = env.legalActions();
    const result = env.step(choose(legal, step));
    rewards.push(result.reward);
    last = result;
  }
  return { rewards, ...last };
}

const ENVIRONMENTS: [string, () => Environment][] = [
  ['Tetris by drops', () => tetrisDropEnv({ width: 6, height: 8 })],
  ['Tetris by keys', () => tetrisKeysEnv({ width: 6, height: 10, maxSteps: 400 })],
  ['SameGame', () => sameGameEnv({ width: 6, height: 6, colours: 3 })],
];

describe.each(ENVIRONMENTS)('the %s environment', (_name, make) => {
  it('gives the same episode for the same seed and actions, another for another seed, and sums its rewards to the score', () => {
    const pick = (legal: number[], step: number) => legal[(step * 7) % legal.length];
    const [a, b, c] = [episode(make(), 5, pick), episode(make(), 5, pick), episode(make(), 6, pick)];
    expect(b).toEqual(a);
    expect(JSON.stringify(c)).not.toBe(JSON.stringify(a));
    expect(a.rewards.reduce((sum, reward) => sum + reward, 0)).toBe(a.info.score);
  });

  it('lists the legal actions and masks them, refuses the others and any step after the end, and clones', () => {
    const env = make();
    const { observation } = env.reset({ seed: 2 });
    expect(Object.values(observation).every((values) => values instanceof Uint8Array)).toBe(true);
    const legal = env.legalActions();
    expect([...env.actionMask()].flatMap((allowed, action) => (allowed ? [action] : []))).toEqual(legal);
    const illegal = [...Array(env.actionCount).keys()].find((action) => !legal.includes(action));
    if (illegal !== undefined) expect(() => env.step(illegal)).toThrow(`action ${illegal} is not legal now`);
    expect(() => env.step(env.actionCount)).toThrow(/is not legal now/);
    env.step(legal[0]);
    const copy = env.clone();
    expect(copy.render()).toBe(env.render());
    const next = env.legalActions()[0];
    expect(copy.step(next)).toEqual(env.step(next));
    let last = env.step(env.legalActions()[0]);
    while (!last.terminated && !last.truncated) last = env.step(env.legalActions().at(-1)!);
    expect(env.legalActions()).toEqual([]);
    expect(() => env.step(0)).toThrow('the episode has ended: reset to start another');
  });
});

describe('the environments against the engines', () => {
  it("deals the research protocol's pieces: the drop environment's first pieces are those of play's game of the same seed", () => {
    const env = tetrisDropEnv({ width: 10, height: 10, preview: 3 });
    const { observation } = env.reset({ seed: 9 });
    const path = playGame(loadAgentSpec('bcts'), {
      rules: 'research',
      width: 10,
      height: 10,
      seed: 9,
      preview: 0,
      maxPieces: 4,
      recordPath: true,
    }).path!;
    expect([...observation.pieces].map((piece) => 'IOTSZJL'[piece])).toEqual(path.map((step) => step.shape));
  });

  it('draws the SameGame board of the seed, and its legal actions are one cell per group', () => {
    const env = sameGameEnv({ width: 5, height: 4, colours: 3 });
    const { observation } = env.reset({ seed: 4 });
    const board = randomBoard(5, 4, 3, 4);
    expect(env.render()).toBe(board.toString());
    expect([...observation.board]).toEqual(Array.from({ length: 20 }, (_, cell) => board.colourAt(cell % 5, Math.floor(cell / 5)) + 1));
    expect(env.legalActions().length).toBeGreaterThan(0);
  });

  it('presses keys under the rules: hard drops end a game, with gravity between them', () => {
    expect(KEY_ACTIONS.indexOf('H')).toBe(5);
    const env = tetrisKeysEnv({ width: 6, height: 8 });
    env.reset({ seed: 1 });
    let result = env.step(5);
    expect(result.info.pieces).toBe(1);
    while (!result.terminated) result = env.step(5);
    expect(result.info.outcome).toBe('topped-out');
    expect(() => tetrisKeysEnv({ rules: 'research' })).toThrow('the research rules place pieces by drops, not keys');
  });
});
