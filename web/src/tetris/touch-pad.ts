/**
 * When the Tetris views show their on-screen controls (TouchControls): on a touch screen (a coarse
 * pointer, as CSS's `pointer` media feature says), and in a narrow window, where a phone's would be.
 */
import { useEffect, useState } from 'preact/hooks';
import { useWindowSize } from '../hooks.ts';
import { NARROW_WINDOW } from './layout.ts';

const COARSE_POINTER = '(pointer: coarse)';

/** The height styles take for the on-screen controls under a board, with the gap above them (tetris.css). */
export const TOUCH_PAD_HEIGHT = 2 * 56 + 8 + 10;

/** Whether the on-screen controls show: a touch screen or a narrow window, kept up to date. */
export function useTouchPad(): boolean {
  const { width } = useWindowSize();
  const [coarse, setCoarse] = useState(() => matchMedia(COARSE_POINTER).matches);
  useEffect(() => {
    const query = matchMedia(COARSE_POINTER);
    const follow = () => setCoarse(query.matches);
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);
  return coarse || width <= NARROW_WINDOW;
}
