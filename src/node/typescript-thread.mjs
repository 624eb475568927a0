// Worker-thread entry of a thread run from Gridmind's TypeScript sources (tests, tsx; compiled, the
// thread's own .js module is the entry): a TimedThread's (timed-thread.ts), or a pool's whose threads
// answer with the module's default export (piscina). Worker threads do not inherit the caller's
// loader: this registers tsx's, then imports the module `workerData.entry` names.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const loaded = await import(workerData.entry);
export default loaded.default;
