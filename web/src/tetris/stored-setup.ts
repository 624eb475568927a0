/**
 * Set-ups read back from local storage (see useStoredState), made playable again: a player, rule set
 * or rotation system this app no longer has gives way to the page's default.
 */
import { ROTATION_SYSTEM_NAMES } from '../../../src/tetris/rotation/index.ts';
import { RULE_SET_NAMES } from '../../../src/tetris/rules.ts';
import { AGENTS, CODE_AGENT } from '../agents.ts';
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
