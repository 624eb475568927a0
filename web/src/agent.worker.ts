/** The agent's search in a Web Worker, so the page never freezes while it thinks. */
import { agentAnswerer } from '../../src/tetris-ai/turn-answer.ts';
import type { ChooseReply, ChooseRequest } from '../../src/tetris-ai/turn-data.ts';
import type { WorkerRequest } from './agent-client.ts';

/** The worker's global scope, typed for what this file uses. */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: ChooseReply): void;
};
let answer: ((request: ChooseRequest) => ChooseReply) | null = null;

scope.onmessage = ({ data }: MessageEvent<WorkerRequest>) => {
  if (data.kind === 'setup') answer = agentAnswerer(data.setup);
  else scope.postMessage(answer!(data.request));
};
