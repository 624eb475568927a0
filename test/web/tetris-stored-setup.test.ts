import { describe, expect, it } from 'vitest';
import { DEFAULT_SETUP } from '../../web/src/tetris/session.ts';
import { knownPlayer, playableSetup } from '../../web/src/tetris/stored-setup.ts';

describe('a stored Tetris set-up read back', () => {
  const stored = { ...DEFAULT_SETUP, player: 'bcts', rules: 'aveiro', width: 9, height: 24, rotation: 'srs', seed: 77 } as const;

  it('keeps what the app still has', () => {
    expect(playableSetup(stored, DEFAULT_SETUP, [])).toEqual(stored);
    expect(playableSetup({ ...stored, player: 'code:mine' }, DEFAULT_SETUP, ['mine']).player).toBe('code:mine');
  });

  it('gives the default for a player, rule set or rotation system it no longer has', () => {
    const gone = { ...stored, player: 'an-agent-since-removed', rules: 'tetris-99', rotation: 'nrs' } as unknown as typeof stored;
    expect(playableSetup(gone, DEFAULT_SETUP, [])).toEqual({
      ...stored,
      player: 'human',
      rules: 'classic',
      width: 10,
      height: 20,
      rotation: 'classic',
    });
    expect(playableSetup({ ...stored, player: 'code:mine' }, DEFAULT_SETUP, ['theirs']).player).toBe('human');
  });

  it('knows the human and the built-in agents', () => {
    expect(knownPlayer('human', [])).toBe(true);
    expect(knownPlayer('dellacherie', [])).toBe(true);
    expect(knownPlayer('code:dellacherie', [])).toBe(false);
  });
});
