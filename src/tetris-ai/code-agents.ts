/**
 * Agents written in code: a JavaScript or TypeScript module (`--agent ./my-agent.js`) whose default
 * export picks each piece's placement among those the rules allow. The interface, documented in
 * docs/own-agent.md:
 *
 * ```ts
 * export default {
 *   name: 'lowest column',                       // optional: its name in results
 *   choose(turn) {                               // turn: board, piece, preview, placements, score
 *     return 0;                                  // the index of a placement in turn.placements
 *   },
 * };
 * ```
 *
 * or a function that returns such an object for each game (for an agent that keeps state).
 */
import { importDefault, isCodeModule } from '../node/code-modules.ts';
import { InputError, messageOf } from '../core/errors.ts';
import { DEFAULT_THREAD_MEMORY_MB, THREAD_START_LIMIT_MS } from '../node/thread-limits.ts';
import { ThreadEnded, ThreadOutOfMemory, TimedThread } from '../node/timed-thread.ts';
import type { Board } from '../tetris/board.ts';
import { pieceName, type Piece, type PieceName } from '../tetris/pieces.ts';
import type { PlacementMode } from '../tetris/placement-modes.ts';
import { PlacementGenerator, type Placements } from '../tetris/placements.ts';
import type { RotationSystem } from '../tetris/rotation/index.ts';
import type { RuleSetName } from '../tetris/rules.ts';
import { AgentFault, type Choice, type Chooser, type TurnState } from './agent.ts';
import { DEFAULT_MOVE_TIME_LIMIT } from './agent-limits.ts';

/** A turn, as plain data: the board's size and rows (`Board.rows`). */
export interface ThreadTurn {
  readonly width: number;
  readonly height: number;
  readonly rows: Uint32Array;
  readonly piece: PieceName;
  readonly preview: readonly PieceName[];
  readonly placements: readonly Placement[];
  readonly score: number;
}

/** A request to the thread: a turn to answer with a placement's index, or `name`, the agent's name (null if it has none). */
export type ThreadRequest = ThreadTurn | 'name';

/** A placement a piece can take: its orientation and its bounding box's bottom-left corner (x, y from the floor). */
export interface Placement {
  readonly rotation: number;
  readonly x: number;
  readonly y: number;
  /** The four cells the piece fills there, each [x, y] (y from the floor). */
  readonly cells: readonly (readonly [number, number])[];
}

/** A board as a placement leaves it: the piece locked and the full rows cleared, and how many rows that cleared. */
export interface Afterstate {
  readonly board: Board;
  readonly lines: number;
}

/** A turn as data: what crosses to an agent's thread or program. */
export interface TurnData {
  /** The board; `isFilled(x, y)`, `width`, `height`. The agent must not change it. */
  readonly board: Board;
  readonly piece: PieceName;
  /** The next pieces, as many as the preview shows. */
  readonly preview: readonly PieceName[];
  /** The placements the piece can take (drop placements under the research protocol; for the Aveiro client, those its clock lets through). */
  readonly placements: readonly Placement[];
  readonly score: number;
}

/** What an agent in code is shown each turn: the turn's data, and the board each placement leaves, to score it by. */
export interface AgentTurn extends TurnData {
  /** The board once the piece locks at `placements[index]` and full rows clear (a new board each call). */
  after(index: number): Afterstate;
}

/** An agent in code: it answers each turn with the index of a placement. */
export interface CodeAgent {
  readonly name?: string;
  choose(turn: AgentTurn): number;
}

/** The placements of `piece` a generator found (`list`, `count` of them), as an agent in code is shown them. */
export function shownPlacements(list: Placements, count: number, system: RotationSystem, piece: Piece): Placement[] {
  return Array.from({ length: count }, (_, i) => {
    const [rotation, x, y] = [list.rotation[i], list.x[i], list.y[i]];
    const cells = system.orientations[piece][rotation].cells.map(([dx, dy]) => [x + dx, y + dy] as const);
    return { rotation, x, y, cells };
  });
}

/** A turn's data with {@link AgentTurn.after}: what an agent's `choose` is given. */
function agentTurn(turn: TurnData): AgentTurn {
  return {
    ...turn,
    after(index) {
      const placement = turn.placements[index];
      if (placement === undefined) throw new RangeError(`after(${index}): the turn has ${turn.placements.length} placements`);
      const board = turn.board.clone();
      for (const [x, y] of placement.cells) board.setCell(x, y, true);
      return { board, lines: board.clearFullRows() };
    },
  };
}

/** A module's default export: an agent, or a function making one per game. */
type AgentExport = CodeAgent | (() => CodeAgent);

/** Whether an `--agent` names a module of code rather than a built-in agent or an agent JSON file. */
export const isCodeAgent = isCodeModule;

const isAgent = (value: unknown): value is CodeAgent => typeof (value as CodeAgent | null)?.choose === 'function';

/** A game as an agent is told of it before its first turn: the board's size, the rules and how many next pieces it sees. */
export interface GameStart {
  readonly width: number;
  readonly height: number;
  readonly rules: RuleSetName;
  readonly preview: number;
}

/** An agent for one game, and how to let go of what it holds (its thread, its process) when the game ends. */
export interface GameAgent {
  readonly name?: string;
  /** The agent's answer to a turn: the index of a placement. */
  choose(turn: TurnData): number;
  /** Told once, before the game's first turn (an agent over a pipe passes it on to its program). */
  begin?(game: GameStart): void;
  /** {@link begin} leaving this thread free while the agent's thread or process takes it in. */
  beginAsync?(game: GameStart): Promise<void>;
  /** `choose` leaving this thread free while an agent on a thread or process of its own thinks. */
  chooseAsync(turn: TurnData): Promise<number>;
  /** The game has ended; `faulted`: the agent's fault ended it, so that nothing of it is used again. */
  stop(faulted?: boolean): void;
}

/**
 * A loaded agent: a fresh agent for each game. `file` names it in faults (a module's file, a program's
 * file or command); `close` lets go of what it keeps between games (an agent over a pipe: its idle processes).
 */
export interface AgentModule {
  readonly file: string;
  readonly name: string;
  newAgent(): GameAgent;
  close(): void;
}

/**
 * Imports an agent module into this thread; its agents play here, with no time limit (an agent that hangs
 * hangs the thread: {@link loadCodeAgent} gives each game a thread of its own instead). A module that
 * cannot be loaded or exports no agent is an InputError naming it.
 */
export async function importAgentModule(file: string): Promise<AgentModule> {
  const exported = await importDefault(file, 'the agent module');
  const usage = 'export default { choose(turn) { return 0; } } (docs/own-agent.md)';
  if (!isAgent(exported) && typeof exported !== 'function') throw new InputError(`the agent module ${file} exports no agent: ${usage}`);
  const make = exported as AgentExport;
  const newAgent = (): GameAgent => {
    const agent = typeof make === 'function' ? make() : make;
    if (!isAgent(agent)) throw new InputError(`the agent module ${file}: its default export made no agent: ${usage}`);
    const choose = (turn: TurnData) => agent.choose(agentTurn(turn));
    return { name: agent.name, choose, chooseAsync: async (turn) => choose(turn), stop: () => {} };
  };
  return { file, name: newAgent().name ?? file, newAgent, close: () => {} };
}

/** What the fault of an agent that ran out of memory ends with: where its limit is set. */
export const MEMORY_LIMIT_NOTE = '(--agent-memory sets the limit)';

/** What a fault says of a thread that ended: why, and for one out of memory where its limit is set. */
function endOf(error: ThreadEnded): string {
  return error instanceof ThreadOutOfMemory ? `${error.message} ${MEMORY_LIMIT_NOTE}` : error.message;
}

/**
 * Loads an agent module whose agents each play on a thread of their own (agent-thread.ts), so that one
 * that takes longer than `moveTimeLimit` milliseconds over a move, or uses more than `memoryMb` MB of
 * memory (V8's old generation), is stopped, with an {@link AgentFault}.
 * The module is first loaded on a thread of its own as well, under the time a thread has to start
 * (the larger of the move time limit and THREAD_START_LIMIT_MS) and the same memory limit, so that a
 * module that cannot be loaded, exports no agent, or never finishes loading (an endless loop or a wait at
 * its top level) is an InputError naming it before any game, and nothing it does stops this thread. Call
 * `stop()` on each agent when its game ends.
 */
export async function loadCodeAgent(
  file: string,
  moveTimeLimit = DEFAULT_MOVE_TIME_LIMIT,
  memoryMb = DEFAULT_THREAD_MEMORY_MB,
): Promise<AgentModule> {
  const name = agentNameOnThread(file, moveTimeLimit, memoryMb);
  return { file, name, newAgent: () => new ThreadAgent(file, name, moveTimeLimit, memoryMb), close: () => {} };
}

/** The name of the agent module `file` exports (or the file's), loaded on a thread of its own: see {@link loadCodeAgent}. */
function agentNameOnThread(file: string, moveTimeLimit: number, memoryMb: number): string {
  const thread = new TimedThread<string, ThreadRequest, string | null>(import.meta.url, './agent-thread', file, undefined, memoryMb);
  const unloaded = (limit: number) =>
    new InputError(
      `the agent module ${file} did not finish loading within ${limit} ms (an endless loop, or a wait that never ends, at its top level?)`,
    );
  try {
    // Answering its name is the end of loading, so it has the time to start as well, not a move's time.
    return thread.request('name', Math.max(moveTimeLimit, THREAD_START_LIMIT_MS), unloaded) ?? file;
  } catch (error) {
    if (error instanceof InputError) throw error;
    const { message } = error as Error;
    if (error instanceof ThreadEnded) throw new InputError(`the agent module ${file} ${endOf(error)}`);
    throw new InputError(message.includes(file) ? message : `the agent module ${file} threw while loading: ${message}`);
  } finally {
    thread.stop();
  }
}

/**
 * The fault of an agent (named by `file`) that has not answered in time: not started within `limit` ms
 * (`starting`), or past the move time limit over a move. For `TimedThread.request`.
 */
export function lateFault(file: string): (limit: number, starting: boolean) => AgentFault {
  return (limit, starting) =>
    new AgentFault(
      starting
        ? `${file} did not start within ${limit} ms: stopped`
        : `${file} took longer than ${limit} ms over a move: stopped (--agent-time-limit sets the limit)`,
    );
}

/**
 * An agent in code playing on its own thread (agent-thread.ts), which may use `memoryMb` MB of memory:
 * each `choose` waits at most the move time limit.
 */
class ThreadAgent implements GameAgent {
  private readonly thread: TimedThread<string, ThreadTurn, unknown>;

  constructor(
    private readonly file: string,
    readonly name: string,
    private readonly moveTimeLimit: number,
    memoryMb: number,
  ) {
    this.thread = new TimedThread(import.meta.url, './agent-thread', file, undefined, memoryMb);
  }

  choose(turn: TurnData): number {
    return this.thread.request(threadTurn(turn), this.moveTimeLimit, lateFault(this.file)) as number;
  }

  chooseAsync(turn: TurnData): Promise<number> {
    return this.thread.requestAsync(threadTurn(turn), this.moveTimeLimit, lateFault(this.file)) as Promise<number>;
  }

  stop(): void {
    this.thread.stop();
  }
}

/** A turn as an agent's thread is sent it. */
function threadTurn({ board, piece, preview, placements, score }: TurnData): ThreadTurn {
  return { width: board.width, height: board.height, rows: board.rows, piece, preview, placements, score };
}

/** A turn of a {@link CodeAgentChooser} with placements to choose from, as its agent is shown it. */
interface ShownTurn {
  readonly list: Placements;
  readonly shown: TurnData;
  /** The game, before its first turn (for the agent's `begin`); else null. */
  readonly start: GameStart | null;
}

/**
 * Plays an agent in code or over a pipe: tells it of the game before the first turn, shows it the
 * piece's placements (drop placements, or under key play those the keys reach from where the piece is),
 * checks its answer, and turns a throw or an answer that names no placement into an {@link AgentFault}.
 */
export class CodeAgentChooser implements Chooser {
  private readonly generator: PlacementGenerator;
  private readonly agent: GameAgent;
  private chosen: { list: Placements; index: number } | null = null;
  private begun = false;
  private faulted = false;

  constructor(
    private readonly module: AgentModule,
    width: number,
    height: number,
    private readonly system: RotationSystem,
    private readonly mode: PlacementMode = 'drop',
  ) {
    this.generator = new PlacementGenerator(width, height, system);
    this.agent = module.newAgent();
  }

  /** The agent's placement for a turn (null when the piece has none); what the agent does wrong is an {@link AgentFault}. */
  choose(state: TurnState): Choice | null {
    const turn = this.nextTurn(state);
    if (turn === null) return null;
    let answer: unknown;
    try {
      if (turn.start !== null) this.agent.begin?.(turn.start);
      answer = this.agent.choose(turn.shown);
    } catch (error) {
      throw this.fault(error);
    }
    return this.choiceOf(turn, answer);
  }

  /** {@link choose} leaving this thread free while the agent thinks on its own thread or process (the server's turns). */
  async chooseAsync(state: TurnState): Promise<Choice | null> {
    const turn = this.nextTurn(state);
    if (turn === null) return null;
    let answer: unknown;
    try {
      if (turn.start !== null) await this.agent.beginAsync?.(turn.start);
      answer = await this.agent.chooseAsync(turn.shown);
    } catch (error) {
      throw this.fault(error);
    }
    return this.choiceOf(turn, answer);
  }

  /** The turn as the agent is shown it: null when the piece has no placement. */
  private nextTurn(state: TurnState): ShownTurn | null {
    this.chosen = null;
    const given = state.placements; // the placements a front end knows better (the Aveiro client's), else the generator's
    const list = given ?? this.generator;
    const count = given?.count ?? this.generator.generate(state.board, state.piece, this.mode, state.from);
    if (count === 0) return null;
    const placements = shownPlacements(list, count, this.system, state.piece);
    const { width, height } = state.board;
    const start = this.begun ? null : { width, height, rules: state.rules.name, preview: state.preview.length };
    this.begun = true;
    const shown = {
      board: state.board.clone(),
      piece: pieceName(state.piece),
      preview: state.preview.map(pieceName),
      placements,
      score: state.score,
    };
    return { list, shown, start };
  }

  /** The choice of the agent's answer, which must be the index of one of the turn's placements. */
  private choiceOf(turn: ShownTurn, answer: unknown): Choice {
    const count = turn.shown.placements.length;
    if (!Number.isInteger(answer) || (answer as number) < 0 || (answer as number) >= count) {
      throw this.fault(
        new AgentFault(`${this.module.file} answered ${shownAnswer(answer)}: not the index of one of the ${count} placements`),
      );
    }
    this.chosen = { list: turn.list, index: answer as number };
    const { rotation, x, y } = turn.shown.placements[answer as number];
    return { rotation, x, y, value: 0 };
  }

  /** What the agent threw (or the thread or process it plays on) as its fault, which ends its game. */
  private fault(error: unknown): AgentFault {
    this.faulted = true;
    if (error instanceof AgentFault) return error;
    if (error instanceof ThreadEnded) return new AgentFault(`${this.module.file} ${endOf(error)}`);
    return new AgentFault(`${this.module.file} threw: ${messageOf(error)}`);
  }

  /** The keys that play the last choice from where the piece was (null when none reaches it), as a TetrisAgent's. */
  keysOfChoice(): string | null {
    return this.chosen === null ? null : this.chosen.list.keys(this.chosen.index);
  }

  /** Lets go of the agent (its thread, its process) when the game has ended. */
  stop(): void {
    this.agent.stop(this.faulted);
  }
}

/** An agent's answer as the fault shows it: as JSON where it can be (a BigInt, a function or a cycle cannot). */
function shownAnswer(answer: unknown): string {
  if (typeof answer === 'bigint') return `${answer}n`;
  try {
    return JSON.stringify(answer) ?? String(answer);
  } catch {
    return String(answer);
  }
}
