/**
 * A module run on a worker thread of its own that answers requests one at a time, while the calling
 * thread waits for each answer, synchronously or as a promise, and at most a time limit: code that
 * hangs is stopped instead of hanging its caller. Gridmind runs users' agents and solvers in code this way, and talks to
 * an agent program over a pipe from such a thread.
 *
 * The thread's module calls {@link answerOnThread} once. Its first reply says whether it is ready; then it
 * replies to each request. After each reply it sets `posted[0]` to 1 and wakes the caller, which waits on
 * it with `Atomics.wait` (or, leaving its thread free meanwhile, `Atomics.waitAsync`) and then takes the
 * reply from the port with `receiveMessageOnPort`.
 */
import { messageOf } from '../core/errors.ts';
import { DEFAULT_THREAD_MEMORY_MB, THREAD_START_LIMIT_MS } from './thread-limits.ts';
import { lowerThisThreadsPriority } from './thread-priority.ts';
import { MessageChannel, receiveMessageOnPort, Worker, workerData, type MessagePort } from 'node:worker_threads';

/**
 * How often the caller checks for a reply before it sleeps in `Atomics.wait` (some tens of
 * microseconds): a quick agent answers within that, and waking from the wait costs more than the answer
 * (`npm run bench code-agents`).
 */
const CHECKS_BEFORE_SLEEP = 20_000;

/**
 * How often, in milliseconds, a caller waiting for a reply checks that the thread is still there: Node
 * stops a thread past its memory limit, which its caller, waiting, cannot hear of but by asking.
 */
const LIFE_CHECK_MS = 20;

/**
 * What the caller posts to the thread to learn whether it is still there: Node's `postMessage` returns
 * false once the port at the other end has closed, as the thread's port does when the thread ends (Node
 * does not document it: were it to return nothing, a thread past its memory limit would be found at its
 * time limit instead). The thread ignores it.
 */
const LIFE_CHECK = null;

/**
 * What a thread replies: ready (first), a request's answer, what went wrong, or that its code ended
 * the thread or threw outside any answer (`process.exit`, a throw in a timer, a rejected promise nobody
 * awaited).
 */
export type ThreadReply<A> = { readonly ready: true } | { readonly answer: A } | { readonly error: string } | { readonly ended: string };

/** A thread's code ended its thread, or threw where no answer could carry it: the message says which. */
export class ThreadEnded extends Error {}

/**
 * The thread ended without a reply, which is how Node stops a thread that passes its memory limit: every
 * end the code it runs can cause (process.exit, a throw outside an answer) is replied by
 * {@link answerOnThread}.
 */
export class ThreadOutOfMemory extends ThreadEnded {}

interface TimedThreadData<D> {
  /** The module typescript-thread.mjs imports (from the sources only). */
  readonly entry: string;
  readonly data: D;
  readonly port: MessagePort;
  readonly posted: Int32Array;
}

/**
 * The worker-thread entry for `module` (a path relative to `from`, a module's `import.meta.url`, without
 * extension) and the module the entry imports (as the thread's `workerData.entry`): compiled, the
 * module itself; from the sources, typescript-thread.mjs, which gives the thread tsx's loader first.
 */
export function threadEntry(from: string, module: string): { entry: URL; source: string } {
  if (!from.endsWith('.ts')) return { entry: new URL(`${module}.js`, from), source: '' };
  return { entry: new URL('./typescript-thread.mjs', import.meta.url), source: new URL(`${module}.ts`, from).href };
}

/** The calling side: starts the thread; `request` (or `requestAsync`) waits for each answer at most the time it is given. */
export class TimedThread<D, R, A> {
  private readonly thread: Worker;
  private readonly port: MessagePort;
  private readonly posted = new Int32Array(new SharedArrayBuffer(4));
  private ready = false;
  /** Whether the thread has ended, as a caller that awaits hears (one that waits in `Atomics.wait` cannot). */
  private exited = false;

  /**
   * Starts `module` (relative to `from`, the caller's `import.meta.url`, no extension) with `data`;
   * `beforeStop` runs each time the thread is stopped, before it is (to end what the thread started).
   * The thread may use `memoryMb` of memory; what it prints goes to this process's stderr, never into
   * its stdout (which may be a command's JSON): see {@link answerOnThread}.
   */
  constructor(
    from: string,
    module: string,
    data: D,
    private readonly beforeStop?: () => void,
    private readonly memoryMb = DEFAULT_THREAD_MEMORY_MB,
  ) {
    const { port1, port2 } = new MessageChannel();
    const { entry, source } = threadEntry(from, module);
    const threadData: TimedThreadData<D> = { entry: source, data, port: port2, posted: this.posted };
    this.thread = new Worker(entry, {
      workerData: threadData,
      transferList: [port2],
      resourceLimits: { maxOldGenerationSizeMb: memoryMb },
    });
    this.thread.unref(); // a thread left running never keeps the process alive
    // A thread that dies without replying (past its memory limit) is found by the caller's life checks,
    // which this event comes after; it must not end the process.
    this.thread.on('error', () => {});
    this.thread.once('exit', () => (this.exited = true));
    this.port = port1;
  }

  /**
   * Sends a request and returns the answer, or throws: what the thread threw, as an Error with its
   * message; a {@link ThreadEnded} when its code ended the thread or threw outside an answer, a
   * {@link ThreadOutOfMemory} when it passed its memory limit (the thread is then stopped);
   * `late(limit, false)` when the thread has not answered within `limit` ms,
   * or `late(startLimit, true)` when it has not started within the larger of `limit` and
   * {@link THREAD_START_LIMIT_MS} (the thread is then stopped).
   */
  request(request: R, limit: number, late: (limit: number, starting: boolean) => Error): A {
    if (!this.ready) {
      const startLimit = Math.max(limit, THREAD_START_LIMIT_MS);
      this.ready = 'ready' in this.answered(this.nextReply(startLimit, () => late(startLimit, true)));
    }
    this.post(request);
    return (this.answered(this.nextReply(limit, () => late(limit, false))) as { answer: A }).answer;
  }

  /**
   * {@link request} leaving this thread free while the thread answers: the answer, or what `request`
   * throws, comes as a promise (the server's turns, which must not hold its other clients). One request
   * at a time: the next is sent once this one has settled.
   */
  async requestAsync(request: R, limit: number, late: (limit: number, starting: boolean) => Error): Promise<A> {
    const startLimit = Math.max(limit, THREAD_START_LIMIT_MS);
    const awake = setTimeout(() => {}, startLimit + limit); // an awaited answer holds the process open, as Atomics.waitAsync does not
    try {
      if (!this.ready) this.ready = 'ready' in this.answered(await this.nextReplyAsync(startLimit, () => late(startLimit, true)));
      this.post(request);
      return (this.answered(await this.nextReplyAsync(limit, () => late(limit, false))) as { answer: A }).answer;
    } finally {
      clearTimeout(awake);
    }
  }

  private post(request: R): void {
    Atomics.store(this.posted, 0, 0);
    this.port.postMessage(request);
  }

  /** A reply that is no error; an error or an end is thrown. */
  private answered(reply: ThreadReply<A>): ThreadReply<A> {
    if ('error' in reply) throw new Error(reply.error);
    if ('ended' in reply) {
      this.stop();
      throw new ThreadEnded(reply.ended);
    }
    return reply;
  }

  stop(): void {
    this.beforeStop?.();
    this.port.close();
    void this.thread.terminate();
  }

  /**
   * Waits until the thread has posted its next reply, then takes it, checking every LIFE_CHECK_MS that
   * the thread is still there (a reply it posted before it ended is taken). A wake-up can come without a
   * reply: the notification of the previous one may land after this wait began, so the flag is checked again.
   */
  private nextReply(limit: number, late: () => Error): ThreadReply<A> {
    for (let check = 0; check < CHECKS_BEFORE_SLEEP && Atomics.load(this.posted, 0) === 0; check++);
    const deadline = performance.now() + limit;
    while (Atomics.load(this.posted, 0) === 0) {
      const left = deadline - performance.now();
      if (left <= 0) this.fail(late());
      if (Atomics.wait(this.posted, 0, 0, Math.min(left, LIFE_CHECK_MS)) === 'timed-out') this.checkLife();
    }
    return receiveMessageOnPort(this.port)!.message as ThreadReply<A>;
  }

  /** {@link nextReply} awaited: `Atomics.waitAsync` in place of `Atomics.wait`, and no busy checks first. */
  private async nextReplyAsync(limit: number, late: () => Error): Promise<ThreadReply<A>> {
    const deadline = performance.now() + limit;
    while (Atomics.load(this.posted, 0) === 0) {
      const left = deadline - performance.now();
      if (left <= 0) this.fail(late());
      const wait = Atomics.waitAsync(this.posted, 0, 0, Math.min(left, LIFE_CHECK_MS));
      if ((wait.async ? await wait.value : wait.value) === 'timed-out') this.checkLife();
    }
    return receiveMessageOnPort(this.port)!.message as ThreadReply<A>;
  }

  /**
   * Stops the thread and throws a {@link ThreadOutOfMemory} when it has ended without a reply: its exit
   * heard (by a caller that awaits), or its port found closed (see LIFE_CHECK).
   */
  private checkLife(): void {
    const running = !this.exited && (this.port.postMessage(LIFE_CHECK) as unknown) !== false;
    if (!running && Atomics.load(this.posted, 0) === 0)
      this.fail(new ThreadOutOfMemory(`ran out of its ${this.memoryMb} MB of memory: stopped`));
  }

  /** Stops the thread and throws `error`. */
  private fail(error: Error): never {
    this.stop();
    throw error;
  }
}

/**
 * The thread's side: `start` gets the data the thread was started with and returns how to answer each
 * request, at once or as a promise (a thread that talks to a child process); what it or an answer
 * throws, or an answer's promise rejects with, is replied as an error.
 */
export async function answerOnThread<D, R, A>(start: (data: D) => Promise<(request: R) => A | Promise<A>>): Promise<void> {
  const { data, port, posted } = workerData as TimedThreadData<D>;
  lowerThisThreadsPriority(); // its caller (a server's main thread, a game's clock) goes first
  process.stdout.write = process.stderr.write.bind(process.stderr); // what the thread's code prints is never a command's output
  const reply = (message: ThreadReply<A>) => {
    port.postMessage(message);
    Atomics.store(posted, 0, 1);
    Atomics.notify(posted, 0);
  };
  const errorOf = (error: unknown) => ({ error: messageOf(error) });
  let started = false;
  process.on('exit', (code) =>
    reply({
      ended: started
        ? `ended its thread with process.exit(${code})`
        : `ended its thread before it finished loading (process.exit, or a top-level await that nothing can settle)`,
    }),
  );
  process.on('uncaughtException', (error) => reply({ ended: `threw asynchronously: ${messageOf(error)}` }));
  process.on('unhandledRejection', (error) => reply({ ended: `left a promise rejected: ${messageOf(error)}` }));
  let answer: (request: R) => A | Promise<A>;
  try {
    answer = await start(data);
    started = true;
  } catch (error) {
    reply(errorOf(error));
    return port.close();
  }
  reply({ ready: true });
  const answerRequest = (request: R) => {
    try {
      const answered = answer(request);
      if (answered instanceof Promise)
        answered.then(
          (value) => reply({ answer: value }),
          (error) => reply(errorOf(error)),
        );
      else reply({ answer: answered });
    } catch (error) {
      reply(errorOf(error));
    }
  };
  // Each request is answered in the loop's check phase, not as it arrives: the loop then passes its timers
  // phase before it takes the next request, so a timer of the thread's code that is due (one that throws,
  // say) always runs between two answers, however quickly the caller sends the next request.
  port.on('message', (request: R | typeof LIFE_CHECK) => {
    if (request !== LIFE_CHECK) setImmediate(answerRequest, request);
  });
}
