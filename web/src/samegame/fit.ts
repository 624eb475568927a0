import type { RefObject } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { useWindowSize } from '../hooks.ts';

/** Largest cell drawn, in pixels: small boards stay a comfortable size on wide windows. */
const LARGEST_CELL = 44;
/** Smallest cell drawn, in pixels; a board still too wide then is scaled down to its box by CSS. */
const SMALLEST_CELL = 6;
/** Window height kept for the header, the page's padding and the lines under the board. */
const RESERVED_HEIGHT = 190;

/** The width of an element's content box, kept up to date as it resizes (0 before it is laid out). */
function useWidth(element: RefObject<HTMLElement>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    if (element.current) observer.observe(element.current);
    return () => observer.disconnect();
  }, []);
  return width;
}

/**
 * The cell size, in pixels, at which a board of `columns` × `rows` fills the width of its box (less its
 * border) and the window's height left below the header, up to LARGEST_CELL.
 */
export function useCellSize(box: RefObject<HTMLElement>, columns: number, rows: number, border: number): number {
  const width = useWidth(box);
  const { height } = useWindowSize();
  const fits = Math.min(Math.floor((width - 2 * border) / columns), Math.floor((height - RESERVED_HEIGHT) / rows));
  return Math.max(SMALLEST_CELL, Math.min(LARGEST_CELL, fits));
}
