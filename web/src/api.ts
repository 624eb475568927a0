import type { HighScore, ScoreTable } from '../../src/store/highscores.ts';
import type { Run } from '../../src/store/runs.ts';

export { AVEIRO_TABLE } from '../../src/aveiro/score-table.ts';
export type { HighScore, ScoreTable };

async function json<T>(response: Response): Promise<T> {
  const body = await response.json();
  if (!response.ok) throw new Error(body.error ?? `HTTP ${response.status}`);
  return body as T;
}

/** A table's best scores; a `null` target asks for the scores whose target was not recorded. */
export async function fetchHighScores(table: ScoreTable): Promise<HighScore[]> {
  const { target, ...named } = table;
  const query = new URLSearchParams(target === undefined ? named : { ...named, target: target === null ? 'unrecorded' : String(target) });
  return (await json<{ entries: HighScore[] }>(await fetch(`api/highscores?${query}`))).entries;
}

export async function submitHighScore(table: ScoreTable, entry: { name: string; points: number; lines: number }): Promise<HighScore[]> {
  const response = await fetch('api/highscores', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...table, ...entry }),
  });
  return (await json<{ entries: HighScore[] }>(response)).entries;
}

/** The stored runs of every game, newest first. */
export async function fetchRuns(): Promise<Run[]> {
  return (await json<{ runs: Run[] }>(await fetch('api/runs?limit=200'))).runs;
}
