import { readFileSync } from 'node:fs';
import { InputError } from '../core/errors.ts';
import { fileProblem } from '../node/files.ts';
import { loadAgentSpec } from '../tetris-ai/agent-files.ts';
import { TetrisAgent } from '../tetris-ai/agent.ts';
import type { AgentSpec } from '../tetris-ai/agent-spec.ts';
import { explainGamePiece, type ExplainedTurn } from '../tetris-ai/explain.ts';
import { REFUSAL_REASONS, type CandidateExplanation, type Explanation } from '../tetris-ai/explanation.ts';
import { Board, parseBoard } from '../tetris/board.ts';
import { DEFAULT_TARGET } from '../tetris/game-settings.ts';
import { pieceCells } from '../tetris/moves.ts';
import { parsePiece, pieceName } from '../tetris/pieces.ts';
import { ROTATION_SYSTEMS, type RotationSystem } from '../tetris/rotation/index.ts';
import { RULE_SETS, type RuleSet } from '../tetris/rules.ts';
import { chosenAgent } from './chosen-agent.ts';
import { DEFAULT_TOP, type ExplainFlags } from './explain.ts';
import { print } from './options.ts';

/** The furthest piece of a game `--piece` may name: the game is played up to it. */
const MAX_PIECE_NUMBER = 10_000_000;

/** The agent the flags name, as data: an agent in code or a program gives no breakdown. */
function agentOf(flags: ExplainFlags): AgentSpec {
  const agent = chosenAgent(flags.agent, undefined);
  if (agent === undefined) throw new InputError('give the agent: --agent NAME|FILE');
  if (agent.outside !== null)
    throw new InputError(
      `${agent.name} is an agent in code or a program, which gives no breakdown: explain a built-in agent or an agent JSON file`,
    );
  return loadAgentSpec(agent.name);
}

/** The position to explain: a piece of a seed's game, or a piece on a board file. */
function turnOf(spec: AgentSpec, flags: ExplainFlags, rules: RuleSet, system: RotationSystem): ExplainedTurn & { title: string } {
  const target = rules.hasTarget ? (flags.target ?? DEFAULT_TARGET) : null;
  if ((flags.seed === undefined) === (flags.boardFile === undefined))
    throw new InputError('give the position: --seed S --piece N (a piece of a game) or --board-file F --piece LETTER');
  if (flags.piece === undefined) throw new InputError('give the piece: --piece N with --seed, --piece LETTER with --board-file');
  if (flags.seed !== undefined) {
    if (flags.next !== undefined) throw new InputError('--next is for --board-file: a game deals its own next pieces');
    const piece = Number(flags.piece);
    if (!Number.isInteger(piece) || piece < 1 || piece > MAX_PIECE_NUMBER)
      throw new InputError(
        `--piece with --seed is a piece number from 1 to ${MAX_PIECE_NUMBER.toLocaleString('en-US')}, not "${flags.piece}"`,
      );
    const { width, height } = flags.board ?? rules;
    const options = {
      rules: rules.name,
      width,
      height,
      seed: flags.seed,
      preview: spec.policy.lookahead,
      maxPieces: null,
      target: target ?? undefined,
    };
    const turn = explainGamePiece(spec, options, piece);
    if (!('explanation' in turn))
      throw new InputError(`the game of seed ${flags.seed} ends after ${turn.pieces} pieces: give --piece 1 to ${turn.pieces}`);
    return { ...turn, title: `piece ${piece} of the game of seed ${flags.seed}` };
  }
  const piece = parsePiece(flags.piece);
  const next = [...(flags.next ?? '')].filter((letter) => letter.trim() !== '').map(parsePiece);
  const board = readBoard(flags.boardFile!, flags.board, rules);
  const agent = new TetrisAgent(spec, board.width, board.height, system, rules.style === 'drop' ? 'drop' : 'reachable');
  const explanation = agent.explain({ board, piece, preview: next, rules, score: 0, level: 0, target });
  return { board, score: 0, explanation, title: `the board of ${flags.boardFile}` };
}

/** The board file's drawing, on a board of `size`; without one, at the bottom of the rules' board when it is as wide, else on its own size. */
function readBoard(file: string, size: { width: number; height: number } | undefined, rules: RuleSet): Board {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new InputError(`cannot read board file ${file}: ${fileProblem(error)}`);
  }
  const drawingWidth = text.split(/\r?\n/).find((line) => line.trim() !== '')?.length;
  try {
    return parseBoard(text, size ?? (drawingWidth === rules.width ? rules : undefined));
  } catch (error) {
    if (error instanceof InputError) throw new InputError(`board file ${file}: ${error.message}`);
    throw error;
  }
}

export function explain(flags: ExplainFlags): void {
  const spec = agentOf(flags);
  const rules = RULE_SETS[flags.rules];
  if (flags.target !== undefined && !rules.hasTarget) throw new InputError('--target applies only to --rules target');
  const system = ROTATION_SYSTEMS[rules.rotation];
  const { board, explanation, title } = turnOf(spec, flags, rules, system);
  const shown = explanation.candidates.slice(0, flags.top ?? (flags.json ? Infinity : DEFAULT_TOP));
  if (flags.json) {
    const finite = (value: number) => (Number.isFinite(value) ? value : null);
    const candidates = shown.map(({ line, total, ...candidate }) => ({
      ...candidate,
      total: finite(total),
      ...(line !== undefined && { line: line.map((step) => ({ ...step, piece: pieceName(step.piece) })) }),
    }));
    const position = {
      board: `${board.width}x${board.height}`,
      rules: rules.name,
      seed: flags.seed ?? null,
      pieceNumber: flags.seed === undefined ? null : Number(flags.piece),
    };
    print(
      JSON.stringify({
        agent: explanation.agent,
        piece: pieceName(explanation.piece),
        ...position,
        lookahead: explanation.lookahead.map(pieceName),
        unknownPieces: explanation.unknownPieces,
        count: explanation.candidates.length,
        candidates,
      }),
    );
    return;
  }
  print(describe(explanation, board, system, title, shown, spec.policy.unknownPiecesAbove).join('\n'));
}

/** A number as the table shows it: up to 3 decimals, ±∞ in words. */
function figure(value: number): string {
  if (value === Infinity) return '+inf (reaches the target)';
  if (value === -Infinity) return '-inf';
  return Number(value.toFixed(3)).toLocaleString('en-US', { maximumFractionDigits: 3 });
}

/**
 * The text report: the position with the chosen placement, then the shown candidates feature by feature.
 * `unknownPiecesAbove` is the policy's gate on weighing the unknown piece, when it has one.
 */
function describe(
  explanation: Explanation,
  board: Board,
  system: RotationSystem,
  title: string,
  shown: readonly CandidateExplanation[],
  unknownPiecesAbove: number | undefined,
): string[] {
  const { candidates, lookahead } = explanation;
  const known = lookahead.length === 0 ? 'no lookahead' : `looking ahead to ${lookahead.map(pieceName).join(' ')}`;
  let ahead = known;
  if (explanation.unknownPieces > 0) {
    ahead += ', then weighing the unknown next piece by its expected best';
    if (unknownPiecesAbove !== undefined) ahead += ` (only when the highest column is above ${unknownPiecesAbove} rows)`;
  } else if (unknownPiecesAbove !== undefined) {
    ahead += `; the highest column is ${board.stackHeight()} rows, not above ${unknownPiecesAbove}, so the unknown next piece is not weighed`;
  }
  const lines = [`${explanation.agent}, ${title}: ${pieceName(explanation.piece)}, ${candidates.length} placements, ${ahead}.`];
  if (candidates.length === 0) return [...lines, 'The piece has no placement: the game ends here.'];
  const chosen = candidates[0];
  const cells = new Set(
    pieceCells(system, { piece: explanation.piece, rotation: chosen.rotation, x: chosen.x, y: chosen.y }).map(([x, y]) => `${x},${y}`),
  );
  const highest = Math.max(board.stackHeight(), ...[...cells].map((cell) => Number(cell.split(',')[1]) + 1));
  const shownRows = Math.min(board.height, highest + 2);
  if (shownRows < board.height) lines.push(`  (${board.height - shownRows} empty rows above)`);
  for (let y = shownRows - 1; y >= 0; y--) {
    let row = '  ';
    for (let x = 0; x < board.width; x++) row += cells.has(`${x},${y}`) ? '@' : board.isFilled(x, y) ? '#' : '.';
    lines.push(row);
  }
  lines.push(`@: the chosen placement (rotation ${chosen.rotation}, x ${chosen.x}, y ${chosen.y}).`, '');
  const columns = shown.map(
    (candidate) => `#${candidate.rank}${candidate.chosen ? ' chosen' : ''} (r${candidate.rotation} x${candidate.x} y${candidate.y})`,
  );
  const compared = shown.length >= 2 ? [shown[0], shown[1]] : null;
  const header = ['feature', 'weight', ...columns, ...(compared ? [`#${compared[0].rank} - #${compared[1].rank}`] : [])];
  const rows: string[][] = [header];
  chosen.features.forEach((term, f) => {
    const cells = shown.map((candidate) => {
      const own = candidate.features[f];
      return `${figure(own.value)} -> ${figure(own.contribution)}`;
    });
    const difference = compared ? [figure(compared[0].features[f].contribution - compared[1].features[f].contribution)] : [];
    const weight = shown.some((candidate) => candidate.despair !== chosen.despair) ? 'varies' : figure(term.weight);
    rows.push([term.name, weight, ...cells, ...difference]);
  });
  rows.push([
    'own value',
    '',
    ...shown.map((candidate) => figure(candidate.own)),
    ...(compared ? [figure(compared[0].own - compared[1].own)] : []),
  ]);
  if (lookahead.length > 0)
    rows.push([
      'line',
      '',
      ...shown.map(
        (candidate) =>
          (candidate.line ?? [])
            .map((step) => `${pieceName(step.piece)} r${step.rotation} x${step.x} y${step.y}: ${figure(step.value)}`)
            .join('; ') || '-',
      ),
    ]);
  rows.push([
    'total',
    '',
    ...shown.map((candidate) => figure(candidate.total)),
    ...(compared && Number.isFinite(compared[0].total - compared[1].total) ? [figure(compared[0].total - compared[1].total)] : []),
  ]);
  const widths = header.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  for (const row of rows)
    lines.push(
      row
        .map((cell, column) => (column < 1 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
        .join('  ')
        .trimEnd(),
    );
  lines.push("Each cell: the feature's value -> its contribution to the value the agent maximises.");
  for (const candidate of shown) {
    if (candidate.despair)
      lines.push(`#${candidate.rank}: valued with the despair weights (its highest column is above the agent's threshold).`);
    if (candidate.refused !== undefined) lines.push(`#${candidate.rank} is refused: ${REFUSAL_REASONS[candidate.refused]}.`);
  }
  return lines;
}
