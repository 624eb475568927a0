import { describe, expect, it } from 'vitest';
import { shownAddress } from '../../src/core/redis-address.ts';

describe('shownAddress', () => {
  it('hides a password, and leaves an address without one as it is', () => {
    expect(shownAddress('redis://:sesame@10.0.0.5:6380/2')).toBe('redis://:***@10.0.0.5:6380/2');
    expect(shownAddress('redis://team:sesame@host:6379', 'PASSWORD')).toBe('redis://team:PASSWORD@host:6379');
    expect(shownAddress('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
  });
});
