// Worker-thread entry of AgentWorker: registers tsx's ES-module loader in this thread (workers do not
// inherit the main thread's), then runs the TypeScript worker module.
import { register } from 'tsx/esm/api';

register();
await import('./agent-worker.ts');
