/**
 * The geometry of one orientation of a piece, measured from the bottom-left corner of its bounding
 * box. Coordinates: x grows to the right, y grows upwards; bit i of a row mask is column x + i.
 */
export interface Shape {
  /** The four cells as [dx, dy] from the bounding box's bottom-left corner. */
  readonly cells: readonly (readonly [number, number])[];
  readonly width: number;
  readonly height: number;
  /** Row masks of the bounding box, bottom row first. */
  readonly rows: readonly number[];
  /** Per column of the box, the lowest filled row (used to drop a piece onto column heights). */
  readonly bottoms: readonly number[];
  /** Per column of the box, its highest filled row + 1: the column's height above the box's bottom. */
  readonly tops: readonly number[];
  /** Column masks of the box, left column first: bit k set when the column's cell in row k is filled. */
  readonly columns: readonly number[];
  /** A key equal for equal shapes: orientations that look the same share it. */
  readonly key: string;
}

/** An orientation inside a rotation system: its shape plus where its bounding box sits in the system's box. */
export interface Orientation extends Shape {
  /** Bounding box's bottom-left corner relative to the rotation box's bottom-left corner. */
  readonly boxX: number;
  readonly boxY: number;
}

/**
 * Reads an orientation drawn as box rows, top row first, with `1` or `#` for a cell
 * (e.g. `['.1.', '111', '...']` is a T pointing up in a 3×3 box).
 */
export function orientationFromDrawing(rows: readonly string[]): Orientation {
  const cells: [number, number][] = [];
  rows.forEach((row, index) => {
    const y = rows.length - 1 - index;
    [...row].forEach((char, x) => {
      if (char === '1' || char === '#') cells.push([x, y]);
    });
  });
  return orientationFromCells(cells);
}

/** Builds an orientation from cells given in rotation-box coordinates (y up). */
export function orientationFromCells(boxCells: readonly (readonly [number, number])[]): Orientation {
  if (boxCells.length !== 4) throw new Error(`a tetromino has 4 cells, got ${boxCells.length}`);
  const boxX = Math.min(...boxCells.map(([x]) => x));
  const boxY = Math.min(...boxCells.map(([, y]) => y));
  const cells = boxCells.map(([x, y]) => [x - boxX, y - boxY] as const).sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  const width = Math.max(...cells.map(([x]) => x)) + 1;
  const height = Math.max(...cells.map(([, y]) => y)) + 1;
  // Packed arrays (no holes), read in search's inner loops.
  const rows = Array.from({ length: height }, () => 0);
  const bottoms = Array.from({ length: width }, () => height);
  const tops = Array.from({ length: width }, () => 0);
  const columns = Array.from({ length: width }, () => 0);
  for (const [x, y] of cells) {
    rows[y] |= 1 << x;
    columns[x] |= 1 << y;
    bottoms[x] = Math.min(bottoms[x], y);
    tops[x] = Math.max(tops[x], y + 1);
  }
  return { cells, width, height, rows, bottoms, tops, columns, key: rows.join(','), boxX, boxY };
}

/** Rotates box cells a quarter turn clockwise inside a square box of the given size (y up). */
export function rotateClockwise(boxCells: readonly (readonly [number, number])[], boxSize: number): [number, number][] {
  return boxCells.map(([x, y]) => [y, boxSize - 1 - x]);
}
