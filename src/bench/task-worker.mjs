// Worker-thread entry of the task pool (task-runner.ts) when Gridmind runs from its sources (tests, tsx;
// compiled, the workers import dist/bench/tasks.js directly). Workers do not inherit the main thread's
// TypeScript loader, and piscina first tries require(), under which tsx would compile our modules to
// CommonJS (whose getter-based imports make the hot path about twice as slow). This ES module registers
// tsx's ESM loader in the worker and exports the task function, so the sources run as real ES modules.
import { register } from 'tsx/esm/api';

register();
const { runPoolTask } = await import('./tasks.ts');
export { runPoolTask };
