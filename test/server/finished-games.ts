import { parseAgentSpec } from '../../src/tetris-ai/agent-spec.ts';
import { loadAgentSpec } from '../../src/tetris-ai/agent-files.ts';
import { playGame, type PlayOptions } from '../../src/tetris-ai/play.ts';
import { Game, type GameOptions, type ReplayLog } from '../../src/tetris/game.ts';
import type { RuleSetName } from '../../src/tetris/rules.ts';

/** An agent that tops out soon: it builds as high as it can (a short game to replay). */
export const STACKER = parseAgentSpec(
  {
    name: 'stacker',
    description: 'builds as high as it can',
    source: "Gridmind's tests of verified scores",
    sense: 'minimize',
    features: ['maxHeight'],
    weights: { maxHeight: -1 },
    policy: { lookahead: 0 },
  },
  'stacker',
);

/** A finished Tetris game's replay, as `play --replay-out` writes it, and the score it gives. */
export function finishedGame(
  rules: RuleSetName,
  seed: number,
  {
    width = 10,
    height = 20,
    target,
    agent = STACKER,
  }: { width?: number; height?: number; target?: number; agent?: string | typeof STACKER } = {},
): { replay: ReplayLog; score: number; lines: number; pieces: number } {
  const options: PlayOptions = { rules, width, height, seed, preview: 0, maxPieces: null, target, recordReplay: true };
  const result = playGame(typeof agent === 'string' ? loadAgentSpec(agent) : agent, options);
  return { replay: result.replay!, score: result.score, lines: result.lines, pieces: result.pieces };
}

/**
 * A finished game played by one input every `msPerInput` ms of game time: each piece hard-dropped where
 * it appears (under rules played by keys), or placed at its first drop placement (under `research`).
 * At 100 ms an input, a person's pace; at 0, a program's.
 */
export function droppedGame(options: GameOptions, msPerInput: number): ReplayLog {
  const game = new Game({ preview: 0, ...options });
  while (!game.over) {
    game.advance(msPerInput);
    if (game.over) break;
    if (game.rules.style === 'keys') {
      game.press('H');
    } else {
      const drops = game.dropPlacements();
      if (drops.count === 0) break;
      game.place(drops.rotation[0], drops.x[0], drops.y[0]);
    }
  }
  return game.replayLog();
}

/** Posts a high score to the server at `url`; answers its status and JSON body. */
export async function postScore(url: string, body: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${url}/api/highscores`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}
