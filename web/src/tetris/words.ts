import type { RuleSetName } from '../../../src/tetris/rules.ts';

/** A game clock as minutes and seconds: "03:07". */
export function formatTime(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** What a rule set calls its level: the Aveiro server's speed (10 + level), none under the research rules, else the level. */
export function levelName(rules: RuleSetName, level: number): string | null {
  if (rules === 'aveiro') return `Speed ${10 + level}`;
  if (rules === 'research') return null;
  return `Level ${level}`;
}
