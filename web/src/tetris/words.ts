import type { RuleSetName } from '../../../src/tetris/rules.ts';
import { compactCount } from './counters.ts';

/** What a rule set calls its level: the Aveiro server's speed (10 + level), none under the research rules, else the level. */
export function levelName(rules: RuleSetName, level: number): string | null {
  if (rules === 'aveiro') return `Speed ${compactCount(10 + level)}`;
  if (rules === 'research') return null;
  return `Level ${level}`;
}
