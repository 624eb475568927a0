import type { Board } from '../tetris/board.ts';
import type { Piece } from '../tetris/pieces.ts';
import type { RotationSystemName, Spawn } from '../tetris/rotation/index.ts';
import type { RuleSetName } from '../tetris/rules.ts';
import type { PlacementMode } from '../tetris/placement-modes.ts';
import type { Choice } from './agent.ts';
import type { AgentSpec } from './agent-spec.ts';

/**
 * The messages between a game and an agent searching on another thread (a Node worker thread or a
 * browser Web Worker): plain data only, so they cross the thread boundary.
 */

/** What the search thread is started with. */
export interface AgentSetup {
  readonly spec: AgentSpec;
  readonly width: number;
  readonly height: number;
  readonly rotation: RotationSystemName;
  readonly mode: PlacementMode;
}

/** A turn as plain data. */
export interface SerializedTurn {
  readonly rows: number[];
  readonly piece: Piece;
  readonly preview: Piece[];
  readonly rules: RuleSetName;
  readonly score: number;
  readonly level: number;
  readonly target: number | null;
  readonly from?: Spawn;
}

export interface ChooseRequest {
  readonly id: number;
  readonly turn: SerializedTurn;
}

export interface ChooseReply {
  readonly id: number;
  readonly choice: Choice | null;
  /** The keys that play the choice from where the piece is (null when no key path reaches it). */
  readonly keys: string | null;
  /** Set when the search failed (a malformed turn): what went wrong. */
  readonly error?: string;
  /** Set when an agent in code failed (it threw, answered no placement or ran out of time): its game is over. */
  readonly fault?: string;
}

/** The rows of a board as a plain array, for a {@link SerializedTurn}. */
export function boardRows(board: Board): number[] {
  return Array.from(board.rows.subarray(0, board.height));
}
