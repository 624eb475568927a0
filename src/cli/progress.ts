import cliProgress from 'cli-progress';
import { benchSecondsLeft, type BenchProgress } from '../bench/eta.ts';
import { duration } from '../core/duration.ts';

/** A benchmark's progress bar on stderr: `label |bar| done/total unit | ETA …`, the ETA from this session's pace. */
export interface ProgressBar {
  start(total: number): void;
  update(done: number, progress: BenchProgress): void;
  /** Writes a line of news above the bar. */
  log(line: string): void;
  stop(): void;
}

export function progressBar(label: string, unit: string): ProgressBar {
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: `${label} |{bar}| {value}/{total} ${unit} | ETA {remaining}`,
      noTTYOutput: true,
      notTTYSchedule: 5000,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = 0;
  return {
    start(total) {
      started = performance.now();
      bar.start(total, 0, { remaining: '-' });
    },
    update(done, progress) {
      const seconds = benchSecondsLeft(progress, (performance.now() - started) / 1000);
      bar.update(done, { remaining: seconds === null ? '-' : duration(seconds) });
    },
    log(line) {
      process.stderr.write(process.stderr.isTTY ? `\r\x1b[K${line}\n` : `${line}\n`); // on a terminal, over the bar, which the next update redraws
    },
    stop: () => bar.stop(),
  };
}
