import type { Frame } from '../aveiro/game.ts';
import { boardOfCells, COLUMNS, HEIGHT, identifyPiece } from '../aveiro/wire.ts';
import type { ActivePiece } from '../tetris/moves.ts';
import { PlacementGenerator } from '../tetris/placements.ts';
import { aveiroRotation } from '../tetris/rotation/aveiro.ts';
import { RULE_SETS } from '../tetris/rules.ts';
import type { Choice, Chooser } from '../tetris-ai/agent.ts';

/** The protocol's key for each step of a `ticks` key path: `D` is a tick with no key. */
const PROTOCOL_KEY: Readonly<Record<string, string>> = { D: '', C: 'w', L: 'a', R: 'd', H: 's' };

/**
 * Decides the key to send after each frame. Each tick the server moves the piece down a row and then
 * applies the key received since the last tick, so the piece's placements and the keys to each are the
 * engine's `ticks` placements from where the frame shows it (from its spawn after a lock, when the next
 * piece is known but not yet shown). The agent chooses a piece's lock once; every frame after, the key
 * sent is the first of the shortest path from where the piece is to that lock (a key that came late only
 * makes the path shorter or longer), and the agent chooses again if the lock cannot be reached any more.
 */
export class AveiroPlayer {
  private readonly generator = new PlacementGenerator(COLUMNS, HEIGHT, aveiroRotation);
  /** The lock chosen for the falling piece (or the next one, after a lock), with the piece it is for. */
  private target: (Choice & { piece: number }) | null = null;

  /** `agent` chooses where each piece locks. */
  constructor(private readonly agent: Chooser) {}

  keyAfter(frame: Frame): string {
    const shown = frame.next_pieces.map((cells) => identifyPiece(cells)?.piece ?? null);
    let piece: ActivePiece | null;
    let preview: (number | null)[];
    if (frame.piece === null) {
      this.target = null; // the lock is done: the next piece starts at its spawn
      const next = shown[0];
      piece = next === null ? null : { piece: next, ...aveiroRotation.spawn(next, COLUMNS, HEIGHT) };
      preview = shown.slice(1);
    } else {
      piece = identifyPiece(frame.piece);
      preview = shown;
    }
    if (piece === null) return '';
    const board = boardOfCells(frame.game);
    const count = this.generator.generate(board, piece.piece, 'ticks', piece);
    let index = this.target === null || this.target.piece !== piece.piece ? -1 : this.find(count);
    if (index < 0) {
      const known = preview.indexOf(null);
      const choice = this.agent.choose({
        board,
        piece: piece.piece,
        preview: (known < 0 ? preview : preview.slice(0, known)) as number[],
        rules: RULE_SETS.aveiro,
        score: frame.score,
        level: RULE_SETS.aveiro.level(0, frame.score),
        target: null,
        placements: this.generator,
      });
      this.target = choice === null ? null : { ...choice, piece: piece.piece };
      index = this.target === null ? -1 : this.find(count);
    }
    const first = index < 0 ? '' : (this.generator.keys(index) ?? '').charAt(0);
    return first === '' ? '' : PROTOCOL_KEY[first];
  }

  /** The index of the chosen lock among the generator's placements, or −1. */
  private find(count: number): number {
    const { rotation, x, y } = this.target!;
    const generator = this.generator;
    const canonical = aveiroRotation.canonicalRotation[this.target!.piece];
    for (let i = 0; i < count; i++) {
      if (canonical[generator.rotation[i]] === canonical[rotation] && generator.x[i] === x && generator.y[i] === y) return i;
    }
    return -1;
  }
}

export interface AveiroResult {
  readonly score: number;
  readonly lines: number;
  readonly pieces: number;
  /** What an agent in code did wrong, when its fault ended the game (the client then left it). */
  readonly fault?: string;
}
