/** The ways the placements of a piece are found (`PlacementGenerator` in placements.ts), by name. */
import { parseName } from '../core/names.ts';

export const PLACEMENT_MODES = ['drop', 'reachable', 'ticks'] as const;
/**
 * `drop`: every distinct rotation × column, dropped straight down from above the stack (the research
 * protocol's actions). `reachable`: every resting position the piece can reach from its spawn with
 * left, right, rotations and soft drops under the rotation system, slides and tucks included. `ticks`:
 * every resting position the piece can reach when each step first moves it down one row and then
 * applies at most one key (the Aveiro course's server: one key per tick, after the tick's fall); a
 * hard drop there moves the piece to the lowest free row without locking it, and a piece that cannot
 * fall locks at the next step.
 */
export type PlacementMode = (typeof PLACEMENT_MODES)[number];

export function parsePlacementMode(text: string): PlacementMode {
  return parseName(PLACEMENT_MODES, 'placement mode', text);
}
