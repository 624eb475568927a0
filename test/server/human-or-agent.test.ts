import { describe, expect, it } from 'vitest';
import { playersOf } from '../../src/core/player-names.ts';
import { agentInputs, agentPieces, HUMAN_PACE } from '../../src/server/human-pace.ts';
import { verifyScore } from '../../src/server/verified-scores.ts';
import { replay, type LoggedInput, type ReplayLog } from '../../src/tetris/game.ts';
import { whoPlayed } from '../../web/src/score-tables.ts';
import { droppedGame, finishedGame } from './finished-games.ts';

/** What the server stores of a post: who it says played, and the shares. */
function judged(body: { name: string; replay: ReplayLog; agents?: { name: string; pieces: number }[] }) {
  const { entry } = verifyScore(JSON.parse(JSON.stringify(body)));
  const shown = whoPlayed({
    ...entry,
    id: 1,
    date: '',
    replayable: true,
    pieces: entry.pieces!,
    agents: [...entry.agents!],
    players: playersOf(entry.agents!, entry.pieces!),
  });
  return { agents: entry.agents, pieces: entry.pieces!, shown };
}

const keys = (...times: number[]): LoggedInput[] => times.map((t) => ({ t, key: 'L' }));

describe('a game is a human’s only at a pace a person keeps', () => {
  it('counts at most 3 inputs at one instant, 5 in 50 ms and 60 in a second as a person’s, and any placement under rules played by keys as an agent’s', () => {
    expect(HUMAN_PACE).toEqual([
      { ms: 1, inputs: 3 },
      { ms: 50, inputs: 5 },
      { ms: 1000, inputs: 60 },
    ]);
    // A key held at 36 a second (Windows' fastest repeat, 20 % fast) and a tap every 125 ms, at 60 frames a second.
    const frame = (t: number) => Math.ceil(t / (1000 / 60)) * (1000 / 60);
    const held = [
      ...Array.from({ length: 180 }, (_, i) => frame(i * (1000 / 36))),
      ...Array.from({ length: 40 }, (_, i) => frame(i * 125 + 7)),
    ];
    expect(agentInputs(keys(...held.sort((a, b) => a - b)), 'keys').some(Boolean)).toBe(false);
    const steady = keys(...Array.from({ length: 300 }, (_, i) => i * 17)); // 59 a second
    expect(agentInputs(steady, 'keys').some(Boolean)).toBe(false);
    const faster = keys(...Array.from({ length: 61 }, (_, i) => i * 16)); // 61 in 960 ms: the 61st is too many
    expect(agentInputs(faster, 'keys')).toEqual([...Array(60).fill(false), true]);
    const burst = keys(0, 500, 500, 500, 500, 2000); // four keys at one instant
    expect(agentInputs(burst, 'keys')).toEqual([false, true, true, true, true, false]);
    const quick = keys(0, 500, 510, 520, 530, 540, 545, 2000); // six in 45 ms
    expect(agentInputs(quick, 'keys')).toEqual([false, false, false, false, false, false, true, false]);
    const frameful = keys(0, 480, 500, 500, 500, 2000); // a held key and taps arriving in one frame
    expect(agentInputs(frameful, 'keys').some(Boolean)).toBe(false);
    const placed: LoggedInput[] = [{ t: 1000, place: [0, 0, 0] }];
    expect(agentInputs(placed, 'keys')).toEqual([true]);
    expect(agentInputs(placed, 'drop')).toEqual([false]);
    // Pieces: a lock counts the inputs applied since the lock before, its own input included.
    expect(agentPieces([true, false], [0, 1])).toBe(1);
    expect(agentPieces([false, true], [-1, -1, 0, 1])).toBe(1);
    expect(agentPieces([false, true, false, false], [1, 2, 3])).toBe(1);
    expect(agentPieces([false, false, true], [0, 4])).toBe(1);
  });

  it('counts a lock that gravity makes while the game waits for an input before that input', () => {
    const log = droppedGame({ rules: 'classic', width: 6, height: 10, seed: 3 }, 200);
    const waited: ReplayLog = {
      ...log,
      inputs: [
        { t: 0, key: 'L' },
        { t: 60_000, key: 'H' },
      ],
      end: 60_000,
    };
    const lastInputs: number[] = [];
    const game = replay(waited, (_lock, lastInput) => lastInputs.push(lastInput));
    expect(game.pieces).toBeGreaterThan(2);
    // Gravity locked every piece in the minute's wait after the first key; the game ended before the second.
    expect(lastInputs).toEqual(Array(game.pieces).fill(0));
  });

  it('shows a bot’s replay of whole placements at t = 0, posted with no agents, as an agent’s game', () => {
    const bot = finishedGame('classic', 3, { width: 6, height: 10, agent: 'dellacherie' }).replay;
    expect(bot.inputs.every((input) => 'place' in input)).toBe(true);
    const { agents, pieces, shown } = judged({ name: 'Mallory', replay: bot });
    expect(agents).toEqual([{ name: 'unnamed agent', pieces }]);
    expect(shown).toBe('Mallory (an agent)');
  });

  it('shows keys faster than the rule as an agent’s, and keys at a person’s pace as a human’s', () => {
    const fast = droppedGame({ rules: 'classic', seed: 4 }, 0);
    expect(judged({ name: 'Quick', replay: fast }).shown).toBe('Quick (an agent)');
    const person = droppedGame({ rules: 'classic', width: 6, height: 10, seed: 4 }, 150);
    expect(judged({ name: 'Ana', replay: person })).toMatchObject({ agents: [], shown: 'Ana' });
  });

  it('judges placements by pace alone under rules played by choosing a drop placement (a person places whole pieces there)', () => {
    const person = droppedGame({ rules: 'research', width: 6, height: 8, seed: 2 }, 500);
    expect(judged({ name: 'Ana', replay: person }).shown).toBe('Ana');
    const bot = droppedGame({ rules: 'research', width: 6, height: 8, seed: 2 }, 0);
    expect(judged({ name: 'Ana', replay: bot }).shown).toBe('Ana (an agent)');
  });

  it('credits an agent with the pieces its inputs show, beyond those the post credits, and keeps a larger claim', () => {
    // A person's pieces, then the rest at a program's pace.
    const person = droppedGame({ rules: 'classic', seed: 5 }, 150);
    const handOver = person.inputs[3].t + 1000;
    const mixed: ReplayLog = {
      ...person,
      inputs: person.inputs.map((input, index) => (index <= 3 ? input : { ...input, t: handOver })),
      end: handOver,
    };
    const { agents, pieces } = judged({ name: 'Bob', replay: mixed });
    expect(agents).toEqual([{ name: 'unnamed agent', pieces: pieces - 4 }]);
    expect(judged({ name: 'Bob', replay: mixed, agents: [{ name: 'bcts', pieces: 2 }] }).agents).toEqual([
      { name: 'bcts', pieces: 2 },
      { name: 'unnamed agent', pieces: pieces - 6 },
    ]);
    expect(judged({ name: 'Bob', replay: person, agents: [{ name: 'bcts', pieces: 2 }] }).agents).toEqual([{ name: 'bcts', pieces: 2 }]);
  });
});
