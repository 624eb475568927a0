import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Prng } from '../../src/core/prng.ts';
import { Board, parseBoard } from '../../src/tetris/board.ts';
import { dropPiece, movePiece, pieceCells, type ActivePiece, type MoveKey } from '../../src/tetris/moves.ts';
import { PIECE_COUNT, parsePiece } from '../../src/tetris/pieces.ts';
import type { PlacementMode } from '../../src/tetris/placement-modes.ts';
import { PlacementGenerator } from '../../src/tetris/placements.ts';
import { buildRotationSystem, ROTATION_SYSTEMS, ROTATION_SYSTEM_NAMES, type RotationSystem } from '../../src/tetris/rotation/index.ts';

const cellKey = (cells: [number, number][]) => JSON.stringify([...cells].sort((a, b) => a[0] - b[0] || a[1] - b[1]));

/** Placements as a map from their cells to their keys. */
function placements(board: Board, letter: string, mode: PlacementMode, system: RotationSystem = ROTATION_SYSTEMS.classic) {
  const generator = new PlacementGenerator(board.width, board.height, system);
  const count = generator.generate(board, parsePiece(letter), mode);
  const found = new Map<string, string | null>();
  for (let i = 0; i < count; i++) found.set(cellKey(generator.cells(i)), generator.keys(i));
  expect(found.size).toBe(count); // no placement is listed twice
  return found;
}

/** A random stack: `rows` bottom rows filled at the given density, none of them full. */
function randomStack(prng: Prng, width: number, height: number, rows: number, percent: number): Board {
  const board = new Board(width, height);
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < width; x++) if (prng.nextInt(100) < percent) board.setCell(x, y, true);
    if (board.rows[y] === board.fullRow) board.setCell(prng.nextInt(width), y, false);
  }
  return board;
}

/** Plays a key path from the spawn position; returns the cells where the piece locks. */
function playKeys(board: Board, system: RotationSystem, piece: number, keys: string): [number, number][] {
  let active: ActivePiece = { piece, ...system.spawn(piece, board.width, board.height) };
  for (const key of keys.slice(0, -1)) {
    const moved = movePiece(board, system, active, key as MoveKey);
    if (moved === null) throw new Error(`key ${key} of ${keys} is blocked`);
    active = moved;
  }
  expect(keys.at(-1)).toBe('H');
  return pieceCells(system, dropPiece(board, system, active));
}

/**
 * A plain breadth-first search over piece positions from `start`: `visit` says, for a position, where
 * the piece rests from it (null: nowhere yet) and in how many more keys, and the positions one key on
 * (null: blocked). Returns the fewest keys to each resting placement inside the board, by its cells.
 */
function breadthFirst(
  start: ActivePiece,
  visit: (active: ActivePiece) => { rest: ActivePiece | null; restDepth: number; next: (ActivePiece | null)[] },
  board: Board,
  system: RotationSystem,
): Map<string, number> {
  const distances = new Map<string, number>();
  const seen = new Set([JSON.stringify(start)]);
  let frontier = [start];
  for (let depth = 0; frontier.length > 0; depth++) {
    const next: ActivePiece[] = [];
    for (const active of frontier) {
      const { rest, restDepth, next: moves } = visit(active);
      if (rest !== null && rest.y + system.orientations[rest.piece][rest.rotation].height <= board.height) {
        const key = cellKey(pieceCells(system, rest));
        if (!distances.has(key)) distances.set(key, depth + restDepth);
      }
      for (const moved of moves) {
        if (moved !== null && !seen.has(JSON.stringify(moved))) {
          seen.add(JSON.stringify(moved));
          next.push(moved);
        }
      }
    }
    frontier = next;
  }
  return distances;
}

/** Shortest key count to every resting placement, by a plain breadth-first search over piece positions. */
function oracleDistances(board: Board, system: RotationSystem, piece: number): Map<string, number> {
  const start: ActivePiece = { piece, ...system.spawn(piece, board.width, board.height) };
  if (!board.fits(system.orientations[piece][start.rotation], start.x, start.y)) return new Map();
  return breadthFirst(
    start,
    (active) => ({
      rest: dropPiece(board, system, active),
      restDepth: 1, // the hard drop
      next: (['L', 'R', 'C', 'A', 'D'] as MoveKey[]).map((move) => movePiece(board, system, active, move)),
    }),
    board,
    system,
  );
}

describe('drop placements', () => {
  it('counts O 9, I 17, S 17, Z 17, T 34, L 34, J 34 on an empty 10-wide board, in every rotation system', () => {
    for (const name of ROTATION_SYSTEM_NAMES) {
      const counts = ['O', 'I', 'S', 'Z', 'T', 'L', 'J'].map(
        (letter) => placements(new Board(10, 20), letter, 'drop', ROTATION_SYSTEMS[name]).size,
      );
      expect(counts, name).toEqual([9, 17, 17, 17, 34, 34, 34]);
    }
  });

  it('lands on the highest cell of each column, even over an overhang', () => {
    const board = parseBoard(['.....', '###..', '.....', '.....'].join('\n'));
    const found = placements(board, 'I', 'drop');
    expect(
      found.has(
        cellKey([
          [0, 3],
          [1, 3],
          [2, 3],
          [3, 3],
        ]),
      ),
    ).toBe(true);
    expect([...found.keys()].some((key) => key.includes('[0,0]'))).toBe(false);
  });

  it('leaves out placements that stick out of the top', () => {
    const board = parseBoard(['....', '....', '#...', '#...'].join('\n'));
    const found = placements(board, 'I', 'drop');
    // Vertical I fits in columns 1-3 only; horizontal I lies on row 2.
    expect(found.size).toBe(4);
  });

  it('carry the shortest key path from the spawn, as reachable placements do', () => {
    const found = placements(new Board(10, 20), 'T', 'drop');
    expect(
      found.get(
        cellKey([
          [0, 0],
          [1, 0],
          [2, 0],
          [1, 1],
        ]),
      ),
    ).toBe('LLLH');
    expect(
      found.get(
        cellKey([
          [9, 0],
          [9, 1],
          [9, 2],
          [8, 1],
        ]),
      ),
    ).toBe('CCCRRRRRH');
    // Column 5 blocks a turn at the spawn: the path moves left first, then turns.
    const blocked = parseBoard(['..........', '..........', '.....#....', '.....#....', '.....#....', '.....#....'].join('\n'));
    const drops = placements(blocked, 'I', 'drop');
    const reachable = placements(blocked, 'I', 'reachable');
    const vertical = cellKey([
      [0, 0],
      [0, 1],
      [0, 2],
      [0, 3],
    ]);
    expect(drops.get(vertical)).toBe(reachable.get(vertical));
    expect(drops.get(vertical)).toMatch(/^L+C?L*H$|^LC/);
    for (const [cells, keys] of drops) expect(cellKey(playKeys(blocked, ROTATION_SYSTEMS.classic, 0, keys!))).toBe(cells);
  });

  it('have no key path (null) where a wall keeps the piece away', () => {
    const walled = parseBoard(Array(8).fill('......#...').join('\n'));
    const drops = placements(walled, 'O', 'drop');
    expect(
      drops.get(
        cellKey([
          [7, 0],
          [8, 0],
          [7, 1],
          [8, 1],
        ]),
      ),
    ).toBeNull();
    expect(
      drops.get(
        cellKey([
          [0, 0],
          [1, 0],
          [0, 1],
          [1, 1],
        ]),
      ),
    ).toBe('LLLLH');
  });
});

describe('reachable placements', () => {
  it('equal the drop placements on an empty board, for every piece and rotation system', () => {
    for (const name of ROTATION_SYSTEM_NAMES) {
      for (const letter of ['I', 'O', 'T', 'S', 'Z', 'J', 'L']) {
        const board = new Board(10, 20);
        const reachable = placements(board, letter, 'reachable', ROTATION_SYSTEMS[name]);
        expect([...reachable.keys()].sort(), `${name} ${letter}`).toEqual([...placements(board, letter, 'drop').keys()].sort());
      }
    }
  });

  it('find slides and tucks under an overhang that drops cannot reach', () => {
    const board = parseBoard(['..........', '..........', '..........', '#####.....', '..........', '#.........'].join('\n'));
    const reachable = placements(board, 'I', 'reachable');
    const drops = placements(board, 'I', 'drop');
    const tucked = cellKey([
      [0, 1],
      [1, 1],
      [2, 1],
      [3, 1],
    ]);
    expect(reachable.get(tucked)).toBe('RRDDDDLLLLLH'); // clear the shelf, go down four rows, slide left under it
    expect(drops.has(tucked)).toBe(false);
    const slid = [...reachable.keys()].filter((key) => !drops.has(key));
    expect(slid.length).toBeGreaterThanOrEqual(5);
  });

  it('use SRS kicks: T turns into a notch that no straight move can enter', () => {
    const board = parseBoard(['......', '......', '......', '......', '...#..', '......'].join('\n'));
    const notch = cellKey([
      [3, 0],
      [4, 0],
      [5, 0],
      [4, 1],
    ]);
    const withKicks = placements(board, 'T', 'reachable', ROTATION_SYSTEMS.srs);
    const withoutKicks = placements(board, 'T', 'reachable', buildRotationSystem({ ...ROTATION_SYSTEMS.srs, kicks: () => [[0, 0]] }));
    expect(withKicks.has(notch)).toBe(true);
    expect(withoutKicks.has(notch)).toBe(false);
    expect(placements(board, 'T', 'drop').has(notch)).toBe(false);
  });

  it('have key paths that play exactly to the placement, as short as a plain search finds', () => {
    const prng = new Prng(42);
    for (let trial = 0; trial < 60; trial++) {
      const system = ROTATION_SYSTEMS[ROTATION_SYSTEM_NAMES[trial % 3]];
      const width = 6 + prng.nextInt(5);
      const board = randomStack(prng, width, 8 + prng.nextInt(5), 2 + prng.nextInt(4), 55);
      for (let piece = 0; piece < PIECE_COUNT; piece++) {
        const generator = new PlacementGenerator(board.width, board.height, system);
        const count = generator.generate(board, piece, 'reachable');
        const oracle = oracleDistances(board, system, piece);
        expect(count, `${system.name} piece ${piece}\n${board}`).toBe(oracle.size);
        for (let i = 0; i < count; i++) {
          const keys = generator.keys(i);
          const cells = generator.cells(i);
          expect(cellKey(playKeys(board, system, piece, keys!))).toBe(cellKey(cells));
          expect(keys!.length).toBe(oracle.get(cellKey(cells)));
        }
      }
    }
  });

  it('are inside the board and resting on the floor or a cell', () => {
    const prng = new Prng(9);
    for (let trial = 0; trial < 40; trial++) {
      const board = randomStack(prng, 10, 12, 1 + prng.nextInt(8), 60);
      const system = ROTATION_SYSTEMS[ROTATION_SYSTEM_NAMES[trial % 3]];
      const generator = new PlacementGenerator(10, 12, system);
      for (let piece = 0; piece < PIECE_COUNT; piece++) {
        for (const mode of ['drop', 'reachable'] as const) {
          const count = generator.generate(board, piece, mode);
          for (let i = 0; i < count; i++) {
            const orientation = generator.orientation(i);
            const [x, y] = [generator.x[i], generator.y[i]];
            expect(board.fits(orientation, x, y)).toBe(true);
            expect(y + orientation.height).toBeLessThanOrEqual(board.height);
            expect(board.fits(orientation, x, y - 1)).toBe(false);
          }
        }
      }
    }
  });

  it('keep their pinned order and keys on seeded boards, for every size class and rotation system (a determinism signature)', () => {
    // Changing this hash means the placements an agent sees, their order or their keys changed, and with
    // them the games played under rules with reachable placements: say why, and raise GAME_RESULTS_REVISION
    // (src/node/version.ts). Boards 30 and 60 rows high take the search's masks over more than one word.
    const hash = createHash('sha256');
    const prng = new Prng(99);
    let listed = 0;
    for (const [width, height] of [
      [10, 20],
      [8, 30],
      [10, 10],
      [4, 6],
      [16, 60],
    ]) {
      for (const name of ROTATION_SYSTEM_NAMES) {
        const generator = new PlacementGenerator(width, height, ROTATION_SYSTEMS[name]);
        for (let round = 0; round < 60; round++) {
          const board = new Board(width, height);
          for (let x = 0; x < width; x++) {
            const top = prng.nextInt(height - 2);
            for (let y = 0; y < top; y++) if (prng.nextInt(10) > 1) board.setCell(x, y, true);
          }
          for (let piece = 0; piece < PIECE_COUNT; piece++) {
            const count = generator.generate(board, piece, 'reachable');
            for (let i = 0; i < count; i++)
              hash.update(`${generator.rotation[i]},${generator.x[i]},${generator.y[i]},${generator.keys(i)};`);
            hash.update('|');
            listed += count;
          }
        }
      }
    }
    expect([listed, hash.digest('hex')]).toEqual([197_050, 'b99fd031df817ffc95ed0fe011c875b2286f4734886d6bc298344b4ada3d4b8c']);
  });

  it('are none when the spawn position is blocked', () => {
    const board = new Board(10, 6);
    for (let y = 0; y < 6; y++) board.rows[y] = 0b0111111110;
    expect(placements(board, 'T', 'reachable').size).toBe(0);
  });
});

/** One step of the `ticks` mode played with the engine's moves: the fall, then the key (`D`: none; `H`: down to the lowest free row). */
function tick(board: Board, system: RotationSystem, active: ActivePiece, key: string): ActivePiece | null {
  const fallen = movePiece(board, system, active, 'D');
  if (fallen === null) return null; // it locks
  if (key === 'H') return dropPiece(board, system, fallen);
  return key === 'D' ? fallen : (movePiece(board, system, fallen, key as MoveKey) ?? fallen);
}

/** Fewest steps to every resting placement under `ticks`, by a plain breadth-first search over positions with the engine's moves. */
function tickOracle(board: Board, system: RotationSystem, start: ActivePiece): Map<string, number> {
  return breadthFirst(
    start,
    (active) =>
      movePiece(board, system, active, 'D') === null
        ? { rest: active, restDepth: 0, next: [] } // it rests: the next step locks it
        : { rest: null, restDepth: 0, next: ['D', 'L', 'R', 'C', 'A', 'H'].map((key) => tick(board, system, active, key)) },
    board,
    system,
  );
}

describe('placements one key per step (ticks)', () => {
  it('are every resting position the clock lets the piece reach, each with a shortest path of steps that plays exactly to it', () => {
    const prng = new Prng(34);
    let checked = 0;
    for (const [name, width, height] of [
      ['aveiro', 8, 30],
      ['srs', 10, 20],
    ] as const) {
      const system = ROTATION_SYSTEMS[name];
      const generator = new PlacementGenerator(width, height, system);
      for (let trial = 0; trial < 12; trial++) {
        const board = randomStack(prng, width, height, 4 + prng.nextInt(height - 8), 45);
        const piece = prng.nextInt(PIECE_COUNT);
        const spawn = system.spawn(piece, width, height);
        const start = { piece, ...spawn, y: spawn.y - prng.nextInt(4) }; // mid-fall, as a frame shows it
        if (!board.fits(system.orientations[piece][start.rotation], start.x, start.y)) continue;
        const oracle = tickOracle(board, system, start);
        const count = generator.generate(board, piece, 'ticks', start);
        const found = new Map<string, number>();
        for (let i = 0; i < count; i++) {
          const keys = generator.keys(i)!;
          expect(keys).toMatch(/^[LRCADH]*$/);
          let active: ActivePiece = start;
          for (const key of keys) active = tick(board, system, active, key)!;
          expect(movePiece(board, system, active, 'D')).toBeNull(); // it rests: the next step locks it
          expect(cellKey(pieceCells(system, active))).toBe(cellKey(generator.cells(i)));
          found.set(cellKey(generator.cells(i)), keys.length);
        }
        expect(found).toEqual(oracle);
        checked += count;
      }
    }
    expect(checked).toBeGreaterThan(200);
  });

  it('fall a row before each key: a piece low over the stack reaches fewer places than it would with free moves', () => {
    const board = randomStack(new Prng(7), 8, 30, 6, 40);
    const generator = new PlacementGenerator(8, 30, ROTATION_SYSTEMS.aveiro);
    const low = { piece: parsePiece('I'), rotation: 1, x: 0, y: 8 };
    const ticks = generator.generate(board, low.piece, 'ticks', low);
    const free = generator.generate(board, low.piece, 'reachable', low);
    expect(ticks).toBeGreaterThan(0);
    expect(ticks).toBeLessThan(free);
  });
});

describe('key letters', () => {
  it('use only L R C A D, ending with H', () => {
    const found = placements(
      parseBoard(['..........', '###.......', '..........'].join('\n'), { width: 10, height: 12 }),
      'J',
      'reachable',
      ROTATION_SYSTEMS.srs,
    );
    expect(found.size).toBeGreaterThan(0);
    for (const keys of found.values()) expect(keys).toMatch(/^[LRCAD]*H$/);
  });
});
