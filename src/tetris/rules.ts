import { parseName } from '../core/names.ts';
import type { RotationSystemName } from './rotation/index.ts';

export const RULE_SET_NAMES = ['classic', 'target', 'aveiro', 'research'] as const;
export type RuleSetName = (typeof RULE_SET_NAMES)[number];

/** How a player places pieces: `keys` = a falling piece moved by keys and gravity; `drop` = choose a drop placement. */
export type PlayStyle = 'keys' | 'drop';

/** A rule set: board defaults, scoring, levels and gravity. Pure functions of the game's counters. */
export interface RuleSet {
  readonly name: RuleSetName;
  readonly summary: string;
  readonly width: number;
  readonly height: number;
  readonly rotation: RotationSystemName;
  readonly style: PlayStyle;
  /** Points for one lock that cleared `lines` rows, at the level before the lock. */
  points(lines: number, level: number): number;
  /** Level after `lines` cleared rows and `score` points. */
  level(lines: number, score: number): number;
  /** Milliseconds between two gravity steps at this level and score (Infinity: no gravity). */
  gravityMs(level: number, score: number): number;
  /** Whether the score must reach a target exactly (the `target` rules). */
  readonly hasTarget: boolean;
  /**
   * Whether a piece whose spawn collides, and that fits no row lower either, is laid over the stack as
   * the game ends, as the Aveiro course's server does (it keeps the locked cells as a list): the rows
   * that then hold `width` cells, the overlapping ones counted twice, are cleared and score.
   */
  readonly laysEndingPieceOver: boolean;
}

/** The classic rules: levels every 10 lines, 20 at most; gravity falls linearly from 1.1 s at level 0 to 0.1 s at level 20. */
const MAX_CLASSIC_LEVEL = 20;
const classicLevel = (lines: number): number => Math.min(MAX_CLASSIC_LEVEL, Math.floor(lines / 10));
const classicGravityMs = (level: number): number => 1100 - 50 * level;

export const RULE_SETS: Readonly<Record<RuleSetName, RuleSet>> = {
  classic: {
    name: 'classic',
    summary:
      'Clear rows to score: n rows at once score n²·(100 + 5 × level), so four at once are worth sixteen singles; the level rises every 10 rows, up to 20, and pieces fall faster, from 1.1 s a row to 0.1 s (after the iarTris course project)',
    width: 10,
    height: 20,
    rotation: 'classic',
    style: 'keys',
    points: (lines, level) => lines * lines * (100 + 5 * level),
    level: classicLevel,
    gravityMs: classicGravityMs,
    hasTarget: false,
    laysEndingPieceOver: false,
  },
  target: {
    name: 'target',
    summary:
      'Reach a target score exactly: a piece that clears n rows scores n(n − 1) + 1 (1, 3, 7 or 13 points); going past the target, or filling the board, loses (after a course report on planning to a target)',
    width: 10,
    height: 20,
    rotation: 'classic',
    style: 'keys',
    points: (lines) => (lines > 0 ? lines * (lines - 1) + 1 : 0),
    level: classicLevel,
    gravityMs: classicGravityMs,
    hasTarget: true,
    laysEndingPieceOver: false,
  },
  aveiro: {
    name: 'aveiro',
    summary:
      "The University of Aveiro course's network game: an 8-wide board, the square of the rows a piece clears as its points, and a game that speeds up as the score grows (10 + score ÷ 10 ticks a second)",
    width: 8,
    height: 30,
    rotation: 'aveiro',
    style: 'keys',
    points: (lines) => lines * lines,
    level: (_lines, score) => Math.floor(score / 10),
    gravityMs: (level) => 1000 / (10 + level),
    hasTarget: false,
    laysEndingPieceOver: true,
  },
  research: {
    name: 'research',
    summary:
      'The rules of AI research on Tetris: one point a row, each piece dropped straight into the place chosen for it, and the game over when a piece fits nowhere',
    width: 10,
    height: 20,
    rotation: 'classic',
    style: 'drop',
    points: (lines) => lines,
    level: () => 0,
    gravityMs: () => Infinity,
    hasTarget: false,
    laysEndingPieceOver: false,
  },
};

export function parseRuleSetName(text: string): RuleSetName {
  return parseName(RULE_SET_NAMES, 'rule set', text);
}
