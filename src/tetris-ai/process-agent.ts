/**
 * Agents that are programs, in Python or any language: a Python file (`--agent my_agent.py`, run by
 * `$GRIDMIND_PYTHON`, else `python3`) or any command (`--agent-command CMD`, run by `/bin/sh -c`), that
 * speak JSON lines on their stdin and stdout (the protocol is docs/own-agent.md's, "Python and any
 * language: an agent over a pipe"). A program plays wherever an agent in code does, as an
 * {@link AgentModule}: each of its processes is owned by a thread of its own (process-agent-thread.ts),
 * so that a move waits at most the move time limit, and is reused from game to game until a fault ends
 * one of its games (the process is then killed).
 */
import { statSync } from 'node:fs';
import { InputError } from '../core/errors.ts';
import { TimedThread } from '../core/timed-thread.ts';
import type { PieceName } from '../tetris/pieces.ts';
import { AgentFault } from './agent.ts';
import {
  DEFAULT_MOVE_TIME_LIMIT,
  isCodeAgent,
  lateFault,
  loadCodeAgent,
  type AgentModule,
  type AgentTurn,
  type GameAgent,
  type GameStart,
  type Placement,
} from './code-agents.ts';
import type { ProgramThreadData } from './process-agent-thread.ts';

/** A program that plays: a Python file, or a command for `/bin/sh -c`. */
export type AgentProgram = { readonly python: string } | { readonly command: string };

/** An agent Gridmind runs rather than holds as data: a module of code (its file), or a program. */
export type OutsideAgent = { readonly module: string } | { readonly program: AgentProgram };

/** Whether an `--agent` names a Python program. */
export function isPythonAgent(nameOrPath: string): boolean {
  return /\.py$/.test(nameOrPath);
}

/** The agent in code or the Python program an `--agent` names; null for a built-in agent or an agent file. */
export function outsideAgentOf(name: string): OutsideAgent | null {
  if (isCodeAgent(name)) return { module: name };
  return isPythonAgent(name) ? { program: { python: name } } : null;
}

/** What an agent of outside is, for messages: an agent in code, or a program. */
export function outsideKind(agent: OutsideAgent): string {
  return 'module' in agent ? 'an agent in code' : 'a program';
}

/** How a program is named in results and faults: its file, or its command. */
export function programLabel(program: AgentProgram): string {
  return 'python' in program ? program.python : program.command;
}

/**
 * What the thread of a process is asked: a message of the protocol to write (a turn is answered with
 * the program's answer), the name it answered hello with, or to close its stdin and wait until it exits.
 */
export type ProgramRequest =
  | ({ readonly type: 'start' } & GameStart)
  | {
      readonly type: 'turn';
      /** Rows from the floor up, each a cell per column: 1 filled, 0 empty. */
      readonly board: number[][];
      readonly piece: PieceName;
      readonly preview: readonly PieceName[];
      readonly placements: readonly Placement[];
      readonly score: number;
    }
  | { readonly type: 'end' }
  | { readonly type: 'name' }
  | { readonly type: 'close' };

/** How long a program is given to exit once its stdin is closed, before it is killed. */
const CLOSE_LIMIT_MS = 2000;

/** How long a killed program's thread is given to reap it (so that no zombie is left) before the thread is stopped. */
const REAP_LIMIT_MS = 1000;

/** The processes of this thread's programs that may be running, killed when this thread's process exits. */
const running = new Set<ProgramProcess>();
let exitHooked = false;

/** One process of a program, and the thread that owns it. */
class ProgramProcess {
  private readonly pid = new Int32Array(new SharedArrayBuffer(4));
  private readonly thread: TimedThread<ProgramThreadData, ProgramRequest, unknown>;

  constructor(
    readonly label: string,
    program: AgentProgram,
    private readonly moveTimeLimit: number,
  ) {
    this.thread = new TimedThread<ProgramThreadData, ProgramRequest, unknown>(
      import.meta.url,
      './process-agent-thread',
      { program, pid: this.pid },
      () => this.killProgram(),
    );
    running.add(this);
    if (!exitHooked) process.once('exit', () => running.forEach((child) => child.kill()));
    exitHooked = true;
  }

  /**
   * Sends a request and returns its answer, waiting at most the move time limit (the first, while the
   * program starts and answers hello, at least THREAD_START_LIMIT_MS). Whatever goes wrong kills the
   * process and is an {@link AgentFault} naming the program.
   */
  request(request: ProgramRequest, limit = this.moveTimeLimit): unknown {
    try {
      return this.thread.request(request, limit, lateFault(this.label));
    } catch (error) {
      this.kill();
      throw error instanceof AgentFault ? error : new AgentFault(`${this.label} ${(error as Error).message}`);
    }
  }

  /** Kills the program if it is running, and stops its thread. */
  kill(): void {
    this.thread.stop();
    running.delete(this);
  }

  /** Kills the program's process group, if it is running, and waits for the thread to reap it. */
  private killProgram(): void {
    const pid = Atomics.load(this.pid, 0);
    if (pid <= 0) return;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      return; // it has exited meanwhile
    }
    Atomics.wait(this.pid, 0, pid, REAP_LIMIT_MS);
  }

  /** Closes the program's stdin, which should make it exit; one that does not within CLOSE_LIMIT_MS is killed. */
  close(): void {
    try {
      this.request({ type: 'close' }, CLOSE_LIMIT_MS);
    } catch {
      return; // killed
    }
    this.kill();
  }
}

/** A program's agent for one game, on a process of its own until the game ends. */
class ProgramAgent implements GameAgent {
  private begun = false;
  private stopped = false;

  constructor(
    readonly name: string,
    private readonly child: ProgramProcess,
    private readonly release: (child: ProgramProcess) => void,
  ) {}

  begin(game: GameStart): void {
    this.begun = true;
    this.child.request({ type: 'start', ...game });
  }

  choose({ board, piece, preview, placements, score }: AgentTurn): number {
    const cells = Array.from({ length: board.height }, (_, y) =>
      Array.from({ length: board.width }, (_, x) => (board.isFilled(x, y) ? 1 : 0)),
    );
    return this.child.request({ type: 'turn', board: cells, piece, preview, placements, score }) as number;
  }

  /** Ends the game: a faulted process is killed, another is told the game has ended and kept for the next. */
  stop(faulted = false): void {
    if (this.stopped) return;
    this.stopped = true;
    if (faulted) return this.child.kill();
    try {
      if (this.begun) this.child.request({ type: 'end' });
    } catch {
      return; // killed
    }
    this.release(this.child);
  }
}

/**
 * Starts a program and waits for its answer to hello (at most THREAD_START_LIMIT_MS, or the move time
 * limit if longer): a program that cannot be found or run, or does not answer hello with a JSON object,
 * is an InputError. Its agents play on that process and on more, started as games need them: each
 * process plays one game at a time and then the next. `close()` lets the idle processes go.
 */
export function loadProgramAgent(program: AgentProgram, moveTimeLimit = DEFAULT_MOVE_TIME_LIMIT): AgentModule {
  const label = programLabel(program);
  if ('python' in program && !statSync(program.python, { throwIfNoEntry: false })?.isFile())
    throw new InputError(`cannot find the agent program ${label}: no such file`);
  const first = new ProgramProcess(label, program, moveTimeLimit);
  let name: unknown;
  try {
    name = first.request({ type: 'name' });
  } catch (error) {
    throw new InputError(`cannot start the agent program: ${(error as Error).message}`);
  }
  const idle = [first];
  const shown = typeof name === 'string' && name !== '' ? name : label;
  return {
    file: label,
    name: shown,
    newAgent: () => new ProgramAgent(shown, idle.pop() ?? new ProgramProcess(label, program, moveTimeLimit), (child) => idle.push(child)),
    close: () => idle.splice(0).forEach((child) => child.close()),
  };
}

/** Loads an agent in code ({@link loadCodeAgent}) or a program ({@link loadProgramAgent}), refused before any game if it cannot play. */
export async function loadOutsideAgent(agent: OutsideAgent, moveTimeLimit = DEFAULT_MOVE_TIME_LIMIT): Promise<AgentModule> {
  return 'module' in agent ? loadCodeAgent(agent.module, moveTimeLimit) : loadProgramAgent(agent.program, moveTimeLimit);
}
