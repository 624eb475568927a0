import type { ScoreSubmission } from '../../../src/store/highscores.ts';
import { applyLoggedInput, Game, type GameConfig, type GameOptions, type LoggedInput } from '../../../src/tetris/game.ts';
import type { Key } from '../../../src/tetris/keys.ts';
import { PlacementGenerator } from '../../../src/tetris/placements.ts';
import type { RotationSystemName } from '../../../src/tetris/rotation/index.ts';
import type { RuleSetName } from '../../../src/tetris/rules.ts';
import { pathOfReplay, type PathStep } from '../../../src/tetris-ai/search-path.ts';
import { boardRows } from '../../../src/tetris-ai/turn-data.ts';
import type { AgentPlayer } from '../agent-client.ts';
import { sessionAgent, type SessionAgent } from '../agents.ts';
import type { ActivePiece } from '../../../src/tetris/moves.ts';
import { SessionEffects } from './effects.ts';

/** What the setup panel chooses. `player` is "human" or an agent's name. */
export interface SessionSetup {
  readonly player: string;
  readonly rules: RuleSetName;
  readonly width: number;
  readonly height: number;
  readonly rotation: RotationSystemName;
  readonly garbageRows: number;
  readonly seed: number;
  readonly target: number;
}

/** The game a set-up plays: dealt uniformly by its seed, with the engine's preview. */
export function gameOptionsOf(setup: SessionSetup): GameOptions {
  const { rules, width, height, rotation, seed, garbageRows, target } = setup;
  return { rules, width, height, rotation, seed, garbageRows, target };
}

export const HUMAN = 'human';

/** A new visitor's first game: a person on the classic 10 × 20 board. */
export const DEFAULT_SETUP: SessionSetup = {
  player: HUMAN,
  rules: 'classic',
  width: 10,
  height: 20,
  rotation: 'classic',
  garbageRows: 0,
  seed: 1,
  target: 100,
};
/** An agent's pace at human speed: one key every 100 ms, as iarTris's AIs press them. */
export const HUMAN_PACE_MS = 100;
/** Colour index of challenge (garbage) cells; pieces use 1–7. */
export const GARBAGE_COLOUR = 8;

/** Where the agent is going with the current piece: its placement, the keys still to press, and where the piece should be now. */
export interface AgentPlan {
  readonly rotation: number;
  readonly x: number;
  readonly y: number;
  readonly keys: string;
  next: number;
  /** The falling piece's position the next key applies to (null under drop rules). */
  at: ActivePiece | null;
}

const samePosition = (a: ActivePiece | null, b: ActivePiece | null) =>
  a === b || (a !== null && b !== null && a.piece === b.piece && a.rotation === b.rotation && a.x === b.x && a.y === b.y);

/**
 * One game on screen: the rules engine's {@link Game}, who controls it (a human, or an agent
 * searching in a Web Worker), real time turned into game time, the colours of the locked cells, and the
 * search path. The view calls {@link frame} on every animation frame.
 */
export class TetrisSession {
  readonly game: Game;
  /** Per cell (y · width + x), 0 empty, 1–7 the piece that filled it, 8 garbage. */
  readonly colours: Uint8Array;
  /** Who plays now: the human, or the agent (a human can take over at any moment and hand back). */
  controller: 'human' | 'agent';
  /** Milliseconds per agent key; 0 = as fast as it can. */
  speedMs = HUMAN_PACE_MS;
  /** The player's pause (P, the Pause button, or the window losing focus). */
  paused = false;
  /** While set, the game runs until this many pieces have locked, then pauses again (one piece forward from a pause). */
  private pauseAtPieces: number | null = null;
  /** Whether a panel over the board holds the game still; unlike a pause, closing the panel lets it go on. */
  private held = false;
  /** When set, the session stops after the lock that makes it true (a duel's limit), as {@link stop} does. */
  stopAt: ((game: Game) => boolean) | null = null;
  readonly effects = new SessionEffects();
  /** Whether a human pressed a game key in this game (the high-score name is then the player's). */
  humanPlayed = false;
  /** Per piece locked, whether the agent played it. */
  private pieceByAgent: boolean[] = [];
  plan: AgentPlan | null = null;
  /** Under the research rules a human aims a drop: orientation and column of the piece above the stack. */
  cursor: { rotation: number; x: number } | null = null;
  private readonly agentPlayer: AgentPlayer | null;
  /** What the agent did wrong, when an agent in code failed: it plays no more, and the human may. */
  fault: string | null = null;
  private readonly drops: PlacementGenerator;
  private lastTime: number | null = null;
  private keyTime = 0;
  /** Numbers the agent's requests; an answer to an older one (the piece has moved on) is dropped. */
  private request = 0;
  private waiting = false;
  private seenPieces = 0;
  private seenLevel: number;
  private overReported = false;
  private stopped = false;

  constructor(
    readonly setup: SessionSetup,
    readonly agent: SessionAgent | null,
    private readonly onOver: (session: TetrisSession) => void = () => {},
    /** The game's set-up when it is not the session's own (a replay's). */
    replayed?: GameConfig,
  ) {
    this.game = new Game(replayed ?? gameOptionsOf(setup)); // its log is the replay a high score is submitted as
    this.colours = new Uint8Array(setup.width * setup.height);
    this.paintFromBoard(GARBAGE_COLOUR);
    this.drops = new PlacementGenerator(setup.width, setup.height, this.game.system);
    this.controller = agent === null ? 'human' : 'agent';
    this.agentPlayer =
      agent?.start({
        width: setup.width,
        height: setup.height,
        rotation: setup.rotation,
        mode: this.game.rules.style === 'drop' ? 'drop' : 'reachable',
      }) ?? null;
    this.seenLevel = this.game.level;
    this.resetCursor();
    this.afterStep();
  }

  /** Whether the game stands still: paused by the player or held by a panel. */
  private get frozen(): boolean {
    return this.paused || this.held;
  }

  /** Whether a human may turn pieces counter-clockwise: under the rotation system's rules, or aiming a drop (either way then). */
  get turnsBothWays(): boolean {
    return this.game.system.counterClockwise || this.game.rules.style === 'drop';
  }

  /** Pieces that locked while the agent played. */
  get agentPieces(): number {
    return this.pieceByAgent.filter((byAgent) => byAgent).length;
  }

  get name(): string {
    return this.agent === null || this.humanPlayed ? 'Player' : this.agent.name;
  }

  /**
   * Plays a replay's inputs from `index` on whose time is at most `until` (ms of game time), at most
   * `most` of them, then lets game time run to `until` if they are all played; returns the index of the
   * next input. The replay view drives a session this way instead of keys and an agent.
   */
  playLog(inputs: readonly LoggedInput[], index: number, until: number, most = Infinity): number {
    let next = index;
    for (; next < inputs.length && next - index < most && inputs[next].t <= until && !this.game.over; next++) {
      applyLoggedInput(this.game, inputs[next], next);
      this.afterStep();
    }
    if ((next === inputs.length || inputs[next].t > until) && until > this.game.clock && !this.game.over) {
      this.game.advance(until - this.game.clock);
      this.afterStep();
    }
    return next;
  }

  /** The search path of the game so far, from its log: every piece that locked, however fast the locks came. */
  path(): PathStep[] {
    return pathOfReplay(this.game.replayLog());
  }

  /** The finished game as a high score: its replay, and the agent's share of the pieces if it played. */
  submission(name: string): ScoreSubmission {
    const agents = this.agent !== null && this.agentPieces > 0 ? [{ name: this.agent.name, pieces: this.agentPieces }] : [];
    return { name, replay: this.game.replayLog(), agents };
  }

  /** Advances the game and its effects to real time `now` (ms) and lets the agent act; once stopped, only the effects go on. */
  frame(now: number): void {
    const elapsed = this.lastTime === null ? 0 : Math.min(now - this.lastTime, 250);
    this.lastTime = now;
    if (this.frozen) return;
    this.effects.advance(elapsed);
    if (this.game.over || this.stopped) return;
    this.game.advance(elapsed);
    this.afterStep();
    if (this.controller === 'agent') this.driveAgent(elapsed);
  }

  /** A human's key. The first one while the agent plays takes over. */
  humanKey(key: Key): void {
    if (this.frozen || this.game.over || this.stopped) return;
    if (this.controller === 'agent') this.takeOver();
    this.humanPlayed = true;
    if (this.game.rules.style === 'drop') this.moveCursor(key);
    else this.game.press(key);
    this.afterStep();
  }

  takeOver(): void {
    this.controller = 'human';
    this.plan = null;
    this.request++;
    this.waiting = false;
    this.resetCursor();
  }

  handBack(): void {
    if (this.agentPlayer === null || this.fault !== null || this.game.over) return;
    this.controller = 'agent';
    this.plan = null;
  }

  togglePause(paused = !this.paused): void {
    this.paused = paused;
    this.pauseAtPieces = null;
    this.lastTime = null;
  }

  /**
   * The same game one piece earlier: a new session of this one's set-up and player that plays this
   * game's log again up to the lock before the last, paused there, with who played each piece kept.
   * This session stops; the new one goes on from there (its log is then the game's from that piece).
   */
  rewound(): TetrisSession {
    const target = this.game.pieces - 1;
    if (target < 0) return this;
    const { inputs } = this.game.replayLog();
    const copy = new TetrisSession(this.setup, this.agent, this.onOver);
    for (let next = 0; copy.game.pieces < target && next < inputs.length;) next = copy.playLog(inputs, next, inputs[next].t, 1);
    copy.pieceByAgent = this.pieceByAgent.slice(0, target);
    copy.humanPlayed = this.humanPlayed;
    copy.controller = this.controller === 'human' || this.fault !== null ? 'human' : 'agent';
    copy.speedMs = this.speedMs;
    copy.stopAt = this.stopAt;
    copy.togglePause(true);
    this.stop();
    return copy;
  }

  /** From a pause: plays on until the current piece locks, then pauses again. */
  stepPiece(): void {
    if (!this.paused || this.game.over) return;
    this.togglePause(false);
    this.pauseAtPieces = this.game.pieces + 1;
  }

  hold(held: boolean): void {
    this.held = held;
    this.lastTime = null;
  }

  stop(): void {
    this.stopped = true;
    this.agentPlayer?.stop();
    this.request++;
  }

  /** Where a human's research-rules drop would land: the cursor's drop placement, if it has one. */
  cursorLanding(): { rotation: number; x: number; y: number } | null {
    if (this.cursor === null || this.game.over) return null;
    const count = this.drops.generate(this.game.board, this.game.current, 'drop');
    for (let i = 0; i < count; i++) {
      if (this.drops.rotation[i] === this.cursor.rotation && this.drops.x[i] === this.cursor.x)
        return { ...this.cursor, y: this.drops.y[i] };
    }
    return null;
  }

  private moveCursor(key: Key): void {
    const cursor = this.cursor!;
    const rotations = this.game.system.distinctRotations[this.game.current];
    const index = rotations.indexOf(cursor.rotation);
    if (key === 'C' || key === 'A') cursor.rotation = rotations[(index + (key === 'C' ? 1 : rotations.length - 1)) % rotations.length];
    if (key === 'L') cursor.x--;
    if (key === 'R') cursor.x++;
    const width = this.game.system.orientations[this.game.current][cursor.rotation].width;
    cursor.x = Math.max(0, Math.min(cursor.x, this.game.board.width - width));
    if (key === 'H' || key === 'D') {
      const landing = this.cursorLanding();
      if (landing !== null) this.game.place(landing.rotation, landing.x, landing.y);
    }
  }

  private resetCursor(): void {
    if (this.game.rules.style !== 'drop' || this.game.over) return;
    const spawn = this.game.system.spawn(this.game.current, this.game.board.width, this.game.board.height);
    this.cursor = { rotation: this.game.system.canonicalRotation[this.game.current][spawn.rotation], x: spawn.x };
  }

  /** After any change: colour new locks, count the agent's, reset the plan, and report the game's end. */
  private afterStep(): void {
    const { game } = this;
    if (game.pieces !== this.seenPieces) {
      if (this.pauseAtPieces !== null && game.pieces >= this.pauseAtPieces) this.togglePause(true);
      for (let piece = this.seenPieces; piece < game.pieces; piece++) this.pieceByAgent.push(this.controller === 'agent');
      const cleared = this.paintLock();
      if (cleared.length > 0) this.effects.lineClear.start(cleared);
      if (this.stopAt?.(game)) this.stop();
      this.seenPieces = game.pieces;
      this.plan = null;
      this.request++;
      this.waiting = false;
      this.resetCursor();
    }
    if (game.level > this.seenLevel) this.effects.levelUp.start(game.level);
    this.seenLevel = game.level;
    if (game.over && !this.overReported) {
      this.overReported = true;
      this.plan = null;
      this.onOver(this);
    }
  }

  private driveAgent(elapsed: number): void {
    if (this.plan === null) {
      if (!this.waiting) this.ask();
      return;
    }
    this.keyTime += elapsed;
    while (this.plan !== null && !this.game.over && (this.speedMs === 0 || this.keyTime >= this.speedMs)) {
      this.keyTime -= this.speedMs;
      this.playPlannedKey();
    }
  }

  /** Asks the worker where to put the current piece; the answer arrives between frames. */
  private ask(): void {
    const { game } = this;
    const id = ++this.request;
    const from = game.active;
    this.waiting = true;
    this.agentPlayer!.choose({
      rows: boardRows(game.board),
      piece: game.current,
      preview: game.preview(),
      rules: game.config.rules,
      score: game.score,
      level: game.level,
      target: game.rules.hasTarget ? game.config.target : null,
      from: game.active ?? undefined,
    }).then(({ choice, keys, error, fault }) => {
      if (id !== this.request || this.controller !== 'agent' || game.over || this.stopped) return;
      this.waiting = false;
      if (fault !== undefined) {
        this.fault = fault;
        this.agentPlayer!.stop();
        return this.takeOver(); // the agent is out of this game: the human may play it on
      }
      if (error !== undefined) return this.takeOver(); // the search failed: the human keeps the game
      if (!samePosition(game.active, from)) return; // gravity moved the piece meanwhile: ask again next frame
      if (choice === null) {
        game.press('H'); // nowhere to rest inside the board: the piece locks above the top and the game ends
        this.afterStep();
        return;
      }
      this.plan = { rotation: choice.rotation, x: choice.x, y: choice.y, keys: keys ?? 'P', next: 0, at: game.active };
      this.keyTime = 0;
      if (this.speedMs === 0 && !this.frozen) {
        while (this.plan !== null && !game.over) this.playPlannedKey();
        if (!game.over && !this.frozen && !this.stopped) this.ask(); // as fast as it can: the next piece at once, without waiting for a frame
      }
    });
  }

  /** Plays the plan's next key; a blocked move (gravity moved the piece meanwhile) asks for a new plan. */
  private playPlannedKey(): void {
    const plan = this.plan!;
    const key = plan.keys[plan.next++];
    if (this.game.rules.style === 'drop') {
      // Drop placements have no falling piece: the keys only pace the ghost; the last one places it.
      if (plan.next >= plan.keys.length || key === 'P') this.game.place(plan.rotation, plan.x, plan.y);
    } else if (!samePosition(this.game.active, plan.at) || !this.game.press(key as Key)) {
      this.plan = null; // gravity moved the piece, or a move was blocked: plan again from where it is
    } else {
      plan.at = this.game.active;
    }
    this.afterStep();
  }

  /**
   * Paints the cells of the last lock and removes the colours of cleared rows, then those of a piece
   * the rules laid over the stack as the game ended; resynchronises from the board if they disagree.
   * Returns the rows the lock cleared (numbered from the bottom, before they collapsed).
   */
  private paintLock(): number[] {
    const { game, colours } = this;
    const { width, height } = game.board;
    const cleared = this.paintPiece(game.lastLock!, null);
    if (game.laidOver !== null) this.paintPiece(game.laidOver, game.laidOver.clearedRows);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if ((colours[y * width + x] !== 0) !== game.board.isFilled(x, y)) {
          this.paintFromBoard(GARBAGE_COLOUR);
          return cleared;
        }
      }
    }
    return cleared;
  }

  /**
   * Paints the cells of a piece placed on the board, then removes from the colours the rows listed
   * (numbered from the bottom), or with null the full ones, moving the rows above down; returns the rows removed.
   */
  private paintPiece(placed: ActivePiece, rows: readonly number[] | null): number[] {
    const { game, colours } = this;
    const { width, height } = game.board;
    const before = colours.slice();
    for (const [dx, dy] of game.system.orientations[placed.piece][placed.rotation].cells) {
      const y = placed.y + dy;
      if (y < height) before[y * width + placed.x + dx] = placed.piece + 1;
    }
    colours.fill(0);
    const removed: number[] = [];
    for (let y = 0; y < height; y++) {
      const row = before.subarray(y * width, (y + 1) * width);
      if (rows === null ? row.every((colour) => colour !== 0) : rows.includes(y)) removed.push(y);
      else colours.set(row, (y - removed.length) * width);
    }
    return removed;
  }

  private paintFromBoard(colour: number): void {
    const { board } = this.game;
    for (let y = 0; y < board.height; y++) {
      for (let x = 0; x < board.width; x++) {
        const index = y * board.width + x;
        if (!board.isFilled(x, y)) this.colours[index] = 0;
        else if (this.colours[index] === 0) this.colours[index] = colour;
      }
    }
  }
}

/** A session for a set-up: the human at the controls, or the named agent. */
export function newSession(setup: SessionSetup, onOver: (session: TetrisSession) => void): TetrisSession {
  return new TetrisSession(setup, setup.player === HUMAN ? null : sessionAgent(setup.player), onOver);
}
