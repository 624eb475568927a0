/**
 * Agents in code and programs playing in the web app (`gridmind serve --agent FILE`, `--agent-command
 * CMD`): the page plays its game as ever, and asks the server, turn by turn, where the agent puts each
 * piece. Each game has the agent of its own, on its own thread with the move time limit
 * (code-agents.ts; a program's game, on a process of its own: process-agent.ts). A turn is awaited, so
 * that the server serves other clients while the agent thinks; a game answers one turn at a time. An
 * agent's fault ends its game here and is the reply's `fault`; the server goes on.
 */
import { InputError } from '../core/errors.ts';
import { Board } from '../tetris/board.ts';
import type { PlacementMode } from '../tetris/placement-modes.ts';
import { ROTATION_SYSTEMS, type RotationSystemName } from '../tetris/rotation/index.ts';
import { RULE_SETS } from '../tetris/rules.ts';
import { AgentFault } from '../tetris-ai/agent.ts';
import { CodeAgentChooser, type AgentModule } from '../tetris-ai/code-agents.ts';
import type { ChooseReply, ChooseRequest } from '../tetris-ai/turn-data.ts';

/** Games played at once; a new one past it ends the game left alone longest (a page that never said goodbye). */
export const MAX_CODE_AGENT_GAMES = 32;

/** A game's set-up, as the page sends it. */
export interface CodeAgentGameSetup {
  readonly agent: string;
  readonly width: number;
  readonly height: number;
  readonly rotation: RotationSystemName;
  readonly mode: PlacementMode;
}

interface CodeAgentGame {
  readonly chooser: CodeAgentChooser;
  readonly board: Board;
  lastUsed: number;
  /** The turn being answered, if any. */
  turn: Promise<unknown> | null;
}

export class CodeAgentGames {
  private readonly modules = new Map<string, AgentModule>();
  private readonly games = new Map<number, CodeAgentGame>();
  private nextId = 1;

  /**
   * Two modules may not share a name: the page chooses agents by name. `maxGames`: the games played at
   * once, MAX_CODE_AGENT_GAMES unless given.
   */
  constructor(
    modules: readonly AgentModule[],
    private readonly maxGames = MAX_CODE_AGENT_GAMES,
  ) {
    for (const module of modules) {
      const taken = this.modules.get(module.name);
      if (taken !== undefined) throw new InputError(`${module.file} and ${taken.file} are both named "${module.name}": rename one`);
      this.modules.set(module.name, module);
    }
  }

  /** The agents served, by name and file. */
  list(): { name: string; file: string }[] {
    return [...this.modules.values()].map(({ name, file }) => ({ name, file }));
  }

  /** Starts a game of an agent; returns its id. */
  start(setup: CodeAgentGameSetup): number {
    const module = this.modules.get(setup.agent);
    if (module === undefined)
      throw new InputError(
        `no agent in code is named "${setup.agent}": ${
          this.list()
            .map(({ name }) => name)
            .join(', ') || 'none is served'
        }`,
      );
    if (this.games.size >= this.maxGames) {
      const [oldest] = [...this.games.entries()].sort(([, a], [, b]) => a.lastUsed - b.lastUsed)[0];
      this.end(oldest);
    }
    const board = new Board(setup.width, setup.height);
    const chooser = new CodeAgentChooser(module, setup.width, setup.height, ROTATION_SYSTEMS[setup.rotation], setup.mode);
    const id = this.nextId++;
    this.games.set(id, { chooser, board, lastUsed: performance.now(), turn: null });
    return id;
  }

  /**
   * The agent's answer to a turn, at most the move time limit on; a fault ends the game and is the
   * reply's `fault`. A turn sent while the game's last is unanswered is an InputError.
   */
  async turn(id: number, { id: request, turn }: ChooseRequest): Promise<ChooseReply> {
    const game = this.games.get(id);
    if (game === undefined) throw new InputError(`no game ${id} of an agent in code is running (it ended, or the server restarted)`);
    if (game.turn !== null) throw new InputError(`game ${id} is answering a turn: send the next once it is answered`);
    game.lastUsed = performance.now();
    if (turn.rows.length !== game.board.height)
      throw new InputError(`the turn has ${turn.rows.length} rows: the game's board has ${game.board.height}`);
    game.board.rows.fill(0);
    game.board.rows.set(turn.rows);
    const answer = game.chooser.chooseAsync({ ...turn, board: game.board, rules: RULE_SETS[turn.rules] });
    game.turn = answer;
    try {
      const choice = await answer;
      return { id: request, choice, keys: choice === null ? null : game.chooser.keysOfChoice() };
    } catch (error) {
      if (!(error instanceof AgentFault)) throw error;
      this.end(id);
      return { id: request, choice: null, keys: null, fault: error.message };
    } finally {
      game.turn = null;
    }
  }

  /**
   * Ends a game and lets its agent's thread or process go (nothing when it has ended already); a game
   * ended amid a turn lets it go once the turn is answered (at most the move time limit on).
   */
  end(id: number): void {
    const game = this.games.get(id);
    if (game === undefined) return;
    this.games.delete(id);
    const stop = () => game.chooser.stop();
    if (game.turn === null) stop();
    else game.turn.then(stop, stop);
  }

  /** Ends every game, and lets the programs' idle processes go. */
  close(): void {
    for (const id of [...this.games.keys()]) this.end(id);
    for (const module of this.modules.values()) module.close();
  }
}
