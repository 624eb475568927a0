#!/usr/bin/env node
/**
 * The `gridmind` that test/docs/code-blocks.test.ts runs the guides' commands with: the built command
 * (bin/gridmind.js), with short budgets, so that a guide may show a real-sized run (`bench --games 1000`,
 * `samegame solve --time 60`) and the test still runs it in a second or two. It checks that the command
 * works as written (its flags, files and agents), not how long it takes:
 *
 * - a budget flag given gets at most BUDGETS' value (`--games 1000` plays 2 games);
 * - a command whose default budget is long gets the flags of ADDED when they are not given (`tune` runs 2
 *   iterations of 20 candidates, `bench` and `play` stop their games after 2,000 pieces).
 *
 * Any other flag, and every other command, is passed on unchanged.
 */
import { pathToFileURL } from 'node:url';

const BUDGETS = {
  '--games': 2,
  '--time': 1,
  '--nodes': 20_000,
  '--max-pieces': 2000,
  '--iterations': 2,
  '--population': 20,
  '--games-per-eval': 2,
  '--validation-games': 2,
};

/** The budget flags each command gets when they are not given (its command words, then the flags). */
const ADDED = [
  [['play'], ['--max-pieces']],
  [['bench'], ['--games', '--max-pieces']],
  [['tune'], ['--iterations', '--population', '--games-per-eval', '--validation-games']],
  [
    ['samegame', 'solve'],
    ['--time', '--nodes'],
  ],
  [
    ['samegame', 'bench'],
    ['--time', '--nodes'],
  ],
];

/** The command line with its budgets cut: `--flag N` and `--flag=N` alike. */
export function withShortBudgets(args) {
  const out = [];
  const given = new Set();
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i].split(/=(.*)/s, 2);
    if (!(flag in BUDGETS)) {
      out.push(args[i]);
      continue;
    }
    given.add(flag);
    const value = inline ?? args[++i];
    const number = Number(value);
    out.push(flag, Number.isFinite(number) ? String(Math.min(number, BUDGETS[flag])) : value);
  }
  const command = args.filter((arg) => !arg.startsWith('-'));
  for (const [words, flags] of ADDED) {
    if (words.every((word, i) => command[i] === word)) {
      for (const flag of flags) if (!given.has(flag)) out.push(flag, String(BUDGETS[flag]));
    }
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.argv = [process.argv[0], process.argv[1], ...withShortBudgets(process.argv.slice(2))];
  await import(new URL('../../bin/gridmind.js', import.meta.url).href);
}
