import { describe, expect, it } from 'vitest';
import { LetterLog } from '../../src/core/letter-log.ts';

describe('LetterLog', () => {
  it('reads back every letter appended, in order, past each time it grows', () => {
    const log = new LetterLog();
    expect(log.toString()).toBe('');
    let expected = '';
    for (let i = 0; i < 5000; i++) {
      const letter = 'wads.'[i % 5];
      log.push(letter);
      expected += letter;
    }
    expect(log.length).toBe(5000);
    expect(log.toString()).toBe(expected);
  });
});
