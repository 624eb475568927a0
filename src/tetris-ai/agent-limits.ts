/** How far an agent file may look ahead, and what an agent in code or a program may use. */

/** The most preview pieces an agent file's policy may search (`policy.lookahead`). */
export const MAX_LOOKAHEAD = 3;

/** How long an agent in code may think about one move by default, in milliseconds. */
export const DEFAULT_MOVE_TIME_LIMIT = 10_000;

/** What an agent in code or a program may use: milliseconds over a move, and megabytes of memory. */
export interface AgentLimits {
  readonly moveTimeLimit: number;
  readonly memoryMb: number;
}
