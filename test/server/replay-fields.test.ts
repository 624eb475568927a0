import { describe, expect, it } from 'vitest';
import { randomBoard } from '../../src/samegame/rules/random-boards.ts';
import { SameGame } from '../../src/samegame/rules/game.ts';
import { sameGameReplay } from '../../src/samegame/replay.ts';
import { verifyScore } from '../../src/server/verified-scores.ts';
import { droppedGame } from './finished-games.ts';

const tetris = droppedGame({ rules: 'classic', width: 6, height: 10, seed: 3 }, 200);
const board = randomBoard(5, 5, 3, 8);
const played = new SameGame(board);
while (!played.isOver()) played.play(...played.moves()[0]);
const sameGame = {
  ...sameGameReplay(
    board,
    played.rules,
    played.history().map(({ x, y }): [number, number] => [x, y]),
  ),
  deal: { seed: 8, colours: 3 },
};

/** The reason a submission is refused (an InputError's message), or null when it is taken. */
function refusal(body: unknown): string | null {
  try {
    verifyScore(body);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('a replay holds only the fields of its format', () => {
  it.each([
    [
      'a 15 MiB "junk" field',
      { name: 'x', replay: { ...tetris, junk: 'j'.repeat(15 * 2 ** 20) } },
      'a Tetris replay holds only "format", "version", "config", "inputs" and "end": remove "junk"',
    ],
    [
      'a field in the set-up',
      { name: 'x', replay: { ...tetris, config: { ...tetris.config, speed: 2 } } },
      'replay.config holds only "rules",',
    ],
    [
      'a field in an input',
      { name: 'x', replay: { ...tetris, inputs: [{ ...tetris.inputs[0], note: 'hi' }, ...tetris.inputs.slice(1)] } },
      'replay input 1: an input is {"t","key"} or {"t","place"}',
    ],
    [
      'a field beside the submission',
      { name: 'x', replay: tetris, points: 999_999 },
      'a submission holds only "name", "replay" and "agents": remove "points"',
    ],
    [
      'a field in an agent share',
      { name: 'x', replay: tetris, agents: [{ name: 'bcts', pieces: 1, rank: 1 }] },
      'an agent share holds only "name" and "pieces": remove "rank"',
    ],
    [
      'a field in SameGame rules',
      { name: 'x', replay: { ...sameGame, rules: { ...sameGame.rules, bonus: 1e9 } } },
      'replay.rules holds only "scoring" and "shift": remove "bonus"',
    ],
    [
      'a field in a SameGame deal',
      { name: 'x', replay: { ...sameGame, deal: { ...sameGame.deal, note: 'x' } } },
      'replay.deal holds only "seed" and "colours", or "set" and "file": remove "note"',
    ],
    [
      "a field in a test set's deal",
      { name: 'x', replay: { ...sameGame, deal: { set: 'schadd', file: 'schadd_01.txt', note: 'x' } } },
      'replay.deal holds only "seed" and "colours", or "set" and "file": remove "note"',
    ],
    [
      'a deal both dealt by a seed and read from a test set',
      { name: 'x', replay: { ...sameGame, deal: { ...sameGame.deal, set: 'schadd' } } },
      'deal: a deal is a seed\'s {"seed","colours"} or a test set\'s {"set","file"}, not both',
    ],
    [
      'a move with more than a cell',
      { name: 'x', replay: { ...sameGame, moves: [[...sameGame.moves[0], 'x'.repeat(1000)], ...sameGame.moves.slice(1)] } },
      'replay move 1: a move is a cell [x, y]',
    ],
    ['a field beside a SameGame replay', { name: 'x', replay: { ...sameGame, comment: 'x' } }, 'a SameGame replay holds only'],
  ])('refuses %s, naming it', (_what, body, says) => {
    expect(refusal(JSON.parse(JSON.stringify(body)))).toContain(says);
  });

  it('stores exactly the fields of the format, in its order', () => {
    const { entry } = verifyScore(JSON.parse(JSON.stringify({ name: 'x', replay: tetris })));
    expect(Object.keys(JSON.parse(entry.replay!))).toEqual(['format', 'version', 'config', 'inputs', 'end']);
    const { entry: kept } = verifyScore(JSON.parse(JSON.stringify({ name: 'x', replay: sameGame })));
    expect(JSON.parse(kept.replay!)).toEqual(sameGame);
  });
});
