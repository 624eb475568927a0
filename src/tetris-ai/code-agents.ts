/**
 * Agents written in code: a JavaScript or TypeScript module (`--agent ./my-agent.js`) whose default
 * export picks each piece's placement among those the rules allow. The interface, documented in
 * docs/own-agent.md:
 *
 * ```ts
 * export default {
 *   name: 'lowest column',                       // optional: its name in results
 *   choose(turn) {                               // turn: board, piece, preview, placements, score
 *     return 0;                                  // the index of a placement in turn.placements
 *   },
 * };
 * ```
 *
 * or a function that returns such an object for each game (for an agent that keeps state). A module in
 * TypeScript outside a package of `"type": "module"` must end in `.mts`.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { InputError } from '../core/errors.ts';
import type { Board } from '../tetris/board.ts';
import { pieceName, type PieceName } from '../tetris/pieces.ts';
import { PlacementGenerator } from '../tetris/placements.ts';
import type { RotationSystem } from '../tetris/rotation/index.ts';
import { AgentFault, type Choice, type Chooser, type TurnState } from './agent.ts';

/** A placement a piece can take: its orientation and its bounding box's bottom-left corner (x, y from the floor). */
export interface Placement {
  readonly rotation: number;
  readonly x: number;
  readonly y: number;
}

/** What an agent in code is shown each turn. */
export interface AgentTurn {
  /** The board; `isFilled(x, y)`, `width`, `height`. The agent must not change it. */
  readonly board: Board;
  readonly piece: PieceName;
  /** The next pieces, as many as the preview shows. */
  readonly preview: readonly PieceName[];
  /** The placements the piece can take (drop placements under the research protocol; for the Aveiro client, those its clock lets through). */
  readonly placements: readonly Placement[];
  readonly score: number;
}

/** An agent in code: it answers each turn with the index of a placement. */
export interface CodeAgent {
  readonly name?: string;
  choose(turn: AgentTurn): number;
}

/** A module's default export: an agent, or a function making one per game. */
type AgentExport = CodeAgent | (() => CodeAgent);

/** Whether an `--agent` names a module of code rather than a built-in agent or an agent JSON file. */
export function isCodeAgent(nameOrPath: string): boolean {
  return /\.(m?js|m?ts)$/.test(nameOrPath);
}

const isAgent = (value: unknown): value is CodeAgent => typeof (value as CodeAgent | null)?.choose === 'function';

/** A loaded agent module: a fresh agent for each game. */
export interface AgentModule {
  readonly file: string;
  readonly name: string;
  newAgent(): CodeAgent;
}

let typeScriptLoader: Promise<void> | undefined;

/**
 * Makes a module in TypeScript importable: compiled Gridmind (dist/) runs without a TypeScript loader, so
 * tsx's is registered, once per thread, for the first agent in TypeScript. From the sources (under tsx or
 * vitest) a loader is already there.
 */
function readyForTypeScript(file: string): Promise<void> {
  if (!/\.m?ts$/.test(file) || import.meta.url.endsWith('.ts')) return Promise.resolve();
  typeScriptLoader ??= import('tsx/esm/api').then(({ register }) => void register());
  return typeScriptLoader;
}

/** Loads an agent module; a module that cannot be loaded or exports no agent is an InputError naming it. */
export async function loadCodeAgent(file: string): Promise<AgentModule> {
  let exported: unknown;
  try {
    await readyForTypeScript(file);
    exported = ((await import(pathToFileURL(resolve(file)).href)) as { default?: unknown }).default;
  } catch (error) {
    throw new InputError(`cannot load the agent module ${file}: ${(error as Error).message.split('\n')[0]}`);
  }
  const usage = 'export default { choose(turn) { return 0; } } (docs/own-agent.md)';
  if (!isAgent(exported) && typeof exported !== 'function') throw new InputError(`the agent module ${file} exports no agent: ${usage}`);
  const make = exported as AgentExport;
  const newAgent = (): CodeAgent => {
    const agent = typeof make === 'function' ? make() : make;
    if (!isAgent(agent)) throw new InputError(`the agent module ${file}: its default export made no agent: ${usage}`);
    return agent;
  };
  return { file, name: newAgent().name ?? file, newAgent };
}

/**
 * Plays an agent in code under drop placements: shows it the piece's placements, checks its answer,
 * and turns a throw or an answer that names no placement into an {@link AgentFault}.
 */
export class CodeAgentChooser implements Chooser {
  private readonly generator: PlacementGenerator;
  private readonly agent: CodeAgent;

  constructor(
    private readonly module: AgentModule,
    width: number,
    height: number,
    system: RotationSystem,
  ) {
    this.generator = new PlacementGenerator(width, height, system);
    this.agent = module.newAgent();
  }

  choose(state: TurnState): Choice | null {
    const given = state.placements; // the placements a front end knows better (the Aveiro client's), else the drops
    const list = given ?? this.generator;
    const count = given?.count ?? this.generator.generate(state.board, state.piece, 'drop');
    if (count === 0) return null;
    const placements = Array.from({ length: count }, (_, i) => ({ rotation: list.rotation[i], x: list.x[i], y: list.y[i] }));
    let answer: unknown;
    try {
      answer = this.agent.choose({
        board: state.board.clone(),
        piece: pieceName(state.piece),
        preview: state.preview.map(pieceName),
        placements,
        score: state.score,
      });
    } catch (error) {
      throw new AgentFault(`${this.module.file} threw: ${(error as Error)?.message ?? String(error)}`);
    }
    if (!Number.isInteger(answer) || (answer as number) < 0 || (answer as number) >= count) {
      throw new AgentFault(`${this.module.file} answered ${JSON.stringify(answer)}: not the index of one of the ${count} placements`);
    }
    return { ...placements[answer as number], value: 0 };
  }
}
