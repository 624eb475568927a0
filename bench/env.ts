/**
 * Speed of the environments: steps per second in this process (median of several rounds, single
 * thread), each step a seeded random legal action, episodes restarted as they end.
 */
import { Prng } from '../src/core/prng.ts';
import { median } from '../src/core/stats.ts';
import type { Environment } from '../src/env/environment.ts';
import { sameGameEnv } from '../src/env/samegame.ts';
import { tetrisDropEnv, tetrisKeysEnv } from '../src/env/tetris.ts';

const ROUNDS = 7;
const STEPS = 5000;

export function benchEnvironments(): string[] {
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
        const legal = env.legalActions();
        const result = env.step(legal[prng.nextInt(legal.length)]);
        if (result.terminated || result.truncated) env.reset({ seed: ++seed });
      }
      rates.push((STEPS / (performance.now() - start)) * 1000);
    }
    return `env ${name}: ${Math.round(median(rates)).toLocaleString('en-US')} steps/s (median of ${ROUNDS} rounds of ${STEPS.toLocaleString('en-US')} steps)`;
  });
}
