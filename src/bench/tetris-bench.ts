import { maximum, mean, median, minimum, pairedComparison, standardError, type PairedComparison } from '../core/stats.ts';
import { InputError } from '../core/errors.ts';
import type { AgentSpec } from '../tetris-ai/agent-spec.ts';
import type { PlayOptions } from '../tetris-ai/play.ts';
import type { BenchProgress } from './eta.ts';
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
  /** Where each finished game is saved, and where games played before are found again. */
  readonly store?: GameStore;
  /** Summarise only the games found in the store, playing none (default: play the missing ones). */
  readonly storedOnly?: boolean;
  readonly onProgress?: (progress: BenchProgress) => void;
}

/** What a stored game keeps. */
export type GameResult = Pick<GameRecord, 'lines' | 'pieces' | 'ms'>;

/** Finished games kept across runs (see game-store.ts). */
export interface GameStore {
  /** The game this agent already played with these options, when it is stored and may be reused. */
  find(spec: AgentSpec, options: PlayOptions): GameResult | undefined;
  save(spec: AgentSpec, options: PlayOptions, game: GameResult): void;
}

/** The `thread` of a game taken from the store rather than played. */
const STORED = -1;

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
  /**
   * Σ over worker threads of (pieces / playing time) for the games played by this run: with one
   * worker, the single-thread speed. When every game came from the store, their single-thread speed.
   */
  readonly piecesPerSecond: number;
}

export interface BenchResult {
  readonly player: PlayerSummary;
  readonly lines: number[];
  readonly vs: { readonly player: PlayerSummary; readonly lines: number[]; readonly comparison: PairedComparison } | null;
  /** Games (of all players) taken from the store instead of played. */
  readonly storedGames: number;
  /** The seeds of the games summarised: all of them, unless `storedOnly` left some out. */
  readonly seeds: number[];
}

/**
 * The research-protocol benchmark: every player plays games 0 … games − 1 with seeds seedBase + g
 * on a pool of worker threads (or finds them in the store); the results are summarised and, with an
 * opponent, compared pairwise.
 */
export async function runTetrisBench(options: BenchOptions): Promise<BenchResult> {
  const pool = options.storedOnly ? null : new GamePool(options.workers); // no threads when nothing is played
  const players = options.vs === null ? [options.agent] : [options.agent, options.vs];
  const total = players.length * options.games;
  let done = 0;
  let storedGames = 0;
  try {
    const results = await Promise.all(
      players.map((player) =>
        Promise.all(
          Array.from({ length: options.games }, async (_, g): Promise<GameRecord | null> => {
            const play: PlayOptions = {
              rules: 'research',
              width: options.width,
              height: options.height,
              seed: options.seedBase + g,
              preview: options.preview,
              maxPieces: options.maxPieces,
            };
            const stored = options.store?.find(player.spec, play);
            let record: GameRecord | null = null; // stays null for a game missing from the store under `storedOnly`
            if (stored !== undefined) {
              record = { lines: stored.lines, pieces: stored.pieces, ms: stored.ms, thread: STORED };
              storedGames++;
            } else if (pool !== null) {
              record = await pool.play(player.spec, play);
              options.store?.save(player.spec, play, record);
            }
            options.onProgress?.({ done: ++done, stored: storedGames, total });
            return record;
          }),
        ),
      ),
    );
    // The games every player has (all of them, unless only stored games were taken).
    const kept = [...Array(options.games).keys()].filter((g) => results.every((records) => records[g] !== null));
    const seeds = kept.map((g) => options.seedBase + g);
    if (kept.length === 0) {
      throw new InputError(
        `none of the ${options.games} games (seeds ${options.seedBase}…${options.seedBase + options.games - 1}) is stored for ${players.map((p) => p.name).join(' and ')} with these settings: play them first (\`gridmind bench\` stores each game as it ends)`,
      );
    }
    const [mine, theirs] = results.map((records) => kept.map((g) => records[g]!));
    const lines = mine.map((record) => record.lines);
    const player = summarise(options.agent.name, mine);
    if (options.vs === null) return { player, lines, vs: null, storedGames, seeds };
    const vsLines = theirs.map((record) => record.lines);
    return {
      player,
      lines,
      vs: { player: summarise(options.vs.name, theirs), lines: vsLines, comparison: pairedComparison(lines, vsLines) },
      storedGames,
      seeds,
    };
  } finally {
    await pool?.close();
  }
}

function summarise(agent: string, records: readonly GameRecord[]): PlayerSummary {
  const lines = records.map((record) => record.lines);
  const played = records.filter((record) => record.thread !== STORED);
  const byThread = new Map<number, { pieces: number; ms: number }>();
  for (const { thread, pieces, ms } of played.length > 0 ? played : records) {
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
