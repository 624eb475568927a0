/**
 * The thread that owns one process of an agent program (process-agent.ts starts it): it starts the
 * program under its memory limit, says hello, and then writes each request as a line of JSON on the
 * program's stdin, answering a turn with the program's next line on its stdout. The program's stderr goes
 * on to Gridmind's, and its last line is kept for the fault of a program that stops. The thread writes
 * the program's pid into `pid`, so that the caller can kill it (its process group) when it is late, and
 * EXITED once the program has exited and been reaped (with a notify, for a caller waiting on it) or
 * could not be started.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { answerOnThread } from '../node/timed-thread.ts';
import { MEMORY_LIMIT_NOTE } from './code-agents.ts';
import { EXITED, pythonCommand, type AgentProgram, type ProgramRequest, type ProgramThreadData } from './process-agent.ts';

/** The version of the protocol, sent with hello. */
const PROTOCOL = 1;

/**
 * How long a program that has closed its stdout is given to exit, so that its fault can say how it did
 * (Python closes it before it unloads its modules, which a busy machine makes slow).
 */
const EXIT_WAIT_MS = 500;

/**
 * Whether a program's memory is limited: on Linux, where the kernel holds a process to its data limit
 * (RLIMIT_DATA: its heap and private writable mappings, what it allocates), which the shell's `ulimit -d`
 * sets. macOS takes the limit but does not hold a process to it.
 */
const LIMITS_MEMORY = process.platform === 'linux';

/**
 * What a program that ran out of memory writes on its stderr as it fails (Python's MemoryError, Node's,
 * Go's and Java's "out of memory", C++'s bad_alloc, C's ENOMEM, OpenBLAS's and Rust's "memory allocation
 * … failed"), so that its fault can say so.
 */
const OUT_OF_MEMORY = /MemoryError|out ?of ?memory|bad_alloc|cannot allocate memory|memory allocation\b.*\bfailed/i;

/**
 * The command line that runs `argv` under a data limit of `memoryMb` MB where {@link LIMITS_MEMORY} (a
 * limit the shell cannot set, above a hard limit, leaves the one there is).
 */
function underMemoryLimit(argv: readonly string[], memoryMb: number): string[] {
  // The shell's $0 names it in what it says of a program it cannot start.
  return LIMITS_MEMORY
    ? ['/bin/sh', '-c', 'ulimit -d "$1" 2>/dev/null; shift; exec "$@"', 'gridmind', String(memoryMb * 1024), ...argv]
    : [...argv];
}

/** A line of the program's as a fault shows it: quoted, and cut short. */
const shown = (line: string) => JSON.stringify(line.length > 80 ? `${line.slice(0, 80)}…` : line);

class ProgramPipe {
  readonly name: Promise<string | null>;
  private readonly child: ChildProcessWithoutNullStreams;
  /** Lines the program wrote that nothing has read yet. */
  private readonly lines: string[] = [];
  private waiting: { resolve: (line: string) => void; reject: (error: Error) => void; when: string } | null = null;
  private outputClosed = false;
  /** How the program ended (exited with status 1, could not be run), once it has and its output has closed. */
  private readonly ended: Promise<string>;
  private stderrTail = '';
  /** Whether what the program wrote on its stderr since the last message it was sent says it ran out of memory. */
  private saidOutOfMemory = false;

  constructor(
    program: AgentProgram,
    pid: Int32Array,
    private readonly memoryMb: number,
  ) {
    const argv = 'python' in program ? [pythonCommand(), program.python] : ['/bin/sh', '-c', program.command];
    const [command, ...args] = underMemoryLimit(argv, memoryMb);
    // A process group of its own (detached), so that killing the group also kills what a shell started.
    this.child = spawn(command, args, { stdio: 'pipe', detached: true });
    const started = this.child.pid ?? EXITED;
    Atomics.store(pid, 0, started);
    this.child.once('exit', () => {
      Atomics.compareExchange(pid, 0, started, EXITED); // unless the slot has been freed meanwhile
      Atomics.notify(pid, 0);
    });
    this.ended = new Promise((resolve) => {
      this.child.once('error', (error) => resolve(`cannot be run (${command}: ${error.message})`));
      // 'close', after 'exit': its stderr is read to the end.
      this.child.once('close', (code, signal) => resolve(code === null ? `was killed by ${signal}` : `exited with status ${code}`));
    });
    this.child.stdin.on('error', () => {}); // writing to a program that has gone: found when its answer is read
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', (text: string) => {
      writeSync(2, text);
      const tail = this.stderrTail + text;
      this.saidOutOfMemory ||= LIMITS_MEMORY && OUT_OF_MEMORY.test(tail);
      this.stderrTail = tail.slice(-2000);
    });
    const output = createInterface({ input: this.child.stdout, crlfDelay: Infinity });
    output.on('line', (line) => {
      if (this.waiting === null) this.lines.push(line);
      else this.take().resolve(line);
    });
    output.on('close', () => {
      this.outputClosed = true;
      if (this.waiting !== null) void this.failWaiting();
    });
    this.send({ type: 'hello', protocol: PROTOCOL });
    this.name = this.nextLine('before answering hello').then((line) => {
      let hello: unknown;
      try {
        hello = JSON.parse(line);
      } catch {
        hello = null;
      }
      const name = (hello as { name?: unknown } | null)?.name;
      if (hello === null || typeof hello !== 'object' || Array.isArray(hello) || (name !== undefined && typeof name !== 'string'))
        throw new Error(`answered hello with ${shown(line)}: not a JSON object such as {"name": "my agent"}`);
      return name ?? null;
    });
  }

  answer(request: ProgramRequest): unknown {
    switch (request.type) {
      case 'name':
        return this.name;
      case 'close':
        this.child.stdin.end();
        return this.ended.then(() => null);
      case 'turn':
        if (this.lines.length > 0) throw new Error(`wrote a line no turn asked for: ${shown(this.lines[0])}`);
        this.send(request);
        return this.nextLine('during a move').then(placementOf);
      default:
        this.send(request);
        return null;
    }
  }

  private send(message: object): void {
    this.saidOutOfMemory = false;
    this.child.stdin.write(`${JSON.stringify(message)}\n`);
  }

  private nextLine(when: string): Promise<string> {
    const line = this.lines.shift();
    if (line !== undefined) return Promise.resolve(line);
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject, when };
      if (this.outputClosed) void this.failWaiting();
    });
  }

  private take(): NonNullable<ProgramPipe['waiting']> {
    const waiting = this.waiting!;
    this.waiting = null;
    return waiting;
  }

  /**
   * Rejects the line awaited: the program's stdout has closed. Says that the program ran out of its memory
   * when its stderr says so, else how it ended, with the last line of its stderr.
   */
  private async failWaiting(): Promise<void> {
    const { reject, when } = this.take();
    const how = await Promise.race([this.ended, sleep(EXIT_WAIT_MS, 'closed its stdout')]);
    if (this.saidOutOfMemory) return reject(new Error(`ran out of its ${this.memoryMb} MB of memory ${when} ${MEMORY_LIMIT_NOTE}`));
    const last = this.stderrTail.trimEnd().split('\n').at(-1)?.trim();
    reject(new Error(`${how} ${when}${last ? ` (the last line of its stderr: ${last})` : ''}`));
  }
}

/** The index a program's answer to a turn gives: a bare number, or `{"placement": index}` (the chooser checks it). */
function placementOf(line: string): unknown {
  let answer: unknown;
  try {
    answer = JSON.parse(line);
  } catch {
    throw new Error(`answered ${shown(line)}: not JSON`);
  }
  if (typeof answer === 'number') return answer;
  if (answer !== null && typeof answer === 'object' && 'placement' in answer) return answer.placement;
  throw new Error(`answered ${shown(line)}: neither the index of a placement nor {"placement": index}`);
}

await answerOnThread(async ({ program, pid, memoryMb }: ProgramThreadData) => {
  const pipe = new ProgramPipe(program, pid, memoryMb);
  await pipe.name;
  return (request: ProgramRequest) => pipe.answer(request);
});
