/**
 * MdpTetris (https://github.com/brunoscherrer/mdptetris, the C library the literature's Tetris figures
 * come from) as a peer to time against. Nothing of it is in Gridmind: `GRIDMIND_MDPTETRIS` names a checkout
 * built outside the repository (`./configure CFLAGS="-O2 -fcommon" && make`; Debian needs `libgsl-dev`),
 * and `mdptetris-pieces.c`, which only calls its public functions, is compiled against that build's objects
 * so that both programs play the same fixed number of pieces.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DRIVER = fileURLToPath(new URL('./mdptetris-pieces.c', import.meta.url));
/** The library's objects that mdptetris_play_games links, less its main. */
const OBJECTS = [
  'game',
  'games_statistics',
  'last_move_info',
  'piece',
  'file_tools',
  'board',
  'brick_masks',
  'strategy',
  'strategy_fixed_weights',
  'feature_policy',
  'feature_functions',
  'rewards',
  'interruptions',
  'random',
  'graphics',
];

export interface MdpTetris {
  /** Pieces per second of one-piece Dellacherie (its `dellacherie_initial.dat`) over `pieces` pieces on `width`×`height`. */
  speed(width: number, height: number, seed: number, pieces: number): number;
  close(): void;
}

/** The built peer, or why it cannot run here. */
export function buildMdpTetris(): MdpTetris | string {
  const checkout = process.env.GRIDMIND_MDPTETRIS;
  if (checkout === undefined)
    return 'set GRIDMIND_MDPTETRIS to a built checkout of brunoscherrer/mdptetris (docs/reproducing.md, "Speed against MdpTetris")';
  const missing = OBJECTS.map((name) => join(checkout, 'src', `${name}.o`)).filter((file) => !existsSync(file));
  if (missing.length > 0) return `${checkout} is not built (no ${missing[0]}): run ./configure CFLAGS="-O2 -fcommon" && make there`;
  const folder = mkdtempSync(join(tmpdir(), 'gridmind-mdptetris-'));
  const binary = join(folder, 'mdptetris-pieces');
  try {
    execFileSync(
      'gcc',
      ['-O2', '-fcommon', '-I', join(checkout, 'include'), '-I', checkout, '-o', binary, DRIVER]
        .concat(OBJECTS.map((name) => join(checkout, 'src', `${name}.o`)))
        .concat(['-lz', '-lglut', '-lGLU', '-lGL', '-lX11', '-lgsl', '-lgslcblas', '-lm']),
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    return `the MdpTetris driver did not build: ${
      String((error as { stderr?: Buffer }).stderr ?? error)
        .trim()
        .split('\n')[0]
    }`;
  }
  return {
    speed(width, height, seed, pieces) {
      const output = execFileSync(
        binary,
        ['features/dellacherie_initial.dat', String(width), String(height), String(seed), String(pieces)],
        {
          cwd: join(checkout, 'data'),
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
        },
      );
      const match = /([\d.]+) pieces\/s/.exec(output);
      if (match === null) throw new Error(`the MdpTetris driver said: ${output}`);
      return Number(match[1]);
    },
    close: () => rmSync(folder, { recursive: true, force: true }),
  };
}
