import { describe, expect, it } from 'vitest';
import { RULE_SETS, parseRuleSetName } from '../../src/tetris/rules.ts';

describe('rule sets', () => {
  it('classic scores 100+5L, 400+20L, 900+45L, 1600+80L', () => {
    const { points } = RULE_SETS.classic;
    expect([0, 1, 2, 3, 4].map((lines) => points(lines, 0))).toEqual([0, 100, 400, 900, 1600]);
    expect([1, 2, 3, 4].map((lines) => points(lines, 7))).toEqual([135, 540, 1215, 2160]);
  });

  it('classic levels every 10 lines up to 20, gravity 1.1 s to 0.1 s', () => {
    const { level, gravityMs } = RULE_SETS.classic;
    expect([0, 9, 10, 19, 20, 199, 200, 5000].map((lines) => level(lines, 0))).toEqual([0, 0, 1, 1, 2, 19, 20, 20]);
    expect(gravityMs(0, 0)).toBe(1100);
    expect(gravityMs(10, 0)).toBe(600);
    expect(gravityMs(20, 0)).toBe(100);
  });

  it('target scores n(n−1)+1 for n ≥ 1 lines', () => {
    expect([0, 1, 2, 3, 4].map((lines) => RULE_SETS.target.points(lines, 0))).toEqual([0, 1, 3, 7, 13]);
    expect(RULE_SETS.target.hasTarget).toBe(true);
  });

  it('aveiro scores lines² with speed 10 + score // 10 ticks per second', () => {
    const { points, level, gravityMs } = RULE_SETS.aveiro;
    expect([0, 1, 2, 3, 4].map((lines) => points(lines, 0))).toEqual([0, 1, 4, 9, 16]);
    expect(gravityMs(level(0, 0), 0)).toBe(100);
    expect(gravityMs(level(0, 39), 39)).toBeCloseTo(1000 / 13);
    expect([RULE_SETS.aveiro.width, RULE_SETS.aveiro.height]).toEqual([8, 30]);
  });

  it('research counts lines only, with drop placements and no gravity', () => {
    expect([0, 1, 4].map((lines) => RULE_SETS.research.points(lines, 0))).toEqual([0, 1, 4]);
    expect(RULE_SETS.research.style).toBe('drop');
    expect(RULE_SETS.research.gravityMs(0, 0)).toBe(Infinity);
  });

  it('names an unknown rule set and the choices', () => {
    expect(parseRuleSetName('Classic')).toBe('classic');
    expect(() => parseRuleSetName('tetris99')).toThrow('unknown rule set "tetris99": use one of classic, target, aveiro, research');
  });
});
