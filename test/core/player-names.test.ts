import { describe, expect, it } from 'vitest';
import { cleanName, MAX_NAME_LENGTH, nameProblem } from '../../src/core/player-names.ts';

describe("a player's name on the leaderboard", () => {
  it('is cut by grapheme, never inside an emoji or an accented letter', () => {
    const family = '👨‍👩‍👧‍👦'; // one grapheme of seven code points
    const name = family.repeat(30);
    expect(cleanName(name)).toBe(family.repeat(MAX_NAME_LENGTH));
    expect(cleanName('e\u0301'.repeat(30))).toBe('e\u0301'.repeat(MAX_NAME_LENGTH)); // é as e + a combining accent
    expect(cleanName(`${'a'.repeat(23)}🇵🇹🇧🇷`)).toBe(`${'a'.repeat(23)}🇵🇹`);
    expect(cleanName('  Rita\u0007\n ')).toBe('Rita');
  });

  it('refuses bidirectional controls and names that show nothing', () => {
    for (const name of ['\u202eatiR', 'Rita\u2066x\u2069', 'a\u200fb', 'x\u061c']) expect(nameProblem(name)).toMatch(/bidirectional/);
    for (const name of ['', '   ', '\u200b\u200b', '\u2060', '\u3164', '\u0301', '\u2800', '\t\u00a0'])
      expect(nameProblem(name)).toMatch(/invisible/);
    for (const name of ['Rita', 'João', '李小龍', 'محمد', '👾', 'a b']) expect(nameProblem(name)).toBeNull();
  });
});
