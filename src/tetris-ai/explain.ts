/**
 * Explaining a choice in a game: the agent plays the game of a seed up to a piece, and its choice for
 * that piece is explained (`TetrisAgent.explain`) on the position it faces there.
 */
import type { Board } from '../tetris/board.ts';
import { TetrisAgent, type Chooser, type TurnState } from './agent.ts';
import type { AgentSpec } from './agent-spec.ts';
import type { Explanation } from './explanation.ts';
import { placementMode, playGameWith, type PlayOptions } from './play.ts';

/** A choice explained in its position: the board the piece meets, the score before it, and the explanation. */
export interface ExplainedTurn {
  readonly board: Board;
  readonly score: number;
  readonly explanation: Explanation;
}

/**
 * The agent's choice for piece `piece` (the first is 1) of the game `options` deal, explained; or the
 * number of pieces the game had, when it ended before that piece.
 */
export function explainGamePiece(spec: AgentSpec, options: PlayOptions, piece: number): ExplainedTurn | { readonly pieces: number } {
  let turn: ExplainedTurn | null = null;
  let turns = 0;
  const result = playGameWith(
    (game) => {
      const make = () => new TetrisAgent(spec, game.board.width, game.board.height, game.system, placementMode(game));
      const [agent, explainer] = [make(), make()];
      const chooser: Chooser = {
        choose(state: TurnState) {
          if (++turns === piece) turn = { board: state.board.clone(), score: state.score, explanation: explainer.explain(state) };
          return agent.choose(state);
        },
      };
      return chooser;
    },
    { ...options, maxPieces: piece },
  );
  return turn ?? { pieces: result.pieces };
}
