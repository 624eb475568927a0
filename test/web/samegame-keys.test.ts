import { describe, expect, it } from 'vitest';
import { boardCommandOf, movedCursor, pageCommandOf, type KeyPress } from '../../web/src/samegame/keys.ts';

const press = (key: string, modifiers: Partial<Omit<KeyPress, 'key'>> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...modifiers,
});

describe("the SameGame page's keys", () => {
  it('move the cursor with the arrows and play with Enter or Space while the board has the focus', () => {
    expect(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Enter', ' '].map((key) => boardCommandOf(press(key)))).toEqual([
      'left',
      'right',
      'up',
      'down',
      'play',
      'play',
    ]);
    expect(boardCommandOf(press('Enter', { ctrlKey: true }))).toBeNull();
    expect(boardCommandOf(press('ArrowLeft', { altKey: true }))).toBeNull(); // the browser's Back
    expect(boardCommandOf(press('z', { ctrlKey: true }))).toBe('undo'); // the page's commands hold on the board too
  });

  it('undo with Ctrl+Z, redo with Ctrl+Y or Ctrl+Shift+Z (⌘ as Ctrl), and take R to a new board', () => {
    expect(pageCommandOf(press('z', { ctrlKey: true }))).toBe('undo');
    expect(pageCommandOf(press('Z', { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(pageCommandOf(press('y', { ctrlKey: true }))).toBe('redo');
    expect(pageCommandOf(press('z', { metaKey: true }))).toBe('undo');
    expect(pageCommandOf(press('r'))).toBe('new');
    expect(pageCommandOf(press('R', { shiftKey: true }))).toBe('new');
    for (const other of [
      press('r', { ctrlKey: true }),
      press('z'),
      press('y'),
      press('z', { ctrlKey: true, altKey: true }),
      press('Enter'),
    ]) {
      expect(pageCommandOf(other)).toBeNull();
    }
  });

  it('keep the cursor on the board', () => {
    expect(movedCursor([0, 0], 'left', 5, 4)).toEqual([0, 0]);
    expect(movedCursor([0, 0], 'down', 5, 4)).toEqual([0, 0]);
    expect(movedCursor([4, 3], 'right', 5, 4)).toEqual([4, 3]);
    expect(movedCursor([4, 3], 'up', 5, 4)).toEqual([4, 3]);
    expect(movedCursor([2, 1], 'up', 5, 4)).toEqual([2, 2]);
    expect(movedCursor([2, 1], 'left', 5, 4)).toEqual([1, 1]);
    expect(movedCursor([2, 1], 'play', 5, 4)).toEqual([2, 1]);
  });
});
