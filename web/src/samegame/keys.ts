/**
 * The SameGame page's keys: arrows move the board's cursor, Enter or Space removes the group under it
 * (both while the board has the focus); Ctrl+Z undoes, Ctrl+Y or Ctrl+Shift+Z redoes (⌘ on a Mac as
 * Ctrl), and R takes the focus to New board, where Enter starts one.
 */
export type SameGameCommand = 'left' | 'right' | 'up' | 'down' | 'play' | 'undo' | 'redo' | 'new';

/** What a key press is in the terms of a KeyboardEvent. */
export type KeyPress = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>;

const BOARD_KEYS: Record<string, SameGameCommand> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
  Enter: 'play',
  ' ': 'play',
};

/** The command of a key pressed while the board has the focus (the page's commands included), or null. */
export function boardCommandOf(press: KeyPress): SameGameCommand | null {
  const plain = !press.ctrlKey && !press.metaKey && !press.altKey;
  return (plain && BOARD_KEYS[press.key]) || pageCommandOf(press);
}

/** The command of a key pressed anywhere on the page but in a field, or null. */
export function pageCommandOf({ key, ctrlKey, metaKey, shiftKey, altKey }: KeyPress): SameGameCommand | null {
  const letter = key.toLowerCase();
  if ((ctrlKey || metaKey) && !altKey) {
    if (letter === 'z') return shiftKey ? 'redo' : 'undo';
    if (letter === 'y' && !shiftKey) return 'redo';
    return null;
  }
  return letter === 'r' && !altKey ? 'new' : null;
}

/** The keys as the page lists them. */
export const KEY_HELP: readonly [keys: string, does: string][] = [
  ['← ↑ → ↓', 'move the cursor on the board'],
  ['Enter / Space', 'remove the group under the cursor'],
  ['Ctrl+Z', 'undo'],
  ['Ctrl+Y / Ctrl+Shift+Z', 'redo'],
  ['R, then Enter', 'a new board'],
];

/** The cursor's next cell after `command` on a board of `width` × `height` (x from the left, y from the bottom), kept on the board. */
export function movedCursor([x, y]: readonly [number, number], command: SameGameCommand, width: number, height: number): [number, number] {
  const dx = command === 'right' ? 1 : command === 'left' ? -1 : 0;
  const dy = command === 'up' ? 1 : command === 'down' ? -1 : 0;
  return [Math.min(Math.max(x + dx, 0), width - 1), Math.min(Math.max(y + dy, 0), height - 1)];
}
