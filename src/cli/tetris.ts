import type { Command } from 'commander';
import { MAX_HEIGHT, MAX_WIDTH, MIN_HEIGHT, MIN_WIDTH } from '../tetris/board.ts';
import { parsePiece, type Piece } from '../tetris/pieces.ts';
import { parsePlacementMode, type PlacementMode } from '../tetris/placement-modes.ts';
import { parseRotationSystemName, type RotationSystemName } from '../tetris/rotation/system.ts';
import { boardSizeOption, optionParser } from './options.ts';

export interface PlacementsOptions {
  board?: { width: number; height: number };
  boardFile?: string;
  piece: Piece;
  mode: PlacementMode;
  rotation: RotationSystemName;
  json?: boolean;
}

/** What `gridmind tetris placements` does (tetris-action.ts). */
export interface TetrisActions {
  printPlacements(options: PlacementsOptions): void;
}

export function registerTetrisCommands(program: Command, actions: () => Promise<TetrisActions>): void {
  const tetris = program.command('tetris').description('Tetris rules engine: placements and boards');
  tetris
    .command('placements')
    .description('list every placement of a piece on a board, with the keys that play it')
    .requiredOption('--piece <letter>', 'piece: I O T S Z J L', optionParser(parsePiece))
    .option(
      '--board <WxH>',
      `board size, width ${MIN_WIDTH}-${MAX_WIDTH} by height ${MIN_HEIGHT}-${MAX_HEIGHT} (default 10x20, or the board file's size)`,
      boardSizeOption,
    )
    .option('--board-file <file>', 'start from this board: rows of "." and "#", top row first (bottom rows when --board is larger)')
    .option(
      '--mode <mode>',
      'drop: straight drops (research protocol); reachable: every resting spot reachable from spawn; ticks: reachable when the piece falls a row before each key (the Aveiro server)',
      optionParser(parsePlacementMode),
      'drop',
    )
    .option('--rotation <system>', 'rotation system: classic, aveiro or srs', optionParser(parseRotationSystemName), 'classic')
    .option('--json', 'print JSON: {"count", "placements": [{"rotation","x","y","cells","keys"}]}')
    .addHelpText(
      'after',
      '\nx counts from the left, y from the floor, both from 0; (x, y) is the bottom-left corner of the\n' +
        "piece's bounding box. keys: the shortest key path from the spawn (null when none reaches a drop\n" +
        'placement): L left, R right, C clockwise, A counter-clockwise, D soft drop, H hard drop.',
    )
    .action(async (options: PlacementsOptions) => (await actions()).printPlacements(options));
}
