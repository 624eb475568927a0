import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_NICE } from '../../src/node/thread-priority.ts';
import { THREAD_START_LIMIT_MS } from '../../src/node/thread-limits.ts';
import { ThreadEnded, ThreadOutOfMemory, TimedThread } from '../../src/node/timed-thread.ts';

const late = (limit: number, starting: boolean) => new Error(`${starting ? 'not started' : 'late'} after ${limit} ms`);
const start = (offset: number, memoryMb?: number) =>
  new TimedThread<number, number, number>(import.meta.url, './fixtures/arithmetic-thread', offset, undefined, memoryMb);

describe('TimedThread: a module on a thread of its own, each answer awaited with a time limit', () => {
  it('answers every request with its own answer, in order, many thousand times over', () => {
    const thread = start(7);
    try {
      const wrong: number[] = [];
      for (let n = 0; n < 30_000; n++) if (thread.request(n, 5000, late) !== n + 7) wrong.push(n);
      expect(wrong).toEqual([]);
    } finally {
      thread.stop();
    }
  });

  it.runIf(process.platform === 'linux')("runs the thread below its caller's priority, so that the caller goes first", () => {
    // A thread's nice value: the 19th field of /proc/…/stat, the 17th after the command's closing parenthesis.
    const niceOf = (stat: string) => Number(readFileSync(stat, 'utf8').split(') ')[1].split(' ')[16]);
    const tasks = () => new Set(readdirSync('/proc/self/task'));
    const before = tasks();
    const callerNice = niceOf('/proc/thread-self/stat'); // 0, or more when the tests themselves run under nice
    const thread = start(1);
    try {
      expect(thread.request(1, 5000, late)).toBe(2);
      const started = [...tasks()].filter((task) => !before.has(task));
      expect(started.map((task) => niceOf(`/proc/self/task/${task}/stat`))).toContain(BACKGROUND_NICE);
      expect(niceOf('/proc/thread-self/stat')).toBe(callerNice);
    } finally {
      thread.stop();
    }
  });

  it("throws what the thread's answer threw, and goes on answering", () => {
    const thread = start(1);
    try {
      expect(() => thread.request(-3, 5000, late)).toThrow('-3 is negative');
      expect(thread.request(4, 5000, late)).toBe(5);
    } finally {
      thread.stop();
    }
  });

  it("ends the thread on the next request when the thread's code threw in a timer, however soon that request came", () => {
    const thread = start(1);
    try {
      expect(thread.request(0.5, 5000, late)).toBe(1.5);
      expect(() => thread.request(2, 5000, late)).toThrow(new ThreadEnded('threw asynchronously: a timer threw'));
    } finally {
      thread.stop();
    }
  });

  it('throws the late error when the answer does not come in time, and stops the thread', () => {
    const thread = start(1);
    expect(thread.request(1, 5000, late)).toBe(2);
    const before = performance.now();
    expect(() => thread.request(Number.NaN, 300, late)).toThrow('late after 300 ms');
    expect(performance.now() - before).toBeGreaterThanOrEqual(290);
  });

  it('throws a ThreadOutOfMemory as soon as the thread passes its memory limit, long before the time limit', () => {
    const thread = start(1, 32);
    expect(thread.request(1, 5000, late)).toBe(2);
    const before = performance.now();
    expect(() => thread.request(Infinity, 20_000, late)).toThrow(new ThreadOutOfMemory('ran out of its 32 MB of memory: stopped'));
    expect(performance.now() - before).toBeLessThan(5000);
  });

  it('gives the start of a thread (its imports) at least THREAD_START_LIMIT_MS, whatever the limit of a request', () => {
    const thread = start(-2); // starts 400 ms late
    try {
      const before = performance.now();
      expect(thread.request(1, 50, late)).toBe(3);
      expect(performance.now() - before).toBeGreaterThanOrEqual(390);
      expect(THREAD_START_LIMIT_MS).toBeGreaterThanOrEqual(1000);
    } finally {
      thread.stop();
    }
  });

  it('answers as a promise too, leaving this thread free while it waits (timers fire), and rejects when late', async () => {
    const thread = start(7);
    let ticks = 0;
    const ticking = setInterval(() => ticks++, 10);
    try {
      const answers = [];
      for (let n = 0; n < 1000; n++) answers.push(await thread.requestAsync(n, 5000, late));
      expect(answers).toEqual(Array.from({ length: 1000 }, (_, n) => n + 7));
      await expect(thread.requestAsync(-3, 5000, late)).rejects.toThrow('-3 is negative');
      const before = { at: performance.now(), ticks };
      await expect(thread.requestAsync(Number.NaN, 300, late)).rejects.toThrow('late after 300 ms');
      expect(performance.now() - before.at).toBeGreaterThanOrEqual(290);
      expect(ticks - before.ticks).toBeGreaterThan(10); // this thread went on meanwhile
      const hoarder = start(1, 32);
      const started = performance.now();
      await expect(hoarder.requestAsync(Infinity, 20_000, late)).rejects.toThrow(
        new ThreadOutOfMemory('ran out of its 32 MB of memory: stopped'),
      );
      expect(performance.now() - started).toBeLessThan(10_000);
    } finally {
      clearInterval(ticking);
      thread.stop();
    }
  });

  it('throws what the thread threw while starting', () => {
    const thread = start(-1);
    expect(() => thread.request(1, 5000, late)).toThrow('no thread for −1');
    thread.stop();
  });
});
