import { Prng } from '../core/prng.ts';
import { GAME_RESULTS_REVISION } from '../core/version.ts';
import { maximum, mean, standardError } from '../core/stats.ts';
import type { Db } from '../store/database.ts';
import { loadTuneEvaluations, loadTunePlan, saveTuneEvaluation, saveTunePlan, saveTuneState } from '../store/tune-runs.ts';
import { rankByScore } from './method.ts';
import { candidateSpec, methodSettings, TUNING_METHODS, type TuneConfig, type TunePlan, type TuneState } from './tuning.ts';
import type { CandidateEvaluator } from './evaluator.ts';

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

/**
 * Plays a stored run to its end: each iteration's plan is drawn and stored before any game, each
 * candidate's results are stored as they arrive, and the state is stored after the iteration; so a
 * run interrupted anywhere resumes without replaying finished games and ends with the same weights.
 * After the last iteration the method's finalists play the validation games, and the best one wins.
 */
export async function runTuning(
  db: Db,
  runId: number,
  config: TuneConfig,
  state: TuneState,
  evaluator: CandidateEvaluator,
  hooks: TuneHooks = {},
): Promise<TuneState> {
  const method = TUNING_METHODS[config.method];
  const settings = methodSettings(config);
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
    const report = () =>
      hooks.onProgress?.({
        phase,
        iteration,
        evaluated: results.size,
        evaluatedBefore,
        candidates: plan.candidates.length,
        seconds: seconds(),
      });
    report();
    // Settle every evaluation before failing, so that none writes to the store after the run has stopped.
    const settled = await Promise.allSettled(
      plan.candidates.map(async (weights, candidate) => {
        if (results.has(candidate)) return;
        const lines = await evaluator.evaluate({
          revision: GAME_RESULTS_REVISION,
          spec: candidateSpec(config, weights),
          width: config.width,
          height: config.height,
          seeds: plan.seeds,
        });
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
