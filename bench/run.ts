/**
 * `npm run bench [-- NAME...]`: Gridmind's speed benchmarks, single thread, medians of repeated rounds.
 * Names: agents, placements, env, python, startup, workers, code-agents, server, install. With no name, every benchmark runs.
 */
import { benchAgents } from './agents.ts';
import { benchCodeAgents } from './code-agents.ts';
import { benchEnvironments } from './env.ts';
import { benchInstall } from './install.ts';
import { benchPlacements } from './placements.ts';
import { benchPython } from './python.ts';
import { benchServer } from './server.ts';
import { benchStartup } from './startup.ts';
import { benchWorkers } from './workers.ts';

const BENCHMARKS: Record<string, () => string[] | Promise<string[]>> = {
  agents: benchAgents,
  placements: benchPlacements,
  env: benchEnvironments,
  python: benchPython,
  startup: benchStartup,
  workers: benchWorkers,
  'code-agents': benchCodeAgents,
  server: benchServer,
  install: benchInstall,
};

const names = process.argv.slice(2);
const unknown = names.filter((name) => !(name in BENCHMARKS));
if (unknown.length > 0) {
  process.stderr.write(`npm run bench: unknown benchmark ${unknown.join(', ')}: use ${Object.keys(BENCHMARKS).join(', ')}\n`);
  process.exit(2);
}
for (const name of names.length > 0 ? names : Object.keys(BENCHMARKS)) {
  for (const line of await BENCHMARKS[name]()) process.stdout.write(`${line}\n`);
}
