/**
 * Single-thread playing speed on the research protocol, 10×20: greedy Dellacherie over one piece, and
 * two-piece lookahead (current + next, every placement of both); and the shipped tuned-10x10's two-piece
 * policy on 10×10 (the 200-game run of the README); each the median of several rounds;
 * then the same one-piece loop in plain C (shared/tools/reftetris.c), built and run here when gcc and
 * the file are present, for the ratio.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from '../src/core/stats.ts';
import { loadAgentSpec } from '../src/tetris-ai/agent-files.ts';
import type { AgentSpec } from '../src/tetris-ai/agent-spec.ts';
import { playResearch } from '../src/tetris-ai/play.ts';

const ROUNDS = 5;
const REFERENCE = fileURLToPath(new URL('../../shared/tools/reftetris.c', import.meta.url));

/** Pieces per second of one long research game per round on 10 × `height`, seeds 1…ROUNDS. */
function speed(spec: AgentSpec, preview: number, piecesPerRound: number, height = 20): number {
  const rates: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const result = playResearch(spec, { rules: 'research', width: 10, height, seed: round, preview, maxPieces: piecesPerRound });
    rates.push((result.pieces / result.ms) * 1000);
  }
  return median(rates);
}

/** The C reference's pieces per second on the same loop, or null when it cannot be built here. */
function referenceSpeed(pieces: number): number | null {
  if (!existsSync(REFERENCE)) return null;
  const folder = mkdtempSync(join(tmpdir(), 'gridmind-reftetris-'));
  try {
    const binary = join(folder, 'reftetris');
    execFileSync('gcc', ['-O2', '-march=native', '-o', binary, REFERENCE], { stdio: 'ignore' });
    const output = execFileSync(binary, ['10', '20', '1', '1', 'dellacherie', String(pieces)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const match = /([\d.]+) pieces\/s/.exec(output);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export function benchAgents(): string[] {
  const dellacherie = loadAgentSpec('dellacherie');
  const twoPiece: AgentSpec = { ...dellacherie, policy: { ...dellacherie.policy, lookahead: 1 } };
  const format = (value: number) => Math.round(value).toLocaleString('en-US');
  const onePiece = speed(dellacherie, 0, 300_000);
  const tuned = loadAgentSpec('tuned-10x10');
  const tunedTwoPiece: AgentSpec = { ...tuned, policy: { ...tuned.policy, lookahead: 1 } };
  const lines = [
    `agent dellacherie one-piece 10x20: ${format(onePiece)} pieces/s (median of ${ROUNDS} games of 300,000 pieces, one thread)`,
    `agent dellacherie two-piece 10x20: ${format(speed(twoPiece, 1, 10_000))} pieces/s (current + next, full width; median of ${ROUNDS} games of 10,000 pieces)`,
    `agent tuned-10x10 two-piece 10x10: ${format(speed(tunedTwoPiece, 1, 20_000, 10))} pieces/s (its 11 features; median of ${ROUNDS} games of 20,000 pieces)`,
  ];
  const reference = referenceSpeed(300_000);
  lines.push(
    reference === null
      ? 'reference C (shared/tools/reftetris.c): not available here (needs gcc and ../shared/tools)'
      : `reference C dellacherie one-piece 10x20: ${format(reference)} pieces/s (gcc -O2 -march=native, 300,000 pieces); Gridmind/C = ${(onePiece / reference).toFixed(2)}`,
  );
  return lines;
}
