import { count } from '../../../src/core/count.ts';
import type { SameGameBoard } from '../../../src/samegame/rules/board.ts';
import { SameGame } from '../../../src/samegame/rules/game.ts';
import { randomBoard } from '../../../src/samegame/rules/random-boards.ts';
import { sameGameReplay } from '../../../src/samegame/rules/replay-log.ts';
import { groupPoints, type SameGameRules } from '../../../src/samegame/rules/options.ts';
import type { Solution, SolveExplanation } from '../../../src/samegame/solver.ts';
import type { SearchMethod } from '../../../src/search/index.ts';
import type { ScoreSubmission } from '../../../src/store/highscores.ts';
import { movedCursor, type SameGameCommand } from './keys.ts';
import { describeMethod, valuesFor, type MethodSettingValues } from './method-settings.ts';
import type { WorkerOptions } from './solver-client.ts';
import { describePosition, points, verdict } from './words.ts';

export interface SameGameSettings {
  readonly columns: number;
  readonly rows: number;
  readonly colours: number;
  readonly seed: number;
  readonly rules: SameGameRules;
  readonly method: SearchMethod;
  /** The settings only some methods take; each method is given those it takes. */
  readonly methodSettings: MethodSettingValues;
  /** Seconds the AI may think per request (a hint, the computer's game, a full solution). */
  readonly seconds: number;
  /** Node limit of a search (0: none). */
  readonly maxNodes: number;
  /** Milliseconds between moves of a replayed solution. */
  readonly interval: number;
}

export const DEFAULT_SETTINGS: SameGameSettings = {
  columns: 10,
  rows: 10,
  colours: 3,
  seed: 1,
  rules: { scoring: 'standard', shift: 'left' },
  method: 'nrpa',
  methodSettings: { heuristic: 'h4' },
  seconds: 2,
  maxNodes: 0,
  interval: 300,
};

/** What searches for the page: the solver in a Web Worker (solver-client.ts), or the solver itself in tests. */
export interface SameGameSolver {
  solve(board: SameGameBoard, options: WorkerOptions): Promise<Solution>;
  /** Stops a search under way: its promise is rejected. */
  cancel(): void;
}

/** Compete draws its puzzle's seed below this. */
const SEEDS = 1_000_000;
export const START = 'Click or tap a group of two or more cells of one colour, or move the cursor with the arrows and press Enter.';
export const LONE_CELL = 'A lone cell cannot be removed: a group needs 2 or more touching cells of one colour.';

/**
 * A SameGame page's game and what happens to it, apart from how it is drawn: moves, undo and redo, the
 * AI's hints and full solutions (replayed move by move), and contests with the computer, with the
 * status line that tells each step. `changed` is called after every change a view should show.
 */
export class SameGameSession {
  settings: SameGameSettings;
  game: SameGame;
  status = START;
  /** The cells outlined: a hint's group, or the next move of a replay. */
  highlight: [number, number][] = [];
  /** Why the last hint is what it is (every first move as the search saw it), until the position changes. */
  hintExplanation: SolveExplanation | null = null;
  thinking = false;
  /** The computer's game in a contest, once it has played it. */
  contest: { readonly computer: Solution } | null = null;
  /** Whether the player closed the dialog at the end of the game shown. */
  resultClosed = false;
  /** The keyboard's cursor: a cell [x, y] (x from the left, y from the bottom), kept on the board. */
  cursor: [number, number];
  /** The board the game began with, and the settings it was dealt from. */
  private dealt: { readonly board: SameGameBoard; readonly settings: SameGameSettings };
  /** Who played each move of the game's history (true: the AI's full solution), and each move undone, last first. */
  private byAi: boolean[] = [];
  private undoneByAi: boolean[] = [];
  /** The method whose full solution played moves of this game (named in the score as the agent). */
  private aiMethod: SearchMethod | null = null;
  private replay: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly solver: SameGameSolver,
    private readonly changed: () => void,
    settings = DEFAULT_SETTINGS,
  ) {
    this.settings = settings;
    this.game = newGame(settings);
    this.dealt = { board: this.game.board.clone(), settings };
    this.cursor = [0, this.game.board.height - 1];
  }

  /** Whether the AI thinks or a solution is being replayed: the board takes no click then. */
  get busy(): boolean {
    return this.thinking || this.replay !== null;
  }

  get competing(): boolean {
    return this.contest !== null;
  }

  /** Changes settings; a new board takes them (New board). */
  configure(changes: Partial<SameGameSettings>): void {
    this.settings = { ...this.settings, ...changes };
    this.changed();
  }

  /** A new board from the settings; whatever was under way stops. */
  restart(): void {
    this.stopReplay();
    this.solver.cancel();
    this.thinking = false;
    this.game = newGame(this.settings);
    this.dealt = { board: this.game.board.clone(), settings: this.settings };
    this.cursor = [0, this.game.board.height - 1];
    this.byAi = [];
    this.undoneByAi = [];
    this.aiMethod = null;
    this.highlight = [];
    this.hintExplanation = null;
    this.resultClosed = false;
    this.contest = null;
    this.status = START;
    this.changed();
  }

  /** Removes the group at the cell, or says why it cannot. */
  play(x: number, y: number): void {
    if (this.busy) return;
    const group = this.game.groupAt(x, y);
    if (group.length === 0) return; // an empty cell
    if (group.length === 1) return this.say(LONE_CELL);
    const move = this.game.play(x, y);
    this.played(false);
    this.reached(`Removed ${move.size} cells (+${move.points}).`);
  }

  /** Moves the keyboard's cursor one cell (a command of keys.ts: left, right, up or down). */
  moveCursor(command: SameGameCommand): void {
    const { width, height } = this.game.board;
    this.cursor = movedCursor(this.cursor, command, width, height);
    this.changed();
  }

  /** Removes the group under the cursor, as a click there does. */
  playAtCursor(): void {
    this.play(...this.cursor);
  }

  undo(): void {
    this.stopReplay();
    if (this.game.undo() !== null) this.undoneByAi.push(this.byAi.pop()!);
    this.reached('Move taken back.');
  }

  redo(): void {
    if (this.game.redo() !== null) this.byAi.push(this.undoneByAi.pop()!);
    this.reached('Move played again.');
  }

  /** The board this game began with (a copy). */
  startBoard(): SameGameBoard {
    return this.dealt.board.clone();
  }

  /**
   * The game as a high score (`POST /api/highscores`): its replay with the seed and colours that dealt
   * its board, and the AI's share when a full solution played some of its moves.
   */
  submission(name: string): ScoreSubmission {
    const { seed, colours, rules } = this.dealt.settings;
    const moves = this.game.history().map((move): [number, number] => [move.x, move.y]);
    const aiMoves = this.byAi.filter(Boolean).length;
    return {
      name,
      replay: { ...sameGameReplay(this.dealt.board, rules, moves), deal: { seed, colours } },
      agents: aiMoves > 0 && this.aiMethod !== null ? [{ name: this.aiMethod, pieces: aiMoves }] : [],
    };
  }

  closeResult(): void {
    this.resultClosed = true;
    this.changed();
  }

  /** The result dialog's "again": another contest, or a new board. */
  again(): Promise<void> | void {
    return this.contest ? this.compete() : this.restart();
  }

  /** The AI's best next move, outlined. */
  async hint(): Promise<void> {
    const solution = await this.think('Looking for a move', true);
    if (solution === null) return;
    if (solution.moves.length === 0) return this.say('No move left.');
    const group = this.game.groupAt(...solution.moves[0]);
    this.highlight = group;
    this.hintExplanation = solution.explanation ?? null;
    this.say(
      `Hint: the outlined group (+${groupPoints(this.settings.rules.scoring, group.length)}); the AI's line scores ${points(solution.score)}.`,
    );
  }

  /** The AI solves the board, and its moves are replayed one every `interval` milliseconds. */
  async solveAndReplay(): Promise<void> {
    const solution = await this.think('Solving');
    if (solution === null) return;
    const { moves } = solution;
    this.aiMethod = this.settings.method;
    this.status = `Solution: ${points(solution.score)} points in ${count(moves.length, 'move')} (${count(solution.ms, 'ms', 'ms')}, ${count(solution.nodes, 'node')}). Replaying…`;
    let next = 0;
    this.highlight = moves.length > 0 ? this.game.groupAt(...moves[0]) : [];
    this.replay = setInterval(() => {
      if (next >= moves.length) {
        this.stopReplay();
        this.highlight = [];
        return this.say(`Solution replayed: ${points(this.game.score())} points${this.game.cleared() ? ', board cleared' : ''}.`);
      }
      this.game.play(...moves[next++]);
      this.played(true);
      this.highlight = next < moves.length ? this.game.groupAt(...moves[next]) : [];
      this.changed();
    }, this.settings.interval);
    this.changed();
  }

  /**
   * A contest: a random puzzle that has a move (its seed drawn by `random`), which the computer plays
   * first; then the player plays the same one without help, and the verdict ends it.
   */
  async compete(random: () => number = Math.random): Promise<void> {
    this.settings = { ...this.settings, seed: playableSeed(this.settings, Math.floor(random() * SEEDS)) };
    this.restart();
    this.thinking = true;
    this.say('The computer plays this puzzle first…');
    try {
      const computer = await this.solver.solve(newGame(this.settings).board, { ...this.searchOptions(), maxNodes: undefined });
      this.contest = { computer };
      this.status = `The computer scored ${points(computer.score)} in ${count(computer.moves.length, 'move')} (${count(computer.ms, 'ms', 'ms')}). Your turn: the same puzzle.`;
    } catch (error) {
      this.status = `The computer stopped: ${(error as Error).message}`;
    } finally {
      this.thinking = false;
      this.changed();
    }
  }

  /** Stops a replay under way (the page is left). */
  leave(): void {
    this.stopReplay();
  }

  private searchOptions(): WorkerOptions {
    const { method, rules, methodSettings, seconds, maxNodes, seed } = this.settings;
    return {
      method,
      rules,
      ...valuesFor(method, methodSettings),
      timeMs: seconds * 1000,
      maxNodes: maxNodes > 0 ? maxNodes : undefined,
      seed,
    };
  }

  private async think(what: string, explain = false): Promise<Solution | null> {
    this.thinking = true;
    this.hintExplanation = null;
    this.say(`${what}: ${describeMethod(this.settings.method, this.settings.methodSettings)}, up to ${this.settings.seconds} s…`);
    try {
      return await this.solver.solve(this.game.board, { ...this.searchOptions(), explain });
    } catch (error) {
      this.status = `The AI stopped: ${(error as Error).message}`;
      return null;
    } finally {
      this.thinking = false;
      this.changed();
    }
  }

  /** Shows the position reached by a move, an undo or a redo, and the verdict when it ends a contest. */
  private reached(what: string): void {
    const { game } = this;
    this.highlight = [];
    this.hintExplanation = null;
    this.resultClosed = false;
    const computer = this.contest?.computer.score;
    const result =
      computer !== undefined && game.isOver()
        ? ` ${verdict(game.score(), computer)}: you ${points(game.score())}, the computer ${points(computer)}.`
        : '';
    this.say(`${what} ${game.isOver() ? 'Game over: ' : 'Now '}${describePosition(game)}.${result}`);
  }

  /** Notes who played the move just played; a new move forgets the moves undone, as the game does. */
  private played(byAi: boolean): void {
    this.byAi.push(byAi);
    this.undoneByAi = [];
  }

  private say(status: string): void {
    this.status = status;
    this.changed();
  }

  private stopReplay(): void {
    if (this.replay !== null) clearInterval(this.replay);
    this.replay = null;
  }
}

function newGame(settings: SameGameSettings): SameGame {
  return new SameGame(randomBoard(settings.columns, settings.rows, settings.colours, settings.seed), settings.rules);
}

/** The first seed from `from` on (wrapping at SEEDS) whose puzzle has a move: a contest needs one to play. */
function playableSeed(settings: SameGameSettings, from: number): number {
  let seed = from;
  while (newGame({ ...settings, seed }).isOver()) seed = (seed + 1) % SEEDS;
  return seed;
}
