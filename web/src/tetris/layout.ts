import { useLayoutEffect, useState, type MutableRef } from 'preact/hooks';
import { useWindowSize } from '../hooks.ts';

/** Windows up to this width get the narrow layouts (styles.css's `max-width: 760px` rules). */
export const NARROW_WINDOW = 760;
const MIN_CELL = 8;
const MAX_CELL = 34;
/** A compact preview draws half the board's cells, but no fewer pixels than this unless the board's cells are smaller. */
const MIN_COMPACT_PREVIEW_CELL = 8;
/** The room kept free between a view's boards and the window's bottom edge. */
const BOTTOM_MARGIN = 16;
/** The height of a duellist's title line above its board. */
const TITLE = 34;
/** Where a narrow view's boards sit once scrolled up under the app's header. */
const NARROW_SCROLLED_TOP = 110;

/**
 * The width styles.css gives to what sits beside each board in a row of boards: the side columns
 * and the gaps between them.
 */
const BESIDE = {
  /** Next and stats on the left, controls on the right. */
  play: 2 * (200 + 20),
  /** Preview and stats on the right of each board, and half the gap between the two duellists. */
  duel: 170 + 12 + 28 / 2,
  /** Narrow windows: a compact column of preview and stats beside each board. */
  narrow: 100 + 10,
};

export type BoardView = 'play' | 'duel';

export interface BoardLayout {
  /** Pixels per board cell. */
  readonly cell: number;
  /** Pixels per cell of the next pieces: the board's, or fewer for a compact preview. */
  readonly previewCell: number;
  readonly narrow: boolean;
}

/** The element holding a view's boards: its width and its top edge in the page. */
interface Room {
  readonly width: number;
  readonly top: number;
}

/**
 * Cell sizes that fit a view's boards, with what styles.css puts beside them and `below` pixels under
 * them (on-screen controls), into the room its container has: a wide window shows everything without
 * scrolling; a narrow one stacks the duel's boards, each fitting the window once scrolled to.
 */
export function boardLayout(
  view: BoardView,
  room: Room,
  windowWidth: number,
  windowHeight: number,
  columns: number,
  rows: number,
  below = 0,
): BoardLayout {
  const narrow = windowWidth <= NARROW_WINDOW;
  const boards = view === 'duel' && !narrow ? 2 : 1;
  const beside = narrow ? BESIDE.narrow : BESIDE[view];
  const width = room.width / boards - beside;
  const top = narrow && view === 'duel' ? Math.min(room.top, NARROW_SCROLLED_TOP) : room.top;
  const height = windowHeight - top - (view === 'duel' ? TITLE : 0) - below - BOTTOM_MARGIN;
  const cell = Math.max(MIN_CELL, Math.min(MAX_CELL, Math.floor(width / columns), Math.floor(height / rows)));
  const compact = narrow || view === 'duel';
  const previewCell = compact ? Math.min(cell, Math.max(MIN_COMPACT_PREVIEW_CELL, Math.round(cell / 2))) : cell;
  return { cell, previewCell, narrow };
}

/** {@link boardLayout} for the boards inside `container`, measured after every render. */
export function useBoardLayout(
  view: BoardView,
  container: MutableRef<HTMLElement | null>,
  columns: number,
  rows: number,
  below = 0,
): BoardLayout {
  const windowSize = useWindowSize();
  const [room, setRoom] = useState<Room>({ width: windowSize.width, top: 0 }); // until measured
  useLayoutEffect(() => {
    const element = container.current;
    if (element === null) return;
    const measured = { width: element.clientWidth, top: Math.round(element.getBoundingClientRect().top + scrollY) };
    if (measured.width !== room.width || measured.top !== room.top) setRoom(measured);
  });
  return boardLayout(view, room, windowSize.width, windowSize.height, columns, rows, below);
}
