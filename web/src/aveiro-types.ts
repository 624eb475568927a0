export type { Frame } from '../../src/aveiro/game.ts';
export type { LiveGame } from '../../src/aveiro/server.ts';
