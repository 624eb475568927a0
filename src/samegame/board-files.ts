import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { InputError } from '../core/errors.ts';
import { readBy, readWith } from '../core/schemas.ts';
import { fileProblem } from '../node/files.ts';
import type { SameGameBoard } from './rules/board.ts';
import { parseBoardText } from './rules/board-text.ts';

export { parseBoardText };

/** A board file's text, read by zod as every border reads its input: the board {@link parseBoardText} makes of it. */
const boardTextSchema = z.string().transform(readBy(parseBoardText));

/** Reads a board file (see {@link parseBoardText}); every problem is an InputError naming the file. */
export function readBoardFile(path: string): SameGameBoard {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const reason = fileProblem(error);
    throw new InputError(`cannot read board file ${path}: ${reason}`);
  }
  return readWith(boardTextSchema, text, (issue) => `board file ${path}: ${issue.message}`);
}
