/**
 * `gridmind explain`: why an agent puts a piece where it does. The position is a piece of the game of a
 * seed (the agent plays it up to that piece) or a board file; every candidate placement is valued as the
 * agent's policy values it, and the best are printed feature by feature.
 */
import type { Command } from 'commander';
import { MAX_SEED } from '../core/prng.ts';
import { DEFAULT_TARGET } from '../tetris/game-settings.ts';
import { parseRuleSetName, type RuleSetName } from '../tetris/rules.ts';
import { boardSizeOption, integerIn, optionParser } from './options.ts';

export interface ExplainFlags {
  agent?: string;
  seed?: number;
  piece?: string;
  boardFile?: string;
  next?: string;
  rules: RuleSetName;
  board?: { width: number; height: number };
  target?: number;
  top?: number;
  json?: boolean;
}

/** Candidates the table shows unless told (JSON gives them all). */
export const DEFAULT_TOP = 3;

/** What `gridmind explain` does (explain-action.ts). */
export interface ExplainActions {
  explain(flags: ExplainFlags): void;
}

export function registerExplainCommand(program: Command, actions: () => Promise<ExplainActions>): void {
  program
    .command('explain')
    .description(
      "show why an agent puts a piece where it does: every candidate placement, feature by feature, as the agent's policy values it",
    )
    .option('--agent <name|file>', 'the agent: a built-in name or an agent JSON file (agents in code give no breakdown)')
    .option('--seed <n>', 'explain a piece of the game of this seed (with --piece N)', integerIn(0, MAX_SEED))
    .option('--piece <n|letter>', 'with --seed: the piece number in the game (the first is 1); with --board-file: the piece, I O T S Z J L')
    .option('--board-file <file>', 'explain a piece on this board: rows of "." and "#", top row first (with --piece LETTER)')
    .option('--next <letters>', 'with --board-file: the next pieces the agent knows, such as SZ (its lookahead uses them)')
    .option('--rules <rules>', 'research, classic, target or aveiro', optionParser(parseRuleSetName), 'research')
    .option(
      '--board <WxH>',
      "board size (default: the rules' own, with a board file's drawing as its bottom rows when as wide; else the drawing's size)",
      boardSizeOption,
    )
    .option('--target <score>', `the target score under --rules target (default ${DEFAULT_TARGET})`, integerIn(1, Number.MAX_SAFE_INTEGER))
    .option('--top <k>', `candidates to show (default ${DEFAULT_TOP}; with --json, all)`, integerIn(1, 10_000))
    .option(
      '--json',
      'print JSON: {"agent","piece","candidates":[{"rank","chosen","rotation","x","y","total","own","despair","features":[{"name","value","weight","contribution"}],"line"?,"refused"?}]}',
    )
    .addHelpText(
      'after',
      "\nA candidate's own value is the sum of its features' contributions (weight × value, negated for an agent\n" +
        'that minimises). Its total is what the policy compares: the own value, or with lookahead the value of the\n' +
        'best line of the known next pieces after it (shown as "line"), and with policy.unknownPieces the expected\n' +
        'best of the unknown piece after those (only on turns above policy.unknownPiecesAbove, when given). A\n' +
        'refused candidate cannot be chosen: it passes the target score, leaves a known piece (or a shape of the\n' +
        'unknown one) no room, or is outside the beam. Totals of ±∞ are null in JSON.',
    )
    .action(async (flags: ExplainFlags) => (await actions()).explain(flags));
}
