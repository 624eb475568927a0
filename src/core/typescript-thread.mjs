// Worker-thread entry of a TimedThread (timed-thread.ts) when Gridmind runs from its TypeScript sources
// (tests, tsx; compiled, the thread's own .js module is the entry). Worker threads do not inherit the
// caller's loader: this registers tsx's, then imports the module `workerData.entry` names.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
