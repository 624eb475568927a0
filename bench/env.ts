/**
 * Speed of the environments, single thread, medians of several rounds: steps per second in this process
 * (each step a seeded random legal action, episodes restarted as they end), and the CPU time of one
 * `clone()` after a short and after a long episode, whose ratio shows whether a clone's cost grows with
 * the episode's length.
 */
import { Prng } from '../src/core/prng.ts';
import { median } from '../src/core/stats.ts';
import type { Environment } from '../src/env/environment.ts';
import { sameGameEnv } from '../src/env/samegame.ts';
import { tetrisDropEnv, tetrisKeysEnv } from '../src/env/tetris.ts';
import { MAX_SIDE } from '../src/samegame/rules.ts';
import { loadAgentSpec } from '../src/tetris-ai/agent-files.ts';

const ROUNDS = 7;
/** Rounds of clones: more than of steps, as a round of clones is short. */
const CLONE_ROUNDS = 21;
const STEPS = 5000;
/** The episode lengths at which a clone is timed. */
const SHORT_EPISODE = 10;
const LONG_EPISODE = 10_000;
/** A timing round of clones takes at least this much CPU time, so that the clock's resolution does not matter. */
const CLONE_ROUND_MS = 100;

export function benchEnvironments(): string[] {
  return [...stepRates(), tetrisCloneTimes(), sameGameCloneTimes()];
}

function stepRates(): string[] {
  const cases: [string, () => Environment][] = [
    ['Tetris by drops, 10x20, 1 next piece', () => tetrisDropEnv()],
    ['Tetris by keys, classic rules, 10x20, 100 ms a step', () => tetrisKeysEnv()],
    ['SameGame, 15x15, 5 colours', () => sameGameEnv()],
  ];
  return cases.map(([name, make]) => {
    const rates: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const env = make();
      const prng = new Prng(round + 1);
      let seed = 1;
      env.reset({ seed });
      const start = performance.now();
      for (let step = 0; step < STEPS; step++) {
        const result = env.step(randomAction(env, prng));
        if (result.terminated || result.truncated) env.reset({ seed: ++seed });
      }
      rates.push((STEPS / (performance.now() - start)) * 1000);
    }
    return `env ${name}: ${Math.round(median(rates)).toLocaleString('en-US')} steps/s (median of ${ROUNDS} rounds of ${STEPS.toLocaleString('en-US')} steps)`;
  });
}

function randomAction(env: Environment, prng: Prng): number {
  const legal = env.legalActions();
  return legal[prng.nextInt(legal.length)];
}

/**
 * Clones of Tetris by drops on 10 × 20, after 10 and 10,000 pieces placed by BCTS's weights (greedy over
 * the afterstates the observation gives: a game that long never ends before).
 */
function tetrisCloneTimes(): string {
  const bcts = loadAgentSpec('bcts');
  const weights = bcts.features.map((feature) => bcts.weights[feature]);
  const make = () => tetrisDropEnv({ afterstates: bcts.features });
  const played = (steps: number): Environment => {
    const env = make();
    let { observation } = env.reset({ seed: 1 });
    for (let step = 0; step < steps; step++) {
      const values = observation.afterstates;
      const value = (action: number) => weights.reduce((sum, weight, f) => sum + weight * values[action * weights.length + f], 0);
      const best = env.legalActions().reduce((a, b) => (value(b) > value(a) ? b : a));
      const result = env.step(best);
      if (result.terminated) throw new Error(`bench env: BCTS lost the game of seed 1 after ${step + 1} pieces`);
      observation = result.observation;
    }
    return env;
  };
  const long = played(LONG_EPISODE);
  return cloneLine('Tetris by drops, 10x20, BCTS playing', played(SHORT_EPISODE), SHORT_EPISODE, long, LONG_EPISODE);
}

/**
 * Clones of SameGame on the largest board, 50 × 50 with 5 colours, after 10 random moves and after the
 * last move of a game of random moves: a SameGame episode cannot reach 10,000 steps.
 */
function sameGameCloneTimes(): string {
  const make = () => sameGameEnv({ width: MAX_SIDE, height: MAX_SIDE });
  const prng = new Prng(1);
  const long = make();
  long.reset({ seed: 1 });
  let steps = 0;
  for (let ended = false; !ended; steps++) ended = long.step(randomAction(long, prng)).terminated;
  const short = make();
  short.reset({ seed: 1 });
  for (let step = 0; step < SHORT_EPISODE; step++) short.step(randomAction(short, prng));
  return cloneLine(`SameGame, ${MAX_SIDE}x${MAX_SIDE}, 5 colours, random moves`, short, SHORT_EPISODE, long, steps);
}

function cloneLine(name: string, short: Environment, shortSteps: number, long: Environment, longSteps: number): string {
  const [shortTime, longTime] = medianCpuMicroseconds([() => short.clone(), () => long.clone()]);
  const at = (time: number, steps: number) => `${microseconds(time)} at ${steps.toLocaleString('en-US')} steps`;
  return (
    `env clone, ${name}: ${at(shortTime, shortSteps)}, ${at(longTime, longSteps)} ` +
    `(ratio ${(longTime / shortTime).toFixed(2)}; CPU time, median of ${CLONE_ROUNDS} rounds)`
  );
}

/** A time in microseconds: three significant digits, whole microseconds from 100 up. */
const microseconds = (time: number) => `${time < 100 ? time.toPrecision(3) : Math.round(time).toLocaleString('en-US')} µs`;

/**
 * The median CPU time of this process (its threads' user and system time: the garbage collector's
 * included, other processes' load excluded) for one call of each function, in microseconds. Each is first
 * called in doubling numbers until that many calls take CLONE_ROUND_MS (which warms it up), then timed in
 * CLONE_ROUNDS rounds of that many calls, the functions taking turns in alternating order.
 */
function medianCpuMicroseconds(calls: readonly (() => unknown)[]): number[] {
  const time = (call: () => unknown, count: number) => {
    const start = process.cpuUsage();
    for (let i = 0; i < count; i++) call();
    const { user, system } = process.cpuUsage(start);
    return (user + system) / 1000;
  };
  const counts = calls.map((call) => {
    let count = 1;
    while (time(call, count) < CLONE_ROUND_MS) count *= 2;
    return count;
  });
  const times = calls.map((): number[] => []);
  for (let round = 0; round < CLONE_ROUNDS; round++) {
    const order = calls.map((_, i) => i);
    if (round % 2 === 1) order.reverse(); // neither function always goes first
    for (const i of order) times[i].push((time(calls[i], counts[i]) / counts[i]) * 1000);
  }
  return times.map(median);
}
