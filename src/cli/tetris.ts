import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { InputError } from '../core/errors.ts';
import { fileProblem } from '../node/files.ts';
import {
  Board,
  MAX_HEIGHT,
  MAX_WIDTH,
  MIN_HEIGHT,
  MIN_WIDTH,
  PlacementGenerator,
  ROTATION_SYSTEMS,
  parseBoard,
  parsePiece,
  parsePlacementMode,
  parseRotationSystemName,
  pieceName,
  type Piece,
  type PlacementMode,
  type RotationSystemName,
} from '../tetris/index.ts';
import { boardSizeOption, optionParser } from './options.ts';

interface PlacementsOptions {
  board?: { width: number; height: number };
  boardFile?: string;
  piece: Piece;
  mode: PlacementMode;
  rotation: RotationSystemName;
  json?: boolean;
}

export function registerTetrisCommands(program: Command): void {
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
    .action((options: PlacementsOptions) => printPlacements(options));
}

function printPlacements(options: PlacementsOptions): void {
  const board = loadBoard(options);
  const system = ROTATION_SYSTEMS[options.rotation];
  const generator = new PlacementGenerator(board.width, board.height, system);
  const count = generator.generate(board, options.piece, options.mode);
  const placements = Array.from({ length: count }, (_, i) => ({
    rotation: generator.rotation[i],
    x: generator.x[i],
    y: generator.y[i],
    cells: generator.cells(i),
    keys: generator.keys(i),
  }));
  const size = `${board.width}x${board.height}`;
  if (options.json) {
    const result = { count, piece: pieceName(options.piece), board: size, mode: options.mode, rotationSystem: system.name, placements };
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return;
  }
  const lines = [`${pieceName(options.piece)} on ${size}, ${options.mode} placements, ${system.name} rotation: ${count}`];
  if (count > 0) lines.push('rotation   x   y  keys');
  for (const p of placements) {
    lines.push(
      `${String(p.rotation).padStart(8)} ${String(p.x).padStart(3)} ${String(p.y).padStart(3)}  ${p.keys ?? '(no key path from the spawn)'}`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

function loadBoard(options: PlacementsOptions): Board {
  if (options.boardFile === undefined) {
    const { width, height } = options.board ?? { width: 10, height: 20 };
    return new Board(width, height);
  }
  let text: string;
  try {
    text = readFileSync(options.boardFile, 'utf8');
  } catch (error) {
    const reason = fileProblem(error);
    throw new InputError(`cannot read board file ${options.boardFile}: ${reason}`);
  }
  try {
    return parseBoard(text, options.board);
  } catch (error) {
    if (error instanceof InputError) throw new InputError(`board file ${options.boardFile}: ${error.message}`);
    throw error;
  }
}
