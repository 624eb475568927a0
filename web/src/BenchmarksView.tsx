import type { ChartConfiguration } from 'chart.js';
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { Run, TetrisRun } from '../../src/store/runs.ts';
import { count } from '../../src/core/count.ts';
import { benchReplayUrl, fetchRuns } from './api.ts';
import { ChartCanvas } from './ChartCanvas.tsx';
import { runInAddress } from './run-address.ts';
import { RunList } from './RunList.tsx';
import { SameGameRuns } from './SameGameRuns.tsx';
import { SameDatabase } from './SameDatabase.tsx';

const AGENT_COLOUR = 'rgba(168,85,247,0.75)';
const VS_COLOUR = 'rgba(34,211,238,0.6)';
const BINS = 20;

/** Whole numbers only on an axis of counts (no 0.5 game). */
const WHOLE_NUMBERS = { precision: 0 } as const;

/** Lines per game counted into equal bins from 0 to the largest value. */
function histogram(series: readonly (readonly number[])[]): { labels: string[]; counts: number[][] } {
  const top = Math.max(1, ...series.flat());
  const width = Math.ceil(top / BINS);
  const whole = (lines: number) => lines.toLocaleString('en-US');
  // Each bin's range of whole lines; the last also holds the largest value.
  const labels = Array.from({ length: BINS }, (_, bin) => {
    const low = bin * width;
    const high = bin === BINS - 1 ? Math.max(top, low + width - 1) : low + width - 1;
    return low === high ? whole(low) : `${whole(low)}–${whole(high)}`;
  });
  const counts = series.map((values) => {
    const bins = new Array<number>(BINS).fill(0);
    for (const value of values) bins[Math.min(BINS - 1, Math.floor(value / width))]++;
    return bins;
  });
  return { labels, counts };
}

function distributionChart(run: TetrisRun): ChartConfiguration {
  const series = run.perGame.vsLines ? [run.perGame.lines, run.perGame.vsLines] : [run.perGame.lines];
  const { labels, counts } = histogram(series);
  const names = [run.agent, run.vs ?? ''];
  return {
    type: 'bar',
    data: {
      labels,
      datasets: counts.map((data, index) => ({ label: names[index], data, backgroundColor: index === 0 ? AGENT_COLOUR : VS_COLOUR })),
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      scales: {
        x: { title: { display: true, text: 'lines per game' } },
        y: { title: { display: true, text: 'games' }, ticks: WHOLE_NUMBERS },
      },
    },
  };
}

function pairedChart(run: TetrisRun): ChartConfiguration {
  const vs = run.perGame.vsLines!;
  const points = run.perGame.lines.map((lines, game) => ({ x: lines, y: vs[game] }));
  const top = Math.max(1, ...run.perGame.lines, ...vs);
  return {
    type: 'scatter',
    data: {
      datasets: [
        { label: 'one game (same pieces)', data: points, backgroundColor: AGENT_COLOUR, pointRadius: 3 },
        {
          type: 'line',
          label: 'equal',
          data: [
            { x: 0, y: 0 },
            { x: top, y: top },
          ],
          borderColor: 'rgba(226,232,240,0.5)',
          pointRadius: 0,
          borderDash: [6, 4],
        },
      ],
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      scales: {
        x: { title: { display: true, text: `${run.agent} lines` }, ticks: WHOLE_NUMBERS },
        y: { title: { display: true, text: `${run.vs} lines` }, ticks: WHOLE_NUMBERS },
      },
    },
  };
}

/** The agent of a run, or both agents of a comparison. */
const agentsOf = (run: TetrisRun) => (run.vs ? `${run.agent} vs ${run.vs}` : run.agent);

/** A figure for people; '—' where it is unknown (the standard error of a single game is stored as null). */
const number = (value: number | null) =>
  value === null || Number.isNaN(value) ? '—' : value.toLocaleString('en-US', { maximumFractionDigits: 1 });

type Game = Run['game'];
const GAMES: readonly [Game, string][] = [
  ['tetris', 'Tetris'],
  ['samegame', 'SameGame'],
];

/** The stored runs of every game: Tetris benchmarks with their charts, SameGame solves and benchmarks position by position. */
export function BenchmarksView() {
  const [runs, setRuns] = useState<Run[] | null>(null);
  const [game, setGame] = useState<Game>('tetris');
  const [error, setError] = useState('');
  useEffect(() => {
    fetchRuns()
      .then((found) => {
        setRuns(found);
        if (!found.some((run) => run.game === 'tetris') && found.some((run) => run.game === 'samegame')) setGame('samegame');
      })
      .catch((failure: Error) => setError(failure.message));
  }, []);
  return (
    <section class="page benchmarks-page">
      <h2>Benchmarks</h2>
      <div class="game-tabs" role="group" aria-label="game">
        {GAMES.map(([name, title]) => (
          <button key={name} type="button" aria-pressed={game === name} onClick={() => setGame(name)} data-testid={`runs-${name}`}>
            {title}
          </button>
        ))}
      </div>
      {error && <p class="error">{error}</p>}
      {runs && game === 'tetris' && <TetrisRunsView runs={runs.filter((run): run is TetrisRun => run.game === 'tetris')} />}
      {runs && game === 'samegame' && (
        <>
          <p class="hint">
            Runs of <code>npx gridmind samegame solve</code> and <code>samegame bench</code>, newest first: each position's result, and two
            runs compared position by position.
          </p>
          <SameGameRuns runs={runs.filter((run) => run.game === 'samegame')} />
        </>
      )}
    </section>
  );
}

/** Games of a run listed at most; the others are reached with `gridmind play --seed`. */
const GAMES_LISTED = 50;

/** A run's games, each to watch again or download: the server plays it again from its agent and seed. */
function RunGames({ run }: { run: TetrisRun }) {
  const links = (game: number, vs: boolean) => (
    <>
      <a
        href={`#/replay/run/${run.id}/${game}${vs ? '/vs' : ''}`}
        aria-label={`Watch game ${game + 1}${vs ? ' of the opponent' : ''} again`}
        data-testid="watch-game"
      >
        watch
      </a>{' '}
      <a
        href={benchReplayUrl(run.id, game, vs)}
        download={`gridmind-run-${run.id}-game-${game + 1}${vs ? '-vs' : ''}.replay.json`}
        aria-label={`Download the replay of game ${game + 1}${vs ? ' of the opponent' : ''} (JSON)`}
        title="Download the replay (JSON)"
      >
        ↓
      </a>
    </>
  );
  const vs = run.perGame.vsLines;
  return (
    <details class="run-games">
      <summary>Games{run.games > GAMES_LISTED ? ` (the first ${GAMES_LISTED} of ${run.games})` : ''}: watch any again</summary>
      <table class="scores" data-testid="run-games">
        <thead>
          <tr>
            <th>Seed</th>
            <th class="number">{run.agent}</th>
            <th />
            {vs && <th class="number">{run.vs}</th>}
            {vs && <th />}
          </tr>
        </thead>
        <tbody>
          {run.perGame.lines.slice(0, GAMES_LISTED).map((lines, game) => (
            <tr key={game}>
              <td>{run.seedBase + game}</td>
              <td class="number">{lines.toLocaleString('en-US')}</td>
              <td class="replay">{links(game, false)}</td>
              {vs && <td class="number">{vs[game].toLocaleString('en-US')}</td>}
              {vs && <td class="replay">{links(game, true)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** The stored Tetris benchmark runs (`gridmind bench`), with the distribution of lines and paired comparisons. */
function TetrisRunsView({ runs }: { runs: TetrisRun[] }) {
  // The run the address names (`#/bench/ID`, where a replay of its games links back to), else the newest.
  const [selected, setSelected] = useState<TetrisRun | null>(
    runs.find((run) => run.id === runInAddress('bench', location.hash)) ?? runs[0] ?? null,
  );
  const charts = useMemo(
    () => selected && { distribution: distributionChart(selected), paired: selected.perGame.vsLines ? pairedChart(selected) : null },
    [selected],
  );
  const summary = selected?.summary;
  return (
    <>
      <p class="hint">
        Runs of <code>npx gridmind bench</code>, newest first. Research protocol: game g of a run uses seed base + g, so two agents meet the
        same pieces.
      </p>
      {runs.length === 0 && (
        <p data-testid="no-runs">
          No runs yet: try <code>npx gridmind bench --agent bcts --vs dellacherie --board 10x10 --games 20</code> (seconds; on 10 × 20 a
          good agent plays for hours).
          <SameDatabase />
        </p>
      )}
      {runs.length > 0 && (
        <div class="benchmarks">
          <RunList
            runs={runs}
            selectedId={selected?.id ?? null}
            onSelect={setSelected}
            testId="runs"
            figureTitle="Mean lines"
            describe={(run) => ({
              what: agentsOf(run),
              facts: (
                <>
                  <span>{run.board} board</span>, <span>{run.games} games</span>
                </>
              ),
              figure: run.summary.vs
                ? `${number(run.summary.meanLines)} vs ${number(run.summary.vs.meanLines)}`
                : `${number(run.summary.meanLines)} ± ${number(run.summary.stderr)}`,
            })}
          />
          {selected && charts && summary && (
            <div class="details">
              <h3>
                Run {selected.id}: {agentsOf(selected)}, {selected.board}, {selected.games} games
              </h3>
              <p>
                {selected.agent}: {number(summary.meanLines)} ± {number(summary.stderr)} lines per game
                {summary.vs && `; ${selected.vs}: ${number(summary.vs.meanLines)} ± ${number(summary.vs.stderr)}`};{' '}
                {number(summary.piecesPerSecond)} pieces/s{' '}
                {summary.queue === undefined ? `on ${count(summary.workers, 'worker')}` : `on the workers of ${summary.queue}`}.
                {summary.comparison &&
                  ` Paired difference ${number(summary.comparison.meanDifference)} ± ${number(summary.comparison.stderr)} lines; wins ${summary.comparison.agentWins} to ${summary.comparison.vsWins}, ${summary.comparison.ties} ties.`}
              </p>
              <ChartCanvas config={charts.distribution} label="lines per game" />
              {charts.paired && <ChartCanvas config={charts.paired} label="paired comparison" />}
              <RunGames run={selected} />
            </div>
          )}
        </div>
      )}
    </>
  );
}
