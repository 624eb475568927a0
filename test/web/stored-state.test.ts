import { describe, expect, it } from 'vitest';
import { restoredValue } from '../../web/src/stored-state.ts';

describe('a stored setting read back', () => {
  const setup = { rules: 'classic', width: 10, seed: null as number | null, agent: 'human' };

  it('keeps the fields of the kind the page expects, and takes the page’s own for the rest', () => {
    expect(restoredValue({ rules: 'modern', width: 12, seed: 7, agent: 'bcts' }, setup)).toEqual({
      rules: 'modern',
      width: 12,
      seed: 7,
      agent: 'bcts',
    });
    expect(restoredValue({ rules: 3, width: '12', gone: true }, setup)).toEqual({ ...setup, rules: 'classic', width: 10 });
  });

  it('gives the fallback for a value of another kind', () => {
    expect(restoredValue('text', setup)).toBe(setup);
    expect(restoredValue([1, 2], setup)).toBe(setup);
    expect(restoredValue({ a: 1 }, [1])).toEqual([1]);
    expect(restoredValue('7', 5)).toBe(5);
    expect(restoredValue(7, 5)).toBe(7);
    expect(restoredValue(null, 'x')).toBe('x');
    expect(restoredValue('bcts', null)).toBe('bcts');
  });
});
