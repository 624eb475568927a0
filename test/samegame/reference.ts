/**
 * A plain, slow SameGame written straight from the rules, to check the engine against: a board is an
 * array of columns, each a bottom-up array of colours.
 */
export type Columns = number[][];

/** Columns (bottom up) from rows of digits, top row first, "." for empty. */
export function columnsOf(rows: string[]): Columns {
  const height = rows.length;
  return Array.from({ length: rows[0].length }, (_, x) => {
    const column: number[] = [];
    for (let y = 0; y < height; y++) {
      const symbol = rows[height - 1 - y][x];
      if (symbol !== '.') column.push(Number(symbol));
    }
    return column;
  });
}

/** The cells [x, y] of the group at (x, y). */
export function groupOf(columns: Columns, x: number, y: number): [number, number][] {
  const colour = columns[x][y];
  const seen = new Set<string>([`${x},${y}`]);
  const group: [number, number][] = [[x, y]];
  for (let i = 0; i < group.length; i++) {
    const [cx, cy] = group[i];
    for (const [nx, ny] of [
      [cx + 1, cy],
      [cx - 1, cy],
      [cx, cy + 1],
      [cx, cy - 1],
    ]) {
      if (columns[nx]?.[ny] === colour && !seen.has(`${nx},${ny}`)) {
        seen.add(`${nx},${ny}`);
        group.push([nx, ny]);
      }
    }
  }
  return group;
}

/** One cell per group of 2 or more: the first in column order, bottom up. */
export function movesOf(columns: Columns): [number, number][] {
  const seen = new Set<string>();
  const moves: [number, number][] = [];
  columns.forEach((column, x) =>
    column.forEach((_, y) => {
      if (seen.has(`${x},${y}`)) return;
      const group = groupOf(columns, x, y);
      for (const [gx, gy] of group) seen.add(`${gx},${gy}`);
      if (group.length >= 2) moves.push([x, y]);
    }),
  );
  return moves;
}

/** The board after removing the group at (x, y): cells fall, empty columns close up towards `shift`. */
export function removed(columns: Columns, x: number, y: number, shift: 'left' | 'right'): Columns {
  const gone = new Set(groupOf(columns, x, y).map(([gx, gy]) => `${gx},${gy}`));
  const kept = columns.map((column, cx) => column.filter((_, cy) => !gone.has(`${cx},${cy}`))).filter((column) => column.length > 0);
  const empty = Array.from({ length: columns.length - kept.length }, () => []);
  return shift === 'left' ? [...kept, ...empty] : [...empty, ...kept];
}

/** The best score from a board under `standard` or `classic` scoring, by trying every game (remembering positions seen). */
export function bestScore(
  columns: Columns,
  scoring: 'standard' | 'classic',
  shift: 'left' | 'right' = 'left',
  seen = new Map<string, number>(),
): number {
  const key = JSON.stringify(columns);
  const known = seen.get(key);
  if (known !== undefined) return known;
  const moves = movesOf(columns);
  let best = columns.every((column) => column.length === 0) && scoring === 'standard' ? 1000 : 0;
  if (moves.length > 0) best = -Infinity;
  for (const [x, y] of moves) {
    const n = groupOf(columns, x, y).length;
    const points = scoring === 'standard' ? (n - 2) ** 2 : n * (n - 1);
    best = Math.max(best, points + bestScore(removed(columns, x, y, shift), scoring, shift, seen));
  }
  seen.set(key, best);
  return best;
}

/**
 * The `standard` score of a move list played from `start`, empty columns closing up leftwards: (n − 2)²
 * a group of n, and 1,000 when the board ends empty. A move that removes no group of 2 or more throws.
 */
export function standardScore(start: Columns, moves: readonly (readonly [number, number])[]): number {
  let columns = start;
  let score = 0;
  for (const [x, y] of moves) {
    const size = columns[x]?.[y] === undefined ? 0 : groupOf(columns, x, y).length;
    if (size < 2) throw new Error(`move ${x},${y} removes no group of 2 or more`);
    score += (size - 2) ** 2;
    columns = removed(columns, x, y, 'left');
  }
  return score + (columns.every((column) => column.length === 0) ? 1000 : 0);
}
