/**
 * `gridmind/tetris`: the Tetris engine, named one by one (its report: api/gridmind-tetris.api.md).
 *
 * - `Board`, its size limits and `parseBoard`: the grid every game, agent and feature works on.
 * - Pieces (`Piece`, their names, `parsePiece`, `parsePieceSequence`) and `Shape`/`Orientation`: what a
 *   board holds and what the rotation systems and placements are made of.
 * - Rotation systems (`ROTATION_SYSTEMS`, `buildRotationSystem` for one of your own) and rule sets
 *   (`RULE_SETS`): the choices a game is played under.
 * - Randomizers (`randomizerFor` by name and seed, `sequenceRandomizer`): the pieces a seed deals.
 * - `Game` with its options, keys, locks and outcome, and `replay` of its `ReplayLog`: a key-driven game
 *   with gravity, played and replayed exactly.
 * - `PlacementGenerator`: every placement a piece can reach, with its key path, for agents of your own.
 *
 * @module gridmind/tetris
 */
export { Board, MAX_HEIGHT, MAX_WIDTH, MIN_HEIGHT, MIN_WIDTH, parseBoard, VANISH_ROWS } from '../tetris/board.ts';
export { parsePiece, PIECE_COUNT, PIECE_NAMES, pieceName, type Piece, type PieceName } from '../tetris/pieces.ts';
export { parsePieceSequence } from '../tetris/randomizers.ts';
export type { Orientation, Shape } from '../tetris/shape.ts';
export { ROTATION_SYSTEMS } from '../tetris/rotation/index.ts';
export {
  buildRotationSystem,
  ROTATION_SYSTEM_NAMES,
  type RotationSystem,
  type RotationSystemName,
  type RotationSystemSpec,
  type Spawn,
  type Turn,
} from '../tetris/rotation/system.ts';
export { RULE_SET_NAMES, RULE_SETS, type PlayStyle, type RuleSet, type RuleSetName } from '../tetris/rules.ts';
export { RANDOMIZER_NAMES, sequenceRandomizer, type Randomizer, type RandomizerName } from '../tetris/randomizers.ts';
export { DEFAULT_PREVIEW, DEFAULT_TARGET, MAX_GARBAGE_ROWS, MAX_PREVIEW } from '../tetris/game-settings.ts';
export {
  Game,
  randomizerFor,
  replay,
  type DropPlacements,
  type GameConfig,
  type GameOptions,
  type LockResult,
  type LoggedInput,
  type Outcome,
  type ReplayLog,
} from '../tetris/game.ts';
export { KEYS, type Key } from '../tetris/keys.ts';
export type { ActivePiece } from '../tetris/moves.ts';
export { PLACEMENT_MODES, type PlacementMode } from '../tetris/placement-modes.ts';
export { PlacementGenerator, type Placements } from '../tetris/placements.ts';
