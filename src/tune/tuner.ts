import type { BenchProgress } from '../bench/eta.ts';
import { STORED, storedOrDone } from '../bench/stored-tasks.ts';
import type { TaskRunner } from '../bench/task-runner.ts';
import { sqliteTaskStore } from '../bench/task-store.ts';
import { Prng } from '../core/prng.ts';
import { maximum, mean, standardError } from '../core/stats.ts';
import type { Db } from '../store/database.ts';
import { loadTuneEvaluations, loadTunePlan, saveTuneEvaluation, saveTunePlan, saveTuneState } from '../store/tune-runs.ts';
import { rankByScore } from './method.ts';
import { candidateGame, candidateSpec, methodSettings, TUNING_METHODS, type TuneConfig, type TunePlan, type TuneState } from './tuning.ts';

/** The progress a tuning run reports. */
export interface TuneProgress {
  readonly phase: 'search' | 'validation';
  /** The iteration being played (from 0; equal to `iterations` during validation). */
  readonly iteration: number;
  readonly evaluated: number;
  /** Of `evaluated`, those found in the store (played before an interrupt). */
  readonly evaluatedBefore: number;
  readonly candidates: number;
  /** Seconds this session has spent on the iteration. */
  readonly seconds: number;
  /**
   * The games of the whole run, search and validation: those finished, those of them that came from
   * before (earlier sessions, the games store), and all of them.
   */
  readonly games: BenchProgress;
}

export interface TuneHooks {
  onProgress?(progress: TuneProgress): void;
  onIteration?(state: TuneState): void;
  /** Once aborted, nothing more is stored: the run rejects with the signal's reason when the games in hand end. */
  readonly signal?: AbortSignal;
}

/** The state of a new run: nothing played, the generator seeded from the config's seed. */
export function initialTuneState(config: TuneConfig): TuneState {
  const rng = new Prng(config.seed);
  const method = TUNING_METHODS[config.method].initial(methodSettings(config), rng);
  return { phase: 'search', iteration: 0, rng: rng.state(), method, history: [], outcome: null };
}

/** How many games a run plays in all: every candidate of every search iteration, then every finalist's validation. */
function runGames(config: TuneConfig): number {
  const finalists = TUNING_METHODS[config.method].finalistCount(methodSettings(config));
  return config.iterations * config.population * config.gamesPerEval + finalists * config.validationGames;
}

/**
 * Plays a stored run to its end: each iteration's plan is drawn and stored before any game, each
 * candidate's results are stored as they arrive, and the state is stored after the iteration; so a
 * run interrupted anywhere resumes without replaying finished games and ends with the same weights.
 * After the last iteration the method's finalists play the validation games, and the best one wins.
 * Every game is a harness task (tasks.ts) done by `runner`, kept in the database's store of tasks as
 * a benchmark's are, and found there when any experiment played it before.
 */
export async function runTuning(
  db: Db,
  runId: number,
  config: TuneConfig,
  state: TuneState,
  runner: TaskRunner,
  hooks: TuneHooks = {},
): Promise<TuneState> {
  const method = TUNING_METHODS[config.method];
  const settings = methodSettings(config);
  const store = sqliteTaskStore(db, true);
  const searchGames = config.population * config.gamesPerEval;
  const before = state.phase === 'search' ? state.iteration * searchGames : config.iterations * searchGames;
  const games = { done: before, stored: before, total: runGames(config) };
  while (state.phase !== 'done') {
    hooks.signal?.throwIfAborted();
    const phase = state.phase;
    const iteration = state.iteration;
    let plan = loadTunePlan<TunePlan>(db, runId, iteration);
    if (plan === null) {
      const rng = Prng.fromState(state.rng);
      const candidates = phase === 'search' ? method.candidates(state.method, settings, rng) : method.finalists(state.method);
      const games = phase === 'search' ? config.gamesPerEval : config.validationGames;
      plan = { candidates, seeds: Array.from({ length: games }, () => drawSeed(rng)) };
      state = { ...state, rng: rng.state() };
      saveTunePlan(db, runId, iteration, plan, state);
    }

    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    let unsaved = performance.now(); // time not yet added to the run's total
    const takeUnsaved = () => {
      const now = performance.now();
      const elapsed = (now - unsaved) / 1000;
      unsaved = now;
      return elapsed;
    };
    const results = loadTuneEvaluations(db, runId, iteration);
    const evaluatedBefore = results.size;
    games.done += evaluatedBefore * plan.seeds.length;
    games.stored += evaluatedBefore * plan.seeds.length;
    const report = () =>
      hooks.onProgress?.({
        phase,
        iteration,
        evaluated: results.size,
        evaluatedBefore,
        candidates: plan.candidates.length,
        seconds: seconds(),
        games: { ...games },
      });
    report();
    // Settle every evaluation before failing, so that none writes to the store after the run has stopped.
    const settled = await Promise.allSettled(
      plan.candidates.map(async (weights, candidate) => {
        if (results.has(candidate)) return;
        const spec = candidateSpec(config, weights);
        const lines = await Promise.all(
          plan.seeds.map(async (seed) => {
            const { result, thread } = (await storedOrDone(candidateGame(config, spec, seed), runner, store, hooks.signal))!;
            games.done++;
            if (thread === STORED) games.stored++;
            return result.lines;
          }),
        );
        hooks.signal?.throwIfAborted();
        saveTuneEvaluation(db, runId, iteration, candidate, lines, takeUnsaved());
        results.set(candidate, lines);
        report();
      }),
    );
    const failure = settled.find((outcome) => outcome.status === 'rejected');
    if (failure !== undefined) throw failure.reason;
    hooks.signal?.throwIfAborted(); // aborted with no game in hand, which the checks above would have met

    const lines = plan.candidates.map((_, candidate) => results.get(candidate)!);
    const scores = lines.map(mean);
    if (phase === 'search') {
      const next = iteration + 1;
      state = {
        ...state,
        phase: next === config.iterations ? 'validation' : 'search',
        iteration: next,
        method: method.update(state.method, plan.candidates, scores, iteration, settings),
        history: [...state.history, { iteration, best: maximum(scores), mean: mean(scores) }],
      };
    } else {
      const winner = rankByScore(scores)[0];
      state = {
        ...state,
        phase: 'done',
        outcome: {
          weights: plan.candidates[winner],
          validationMean: scores[winner],
          validationStderr: standardError(lines[winner]),
          validationLines: lines[winner],
          finalists: plan.candidates.length,
        },
      };
    }
    saveTuneState(db, runId, state, takeUnsaved(), state.phase === 'done');
    hooks.onIteration?.(state);
  }
  return state;
}

/** A game seed: 53 random bits, so any safe integer can come up. */
function drawSeed(rng: Prng): number {
  return (rng.nextUint32() >>> 11) * 0x1_0000_0000 + rng.nextUint32();
}
