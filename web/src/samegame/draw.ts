import type { SameGameBoard } from '../../../src/samegame/rules/board.ts';

/**
 * Colours 1–9 of SameGame cells, safe for colour-blind players: the first seven are Okabe and Ito's
 * palette ("Color Universal Design", 2002; https://jfly.uni-koeln.de/color/) — orange, sky blue,
 * bluish green, yellow, blue, vermillion, reddish purple — told apart under protanopia, deuteranopia
 * and tritanopia. Their eighth, black, would vanish on the dark board: light grey and white stand in
 * for it and close the list.
 */
export const SAMEGAME_COLOURS = ['', '#e69f00', '#56b4e9', '#009e73', '#f0e442', '#0072b2', '#d55e00', '#cc79a7', '#bbbbbb', '#ffffff'];

/** The shape drawn on each colour's cells when shapes are on (colour 1 first), for players who tell colours apart poorly or not at all. */
export const SAMEGAME_SHAPES = ['circle', 'square', 'triangle', 'diamond', 'plus', 'cross', 'ring', 'bar', 'dot'] as const;
type Shape = (typeof SAMEGAME_SHAPES)[number];

export interface BoardMarks {
  /** The cells outlined: the group under the mouse or the cursor, or the next move of a hint or a replay. */
  readonly highlight: readonly [number, number][];
  /** The keyboard's cursor, drawn while the board has the focus. */
  readonly cursor: readonly [number, number] | null;
  /** Whether each colour's cells carry its shape as well. */
  readonly shapes: boolean;
}

/**
 * Draws a SameGame board (column 0 at the left, row 0 at the bottom), then its marks: shapes on the
 * cells, the highlighted cells outlined in white, and the cursor as a thick yellow-and-black frame.
 */
export function drawSameGame(context: CanvasRenderingContext2D, board: SameGameBoard, size: number, marks: BoardMarks): void {
  const { width, height } = board;
  const top = (y: number) => (height - 1 - y) * size;
  context.fillStyle = '#0b1020';
  context.fillRect(0, 0, width * size, height * size);
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) {
      const colour = board.colourAt(x, y);
      if (colour < 0) continue;
      context.fillStyle = SAMEGAME_COLOURS[colour + 1];
      context.beginPath();
      context.roundRect(x * size + 2, top(y) + 2, size - 4, size - 4, Math.max(2, size / 5));
      context.fill();
      if (marks.shapes) drawShape(context, SAMEGAME_SHAPES[colour], x * size + size / 2, top(y) + size / 2, size);
    }
  }
  context.strokeStyle = '#ffffff';
  context.lineWidth = 3;
  for (const [x, y] of marks.highlight) context.strokeRect(x * size + 2, top(y) + 2, size - 4, size - 4);
  if (marks.cursor !== null) {
    const [x, y] = marks.cursor;
    context.lineWidth = 4;
    context.strokeStyle = '#000000';
    context.strokeRect(x * size + 1, top(y) + 1, size - 2, size - 2);
    context.setLineDash([Math.max(3, size / 6), Math.max(3, size / 6)]);
    context.strokeStyle = '#ffe600';
    context.strokeRect(x * size + 1, top(y) + 1, size - 2, size - 2);
    context.setLineDash([]);
  }
}

/** Draws `shape` in dark ink, centred on (cx, cy), within a cell of `size` pixels. */
function drawShape(context: CanvasRenderingContext2D, shape: Shape, cx: number, cy: number, size: number): void {
  const r = size * 0.22;
  context.fillStyle = context.strokeStyle = 'rgba(0, 0, 0, 0.7)';
  context.lineWidth = Math.max(1.5, size / 12);
  context.beginPath();
  if (shape === 'circle') context.arc(cx, cy, r, 0, 2 * Math.PI);
  else if (shape === 'square') context.rect(cx - r, cy - r, 2 * r, 2 * r);
  else if (shape === 'triangle') polygon(context, [cx, cy - r, cx + r, cy + r, cx - r, cy + r]);
  else if (shape === 'diamond') polygon(context, [cx, cy - r * 1.2, cx + r, cy, cx, cy + r * 1.2, cx - r, cy]);
  else if (shape === 'dot') context.arc(cx, cy, r / 2, 0, 2 * Math.PI);
  else if (shape === 'bar') context.rect(cx - r, cy - r / 3, 2 * r, (2 * r) / 3);
  if (shape === 'ring') {
    context.arc(cx, cy, r, 0, 2 * Math.PI);
    return context.stroke();
  }
  if (shape === 'plus' || shape === 'cross') {
    const [a, b] = shape === 'plus' ? [r, 0] : [r * 0.8, r * 0.8];
    context.moveTo(cx - a, cy - b);
    context.lineTo(cx + a, cy + b);
    context.moveTo(cx + b, cy - a);
    context.lineTo(cx - b, cy + a);
    return context.stroke();
  }
  context.fill();
}

/** Adds the closed polygon through the points [x0, y0, x1, y1, …] to the current path. */
function polygon(context: CanvasRenderingContext2D, points: readonly number[]): void {
  context.moveTo(points[0], points[1]);
  for (let i = 2; i < points.length; i += 2) context.lineTo(points[i], points[i + 1]);
  context.closePath();
}
