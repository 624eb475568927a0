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
 * The most inputs a person makes: 3 at one instant (the web app logs the keys that arrive between two
 * frames at one game time: a repeating key and a tap or two), 5 in 50 ms and 60 in a second (a held key
 * repeating up to 50 times a second, with taps meanwhile). A keyboard's repeat is about 30 a second at
 * most on Windows (`SPI_SETKEYBOARDSPEED` 31: "approximately 30 repetitions per second", hardware
 * varying by up to 20 %); X11 and macOS can be set faster.
 */
export const HUMAN_PACE: readonly PaceLimit[] = [
  { ms: 1, inputs: 3 },
  { ms: 50, inputs: 5 },
  { ms: 1000, inputs: 60 },
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
 * since the lock before, their own included. `lockInputs` holds, for each lock in order, the index of
 * the last input applied before it (-1: none), as `replay` tells it.
 */
export function agentPieces(agentInput: readonly boolean[], lockInputs: readonly number[]): number {
  let pieces = 0;
  let from = 0;
  for (const last of lockInputs) {
    if (agentInput.slice(from, last + 1).includes(true)) pieces++;
    from = Math.max(from, last + 1);
  }
  return pieces;
}
