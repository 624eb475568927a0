import { describe, expect, it } from 'vitest';
import { Prng } from '../../src/core/prng.ts';
import { GameEnvironment, type Environment, type EnvironmentSpec } from '../../src/env/environment.ts';
import { BatchEnvironment } from '../../src/env/batch.ts';
import { sameGameEnv } from '../../src/env/samegame.ts';
import { KEY_ACTIONS, tetrisDropEnv, tetrisKeysEnv } from '../../src/env/tetris.ts';
import { randomBoard } from '../../src/samegame/random-boards.ts';
import { SCORINGS } from '../../src/samegame/rules.ts';
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

describe('episodes without a seed, illegal actions and specs', () => {
  const firstPieces = (env: Environment, seed?: number) => {
    const { observation, info } = env.reset(seed === undefined ? {} : { seed });
    return { pieces: [...observation.pieces].join(''), seed: info.seed };
  };

  it('starts a new episode on a reset without a seed, drawn from the stream the last seed started, and says its seed', () => {
    const env = tetrisDropEnv({ width: 10, height: 10, preview: 8 });
    const seeded = firstPieces(env, 5);
    expect(seeded.seed).toBe(5);
    const next = [firstPieces(env), firstPieces(env), firstPieces(env)];
    expect(new Set([seeded, ...next].map((episode) => episode.pieces)).size).toBe(4);
    for (const episode of next)
      expect(firstPieces(tetrisDropEnv({ width: 10, height: 10, preview: 8 }), episode.seed as number)).toEqual(episode);
    firstPieces(env, 5);
    expect([firstPieces(env), firstPieces(env), firstPieces(env)]).toEqual(next);
    const unseeded = [firstPieces(tetrisDropEnv({ preview: 8 })), firstPieces(tetrisDropEnv({ preview: 8 }))];
    expect(unseeded[0].seed).not.toBe(unseeded[1].seed);
  });

  it('ends the episode at an illegal action under the end rule, with its reward, the state unchanged', () => {
    for (const [env, penalty] of [
      [tetrisDropEnv({ width: 6, height: 8, illegalAction: 'end', illegalReward: -5 }), -5],
      [sameGameEnv({ width: 5, height: 5, colours: 3, illegalAction: 'end' }), -1],
    ] as const) {
      const { observation } = env.reset({ seed: 3 });
      const illegal = [...env.actionMask()].indexOf(0);
      const result = env.step(illegal);
      expect(result).toMatchObject({ terminated: true, truncated: false, info: { illegalAction: true } });
      expect(result.reward).toBe(penalty);
      expect(result.observation).toEqual(observation);
      expect(env.legalActions()).toEqual([]);
      expect(() => env.step(0)).toThrow('the episode has ended');
    }
    expect(() => tetrisDropEnv({ illegalReward: Number.NaN })).toThrow('must be a finite number');
  });

  it('describes its observation arrays, and every observation matches the description', () => {
    const envs = [
      tetrisDropEnv({ width: 6, height: 8, preview: 2, afterstates: ['holes', 'landingHeight', 'weightedHeight'] }),
      tetrisKeysEnv({ width: 6, height: 10 }),
      sameGameEnv({ width: 6, height: 5, colours: 4 }),
    ];
    for (const env of envs) {
      let result: { observation: Record<string, Uint8Array | Float32Array>; terminated?: boolean } = env.reset({ seed: 1 });
      for (let step = 0; step < 40 && !result.terminated; step++) {
        for (const [name, array] of Object.entries(env.spec.observation)) {
          const values = result.observation[name];
          expect(values.length, name).toBe(array.shape.reduce((a, b) => a * b, 1));
          expect(values instanceof Float32Array, name).toBe(array.dtype === 'float32');
          for (const value of values) {
            if (array.low !== null) expect(value).toBeGreaterThanOrEqual(array.low);
            if (array.high !== null) expect(value).toBeLessThanOrEqual(array.high);
          }
        }
        expect(Object.keys(result.observation).sort()).toEqual(Object.keys(env.spec.observation).sort());
        const legal = env.legalActions();
        result = env.step(legal[step % legal.length]);
      }
    }
    expect(envs.map((env) => env.spec.actionCount)).toEqual([24, 7, 30]);
  });
});

describe('afterstates', () => {
  it("measure each legal action's features as agents weigh them: the greedy choice over them plays bcts's games", () => {
    const spec = loadAgentSpec('bcts');
    const names = Object.keys(spec.weights);
    const weights = names.map((name) => spec.weights[name] * (spec.sense === 'maximize' ? 1 : -1));
    for (const seed of [1, 2, 3]) {
      const env = tetrisDropEnv({ width: 10, height: 10, afterstates: names });
      let result: { observation: Record<string, Uint8Array | Float32Array>; terminated: boolean; info: Record<string, unknown> } = {
        ...env.reset({ seed }),
        terminated: false,
      };
      let pieces = 0;
      for (; !result.terminated && pieces < 3000; pieces++) {
        const values = result.observation.afterstates;
        const rewards = result.observation.afterstateRewards;
        let best = -1;
        let bestValue = -Infinity;
        for (const action of env.legalActions()) {
          const value = names.reduce((sum, _, f) => sum + weights[f] * values[action * names.length + f], 0);
          if (value > bestValue) [best, bestValue] = [action, value];
        }
        const lines = result.info.lines as number;
        result = env.step(best);
        expect(result.info.lines).toBe(lines + rewards[best]);
      }
      const played = playGame(spec, { rules: 'research', width: 10, height: 10, seed, preview: 0, maxPieces: 3000 });
      expect({ lines: result.info.lines, pieces }).toEqual({ lines: played.lines, pieces: played.pieces });
      expect(pieces).toBeGreaterThan(500);
    }
  });

  it('are zero for illegal actions, and refuse unknown or repeated features', () => {
    const env = tetrisDropEnv({ width: 6, height: 8, afterstates: ['holes', 'aggregateHeight'] });
    const { observation } = env.reset({ seed: 2 });
    const mask = env.actionMask();
    for (let action = 0; action < env.actionCount; action++) {
      if (mask[action] === 0)
        expect([...observation.afterstates.subarray(action * 2, action * 2 + 2), observation.afterstateRewards[action]]).toEqual([0, 0, 0]);
      else expect(observation.afterstates[action * 2 + 1]).toBeGreaterThan(0);
    }
    expect(() => tetrisDropEnv({ afterstates: ['holes', 'wells'] })).toThrow('unknown feature "wells"');
    expect(() => tetrisDropEnv({ afterstates: ['holes', 'holes'] })).toThrow('the feature holes is named twice');
  });
});

describe('batches', () => {
  it("step every environment as it steps alone, autoreset next-step as Gymnasium's vector environments, and replay a seeded run", () => {
    const make = () => tetrisDropEnv({ width: 6, height: 8, afterstates: ['holes'] });
    const run = () => {
      const batch = new BatchEnvironment(make, 4);
      const singles = [make(), make(), make(), make()];
      const reset = batch.reset(10);
      expect(reset.info.map((info) => info.seed)).toEqual([10, 11, 12, 13]);
      singles.forEach((env, i) => env.reset({ seed: 10 + i }));
      const trace: unknown[] = [];
      let [resets, ended] = [0, [false, false, false, false]];
      for (let step = 0; step < 200; step++) {
        const actions = batch.envs.map((env) => env.legalActions()[step % Math.max(1, env.legalActions().length)] ?? 0);
        const result = batch.step(actions);
        singles.forEach((env, i) => {
          let expected: { observation: Record<string, Uint8Array | Float32Array>; reward: number };
          if (ended[i]) {
            resets++;
            expect([result.reward[i], result.terminated[i], result.truncated[i], result.info[i].pieces]).toEqual([0, false, false, 0]);
            expected = { ...env.reset({ seed: result.info[i].seed as number }), reward: 0 }; // the seed the batch drew, alone
          } else {
            expected = env.step(actions[i]);
          }
          expect(result.reward[i]).toBe(expected.reward);
          for (const [name, values] of Object.entries(expected.observation)) {
            expect(result.observation[name].subarray(i * values.length, (i + 1) * values.length), name).toEqual(values);
          }
          expect(result.masks.subarray(i * 24, (i + 1) * 24)).toEqual(env.actionMask());
        });
        ended = result.terminated.map((terminated, i) => terminated || result.truncated[i]);
        trace.push(result.info.map((info, i) => [result.reward[i], info.seed, info.lines]));
      }
      expect(resets).toBeGreaterThan(4);
      return trace;
    };
    expect(run()).toEqual(run());
  });

  it('refuses a step with the wrong number of actions, or an illegal one under the error rule, before any environment moves', () => {
    const batch = new BatchEnvironment(() => tetrisDropEnv({ width: 6, height: 8 }), 2);
    batch.reset(1);
    const before = batch.envs.map((env) => env.render());
    expect(() => batch.step([0])).toThrow('give one action per environment: 2 actions, not 1');
    const legal = batch.envs[0].legalActions()[0];
    const illegal = [...batch.envs[1].actionMask()].indexOf(0);
    expect(() => batch.step([legal, illegal])).toThrow(`environment 1: action ${illegal} is not legal now`);
    expect(() => batch.step([legal, batch.spec.actionCount])).toThrow(`environment 1: action ${batch.spec.actionCount} is not legal now`);
    expect(() => batch.step([-1, legal])).toThrow('environment 0: action -1 is not legal now');
    expect(() => batch.render(2)).toThrow('there are 2 environments: render one of 0 to 1');
    expect(batch.envs.map((env) => env.render())).toEqual(before);
    expect(() => batch.reset([1, 2, 3])).toThrow('give one seed per environment: 2 seeds, not 3');
    expect(() => new BatchEnvironment(() => tetrisDropEnv(), 0)).toThrow('a batch holds 1 to 1024 environments');
  });
});

describe('clone', () => {
  /**
   * Plays `count` steps with actions drawn by `driver` (an illegal one now and then under the `end` rule),
   * resetting without a seed when an episode ends; returns everything each step answered.
   */
  function run(env: GameEnvironment, driver: Prng, count: number) {
    const answers: unknown[] = [];
    let ended = env.legalActions().length === 0;
    for (let i = 0; i < count; i++) {
      if (ended) {
        answers.push(env.reset());
        ended = false;
        continue;
      }
      const legal = env.legalActions();
      const illegal = env.illegalAction === 'end' && driver.nextInt(20) === 0;
      const action = illegal ? [...env.actionMask()].indexOf(0) : legal[driver.nextInt(legal.length)];
      const result = env.step(action === -1 ? legal[0] : action);
      answers.push({ legal, mask: env.actionMask(), render: env.render(), result });
      ended = result.terminated || result.truncated;
    }
    return answers;
  }

  const CLONED: [string, () => GameEnvironment][] = [
    ['Tetris by drops', () => tetrisDropEnv({ width: 6, height: 10, preview: 2, maxSteps: 25 })],
    [
      'Tetris by drops, afterstates, illegal actions end',
      () => tetrisDropEnv({ width: 6, height: 10, afterstates: ['holes', 'landingHeight'], illegalAction: 'end' }),
    ],
    ...(['classic', 'target', 'aveiro'] as const).map((rules): [string, () => GameEnvironment] => [
      `Tetris by keys, ${rules} rules`,
      () => tetrisKeysEnv({ rules, width: 6, height: 10, stepMs: 400, target: 5, maxSteps: 200 }),
    ]),
    ['Tetris by keys, SRS', () => tetrisKeysEnv({ rotation: 'srs', width: 6, height: 10, stepMs: 400 })],
    ...SCORINGS.map((scoring): [string, () => GameEnvironment] => [
      `SameGame, ${scoring} scoring`,
      () => sameGameEnv({ width: 6, height: 6, colours: 3, rules: { scoring, shift: scoring === 'classic' ? 'right' : 'left' } }),
    ]),
    ['SameGame, illegal actions end', () => sameGameEnv({ width: 6, height: 6, colours: 3, illegalAction: 'end' })],
    ['a game without clone of its own (replayed)', () => countingEnv()],
  ];

  it.each(CLONED)('%s: the copy answers every step as the original would, and each is unchanged by the other', (_name, make) => {
    for (let seed = 1; seed <= 8; seed++) {
      const env = make();
      env.reset({ seed });
      const driver = new Prng(seed, 2);
      run(env, driver, seed * 4);
      const copy = env.clone();
      const copyDriver = driver.clone();
      const atClone = { render: env.render(), legal: env.legalActions() };
      const original = run(env, driver, 60);
      expect({ render: copy.render(), legal: copy.legalActions() }).toEqual(atClone);
      expect(run(copy, copyDriver, 60)).toEqual(original);
    }
  });

  /** An environment whose game has no `clone`: a running total of the actions + 1, ending past 40. */
  function countingEnv(): GameEnvironment {
    const spec: EnvironmentSpec = { actionCount: 3, observation: { total: { shape: [1], dtype: 'uint8', low: 0, high: 255 } } };
    return new GameEnvironment(spec, (seed) => {
      let total = seed % 7;
      return {
        writeObservation: (arrays, index) => void (arrays.total[index] = total),
        info: () => ({ score: total }),
        legalActions: () => (total % 2 === 0 ? [0, 1, 2] : [1, 2]),
        play(action) {
          total += action + 1;
          return action + 1;
        },
        get over() {
          return total > 40;
        },
        render: () => String(total),
      };
    });
  }
});
