/**
 * The worker-thread side of {@link AgentWorker}: holds one agent and answers "choose" requests, so that
 * a server or game loop never waits on a search.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { agentAnswerer } from './turn-answer.ts';
import type { AgentSetup, ChooseRequest } from './turn-data.ts';

const answer = agentAnswerer(workerData as AgentSetup);
parentPort!.on('message', (request: ChooseRequest) => parentPort!.postMessage(answer(request)));
