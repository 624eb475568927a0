/**
 * `npm run bench python`: the Python package's environments, steps a second from Python (bench/python_envs.py
 * in the tests' Python environment), interleaved with Tetris-Gymnasium when GRIDMIND_TETRIS_GYMNASIUM names
 * a checkout of its sources (version 0.3.1; it needs OpenCV, which this installs into that environment
 * from the machine's pip index when missing).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensurePythonEnv, VENV_PYTHON } from '../scripts/python-env.ts';

const SCRIPT = fileURLToPath(new URL('./python_envs.py', import.meta.url));

export function benchPython(): string[] {
  ensurePythonEnv();
  const peer = process.env.GRIDMIND_TETRIS_GYMNASIUM;
  if (peer && spawnSync(VENV_PYTHON, ['-c', 'import cv2']).status !== 0) {
    process.stderr.write('bench python: installing opencv-python-headless for Tetris-Gymnasium…\n');
    const install = spawnSync(VENV_PYTHON, ['-m', 'pip', 'install', '--quiet', 'opencv-python-headless'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, PIP_RETRIES: '0' },
    });
    if (install.status !== 0) throw new Error('could not install opencv-python-headless, which Tetris-Gymnasium imports');
  }
  const run = spawnSync(VENV_PYTHON, [SCRIPT, ...(peer ? ['--peer', peer] : [])], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (run.status !== 0) throw new Error(`bench/python_envs.py failed (exit ${run.status})`);
  return run.stdout.trimEnd().split('\n');
}
