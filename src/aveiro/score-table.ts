import type { ScoreTable } from '../store/highscores.ts';

/** The high-score table of the Aveiro network game (played over its protocol), beside the web app's. */
export const AVEIRO_TABLE: ScoreTable = { game: 'aveiro', rules: 'aveiro', board: '8x30' };
