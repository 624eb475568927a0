import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { fetchAveiroGames } from './api.ts';
import { aveiroClientCommand, aveiroSocketUrl } from './aveiro-addresses.ts';
import type { FinishedGame, Frame, LiveGame } from './aveiro-types.ts';
import { CommandLine } from './CommandLine.tsx';
import { selectableRow } from './selectable-row.ts';
import './aveiro.css';

const CELL = 18;
const [WIDTH, HEIGHT] = [10, 30];

/** Draws a protocol frame: walls, floor, locked cells and the falling piece (y down, walls at x 0 and 9). */
function drawFrame(context: CanvasRenderingContext2D, frame: Frame | null): void {
  context.fillStyle = '#0b1020';
  context.fillRect(0, 0, WIDTH * CELL, (HEIGHT + 1) * CELL);
  const paint = (cells: readonly [number, number][], colour: string) => {
    context.fillStyle = colour;
    for (const [x, y] of cells) context.fillRect(x * CELL + 1, y * CELL + 1, CELL - 2, CELL - 2);
  };
  const walls: [number, number][] = [];
  for (let y = 0; y <= HEIGHT; y++) walls.push([0, y], [WIDTH - 1, y]);
  for (let x = 1; x < WIDTH - 1; x++) walls.push([x, HEIGHT]);
  paint(walls, '#334155');
  if (frame) {
    paint(frame.game, '#a855f7');
    if (frame.piece) paint(frame.piece, '#22d3ee');
  }
}

/** The newest live game (the highest id), or null when none runs. */
function newestOf(live: readonly LiveGame[]): number | null {
  return live.reduce<number | null>((newest, game) => (newest === null || game.id > newest ? game.id : newest), null);
}

/**
 * Live games of the Aveiro protocol on this server, the last games that ended (those played to the end
 * to watch again), and a viewer (via /viewer) that follows the newest live game until the user picks
 * one by mouse or keyboard.
 */
export function AveiroView() {
  const [live, setLive] = useState<LiveGame[]>([]);
  const [finished, setFinished] = useState<FinishedGame[]>([]);
  /** The game the user picked, or null to follow the newest live game. */
  const [picked, setPicked] = useState<number | null>(null);
  const [followed, setFollowed] = useState<number | null>(null);
  const [view, setView] = useState<{ frame: Frame | null; frames: number }>({ frame: null, frames: 0 });
  const canvas = useRef<HTMLCanvasElement>(null);
  const newest = newestOf(live);
  const watching = picked ?? followed;

  useEffect(() => {
    const refresh = () =>
      fetchAveiroGames()
        .then((body) => {
          setLive(body.games);
          setFinished(body.finished);
        })
        .catch(() => {}); // a refused or lost request (the server busy or restarting): the lists stay, and are asked for again in a second
    void refresh();
    const timer = setInterval(refresh, 1000);
    return () => clearInterval(timer);
  }, []);

  // Following the newest: switch when a newer game starts, or when the one shown ends and another runs.
  useEffect(() => {
    if (newest !== null) setFollowed(newest);
  }, [newest]);

  useEffect(() => {
    setView({ frame: null, frames: 0 });
    if (watching === null) return;
    const socket = new WebSocket(aveiroSocketUrl(location, '/viewer'));
    socket.onopen = () => socket.send(JSON.stringify({ cmd: 'join', game: watching }));
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if ('game' in message) setView(({ frames }) => ({ frame: message as Frame, frames: frames + 1 }));
    };
    return () => socket.close();
  }, [watching]);

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (context) drawFrame(context, view.frame);
  });

  const shown = live.find((game) => game.id === watching) ?? finished.find((game) => game.id === watching);
  const ended = finished.some((game) => game.id === watching);
  return (
    <section class="page aveiro-page">
      <h2>Aveiro network games</h2>
      <p class="hint">
        Course agents connect to <code data-testid="aveiro-player-address">{aveiroSocketUrl(location, '/player')}</code> (spectators to{' '}
        <code>/viewer</code>). From Gridmind's folder, this plays here with Gridmind's agent:
      </p>
      <CommandLine command={aveiroClientCommand(location)} testId="aveiro-command" />
      <p class="hint">The newest game shows here; pick a live game (click, or Tab and Enter) to watch it instead.</p>
      <div class="aveiro">
        <div class="aveiro-viewer">
          <p data-testid="aveiro-watching">
            {watching === null
              ? finished.length === 0
                ? 'No game has run yet.'
                : 'No game is being played now: the games that ended are listed here.'
              : `Game ${watching}${shown ? ` — ${shown.player}` : ''}: score ${view.frame?.score ?? shown?.score ?? 0}${ended ? ' (finished)' : ''}`}
          </p>
          <canvas
            ref={canvas}
            width={WIDTH * CELL}
            height={(HEIGHT + 1) * CELL}
            role="img"
            aria-label="Aveiro game"
            data-testid="aveiro-board"
            data-game={watching ?? ''}
            data-frames={view.frames}
          />
          {picked !== null && (
            <button type="button" class="secondary" onClick={() => setPicked(null)} data-testid="follow-newest">
              Follow the newest game
            </button>
          )}
        </div>
        <div class="aveiro-lists">
          <h3>Live</h3>
          <GameTable
            games={live}
            headings={['Score', 'Speed']}
            cells={(game) => [game.score, game.speed]}
            empty="No game is running."
            watching={watching}
            onPick={setPicked}
            testId="live-games"
          />
          <h3>Finished</h3>
          <GameTable
            games={finished}
            headings={['Final score', 'How it ended', 'Replay']}
            cells={(game) => [game.score, game.ending, <ReplayLink game={game} />]}
            empty="No game has ended yet."
            watching={watching}
            testId="finished-games"
          />
          <p class="hint">
            The server lists its last ended games until it restarts. A game that ends in game over also enters the high scores, with its
            replay to watch again; a game its player left is not kept.
          </p>
        </div>
      </div>
    </section>
  );
}

/** The link that watches a finished game again, when its replay is kept. */
function ReplayLink({ game }: { game: FinishedGame }) {
  if (game.replayId === null) return <span class="not-kept">not kept</span>;
  return (
    <a href={`#/replay/aveiro/${game.replayId}`} aria-label={`Watch game ${game.id} again`} data-testid="watch-aveiro">
      Watch
    </a>
  );
}

/**
 * A table of games: number, player, the caller's score column, lines, then the caller's other columns.
 * With `onPick`, a row is picked by a click or by Tab and Enter (or Space).
 */
function GameTable<Game extends LiveGame>({
  games,
  headings: [scoreHeading, ...lastHeadings],
  cells,
  empty,
  watching,
  onPick,
  testId,
}: {
  games: readonly Game[];
  /** The score column's heading, then the last columns'. */
  headings: string[];
  /** The score, then the last columns' cells. */
  cells: (game: Game) => ComponentChildren[];
  empty: string;
  watching: number | null;
  /** Called with the game picked; without it, rows are not selectable. */
  onPick?: (id: number) => void;
  testId: string;
}) {
  return (
    <table class={onPick ? 'runs' : ''} data-testid={testId}>
      <thead>
        <tr>
          <th>#</th>
          <th>Player</th>
          <th>{scoreHeading}</th>
          <th>Lines</th>
          {lastHeadings.map((heading) => (
            <th key={heading}>{heading}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {games.length === 0 && (
          <tr>
            <td colSpan={4 + lastHeadings.length}>{empty}</td>
          </tr>
        )}
        {games.map((game) => {
          const [score, ...last] = cells(game);
          return (
            <tr key={game.id} class={game.id === watching ? 'selected' : ''} {...(onPick && selectableRow(() => onPick(game.id)))}>
              <td>{game.id}</td>
              <td class="name">{game.player}</td>
              <td>{score}</td>
              <td>{game.lines}</td>
              {last.map((cell, column) => (
                <td key={column}>{cell}</td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
