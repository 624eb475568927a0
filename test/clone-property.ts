import { expect } from 'vitest';
import type { Prng } from '../src/core/prng.ts';

/**
 * The property every copy method must have, checked on one object: its clone looks the same; the
 * original then plays random steps drawn by `driver` and the clone does not change; the clone then plays
 * the same steps (from a copy of `driver` taken at the clone) and ends as the original did, which its steps
 * leave unchanged. `observe` gives everything observable of an object as plain data. Returns the clone.
 */
export function expectIndependentClone<T extends { clone(): T }>(
  original: T,
  driver: Prng,
  observe: (subject: T) => unknown,
  play: (subject: T, driver: Prng) => void,
): T {
  const copy = original.clone();
  const copyDriver = driver.clone();
  const atClone = observe(original);
  expect(observe(copy)).toEqual(atClone);
  play(original, driver);
  expect(observe(copy)).toEqual(atClone);
  const played = observe(original);
  play(copy, copyDriver);
  expect(observe(copy)).toEqual(played);
  expect(observe(original)).toEqual(played);
  return copy;
}
