import { buildRotationSystem } from './system.ts';
import { centredSpawnBox, quarterTurns } from './guideline-boxes.ts';

/**
 * `classic`: iarTris's rotation (after the Java game Jetris): a key turns the piece a quarter
 * clockwise about its box centre; a turn that would overlap a wall or a cell is refused (no kicks).
 * Only distinct shapes are states: O has 1, I/S/Z toggle between 2, T/J/L have 4 — the same rotation
 * states as the research protocol.
 */
const orientations = quarterTurns().map((turns) =>
  turns.filter((orientation, index) => turns.findIndex((other) => other.key === orientation.key) === index),
);

export const classicRotation = buildRotationSystem({
  name: 'classic',
  summary: 'clockwise only, refused when blocked, no kicks (as iarTris); O 1, I/S/Z 2, T/J/L 4 states',
  orientations,
  counterClockwise: false,
  spawnRotation: orientations.map(() => 0),
  spawnBox: centredSpawnBox(orientations),
  kicks: () => [[0, 0]],
});
