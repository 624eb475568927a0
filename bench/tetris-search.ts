/**
 * `npx tsx bench/tetris-search.ts [GAMES] [NODES]`: the generic searches against an agent's built-in
 * lookahead on the same games. Dellacherie's agent plays seeds 1…GAMES (default 10) in two settings,
 * one Markdown table each: 10 × 10 seeing one next piece, up to 1,000 pieces; and 10 × 5 seeing two,
 * up to 5,000 pieces, where games end sooner. Each setting's players: the agent's own lookahead over
 * every known piece, then `play --search` with beam, NMCS and NRPA (its default level, then level 1)
 * at NODES placements tried per piece (default 2,000).
 */
import { mean, standardError } from '../src/core/stats.ts';
import { TetrisAgent } from '../src/tetris-ai/agent.ts';
import { withLookahead } from '../src/tetris-ai/agent-spec.ts';
import { loadAgentSpec } from '../src/tetris-ai/agent-files.ts';
import { playResearchWith, researchRotation, type PlayOptions, type PlayResult } from '../src/tetris-ai/play.ts';
import { SearchPlayer, type SearchPlayerSettings } from '../src/tetris-search/search-player.ts';

const games = Number(process.argv[2] ?? 10);
const nodes = Number(process.argv[3] ?? 2000);
const seeds = Array.from({ length: games }, (_, g) => g + 1);
const SETTINGS = [
  { width: 10, height: 10, preview: 1, maxPieces: 1000 },
  { width: 10, height: 5, preview: 2, maxPieces: 5000 },
];
/** The searches compared, by their `play` flags beyond --search-nodes. */
const SEARCHES: Pick<SearchPlayerSettings, 'method' | 'level'>[] = [
  { method: 'beam' },
  { method: 'nmcs' },
  { method: 'nrpa' },
  { method: 'nrpa', level: 1 },
];

for (const { width, height, preview, maxPieces } of SETTINGS) {
  const spec = withLookahead(loadAgentSpec('dellacherie'), preview);
  const options = (seed: number): PlayOptions => ({ rules: 'research', width, height, seed, preview, maxPieces });
  const players: [string, (seed: number) => PlayResult][] = [
    [
      `built-in lookahead (exhaustive, ${preview + 1} pieces)`,
      (seed) => playResearchWith(new TetrisAgent(spec, width, height, researchRotation(options(seed)), 'drop'), options(seed)),
    ],
    ...SEARCHES.map(({ method, level }): [string, (seed: number) => PlayResult] => [
      `\`--search ${method}${level === undefined ? '' : ` --level ${level}`}\``,
      (seed) => playResearchWith(new SearchPlayer(spec, researchRotation(options(seed)), { method, level, nodes, seed }), options(seed)),
    ]),
  ];
  process.stdout.write(
    `\n${width} × ${height}, ${preview + 1} known pieces, ${nodes.toLocaleString('en-US')} nodes a piece for the searches\n\n` +
      `| player | lines in ≤ ${maxPieces.toLocaleString('en-US')} pieces, mean ± stderr (${games} games) | games topped out | ms a piece |\n` +
      '| --- | --- | --- | --- |\n',
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
}
