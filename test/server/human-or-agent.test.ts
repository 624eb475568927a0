import { describe, expect, it } from 'vitest';
import { agentInputs, agentPieces, HUMAN_PACE } from '../../src/server/human-pace.ts';
import { verifyScore } from '../../src/server/verified-scores.ts';
import type { LoggedInput, ReplayLog } from '../../src/tetris/game.ts';
import { whoPlayed } from '../../web/src/score-tables.ts';
import { droppedGame, finishedGame } from './finished-games.ts';

/** What the server stores of a post: who it says played, and the shares. */
function judged(body: { name: string; replay: ReplayLog; agents?: { name: string; pieces: number }[] }) {
  const { entry } = verifyScore(JSON.parse(JSON.stringify(body)));
  const shown = whoPlayed({
    id: 1,
    date: '',
    replayable: true,
    players: 'human',
    ...entry,
    pieces: entry.pieces ?? null,
    agents: [...entry.agents!],
  });
  return { agents: entry.agents, pieces: entry.pieces!, shown };
}

const keys = (...times: number[]): LoggedInput[] => times.map((t) => ({ t, key: 'L' }));

describe('a game is a human’s only at a pace a person keeps', () => {
  it('counts at most 4 inputs in 50 ms and 40 in a second as a person’s, and any placement under rules played by keys as an agent’s', () => {
    expect(HUMAN_PACE).toEqual([
      { ms: 50, inputs: 4 },
      { ms: 1000, inputs: 40 },
    ]);
    const steady = keys(...Array.from({ length: 200 }, (_, i) => i * 25)); // exactly 40 a second
    expect(agentInputs(steady, 'keys').some(Boolean)).toBe(false);
    const faster = keys(...Array.from({ length: 41 }, (_, i) => i * 24)); // 41 in 960 ms: the 41st is too many
    expect(agentInputs(faster, 'keys')).toEqual([...Array(40).fill(false), true]);
    const burst = keys(0, 500, 500, 500, 500, 500, 2000); // five keys in one frame
    expect(agentInputs(burst, 'keys')).toEqual([false, true, true, true, true, true, false]);
    const frameful = keys(0, 480, 500, 500, 500, 2000); // four: a held key and others pressed with it
    expect(agentInputs(frameful, 'keys').some(Boolean)).toBe(false);
    const placed: LoggedInput[] = [{ t: 1000, place: [0, 0, 0] }];
    expect(agentInputs(placed, 'keys')).toEqual([true]);
    expect(agentInputs(placed, 'drop')).toEqual([false]);
    // Pieces: a lock counts the inputs since the lock before, its own input included.
    expect(agentPieces([false, true, false, false], [1, 2, 3])).toBe(1);
    expect(agentPieces([false, false, true], [0, 4])).toBe(1);
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
