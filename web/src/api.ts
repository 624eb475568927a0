import type { HighScore, ScoreSubmission, ScoreTable } from '../../src/store/highscores.ts';
import type { FinishedGame, LiveGame } from './aveiro-types.ts';
import type { Run } from '../../src/store/runs.ts';
import type { TuneRunEntry, TuneRunReport } from '../../src/tune/run-report.ts';

export { AVEIRO_TABLE } from '../../src/aveiro/score-table.ts';
export type { HighScore, ScoreTable };

async function json<T>(response: Response): Promise<T> {
  const body = await response.json();
  if (!response.ok) throw new Error(body.error ?? `HTTP ${response.status}`);
  return body as T;
}

/** A table's best scores (with `unrecorded`, the games stored before their settings were kept). */
export async function fetchHighScores(table: ScoreTable): Promise<HighScore[]> {
  const { unrecorded, ...settings } = table;
  const query = new URLSearchParams(Object.entries(settings).map(([name, value]) => [name, String(value)]));
  if (unrecorded) query.set('settings', 'unrecorded');
  return (await json<{ entries: HighScore[] }>(await fetch(`api/highscores?${query}`))).entries;
}

/** What the server answers a submitted score: its id, the table it joined and that table's best entries. */
export interface SavedScore {
  readonly id: number;
  readonly table: ScoreTable;
  readonly entries: HighScore[];
}

/** Submits a finished game as its replay; the server replays it and answers with where the score stands. */
export async function submitScore(submission: ScoreSubmission): Promise<SavedScore> {
  const response = await fetch('api/highscores', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(submission),
  });
  return json<SavedScore>(response);
}

/** Submits a finished game as its replay; answers with the best entries of the table it joined. */
export async function submitHighScore(submission: ScoreSubmission): Promise<HighScore[]> {
  return (await submitScore(submission)).entries;
}

/** A stored game's replay, from its address (`replayUrl`, `benchReplayUrl`): a Tetris replay log, or a SameGame replay. */
export async function fetchReplay(url: string): Promise<unknown> {
  return json<unknown>(await fetch(url));
}

/** Where a benchmark game's replay is (game from 0; `vs`: the opponent's), played again by the server. */
export const benchReplayUrl = (runId: number, game: number, vs: boolean) =>
  `api/runs/${runId}/games/${game}/replay${vs ? '?player=vs' : ''}`;

/** Where a high score's replay is downloaded. */
export const replayUrl = (score: Pick<HighScore, 'id'>) => `api/highscores/${score.id}/replay`;

/** The agents in code this server plays (`gridmind serve --agent FILE`). */
export async function fetchCodeAgents(): Promise<{ name: string; file: string }[]> {
  return (await json<{ agents: { name: string; file: string }[] }>(await fetch('api/code-agents'))).agents;
}

/** The stored runs of every game, newest first. */
export async function fetchRuns(): Promise<Run[]> {
  return (await json<{ runs: Run[] }>(await fetch('api/runs?limit=200'))).runs;
}

/** The stored tuning runs, newest first. */
export async function fetchTuneRuns(): Promise<TuneRunEntry[]> {
  return (await json<{ runs: TuneRunEntry[] }>(await fetch('api/tune-runs?limit=200'))).runs;
}

/** A tuning run whole, with its learning curve. */
export async function fetchTuneRun(id: number): Promise<TuneRunReport> {
  return (await json<{ run: TuneRunReport }>(await fetch(`api/tune-runs/${id}`))).run;
}

/** The games of this server's Aveiro protocol: those being played, and the last that ended, newest first. */
export async function fetchAveiroGames(): Promise<{ games: LiveGame[]; finished: FinishedGame[] }> {
  return json<{ games: LiveGame[]; finished: FinishedGame[] }>(await fetch('api/aveiro/games'));
}
