import { count } from '../../../src/core/count.ts';
import type { SameGame } from '../../../src/samegame/rules/game.ts';

/** A number of points as the page writes it: "1,164". */
export const points = (value: number) => value.toLocaleString('en-US');

/** How a position's board stands: "board cleared" or "5 cells left". */
export function boardEnding(game: SameGame): string {
  return game.cleared() ? 'board cleared' : `${count(game.board.cellCount(), 'cell')} left`;
}

/** A position in the page's words: "7 moves, 1,164 points, board cleared". */
export function describePosition(game: SameGame): string {
  return `${count(game.history().length, 'move')}, ${points(game.score())} points, ${boardEnding(game)}`;
}

/** The verdict of a contest, from the player's side. */
export function verdict(player: number, computer: number): string {
  return player > computer ? 'You win' : player === computer ? 'A draw' : 'The computer wins';
}

/** A rank in words: 1st, 2nd, 3rd, 4th, … 11th, 12th, 13th, … 21st. */
export function ordinal(rank: number): string {
  const tens = rank % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][rank % 10] ?? 'th');
  return `${rank}${suffix}`;
}
