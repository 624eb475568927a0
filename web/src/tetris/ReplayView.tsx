import { useEffect, useRef, useState } from 'preact/hooks';
import { gameConfigOf, type ReplayLog } from '../../../src/tetris/game.ts';
import { parseTetrisReplay } from '../../../src/tetris/replay-schema.ts';
import { AGENTS } from '../agents.ts';
import { AVEIRO_TABLE, benchReplayUrl, fetchAveiroGames, fetchHighScores, fetchReplay, fetchRuns, replayUrl } from '../api.ts';
import { tetrisScoreTable } from '../../../src/tetris/score-table.ts';
import { whoPlayed } from '../score-tables.ts';
import { StepSlider } from '../StepSlider.tsx';
import { isTyping, useAnimationFrame, useKeys, useTicker } from '../hooks.ts';
import { BoardCanvas } from './BoardCanvas.tsx';
import { NextAndHud } from './Hud.tsx';
import { useBoardLayout } from './layout.ts';
import { HUMAN, TetrisSession } from './session.ts';
import { compareByKey, DEFAULT_EXPLAINER, useWhyHere } from './why-here.ts';
import { ExplainerSelect, WhyHerePanel } from './WhyHerePanel.tsx';
import './replay.css';

/** The keys a focused slider (position, speed) answers itself, which must not also step the replay. */
const SLIDER_KEYS = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown'];
const movesSlider = (event: KeyboardEvent) =>
  event.target instanceof HTMLInputElement && event.target.type === 'range' && SLIDER_KEYS.includes(event.key);

/** Playback speeds: multiples of real time. */
const SPEEDS = [0.25, 0.5, 1, 2, 4, 8, 32, 256];
/** Inputs a frame plays at 1× when a replay has no times (placements only): one piece every 100 ms. */
const PLACEMENTS_PER_MS = 1 / 100;
/** The built-in agent a player's name mentions ("Rita + dellacherie (40%)", "AI: bcts"), or the default explainer. */
function explainerOf(player: string): string {
  const words = new Set(player.split(/[\s:+()]+/));
  return AGENTS.find((agent) => words.has(agent.name))?.name ?? DEFAULT_EXPLAINER;
}

/** A stored game to replay: where its log is, its title, who played it (null when it cannot be found), and the page it came from. */
interface ReplayAddress {
  readonly url: string;
  readonly title: string;
  readonly player: (log: ReplayLog) => Promise<string | null>;
  /** The page that lists the game, which the replay links back to. */
  readonly source: { readonly href: string; readonly label: string };
}

/**
 * The stored game an address names: `#/replay/ID` (a high score), `#/replay/aveiro/ID` (a game played
 * on this server's Aveiro protocol, kept as high score ID) or `#/replay/run/RUN/GAME[/vs]` (a benchmark game).
 */
function replayOf(hash: string): ReplayAddress | null {
  const score = /^#\/replay\/(aveiro\/)?(\d+)$/.exec(hash);
  if (score !== null) {
    const id = Number(score[2]);
    if (score[1] === undefined)
      return {
        url: replayUrl({ id }),
        title: `High score ${id}`,
        player: (log) => highScorePlayer(id, log),
        source: { href: '#/scores', label: 'High scores' },
      };
    return {
      url: replayUrl({ id }),
      title: `Aveiro game (high score ${id})`,
      player: () => aveiroPlayer(id),
      source: { href: '#/aveiro', label: 'Aveiro games' },
    };
  }
  const game = /^#\/replay\/run\/(\d+)\/(\d+)(\/vs)?$/.exec(hash);
  if (game === null) return null;
  const [run, index, vs] = [Number(game[1]), Number(game[2]), game[3] !== undefined];
  return {
    url: benchReplayUrl(run, index, vs),
    title: `Run ${run}, game ${index + 1}${vs ? ' (opponent)' : ''}`,
    player: async () => {
      const found = (await fetchRuns()).find((stored) => stored.id === run);
      return found?.game !== 'tetris' ? null : `AI: ${vs ? found.vs : found.agent}`;
    },
    source: { href: `#/bench/${run}`, label: `Benchmarks run ${run}` },
  };
}

/** Who played high score `id`, as its table names them (null when it is no longer in its table's top 10). */
async function highScorePlayer(id: number, log: ReplayLog): Promise<string | null> {
  // Games of the Aveiro protocol have a table of their own: their pieces are listed, not dealt by a seed.
  const config = gameConfigOf(log.config);
  if (config.randomizer === 'sequence') return aveiroPlayer(id);
  const entry = (await fetchHighScores(tetrisScoreTable(config))).find((score) => score.id === id);
  return entry === undefined ? null : whoPlayed(entry);
}

/** Who played the Aveiro game kept as high score `id`: as the server's ended games or the Aveiro table name them (null when neither does). */
async function aveiroPlayer(id: number): Promise<string | null> {
  const listed = (await fetchAveiroGames()).finished.find((game) => game.replayId === id);
  return listed?.player ?? (await fetchHighScores(AVEIRO_TABLE)).find((score) => score.id === id)?.name ?? null;
}

/**
 * A stored game played again: the high score's replay on the engine, with play, pause, a piece forward
 * or back, speed and restart, and while paused the "Why here?" panel: how an agent values every
 * placement of the piece. Keys: Space or P plays and pauses, → or S a piece forward, ← a piece back, Y
 * the panel, 2–5 the candidate compared, R restarts.
 */
export function ReplayView() {
  const address = replayOf(location.hash);
  const [log, setLog] = useState<ReplayLog | null>(null);
  const [player, setPlayer] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (address === null)
      return setError('Open a replay from the High scores, Benchmarks or Aveiro games page (the "watch" link of a game).');
    fetchReplay(address.url)
      .then((loaded) => {
        if ((loaded as { format?: string }).format !== 'gridmind-tetris-replay')
          throw new Error('only Tetris games can be watched here; download this one instead');
        const log = parseTetrisReplay(loaded);
        setLog(log);
        address
          .player(log)
          .then(setPlayer)
          .catch(() => {}); // the name is a courtesy: the replay plays without it
      })
      .catch((failure: Error) => setError(`This replay cannot be shown: ${failure.message}`));
  }, [address?.url]);
  if (error !== null) return <p class="error">{error}</p>;
  if (log === null) return <p>Loading the replay…</p>;
  return <ReplayPlayer log={log} title={address!.title} player={player ?? '—'} source={address!.source} />;
}

function newReplaySession(log: ReplayLog): TetrisSession {
  const { rules, width, height, rotation, seed, garbageRows, target } = log.config;
  const session = new TetrisSession(
    { player: HUMAN, rules, width, height, rotation, seed, garbageRows, target },
    null,
    () => {},
    log.config,
  );
  session.stop(); // time passes only as the replay plays it; the session's frames run the effects alone
  return session;
}

function ReplayPlayer({ log, title, player, source }: { log: ReplayLog; title: string; player: string; source: ReplayAddress['source'] }) {
  const session = useRef(newReplaySession(log));
  const next = useRef(0);
  const [playing, setPlaying] = useState(true);
  const [speed, setSpeed] = useState(SPEEDS.indexOf(1));
  const [why, setWhy] = useState(false);
  const [explainer, setExplainer] = useState<string | null>(null);
  const [, tick] = useTicker();
  const last = useRef<number | null>(null);
  const container = useRef<HTMLElement>(null);
  const { width, height } = log.config;
  const layout = useBoardLayout('play', container, width, height);
  const timed = log.inputs.some((input) => input.t > 0);
  const ended = next.current >= log.inputs.length && session.current.game.clock >= log.end;
  const agent = explainer ?? explainerOf(player);

  const play = (elapsed: number) => {
    const game = session.current.game;
    const span = elapsed * SPEEDS[speed];
    const until = timed ? Math.min(game.clock + span, log.end) : game.clock;
    const most = timed ? Infinity : Math.max(1, Math.round(span * PLACEMENTS_PER_MS));
    next.current = session.current.playLog(log.inputs, next.current, until, most);
  };
  /** Plays inputs one at a time until `done` (or the log ends). */
  const playUntil = (done: () => boolean) => {
    while (next.current < log.inputs.length && !done())
      next.current = session.current.playLog(log.inputs, next.current, log.inputs[next.current].t, 1);
  };
  const pause = () => setPlaying(false);
  const forward = () => {
    pause();
    const pieces = session.current.game.pieces;
    playUntil(() => session.current.game.pieces > pieces || session.current.game.over);
    tick();
  };
  /** Plays the game again from its start until `done`: the only way back, since a game cannot be undone. */
  const replayFromStart = (done: () => boolean) => {
    session.current = newReplaySession(log);
    next.current = 0;
    playUntil(done);
  };
  const back = () => {
    pause();
    const pieces = session.current.game.pieces - 1;
    replayFromStart(() => session.current.game.pieces >= pieces);
    tick();
  };
  /** Goes to the moment before input `input` (0: the start; the number of inputs: after the last), paused. */
  const seek = (input: number) => {
    pause();
    if (input < next.current) replayFromStart(() => next.current >= input);
    else playUntil(() => next.current >= input);
    tick();
  };
  const restart = () => {
    session.current = newReplaySession(log);
    next.current = 0;
    setPlaying(true);
  };
  const toggleWhy = () => {
    if (!why) pause();
    setWhy(!why);
  };

  useAnimationFrame((now) => {
    const elapsed = last.current === null ? 0 : Math.min(now - last.current, 250);
    last.current = now;
    session.current.frame(now); // the effects (line flashes, level banners), on real time
    if (playing && !ended) play(elapsed);
    tick();
  });
  useKeys((event) => {
    if (isTyping(event) || movesSlider(event)) return;
    const key = event.key.toLowerCase();
    if (key === ' ' || key === 'p') setPlaying((on) => !on);
    else if (key === 'arrowright' || key === 's') forward();
    else if (key === 'arrowleft') back();
    else if (key === 'y') toggleWhy();
    else if (key === 'r') restart();
    else if (!(why && compareByKey(whyHere, key))) return;
    event.preventDefault();
  });

  const current = session.current;
  const game = current.game;
  const whyHere = useWhyHere(game, agent, why && !playing && !game.over, `${next.current} ${game.pieces}`);
  const { explanation, ghosts } = whyHere;
  const upcoming = log.inputs[next.current];
  const played =
    explanation !== null && upcoming !== undefined && 'place' in upcoming
      ? (explanation.candidates.find(({ rotation, x, y }) => [rotation, x, y].join() === upcoming.place.join())?.rank ?? null)
      : null;
  return (
    <section class={`play replay${explanation === null ? '' : ' explaining'}`} ref={container}>
      <h2 class="visually-hidden">
        {title}, played by {player}
      </h2>
      <NextAndHud session={current} previewCell={layout.previewCell} player={player} />
      <div class="stage">
        <BoardCanvas session={current} cellSize={layout.cell} label="Replayed Tetris board" ghosts={ghosts} onCell={whyHere.pickCell} />
      </div>
      <aside class="side controls-column">
        <div class="controls">
          <a class="replay-source" href={source.href} data-testid="replay-source">
            ← {source.label}
          </a>
          <h3>{title}</h3>
          <p class="hint" data-testid="replay-position">
            Input {next.current.toLocaleString('en-US')} of {log.inputs.length.toLocaleString('en-US')}
            {ended ? ' — the end' : ''}
          </p>
          <label class="replay-seek">
            Position
            <input
              type="range"
              min={0}
              max={log.inputs.length}
              value={next.current}
              aria-valuetext={`input ${next.current.toLocaleString('en-US')} of ${log.inputs.length.toLocaleString('en-US')}, piece ${game.pieces.toLocaleString('en-US')}`}
              onInput={(event) => seek(+event.currentTarget.value)}
              data-testid="replay-seek"
            />
          </label>
          <button type="button" onClick={() => setPlaying(!playing)} disabled={ended} data-testid="replay-play">
            {playing && !ended ? 'Pause (Space)' : 'Play (Space)'}
          </button>
          <div class="button-row">
            <button
              type="button"
              class="secondary"
              onClick={back}
              disabled={game.pieces === 0 && next.current === 0}
              title="One piece back (←)"
              data-testid="replay-back"
            >
              ← Back
            </button>
            <button
              type="button"
              class="secondary"
              onClick={forward}
              disabled={ended}
              title="One piece forward (→)"
              data-testid="replay-step"
            >
              Next →
            </button>
          </div>
          <StepSlider label={`Speed: ${SPEEDS[speed]}×`} steps={SPEEDS.length} value={speed} onChange={setSpeed} testId="replay-speed" />
          <button type="button" class="secondary" onClick={toggleWhy} aria-pressed={why} disabled={game.over} data-testid="why-toggle">
            Why here? (Y)
          </button>
          {why && <ExplainerSelect agent={agent} onChange={setExplainer} label="Explained by" />}
          <button type="button" class="secondary" onClick={restart} data-testid="replay-restart">
            Restart (R)
          </button>
        </div>
      </aside>
      {explanation !== null && (
        <WhyHerePanel explanation={explanation} compared={whyHere.compared} onCompare={whyHere.compare} played={played} />
      )}
      {why && playing && <p class="hint why-paused">Pause to see why the agent would put the piece where it does.</p>}
    </section>
  );
}
