import { describe, expect, it } from 'vitest';
import { MAX_SEED } from '../../src/core/prng.ts';
import { BatchEnvironment } from '../../src/env/batch.ts';
import { PipeSession } from '../../src/env/stdio.ts';
import { tetrisDropEnv } from '../../src/env/tetris.ts';

const small = () => tetrisDropEnv({ width: 6, height: 8 });
const errorOf = (session: PipeSession, request: unknown) => (session.answer(JSON.stringify(request)) as { error?: string }).error;

describe('the JSON-lines pipe refuses a bad request in one line that names what is wrong', () => {
  const one = new PipeSession(small());
  const batch = new PipeSession(new BatchEnvironment(small, 2));

  it.each([
    ['a request that is no object', 3, /^unknown request: send \{"cmd":"reset"/],
    ['an unknown command', { cmd: 'jump' }, /^unknown request: /],
    ['a negative seed', { cmd: 'reset', seed: -1 }, `the seed must be a whole number from 0 to ${MAX_SEED}, not -1`],
    ['a seed past the largest', { cmd: 'reset', seed: MAX_SEED + 2 }, /^the seed must be a whole number from 0 to /],
    ['a list of seeds', { cmd: 'reset', seed: [1, 2] }, 'one environment takes one seed, not a list (a list is for a batch: --envs N)'],
    ['a step without its action', { cmd: 'step' }, 'a step names its action, a whole number: {"cmd":"step","action":A}'],
    ['a fractional action', { cmd: 'step', action: 1.5 }, /^a step names its action, a whole number/],
  ])('one environment: %s', (_what, request, message) => {
    expect(errorOf(one, request)).toMatch(message);
  });

  it.each([
    ['a bad seed in the list', { cmd: 'reset', seed: [1, -2] }, /^the seed must be a whole number from 0 to \d+, not -2$/],
    ['a seed that is text', { cmd: 'reset', seed: 'a' }, /, not "a"$/],
    ['a step with one action', { cmd: 'step', action: 1 }, /^a batch steps with one whole-number action per environment/],
    ['a fractional action', { cmd: 'step', actions: [1, 0.5] }, /^a batch steps with one whole-number action per environment/],
    ['too few actions', { cmd: 'step', actions: [1] }, 'give one action per environment: 2 actions, not 1'],
    ['an environment past the last', { cmd: 'render', index: 2 }, 'render "index" 2 is no environment\'s: use 0 to 1'],
  ])('a batch: %s', (_what, request, message) => {
    expect(errorOf(batch, request)).toMatch(message);
  });

  it('answers good requests, a batch rendering its first environment by default', () => {
    expect(one.answer('{"cmd":"reset","seed":0}')).toHaveProperty('legal');
    expect(batch.answer('{"cmd":"reset","seed":[0, 5]}')).toHaveProperty('mask');
    expect(batch.answer('{"cmd":"render"}')).toEqual(batch.answer('{"cmd":"render","index":0}'));
    expect(batch.answer('{"cmd":"close"}')).toBeNull();
  });
});
