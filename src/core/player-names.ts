/**
 * Players' names as a shared leaderboard keeps them: cut to a length in graphemes (what a reader sees
 * as one character, so never in the middle of an emoji or an accented letter), without control
 * characters, and refused when they would mislead: bidirectional controls (which reorder the text
 * around them, Unicode's "Trojan Source" trick) or nothing visible at all.
 */

/** The longest name kept, in graphemes. */
export const MAX_NAME_LENGTH = 24;

/** Unicode's bidirectional controls: embeddings, overrides, isolates and the directional marks. */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** Characters that show nothing: white space, controls, format characters (zero-width ones among them), and Hangul fillers. */
const INVISIBLE = /[\p{White_Space}\p{Cc}\p{Cf}\u115f\u1160\u3164\uffa0\u2800]/gu;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** Why `name` cannot be a player's name, or null when it can. */
export function nameProblem(name: string): string | null {
  if (BIDI_CONTROLS.test(name)) return 'a name may not hold bidirectional control characters (they reorder the text around them)';
  if (name.replace(INVISIBLE, '').replace(/\p{M}/gu, '') === '') return 'a name must show something: this one is empty or invisible';
  return null;
}

/** `name` without control characters, trimmed and cut to {@link MAX_NAME_LENGTH} graphemes. */
export function cleanName(name: string): string {
  const visible = name.replace(/\p{Cc}/gu, '').trim();
  return [...graphemes.segment(visible)]
    .slice(0, MAX_NAME_LENGTH)
    .map(({ segment }) => segment)
    .join('');
}

/**
 * The name of the agent credited with the pieces that a game's inputs show an agent placed, beyond those
 * its submission credited to agents by name (src/server/human-pace.ts).
 */
export const UNNAMED_AGENT = 'unnamed agent';

/** Who played a game: a person alone, agents alone, or both (the agents' shares say how much each). */
export type Players = 'human' | 'agents' | 'both';

/** Who played a game of `pieces` pieces (null: not recorded) of which agents placed `agents`' shares. */
export function playersOf(agents: readonly { readonly pieces: number }[], pieces: number | null): Players {
  const placed = agents.reduce((sum, agent) => sum + agent.pieces, 0);
  return placed === 0 ? 'human' : placed >= (pieces ?? placed) ? 'agents' : 'both';
}
