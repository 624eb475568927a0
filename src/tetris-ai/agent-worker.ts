/**
 * The worker side of {@link AgentWorker}: holds one agent and answers "choose" requests, so that a
 * UI or server thread never waits on a search.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Board } from '../tetris/board.ts';
import { ROTATION_SYSTEMS } from '../tetris/rotation/index.ts';
import { RULE_SETS } from '../tetris/rules.ts';
import { TetrisAgent } from './agent.ts';
import type { AgentWorkerSetup, ChooseReply, ChooseRequest } from './agent-worker-client.ts';

const setup = workerData as AgentWorkerSetup;
const agent = new TetrisAgent(setup.spec, setup.width, setup.height, ROTATION_SYSTEMS[setup.rotation], setup.mode);
const board = new Board(setup.width, setup.height);

parentPort!.on('message', ({ id, turn }: ChooseRequest) => {
  board.rows.fill(0);
  board.rows.set(turn.rows);
  const choice = agent.choose({ ...turn, board, rules: RULE_SETS[turn.rules] });
  parentPort!.postMessage({ id, choice } satisfies ChooseReply);
});
