import { TaskPool } from '/work/main/dist/bench/task-runner.js';
import { readFileSync } from 'node:fs';
import { parseAgentSpec } from '/work/main/dist/tetris-ai/agent-spec.js';
const spec = parseAgentSpec(JSON.parse(readFileSync('tuning/tuned-fit-10x10-mean-expecting.json','utf8')),'f');
const pool = new TaskPool(2);
const N = Number(process.argv[2] ?? 200);
const withPort = process.argv[3] === 'port';
const t0 = Date.now();
const ended = [];
await Promise.race([Promise.all(Array.from({length:N},async(_,g)=>{
  const task = { game:'tetris', spec, options:{rules:'research',width:10,height:10,seed:g+1,preview:0,maxPieces:null}};
  const d = await pool.run(task, withPort ? {onCheckpoint:()=>{}} : {});
  ended.push(g+1);
  console.log(((Date.now()-t0)/1000).toFixed(1), 'seed', g+1, d.result.lines, d.thread);
})), new Promise(r=>setTimeout(r, 40000))]);
console.log('ended', ended.length, ended.slice(0,30).join(','));
process.exit(0);
