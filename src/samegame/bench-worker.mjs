// Worker-thread entry of the SameGame benchmark pool. Workers do not inherit the main thread's
// TypeScript loader, and piscina first tries require(), under which tsx would compile our modules to
// CommonJS (whose getter-based imports make the hot path about twice as slow). This ES module registers
// tsx's ESM loader in the worker and re-exports the task, so the sources run as real ES modules.
import { register } from 'tsx/esm/api';

register();
const task = await import('./bench-worker.ts');
export default task.default;
