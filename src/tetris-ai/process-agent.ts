/**
 * Agents that are programs, in Python or any language: a Python file (`--agent my_agent.py`, run by
 * `$GRIDMIND_PYTHON`, else `python3`) or any command (`--agent-command CMD`, run by `/bin/sh -c`), that
 * speak JSON lines on their stdin and stdout (the protocol is docs/own-agent.md's, "Python and any
 * language: an agent over a pipe"). A program plays wherever an agent in code does, as an
 * {@link AgentModule}: each of its processes is owned by a thread of its own (process-agent-thread.ts),
 * so that a move waits at most the move time limit, and is reused from game to game until a fault ends
 * one of its games (the process is then killed).
 */
import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { getEnvironmentData, setEnvironmentData } from 'node:worker_threads';
import { InputError } from '../core/errors.ts';
import { DEFAULT_THREAD_MEMORY_MB } from '../node/thread-limits.ts';
import { TimedThread } from '../node/timed-thread.ts';
import type { PieceName } from '../tetris/pieces.ts';
import { AgentFault } from './agent.ts';
import { DEFAULT_MOVE_TIME_LIMIT } from './agent-limits.ts';
import {
  isCodeAgent,
  lateFault,
  loadCodeAgent,
  type AgentModule,
  type TurnData,
  type GameAgent,
  type GameStart,
  type Placement,
} from './code-agents.ts';

/** What the thread is started with: the program, where to write its pid, and the MB of memory it may use. */
export interface ProgramThreadData {
  readonly program: AgentProgram;
  readonly pid: Int32Array;
  readonly memoryMb: number;
}

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

/** What kind of agent an outside agent is, for messages: an agent in code, or a program. */
export function outsideKind(agent: OutsideAgent): string {
  return 'module' in agent ? 'an agent in code' : 'a program';
}

/** The Python that runs agents in Python: `$GRIDMIND_PYTHON`, else `python3`. */
export function pythonCommand(): string {
  return process.env.GRIDMIND_PYTHON || 'python3';
}

/** Whether `file` is a file this process may execute. */
function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Whether `command` names a program that can run: a path, or a name on the PATH (the shell's default PATH when none is set). */
function canRun(command: string): boolean {
  if (command.includes('/')) return isExecutable(command);
  return (process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin').split(delimiter).some((dir) => isExecutable(join(dir, command)));
}

/** Throws an InputError, saying how to mend it, when {@link pythonCommand} names no program that can run. */
function checkPython(agentFile: string): void {
  const python = pythonCommand();
  if (canRun(python)) return;
  throw new InputError(
    process.env.GRIDMIND_PYTHON
      ? `cannot run the Python agent ${agentFile}: GRIDMIND_PYTHON is ${JSON.stringify(python)}, which is not a program that can run; ` +
          'point it at a Python 3 that has the gridmind package (pip install ./python), or unset it to use python3'
      : `cannot run the Python agent ${agentFile}: python3 is not on the PATH; install Python 3, or set GRIDMIND_PYTHON to a Python 3`,
  );
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

/**
 * How long a killed program is given to be gone: for its thread to reap it (so that no zombie is left)
 * before the thread is stopped, or, when the process exits, to die before the process does.
 */
const REAP_LIMIT_MS = 1000;

/**
 * A slot of {@link programPids} holds 0 while free; else RESERVED until the program has started, then its
 * pid, and EXITED once its thread has seen it exit (or it could not be started); the process frees it
 * when it is done.
 */
const RESERVED = -1;
export const EXITED = -2;

/** This thread's processes that have not been let go. */
const kept = new Set<ProgramProcess>();

/**
 * The pids of the programs every thread of this process has started (0: a free slot): the threads
 * started after this module was first loaded take the same shared memory as environment data (so do
 * theirs), so that when the process exits, the programs still running are ended whichever thread
 * started them (a bench worker thread is stopped without a word to its programs).
 */
const programPids = ((): Int32Array => {
  const key = 'gridmind: the pids of agent programs';
  const shared = getEnvironmentData(key) as SharedArrayBuffer | undefined;
  if (shared !== undefined) return new Int32Array(shared);
  const pids = new Int32Array(new SharedArrayBuffer(4 * 1024));
  setEnvironmentData(key, pids.buffer as SharedArrayBuffer);
  process.once('exit', () => {
    kept.forEach((child) => child.kill());
    endPrograms(pids);
  });
  return pids;
})();

/**
 * Ends the programs of stopped threads still running when the process exits: their stdin has closed, so
 * they are given CLOSE_LIMIT_MS to exit where the process table can tell (Linux's /proc), then killed,
 * and given REAP_LIMIT_MS to be gone, so that none is still running once the process has exited.
 */
function endPrograms(pids: Int32Array): void {
  const running = () => [...pids].filter((pid) => pid > 0 && !hasExited(pid));
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const canTell = existsSync('/proc/self/stat');
  const waitWhileRunning = (limit: number) => {
    const deadline = performance.now() + (canTell ? limit : 0);
    while (running().length > 0 && performance.now() < deadline) Atomics.wait(pause, 0, 0, 10);
  };
  waitWhileRunning(CLOSE_LIMIT_MS);
  for (const pid of running()) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // exited meanwhile
    }
  }
  waitWhileRunning(REAP_LIMIT_MS);
}

/** Whether a process has exited (a zombie included: its parent thread is gone, and init reaps it), where /proc tells; else false. */
function hasExited(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '')[0] === 'Z';
  } catch {
    return existsSync('/proc/self/stat'); // no entry: gone, if there is a /proc at all
  }
}

/** A slot of {@link programPids} for a new process (when every slot is taken, one of its own, which the process's exit does not see). */
function pidSlot(): Int32Array {
  for (let slot = 0; slot < programPids.length; slot++)
    if (Atomics.compareExchange(programPids, slot, 0, RESERVED) === 0) return programPids.subarray(slot, slot + 1);
  return new Int32Array(new SharedArrayBuffer(4));
}

/** One process of a program, which may use `memoryMb` MB of memory (process-agent-thread.ts), and the thread that owns it. */
class ProgramProcess {
  private readonly pid = pidSlot();
  private readonly thread: TimedThread<ProgramThreadData, ProgramRequest, unknown>;

  constructor(
    readonly label: string,
    program: AgentProgram,
    private readonly moveTimeLimit: number,
    memoryMb: number,
  ) {
    this.thread = new TimedThread<ProgramThreadData, ProgramRequest, unknown>(
      import.meta.url,
      './process-agent-thread',
      { program, pid: this.pid, memoryMb },
      () => this.killProgram(),
    );
    kept.add(this);
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
      throw this.fault(error);
    }
  }

  /** {@link request} leaving this thread free while the program answers. */
  async requestAsync(request: ProgramRequest, limit = this.moveTimeLimit): Promise<unknown> {
    try {
      return await this.thread.requestAsync(request, limit, lateFault(this.label));
    } catch (error) {
      throw this.fault(error);
    }
  }

  /** Kills the process after what went wrong with a request, and returns it as an {@link AgentFault} naming the program. */
  private fault(error: unknown): AgentFault {
    this.kill();
    return error instanceof AgentFault ? error : new AgentFault(`${this.label} ${(error as Error).message}`);
  }

  /** Kills the program if it is running, stops its thread, and frees its pid's slot. */
  kill(): void {
    this.thread.stop();
    Atomics.store(this.pid, 0, 0);
    kept.delete(this);
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

  async beginAsync(game: GameStart): Promise<void> {
    this.begun = true;
    await this.child.requestAsync({ type: 'start', ...game });
  }

  choose(turn: TurnData): number {
    return this.child.request(programTurn(turn)) as number;
  }

  chooseAsync(turn: TurnData): Promise<number> {
    return this.child.requestAsync(programTurn(turn)) as Promise<number>;
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

/** A turn as the protocol sends it to a program. */
function programTurn({ board, piece, preview, placements, score }: TurnData): ProgramRequest {
  const cells = Array.from({ length: board.height }, (_, y) =>
    Array.from({ length: board.width }, (_, x) => (board.isFilled(x, y) ? 1 : 0)),
  );
  return { type: 'turn', board: cells, piece, preview, placements, score };
}

/**
 * Starts a program and waits for its answer to hello (at most THREAD_START_LIMIT_MS, or the move time
 * limit if longer): a program that cannot be found or run, or does not answer hello with a JSON object,
 * is an InputError. Its agents play on that process and on more, started as games need them: each
 * process plays one game at a time and then the next, and may use `memoryMb` MB of memory (where the
 * system holds it to that: process-agent-thread.ts). `close()` lets the idle processes go.
 */
export function loadProgramAgent(
  program: AgentProgram,
  moveTimeLimit = DEFAULT_MOVE_TIME_LIMIT,
  memoryMb = DEFAULT_THREAD_MEMORY_MB,
): AgentModule {
  const label = programLabel(program);
  if ('python' in program) {
    if (!statSync(program.python, { throwIfNoEntry: false })?.isFile())
      throw new InputError(`cannot find the agent program ${label}: no such file`);
    checkPython(label);
  }
  const startProcess = () => new ProgramProcess(label, program, moveTimeLimit, memoryMb);
  const first = startProcess();
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
    newAgent: () => new ProgramAgent(shown, idle.pop() ?? startProcess(), (child) => idle.push(child)),
    close: () => idle.splice(0).forEach((child) => child.close()),
  };
}

/**
 * Loads an agent in code ({@link loadCodeAgent}) or a program ({@link loadProgramAgent}) with its limits,
 * refused before any game if it cannot play.
 */
export async function loadOutsideAgent(
  agent: OutsideAgent,
  moveTimeLimit = DEFAULT_MOVE_TIME_LIMIT,
  memoryMb = DEFAULT_THREAD_MEMORY_MB,
): Promise<AgentModule> {
  return 'module' in agent
    ? loadCodeAgent(agent.module, moveTimeLimit, memoryMb)
    : loadProgramAgent(agent.program, moveTimeLimit, memoryMb);
}
