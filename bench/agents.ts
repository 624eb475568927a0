/**
 * Single-thread playing speed on the research protocol, 10×20: greedy Dellacherie over one piece,
 * interleaved pair by pair with MdpTetris playing the same controller (bench/peers/mdptetris.ts) when a
 * build of it is at hand, for the median of the pairs' ratios; two-piece lookahead (current + next, every
 * placement of both); and the shipped tuned-10x10's two-piece policy on 10×10 (the 200-game run of
 * docs/results.md); each the median of several rounds, the two-piece figures beside the 2026-11-24 code's. Then the
 * same one-piece loop in plain C, written to cross-check the feature definitions and kept beside the
 * repository rather than in it (GRIDMIND_REFERENCE_C names the file), built and run here when gcc and
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
import { buildMdpTetris } from './peers/mdptetris.ts';

const ROUNDS = 5;
/** Pieces per round of the one-piece comparison with MdpTetris. */
const PEER_PIECES = 1_000_000;
/** `npm run bench` before the speed work of 2026-11-24/25: two-piece Dellacherie and tuned-10x10. The goal was twice these. */
const TWO_PIECE_BASELINE = 8_684;
const TUNED_TWO_PIECE_BASELINE = 6_376;
/** The plain C loop: GRIDMIND_REFERENCE_C, or where the project's machines keep it, beside the checkout. */
const REFERENCE = process.env.GRIDMIND_REFERENCE_C ?? fileURLToPath(new URL('../../shared/tools/reftetris.c', import.meta.url));

/** Pieces per second of one long research game on 10 × `height`. */
function gameSpeed(spec: AgentSpec, preview: number, pieces: number, seed: number, height = 20): number {
  const result = playResearch(spec, { rules: 'research', width: 10, height, seed, preview, maxPieces: pieces });
  return (result.pieces / result.ms) * 1000;
}

/** The median of {@link gameSpeed} over seeds 1…ROUNDS. */
function speed(spec: AgentSpec, preview: number, piecesPerRound: number, height = 20): number {
  return median(Array.from({ length: ROUNDS }, (_, round) => gameSpeed(spec, preview, piecesPerRound, round + 1, height)));
}

const format = (value: number) => Math.round(value).toLocaleString('en-US');

/** One-piece Dellacherie on 10×20, alone or round by round against MdpTetris on the same seeds and piece count. */
function onePiece(dellacherie: AgentSpec): { speed: number; lines: string[] } {
  const peer = buildMdpTetris();
  if (typeof peer === 'string') {
    const alone = speed(dellacherie, 0, 300_000);
    return {
      speed: alone,
      lines: [
        `agent dellacherie one-piece 10x20: ${format(alone)} pieces/s (median of ${ROUNDS} games of 300,000 pieces, one thread)`,
        `MdpTetris one-piece 10x20: not run here (${peer})`,
      ],
    };
  }
  try {
    const ours: number[] = [];
    const theirs: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      theirs.push(peer.speed(10, 20, round, PEER_PIECES));
      ours.push(gameSpeed(dellacherie, 0, PEER_PIECES, round));
    }
    const ratio = median(ours.map((rate, i) => rate / theirs[i]));
    const pieces = format(PEER_PIECES);
    return {
      speed: median(ours),
      lines: [
        `agent dellacherie one-piece 10x20: ${format(median(ours))} pieces/s (median of ${ROUNDS} games of ${pieces} pieces, one thread)`,
        `MdpTetris dellacherie one-piece 10x20: ${format(median(theirs))} pieces/s (its -O2 build, the same seeds and piece count, interleaved game by game)`,
        `agent dellacherie one-piece: Gridmind/MdpTetris = ${ratio.toFixed(2)} (median of the ${ROUNDS} pairs' ratios; the goal: >= 1.0)`,
      ],
    };
  } finally {
    peer.close();
  }
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
  const tuned = loadAgentSpec('tuned-10x10');
  const tunedTwoPiece: AgentSpec = { ...tuned, policy: { ...tuned.policy, lookahead: 1 } };
  const one = onePiece(dellacherie);
  const two = speed(twoPiece, 1, 10_000);
  const tunedTwo = speed(tunedTwoPiece, 1, 20_000, 10);
  const lines = [
    ...one.lines,
    `agent dellacherie two-piece 10x20: ${format(two)} pieces/s (current + next, full width; median of ${ROUNDS} games of 10,000 pieces); ` +
      `${(two / TWO_PIECE_BASELINE).toFixed(2)}x the 2026-11-24 code's ${format(TWO_PIECE_BASELINE)} (the goal: >= 2)`,
    `agent tuned-10x10 two-piece 10x10: ${format(tunedTwo)} pieces/s (its 11 features; median of ${ROUNDS} games of 20,000 pieces); ` +
      `${(tunedTwo / TUNED_TWO_PIECE_BASELINE).toFixed(2)}x the 2026-11-24 code's ${format(TUNED_TWO_PIECE_BASELINE)} (the goal: >= 2)`,
  ];
  const reference = referenceSpeed(300_000);
  lines.push(
    reference === null
      ? 'reference C: not available here (needs gcc and the C file: set GRIDMIND_REFERENCE_C)'
      : `reference C dellacherie one-piece 10x20: ${format(reference)} pieces/s (gcc -O2 -march=native, 300,000 pieces); Gridmind/C = ${(one.speed / reference).toFixed(2)}`,
  );
  return lines;
}
