/**
 * A stored benchmark game, played again for its replay: the games of `gridmind bench` keep their lines,
 * not their moves, but the agent, seed and settings make each exactly again. The replay is checked
 * against the stored lines before it is given.
 */
import { InputError } from '../core/errors.ts';
import type { TetrisRun } from '../store/runs.ts';
import { parseBoardSize } from '../tetris/board.ts';
import type { ReplayLog } from '../tetris/game.ts';
import { playGame } from '../tetris-ai/play.ts';

/** Lines past which a game is not played again here (its replay would be too long to send). */
export const MAX_REPLAYED_LINES = 20_000;

/** The replay of game `game` (from 0) of a run, of its agent or with `vs` of its opponent. */
export function benchGameReplay(run: TetrisRun, game: number, vs: boolean): ReplayLog {
  const lines = (vs ? run.perGame.vsLines : run.perGame.lines)?.[game];
  if (lines === undefined) throw new InputError(`run ${run.id} has no game ${game}${vs ? ' of an opponent' : ''}`);
  const { summary } = run;
  const spec = vs ? summary.vsSpec : summary.agentSpec;
  const seed = run.seedBase + game;
  const { width, height } = parseBoardSize(run.board);
  const command = `gridmind play --agent ${vs ? run.vs : run.agent} --board ${run.board} --seed ${seed} --preview ${summary.preview}${summary.maxPieces === null ? '' : ` --max-pieces ${summary.maxPieces}`} --replay-out FILE`;
  if (spec === undefined) throw new InputError(`this game was played by an agent in code, which the server does not have: ${command}`);
  if (lines > MAX_REPLAYED_LINES) throw new InputError(`this game cleared ${lines} lines, too long a replay to send: ${command}`);
  const played = playGame(spec, {
    rules: 'research',
    width,
    height,
    seed,
    preview: summary.preview,
    maxPieces: summary.maxPieces,
    recordReplay: true,
  });
  if (played.lines !== lines) throw new Error(`game ${game} of run ${run.id} plays to ${played.lines} lines now, and ${lines} were stored`);
  return played.replay!;
}
