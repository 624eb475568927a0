/**
 * The cost of the thread an agent in code plays on (what gives it a move time limit): the same module
 * (examples/javascript/lowest-column.mjs, about the cheapest agent there is) answers the same turn (an
 * empty 10×20 board, a T and its drop placements) in the caller's thread and on a thread of its own,
 * interleaved round by round after the thread is up; microseconds per move, medians. Starting a game's
 * thread is timed apart. The compiled modules (dist/, as the `gridmind` command runs them) are measured:
 * needs `npm run build` first.
 */
import { fileURLToPath } from 'node:url';
import { median } from '../src/core/stats.ts';
import { shownPlacements, type AgentModule, type TurnData } from '../src/tetris-ai/code-agents.ts';
import { Board } from '../src/tetris/board.ts';
import { parsePiece } from '../src/tetris/pieces.ts';
import { PlacementGenerator } from '../src/tetris/placements.ts';
import { ROTATION_SYSTEMS } from '../src/tetris/rotation/index.ts';

const ROUNDS = 7;
const MOVES = 20_000;
const AGENT = fileURLToPath(new URL('../examples/javascript/lowest-column.mjs', import.meta.url));

function turn(): TurnData {
  const board = new Board(10, 20);
  const generator = new PlacementGenerator(10, 20, ROTATION_SYSTEMS.classic);
  const count = generator.generate(board, parsePiece('T'), 'drop');
  const placements = shownPlacements(generator, count, ROTATION_SYSTEMS.classic, parsePiece('T'));
  return { board, piece: 'T', preview: ['I'], placements, score: 0 };
}

/** Microseconds per answer of one agent of `module` to `MOVES` turns, and those to start it and have its first answer. */
function microseconds(module: AgentModule, question: TurnData): { perMove: number; start: number } {
  let start = performance.now();
  const agent = module.newAgent();
  agent.choose(question);
  const started = performance.now() - start;
  start = performance.now();
  for (let move = 0; move < MOVES; move++) agent.choose(question);
  const perMove = ((performance.now() - start) * 1000) / MOVES;
  agent.stop();
  return { perMove, start: started * 1000 };
}

export async function benchCodeAgents(): Promise<string[]> {
  const compiled = new URL('../dist/tetris-ai/code-agents.js', import.meta.url).href;
  const { importAgentModule, loadCodeAgent } = (await import(compiled)) as typeof import('../src/tetris-ai/code-agents.ts');
  const [here, threaded] = [await importAgentModule(AGENT), await loadCodeAgent(AGENT)];
  const question = turn();
  const times = { here: [] as number[], threaded: [] as number[], start: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    times.here.push(microseconds(here, question).perMove);
    const { perMove, start } = microseconds(threaded, question);
    times.threaded.push(perMove);
    times.start.push(start);
  }
  const us = (values: number[]) => `${median(values).toFixed(1)} µs`;
  return [
    `code agents: lowest-column.mjs answers a turn in ${us(times.here)} in the caller's thread, ${us(times.threaded)} on its own thread (medians of ${ROUNDS} rounds of ${MOVES.toLocaleString('en-US')})`,
    `code agents: a game's thread starts and answers its first turn in ${(median(times.start) / 1000).toFixed(1)} ms`,
  ];
}
