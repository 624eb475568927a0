export type { Frame } from '../../src/aveiro/game.ts';
export type { FinishedGame, LiveGame } from '../../src/aveiro/server.ts';
