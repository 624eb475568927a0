import { readFileSync } from 'node:fs';
import { InputError } from '../core/errors.ts';
import { fileProblem } from '../node/files.ts';
import { Board, PlacementGenerator, ROTATION_SYSTEMS, parseBoard, pieceName } from '../tetris/index.ts';
import type { PlacementsOptions } from './tetris.ts';

export function printPlacements(options: PlacementsOptions): void {
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
