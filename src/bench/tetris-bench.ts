import { maximum, mean, median, minimum, pairedComparison, standardError, type PairedComparison } from '../core/stats.ts';
import type { AgentSpec } from '../tetris-ai/agent-spec.ts';
import { GamePool } from './game-pool.ts';
import type { GameRecord } from './game-worker.ts';

export interface BenchPlayer {
  /** The name shown in results: a built-in agent's name or the file given. */
  readonly name: string;
  readonly spec: AgentSpec;
}

export interface BenchOptions {
  readonly agent: BenchPlayer;
  readonly vs: BenchPlayer | null;
  readonly width: number;
  readonly height: number;
  readonly games: number;
  /** Game g (0-based) uses seed seedBase + g, so every player meets the same pieces. */
  readonly seedBase: number;
  readonly workers: number;
  readonly preview: number;
  readonly maxPieces: number | null;
  readonly onProgress?: (done: number, total: number) => void;
}

/** One player's results over the games. */
export interface PlayerSummary {
  readonly agent: string;
  readonly meanLines: number;
  readonly stderr: number;
  readonly medianLines: number;
  readonly minLines: number;
  readonly maxLines: number;
  /** Pieces placed in all games. */
  readonly pieces: number;
  /** Σ over worker threads of (pieces / playing time): with one worker, the single-thread speed. */
  readonly piecesPerSecond: number;
}

export interface BenchResult {
  readonly player: PlayerSummary;
  readonly lines: number[];
  readonly vs: { readonly player: PlayerSummary; readonly lines: number[]; readonly comparison: PairedComparison } | null;
}

/**
 * The research-protocol benchmark: every player plays games 0 … games − 1 with seeds seedBase + g
 * on a pool of worker threads; the results are summarised and, with an opponent, compared pairwise.
 */
export async function runTetrisBench(options: BenchOptions): Promise<BenchResult> {
  const pool = new GamePool(options.workers);
  const players = options.vs === null ? [options.agent] : [options.agent, options.vs];
  const total = players.length * options.games;
  let done = 0;
  try {
    const results = await Promise.all(
      players.map((player) =>
        Promise.all(
          Array.from({ length: options.games }, async (_, g) => {
            const record = await pool.play(player.spec, {
              rules: 'research',
              width: options.width,
              height: options.height,
              seed: options.seedBase + g,
              preview: options.preview,
              maxPieces: options.maxPieces,
            });
            options.onProgress?.(++done, total);
            return record;
          }),
        ),
      ),
    );
    const [mine, theirs] = results;
    const lines = mine.map((record) => record.lines);
    const player = summarise(options.agent.name, mine);
    if (options.vs === null) return { player, lines, vs: null };
    const vsLines = theirs.map((record) => record.lines);
    return {
      player,
      lines,
      vs: { player: summarise(options.vs.name, theirs), lines: vsLines, comparison: pairedComparison(lines, vsLines) },
    };
  } finally {
    await pool.close();
  }
}

function summarise(agent: string, records: readonly GameRecord[]): PlayerSummary {
  const lines = records.map((record) => record.lines);
  const byThread = new Map<number, { pieces: number; ms: number }>();
  for (const { thread, pieces, ms } of records) {
    const entry = byThread.get(thread) ?? { pieces: 0, ms: 0 };
    entry.pieces += pieces;
    entry.ms += ms;
    byThread.set(thread, entry);
  }
  let piecesPerSecond = 0;
  for (const { pieces, ms } of byThread.values()) if (ms > 0) piecesPerSecond += (pieces / ms) * 1000;
  return {
    agent,
    meanLines: mean(lines),
    stderr: standardError(lines),
    medianLines: median(lines),
    minLines: minimum(lines),
    maxLines: maximum(lines),
    pieces: records.reduce((sum, record) => sum + record.pieces, 0),
    piecesPerSecond: Math.round(piecesPerSecond),
  };
}
