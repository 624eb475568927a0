import { useEffect, useRef, useState } from 'preact/hooks';
import type { Frame, LiveGame } from './aveiro-types.ts';

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

/** Live games of the Aveiro protocol on this server, and a viewer for any of them (via /viewer). */
export function AveiroView() {
  const [games, setGames] = useState<LiveGame[]>([]);
  const [watching, setWatching] = useState<number | null>(null);
  const [frame, setFrame] = useState<Frame | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const refresh = () =>
      fetch('api/aveiro/games')
        .then((response) => response.json())
        .then((body: { games: LiveGame[] }) => setGames(body.games));
    void refresh();
    const timer = setInterval(refresh, 1000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (watching === null) return;
    const socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/viewer`);
    socket.onopen = () => socket.send(JSON.stringify({ cmd: 'join', game: watching }));
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if ('game' in message) setFrame(message as Frame);
    };
    return () => socket.close();
  }, [watching]);

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (context) drawFrame(context, frame);
  });

  return (
    <section class="page">
      <h2>Aveiro network games</h2>
      <p class="hint">
        Course agents connect to <code>ws://{location.host}/player</code> (spectators to <code>/viewer</code>);{' '}
        <code>npx gridmind client --agent aveiro</code> plays with Gridmind's agent.
      </p>
      <div class="bench">
        <table class="runs" data-testid="live-games">
          <thead>
            <tr>
              <th>#</th>
              <th>Player</th>
              <th>Score</th>
              <th>Lines</th>
              <th>Speed</th>
            </tr>
          </thead>
          <tbody>
            {games.length === 0 && (
              <tr>
                <td colSpan={5}>No game is running.</td>
              </tr>
            )}
            {games.map((game) => (
              <tr key={game.id} class={game.id === watching ? 'selected' : ''} onClick={() => setWatching(game.id)}>
                <td>{game.id}</td>
                <td class="name">{game.player}</td>
                <td>{game.score}</td>
                <td>{game.lines}</td>
                <td>{game.speed}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div>
          {watching !== null && (
            <p>
              Game {watching}
              {frame?.player ? ` — ${frame.player}` : ''}: score {frame?.score ?? 0}
            </p>
          )}
          <canvas
            ref={canvas}
            width={WIDTH * CELL}
            height={(HEIGHT + 1) * CELL}
            role="img"
            aria-label="Aveiro game"
            data-testid="aveiro-board"
          />
        </div>
      </div>
    </section>
  );
}
