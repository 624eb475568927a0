import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AGENT_IN_PLAIN_WORDS } from '../../web/src/agent-words.ts';

const AGENTS = new URL('../../src/tetris-ai/agents/', import.meta.url);

describe('the built-in agents in plain words', () => {
  it('has a sentence for every agent file, and none for an agent that is gone', () => {
    const names = readdirSync(AGENTS).map((file) => JSON.parse(readFileSync(new URL(file, AGENTS), 'utf8')).name as string);
    expect(Object.keys(AGENT_IN_PLAIN_WORDS).sort()).toEqual(names.sort());
  });
});
