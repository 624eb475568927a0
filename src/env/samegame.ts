import { SameGame } from '../samegame/game.ts';
import { randomBoard } from '../samegame/random-boards.ts';
import { DEFAULT_COLOURS, type SameGameRules } from '../samegame/rules.ts';
import { GameEnvironment, type EnvironmentSpec, type EpisodeGame, type EpisodeOptions, type ObservationArrays } from './environment.ts';

export interface SameGameEnvOptions extends EpisodeOptions {
  readonly width?: number;
  readonly height?: number;
  readonly colours?: number;
  readonly rules?: SameGameRules;
}

/**
 * SameGame on a random full board drawn from the seed (as `gridmind samegame board` draws it). Action =
 * y × width + x, the cell (x from the left, y from the bottom) that names a group: the legal ones are one
 * cell per group of 2 or more. Observation `board`: width × height cells row by row from the bottom,
 * 0 empty, c + 1 for colour c. Reward = the points of the move, with the end-of-game bonus or penalty
 * added to the last one.
 */
export function sameGameEnv({
  width = 15,
  height = 15,
  colours = DEFAULT_COLOURS,
  rules = { scoring: 'standard', shift: 'left' },
  ...episode
}: SameGameEnvOptions = {}): GameEnvironment {
  randomBoard(width, height, colours, 1); // the size and colours are checked now
  const spec: EnvironmentSpec = {
    actionCount: width * height,
    observation: { board: { shape: [height, width], dtype: 'uint8', low: 0, high: colours } },
  };
  return new GameEnvironment(spec, (seed) => new SameGameEpisode(new SameGame(randomBoard(width, height, colours, seed), rules)), episode);
}

/** A game of SameGame as an episode (see {@link sameGameEnv}). */
class SameGameEpisode implements EpisodeGame {
  constructor(private readonly game: SameGame) {}

  get over(): boolean {
    return this.game.isOver();
  }

  writeObservation({ board }: ObservationArrays, index: number): void {
    const { width, height } = this.game.board;
    const first = index * width * height;
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) board[first + y * width + x] = this.game.board.colourAt(x, y) + 1;
  }

  info(): Record<string, number | string | boolean> {
    const { game } = this;
    return { score: game.score(), moves: game.movesPlayed, cellsLeft: game.board.cellCount(), cleared: game.cleared() };
  }

  legalActions(): number[] {
    const { width } = this.game.board;
    return this.game
      .moves()
      .map(([x, y]) => y * width + x)
      .sort((a, b) => a - b);
  }

  play(action: number): number {
    const { game } = this;
    const { width } = game.board;
    const before = game.score();
    game.play(action % width, Math.floor(action / width));
    return game.score() - before;
  }

  render(): string {
    return this.game.board.toString();
  }

  clone(): SameGameEpisode {
    return new SameGameEpisode(this.game.clone());
  }
}
