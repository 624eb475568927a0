/**
 * `npx tsx bench/tetris-search.ts [GAMES] [NODES]`: the generic searches against an agent's built-in
 * lookahead on the same games. Dellacherie's agent on 10x10 sees one next piece; each player places up
 * to 1,000 pieces on seeds 1…GAMES (default 10): its own two-piece lookahead, then `play --search`
 * with beam, NMCS and NRPA at NODES placements tried per piece (default 2,000). Prints a Markdown table.
 */
import { mean, standardError } from '../src/core/stats.ts';
import { TetrisAgent } from '../src/tetris-ai/agent.ts';
import { withLookahead } from '../src/tetris-ai/agent-spec.ts';
import { loadAgentSpec } from '../src/tetris-ai/agent-files.ts';
import { playResearchWith, researchRotation, type PlayOptions } from '../src/tetris-ai/play.ts';
import { SearchPlayer, TETRIS_SEARCH_METHODS } from '../src/tetris-search/search-player.ts';

const games = Number(process.argv[2] ?? 10);
const nodes = Number(process.argv[3] ?? 2000);
const spec = withLookahead(loadAgentSpec('dellacherie'), 1);
const options = (seed: number): PlayOptions => ({ rules: 'research', width: 10, height: 10, seed, preview: 1, maxPieces: 1000 });
const seeds = Array.from({ length: games }, (_, g) => g + 1);

const players: [string, (seed: number) => ReturnType<typeof playResearchWith>][] = [
  [
    'built-in lookahead (exhaustive, 2 pieces)',
    (seed) => playResearchWith(new TetrisAgent(spec, 10, 10, researchRotation(options(seed)), 'drop'), options(seed)),
  ],
  ...TETRIS_SEARCH_METHODS.map((method): [string, (seed: number) => ReturnType<typeof playResearchWith>] => [
    `\`--search ${method}\`, ${nodes.toLocaleString('en-US')} nodes a piece`,
    (seed) => playResearchWith(new SearchPlayer(spec, researchRotation(options(seed)), { method, nodes, seed }), options(seed)),
  ]),
];
process.stdout.write(
  `| player | lines in ≤ 1,000 pieces, mean ± stderr (${games} games) | games topped out | ms a piece |\n| --- | --- | --- | --- |\n`,
);
for (const [name, play] of players) {
  const results = seeds.map(play);
  const lines = results.map((result) => result.lines);
  const topped = results.filter((result) => result.outcome !== 'piece-limit').length;
  const msPerPiece = results.reduce((sum, result) => sum + result.ms, 0) / results.reduce((sum, result) => sum + result.pieces, 0);
  process.stdout.write(
    `| ${name} | ${mean(lines).toFixed(1)} ± ${standardError(lines).toFixed(1)} | ${topped} | ${msPerPiece.toFixed(2)} |\n`,
  );
}
