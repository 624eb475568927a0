import { parseName } from '../../core/names.ts';
import { PIECE_COUNT, type Piece } from '../pieces.ts';
import type { Orientation } from '../shape.ts';

export const ROTATION_SYSTEM_NAMES = ['classic', 'aveiro', 'srs'] as const;
export type RotationSystemName = (typeof ROTATION_SYSTEM_NAMES)[number];

/** 0 = clockwise, 1 = counter-clockwise. */
export type TurnDirection = 0 | 1;
export const CLOCKWISE: TurnDirection = 0;
export const COUNTER_CLOCKWISE: TurnDirection = 1;

/**
 * A rotation attempt from one orientation: the orientation it leads to and the bounding-box moves
 * (dx, dy pairs, in test order) to try; the first that fits wins, none fitting blocks the turn.
 */
export interface Turn {
  readonly to: number;
  readonly moves: Int8Array;
}

/** Where a new piece appears: orientation index and bounding-box bottom-left corner. */
export interface Spawn {
  readonly rotation: number;
  readonly x: number;
  readonly y: number;
}

/** What a rotation system's definition module provides. */
export interface RotationSystemSpec {
  readonly name: RotationSystemName;
  readonly summary: string;
  /** Per piece, its orientations in clockwise order, drawn in the system's rotation box. */
  readonly orientations: readonly (readonly Orientation[])[];
  readonly counterClockwise: boolean;
  /** Per piece, the orientation index a new piece starts in. */
  readonly spawnRotation: readonly number[];
  /** Rotation-box position (bottom-left corner) of a new piece on a board of the given size. */
  spawnBox(piece: Piece, width: number, height: number): { x: number; y: number };
  /** Box offsets (dx, dy; y up) to try in order when turning from one orientation to another. */
  kicks(piece: Piece, from: number, to: number): readonly (readonly [number, number])[];
}

/** A rotation system ready for play: its definition plus precomputed turn tables. */
export interface RotationSystem extends RotationSystemSpec {
  /** turns[piece][rotation][direction]; null when the turn is impossible (one orientation, or no counter-clockwise). */
  readonly turns: readonly (readonly (readonly (Turn | null)[])[])[];
  /** Per piece, the first orientation of each distinct shape (the research protocol's rotations). */
  readonly distinctRotations: readonly (readonly number[])[];
  /** Per piece and orientation, the first orientation of the same shape. */
  readonly canonicalRotation: readonly (readonly number[])[];
  /** Where a new piece appears on a board of this size, clamped inside the board's columns. */
  spawn(piece: Piece, width: number, height: number): Spawn;
}

export function buildRotationSystem(spec: RotationSystemSpec): RotationSystem {
  const turns = spec.orientations.map((orientations, piece) =>
    orientations.map((from, rotation) =>
      [1, -1].map((step, direction) => {
        const count = orientations.length;
        if (count === 1 || (direction === COUNTER_CLOCKWISE && !spec.counterClockwise)) return null;
        const to = (rotation + step + count) % count;
        const target = orientations[to];
        const moves = spec.kicks(piece, rotation, to).flatMap(([kx, ky]) => [target.boxX - from.boxX + kx, target.boxY - from.boxY + ky]);
        return { to, moves: Int8Array.from(moves) };
      }),
    ),
  );
  const canonicalRotation = spec.orientations.map((orientations) =>
    orientations.map((orientation) => orientations.findIndex((other) => other.key === orientation.key)),
  );
  const distinctRotations = canonicalRotation.map((canonical) => canonical.filter((first, rotation) => first === rotation));
  const spawn = (piece: Piece, width: number, height: number): Spawn => {
    const rotation = spec.spawnRotation[piece];
    const orientation = spec.orientations[piece][rotation];
    const box = spec.spawnBox(piece, width, height);
    const x = Math.min(Math.max(box.x + orientation.boxX, 0), width - orientation.width);
    return { rotation, x, y: box.y + orientation.boxY };
  };
  if (spec.orientations.length !== PIECE_COUNT) throw new Error(`${spec.name}: expected ${PIECE_COUNT} pieces`);
  return { ...spec, turns, canonicalRotation, distinctRotations, spawn };
}

export function parseRotationSystemName(text: string): RotationSystemName {
  return parseName(ROTATION_SYSTEM_NAMES, 'rotation system', text);
}
