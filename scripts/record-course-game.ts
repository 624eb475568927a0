/**
 * Records one game on the wire from a server of the Aveiro protocol (made for the course's own server,
 * github.com/dgomes/ia-tetris, run with `--seed N`): joins at /player, answers every state frame with
 * one key, and writes the join reply, every frame with the time it arrived, the final message and the
 * close code and reason to a gzipped JSON file. `--bystanders K` first opens K more connections to
 * /player that never join, `--bystander-lead` ms apart, and keeps them open through the game: each is
 * an open connection whose keepalive pings the server draws from its random generator.
 *
 *   npx tsx scripts/record-course-game.ts --url ws://127.0.0.1:8000 --seed 11 --key-seed 1 --out game.json.gz
 *
 * The course's server runs from a copy of its repository outside this one, in a Python environment with
 * the websockets major its requirements name (10; Debian's python3-websockets 10.4 serves) and requests:
 * `python server.py --seed 11 --port 8011 --grading-server ''` (an empty grading server: it posts no
 * scores anywhere; it keeps its high scores in ./highscores.json). test/aveiro/golden's games are, on one
 * fresh server, the third and fourth game it played:
 *
 *   … --seed 11 --key-seed 3 --agent-seconds 75 --bystanders 1 --bystander-lead 7300 --out course-seed11-two-connections.json.gz
 *   … --seed 11 --key-seed 4 --out course-seed11-second-game.json.gz
 *
 * For the first `--agent-seconds` the keys are a Gridmind agent's (`--agent`, default lookahead); after
 * that they come from `--key-seed`: per piece a number of turns (0–3), a shift towards the lowest column
 * and, one piece in five, a drop (`s`), sent one per frame, then no key until the piece locks.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import WebSocket from 'ws';
import { aveiroAgent } from '../src/client/agents.ts';
import { AveiroPlayer } from '../src/client/player.ts';
import { Prng } from '../src/core/prng.ts';
import { loadAgentSpec } from '../src/tetris-ai/agent-files.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'ws://127.0.0.1:8000' },
    seed: { type: 'string' },
    'key-seed': { type: 'string', default: '1' },
    bystanders: { type: 'string', default: '0' },
    'bystander-lead': { type: 'string', default: '7000' },
    name: { type: 'string', default: 'recorder' },
    agent: { type: 'string', default: 'lookahead' },
    'agent-seconds': { type: 'string', default: '0' },
    out: { type: 'string' },
  },
});
if (values.out === undefined || values.seed === undefined) {
  console.error('record-course-game: give --seed N (the seed the server runs with) and --out FILE.json.gz');
  process.exit(2);
}

const origin = performance.now();
const since = () => Math.round((performance.now() - origin) * 10) / 10;
const open = (url: string) =>
  new Promise<{ socket: WebSocket; openedAt: number }>((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => resolve({ socket, openedAt: since() }));
    socket.once('error', reject);
  });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const bystanders: { socket: WebSocket; openedAt: number }[] = [];
for (let i = 0; i < Number(values.bystanders); i++) {
  bystanders.push(await open(`${values.url}/player`));
  await pause(Number(values['bystander-lead']));
}

const keys = new Prng(Number(values['key-seed']));
type Cell = [number, number];
/** Per piece: a random number of turns, then a shift towards the lowest column (ties at random), and one piece in five a drop. */
const planFor = (piece: Cell[], game: Cell[]): string[] => {
  const top = (x: number) => Math.min(30, ...game.filter((cell) => cell[0] === x).map((cell) => cell[1]));
  const columns = [1, 2, 3, 4, 5, 6, 7, 8];
  const lowest = Math.max(...columns.map(top));
  const choices = columns.filter((x) => top(x) === lowest);
  const target = choices[keys.nextInt(choices.length)];
  const shift = target - Math.min(...piece.map((cell) => cell[0]));
  const plan = [...'w'.repeat(keys.nextInt(4)), ...(shift < 0 ? 'a' : 'd').repeat(Math.abs(shift))];
  if (keys.nextInt(5) === 0) plan.push('s');
  return plan;
};
let plan: string[] | null = null;
const agentPlayer = new AveiroPlayer(aveiroAgent(loadAgentSpec(values.agent)));
const agentMs = 1000 * Number(values['agent-seconds']);

const player = await open(`${values.url}/player`);
const messages: unknown[] = [];
const arrivals: number[] = [];
const sent: string[] = [];
const close = await new Promise<{ code: number; reason: string }>((resolve) => {
  player.socket.on('message', (data) => {
    const message = JSON.parse(data.toString());
    messages.push(message);
    arrivals.push(since());
    if (!('game' in message)) return;
    if (message.piece === null) plan = null;
    else plan ??= planFor(message.piece, message.game);
    const key = since() - player.openedAt < agentMs ? agentPlayer.keyAfter(message) : (plan?.shift() ?? '');
    sent.push(key);
    player.socket.send(JSON.stringify({ cmd: 'key', key }));
  });
  player.socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  player.socket.send(JSON.stringify({ cmd: 'join', name: values.name }));
});
for (const { socket } of bystanders) socket.close();

const record = {
  about:
    `One game recorded on the wire from the Aveiro course's server (github.com/dgomes/ia-tetris) run with --seed ${values.seed}, ` +
    `by scripts/record-course-game.ts --agent-seconds ${values['agent-seconds']} --key-seed ${values['key-seed']} --bystanders ${values.bystanders}. Times are milliseconds ` +
    'since the recorder started: when each connection opened (the player, then bystanders that never join) and when each message ' +
    'arrived; keys[i] is the key sent after the i-th state frame.',
  seed: Number(values.seed),
  opened: { player: player.openedAt, bystanders: bystanders.map((b) => b.openedAt) },
  keys: sent,
  arrivals,
  messages,
  close,
};
writeFileSync(values.out, gzipSync(JSON.stringify(record), { level: 9 }));
console.log(`${values.out}: ${sent.length} frames in ${(arrivals.at(-1)! / 1000).toFixed(1)} s, closed ${close.code} "${close.reason}"`);
