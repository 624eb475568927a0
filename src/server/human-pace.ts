/**
 * Who played a Tetris game, told from its inputs rather than from what its submission claims. A person's
 * inputs are keys, and come no faster than a keyboard sends them: an input is an agent's when it is a
 * whole placement under rules played by keys, or when it falls in a span of game time holding more
 * inputs than a person makes in it ({@link HUMAN_PACE}). Under rules played by choosing a drop placement
 * (`research`), a person places whole pieces too (the web app's cursor is not logged), so only the pace
 * tells. What this cannot tell: an agent that sends keys no faster than a person counts as one.
 */
import type { LoggedInput } from '../tetris/game.ts';
import type { PlayStyle } from '../tetris/rules.ts';

/** At most `inputs` inputs in any `ms` milliseconds of game time. */
export interface PaceLimit {
  readonly ms: number;
  readonly inputs: number;
}

/**
 * The most inputs a person makes: 4 in 50 ms (a held key repeats at most about 30 times a second, and
 * another key or two pressed meanwhile), 40 in a second. The keyboard's fastest repeat is
 * Windows' `SPI_SETKEYBOARDSPEED` 31, "approximately 30 repetitions per second" (hardware varying by up
 * to 20 %). The web app logs each key at the game time of the frame it arrives in, so keys pressed
 * together share a time.
 */
export const HUMAN_PACE: readonly PaceLimit[] = [
  { ms: 50, inputs: 4 },
  { ms: 1000, inputs: 40 },
];

/**
 * For each input of a log, whether it is an agent's: a placement under rules played by keys, or an
 * input that ends a span holding more inputs than a {@link HUMAN_PACE} limit allows, with the inputs
 * at its very time (keys sent at one instant are one program's act).
 */
export function agentInputs(inputs: readonly LoggedInput[], style: PlayStyle): boolean[] {
  const byAgent = inputs.map((input) => style === 'keys' && 'place' in input);
  for (const { ms, inputs: most } of HUMAN_PACE) {
    let first = 0;
    inputs.forEach((input, index) => {
      while (inputs[first].t <= input.t - ms) first++;
      if (index - first + 1 <= most) return;
      for (let same = index; same >= 0 && inputs[same].t === input.t && !byAgent[same]; same--) byAgent[same] = true;
      byAgent[index] = true;
    });
  }
  return byAgent;
}

/**
 * How many of a game's pieces an agent placed: those with an agent's input among the inputs applied
 * since the lock before (the lock's own included). `locks` holds, for each lock in order, the index of
 * the input being applied when it came (as `replay` tells it).
 */
export function agentPieces(agentInput: readonly boolean[], locks: readonly number[]): number {
  let pieces = 0;
  let from = 0;
  for (const lockedAt of locks) {
    const last = Math.min(lockedAt, agentInput.length - 1);
    for (let index = from; index <= last; index++) {
      if (agentInput[index]) {
        pieces++;
        break;
      }
    }
    from = Math.max(from, last + 1);
  }
  return pieces;
}
