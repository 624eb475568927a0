/**
 * Set-ups of Play and the Duel read back from local storage (see useStoredState), made playable again: a player, rule set
 * or rotation system this app no longer has gives way to the page's default.
 */
import { ROTATION_SYSTEM_NAMES } from '../../../src/tetris/rotation/index.ts';
import { RULE_SET_NAMES } from '../../../src/tetris/rules.ts';
import { AGENTS, CODE_AGENT } from '../agents.ts';
import type { DuelLimit } from './duel-result.ts';
import { HUMAN, type SessionSetup } from './session.ts';

/** Whether the app can play `player` now: the human, a built-in agent, or an agent in code the server offers (`codeAgents`, by name). */
export function knownPlayer(player: string, codeAgents: readonly string[]): boolean {
  if (player === HUMAN) return true;
  if (player.startsWith(CODE_AGENT)) return codeAgents.includes(player.slice(CODE_AGENT.length));
  return AGENTS.some((agent) => agent.name === player);
}

/** `stored` with `fallback`'s player, or rules and board, or rotation system, where the app no longer has the stored one. */
export function playableSetup(stored: SessionSetup, fallback: SessionSetup, codeAgents: readonly string[]): SessionSetup {
  const rulesKnown = (RULE_SET_NAMES as readonly string[]).includes(stored.rules);
  return {
    ...stored,
    player: knownPlayer(stored.player, codeAgents) ? stored.player : fallback.player,
    ...(rulesKnown ? {} : { rules: fallback.rules, width: fallback.width, height: fallback.height }),
    rotation: (ROTATION_SYSTEM_NAMES as readonly string[]).includes(stored.rotation) ? stored.rotation : fallback.rotation,
  };
}

/** The Duel's set-up: the left player's and the board's (`setup`), the right player, the agents' pace and the limit. */
export interface DuelSettings {
  readonly setup: SessionSetup;
  readonly opponent: string;
  /** Milliseconds per agent key, 0 = as fast as it can. */
  readonly speed: number;
  readonly limit: DuelLimit;
}

const LIMIT_COUNTERS: readonly string[] = ['none', 'pieces', 'lines'] satisfies DuelLimit['counter'][];

/** {@link playableSetup} for the Duel: the right player must be an agent the app has, and the limit one it knows. */
export function playableDuelSettings(stored: DuelSettings, fallback: DuelSettings, codeAgents: readonly string[]): DuelSettings {
  return {
    ...stored,
    setup: playableSetup(stored.setup, fallback.setup, codeAgents),
    opponent: stored.opponent !== HUMAN && knownPlayer(stored.opponent, codeAgents) ? stored.opponent : fallback.opponent,
    limit: LIMIT_COUNTERS.includes(stored.limit.counter) ? stored.limit : fallback.limit,
  };
}
