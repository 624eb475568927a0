/** How long cleared rows flash before the view shows them gone, in milliseconds of game time. */
export const LINE_CLEAR_MS = 250;
/** How long the level-up banner shows, in milliseconds of game time. */
export const LEVEL_UP_MS = 1500;

/** One effect: what it shows, and the milliseconds it has left once it has been on screen. */
class Effect<T> {
  shown: T | null = null;
  private left = 0;
  private seen = false;

  constructor(private readonly duration: number) {}

  start(shown: T): void {
    this.shown = shown;
    this.left = this.duration;
    this.seen = false;
  }

  /** The fraction of its time still left: 1 when it starts, falling to 0. */
  get remaining(): number {
    return this.shown === null ? 0 : this.left / this.duration;
  }

  /** Counts `elapsed` ms off, from the frame after the one that first drew it (so every effect is drawn). */
  advance(elapsed: number): void {
    if (this.shown === null) return;
    if (!this.seen) {
      this.seen = true;
      return;
    }
    this.left -= elapsed;
    if (this.left <= 0) this.shown = null;
  }
}

/**
 * A session's drawing-only effects: the rows a lock cleared flash briefly, and a new level shows a
 * banner. The game never waits on them; they count down in game time, so a pause freezes them.
 */
export class SessionEffects {
  /** The rows the last line clear removed, numbered from the bottom as they were before they collapsed. */
  readonly lineClear = new Effect<readonly number[]>(LINE_CLEAR_MS);
  /** The level just reached. */
  readonly levelUp = new Effect<number>(LEVEL_UP_MS);

  advance(elapsed: number): void {
    this.lineClear.advance(elapsed);
    this.levelUp.advance(elapsed);
  }
}
