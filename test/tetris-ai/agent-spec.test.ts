import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameSetup } from '../../src/bench/task-store.ts';
import { InputError } from '../../src/core/errors.ts';
import { contentKey } from '../../src/node/content-key.ts';
import { builtInAgentNames, loadAgentSpec } from '../../src/tetris-ai/agent-files.ts';
import { parseAgentSpec } from '../../src/tetris-ai/agent-spec.ts';

const valid = {
  name: 'mine',
  description: 'a test agent',
  source: 'a test',
  sense: 'maximize',
  features: ['holes', 'landingHeight'],
  weights: { holes: -4, landingHeight: -1 },
};

describe('agent files', () => {
  it('ship every agent of the sources', () => {
    expect(builtInAgentNames()).toEqual([
      'aveiro',
      'bcts',
      'dellacherie',
      'eltetris',
      'greedy',
      'lee',
      'lookahead',
      'skilled',
      'target',
      'tpg',
      'tuned-10x10',
      'tuned-fit-10x10',
    ]);
    for (const name of builtInAgentNames()) expect(loadAgentSpec(name).name).toBe(name);
  });

  it('keep El-Tetris on complete lines and the target agent on eroded cells ×10, as their sources do', () => {
    expect(loadAgentSpec('eltetris').weights.completeLines).toBe(3.4181268101392694);
    expect(loadAgentSpec('target').weights.erodedPieceCells).toBe(34);
    expect(loadAgentSpec('target').policy).toMatchObject({ tieBreak: 'fewest-moves', rejectOvershoot: true });
    expect(loadAgentSpec('lookahead').policy.lookahead).toBe(1);
    expect(loadAgentSpec('greedy').despair).toEqual({ maxHeightAbove: 10, weights: { holes: 20, maxHeight: 80 } });
  });

  it('load from a path', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'gridmind-agent-')), 'mine.json');
    writeFileSync(path, JSON.stringify(valid));
    expect(loadAgentSpec(path)).toMatchObject({ name: 'mine', policy: { lookahead: 0, combine: 'sum', tieBreak: 'first' } });
  });

  it('name an unknown agent and the choices', () => {
    expect(() => loadAgentSpec('deep-blue')).toThrow(
      /unknown agent "deep-blue": use one of aveiro, bcts, dellacherie, .*, or the path of an agent of your own: a JSON file, a module of code \(\.js, \.mjs, \.ts, \.mts\) or a Python program \(\.py\), as docs\/own-agent\.md shows$/,
    );
    expect(() => loadAgentSpec('/no/such/agent.json')).toThrow(/cannot read agent file \/no\/such\/agent.json: no such file/);
  });
});

describe('parseAgentSpec', () => {
  const problem = (changes: Record<string, unknown>) => () => parseAgentSpec({ ...valid, ...changes }, 'mine.json');
  it.each([
    ['a missing weight', { weights: { holes: -4 } }, /agent mine.json: "weights" has no weight for feature "landingHeight"/],
    [
      'an unknown feature',
      { features: ['holes', 'landingHeight', 'happiness'] },
      /unknown feature "happiness": use one of landingHeight, /,
    ],
    [
      'a weight off the list',
      { weights: { holes: -4, landingHeight: -1, bumpiness: 2 } },
      /weighs "bumpiness", which is not in "features"/,
    ],
    ['a weight that is not a number', { weights: { holes: '-4', landingHeight: -1 } }, /the weight of "holes" must be a number/],
    [
      'an infinite weight',
      JSON.parse('{"weights": {"holes": -1e999, "landingHeight": -1}}'),
      /"weights": the weight of "holes" must be a finite number$/,
    ],
    [
      'an infinite despair weight',
      JSON.parse('{"despair": {"maxHeightAbove": 10, "weights": {"holes": 1e999, "landingHeight": -1}}}'),
      /"despair.weights": the weight of "holes" must be a finite number$/,
    ],
    ['a bad sense', { sense: 'up' }, /"sense" must be one of "maximize", "minimize"/],
    ['a deep lookahead', { policy: { lookahead: 4 } }, /"lookahead" must be a whole number from 0 to 3/],
    ['an unknown policy field', { policy: { greed: 1 } }, /unknown policy field "greed"/],
    ['a bad beam', { policy: { lookahead: 1, beam: 0 } }, /"policy.beam" must be a whole number of at least 1/],
    ['a despair without threshold', { despair: { weights: { holes: 1, landingHeight: 1 } } }, /"maxHeightAbove" must be a whole number/],
    ['an unknown field', { colour: 'red' }, /unknown field "colour"/],
    ['no features', { features: [] }, /"features" must be a non-empty list/],
    ['an unknown tie-break', { policy: { tieBreak: 'random' } }, /"tieBreak" must be one of "first", "fewest-moves"$/],
  ])('reports %s', (_what, changes, message) => {
    expect(problem(changes)).toThrow(InputError);
    expect(problem(changes)).toThrow(message);
  });

  it('reads the tie-break `s4`, its former name, as `fewest-moves`', () => {
    expect(parseAgentSpec({ ...valid, policy: { tieBreak: 's4' } }, 'old.json').policy.tieBreak).toBe('fewest-moves');
    expect(parseAgentSpec({ ...valid, policy: { tieBreak: 'fewest-moves' } }, 'new.json').policy.tieBreak).toBe('fewest-moves');
  });

  it('reads weights in the order of "features", whatever the file\'s: the same agent, the same stored-game key', () => {
    const despair = (weights: Record<string, number>) => ({ despair: { maxHeightAbove: 10, weights } });
    const listed = parseAgentSpec({ ...valid, ...despair({ holes: -8, landingHeight: -2 }) }, 'listed.json');
    const reordered = parseAgentSpec(
      { ...valid, weights: { landingHeight: -1, holes: -4 }, ...despair({ landingHeight: -2, holes: -8 }) },
      'reordered.json',
    );
    expect(reordered).toEqual(listed);
    expect(Object.keys(reordered.weights)).toEqual(valid.features);
    expect(Object.keys(reordered.despair!.weights)).toEqual(valid.features);
    const options = { rules: 'classic', width: 10, height: 20, seed: 1, preview: 1, maxPieces: null } as const;
    expect(contentKey(gameSetup(reordered, options))).toBe(contentKey(gameSetup(listed, options)));
  });

  it('reads unknownPieces 1, and leaves 0 out of the spec: an agent without it keeps its stored-game key', () => {
    expect(parseAgentSpec({ ...valid, policy: { unknownPieces: 1 } }, 'expecting.json').policy.unknownPieces).toBe(1);
    const none = parseAgentSpec({ ...valid, policy: { unknownPieces: 0 } }, 'none.json');
    expect(none).toEqual(parseAgentSpec(valid, 'plain.json'));
    expect(none.policy).not.toHaveProperty('unknownPieces');
    expect(() => parseAgentSpec({ ...valid, policy: { unknownPieces: 2 } }, 'two.json')).toThrow(
      'agent two.json: "unknownPieces" must be a whole number from 0 to 1',
    );
  });

  it('reads unknownPiecesAbove beside unknownPieces 1, and refuses it alone, saying what it needs', () => {
    const gated = parseAgentSpec({ ...valid, policy: { unknownPieces: 1, unknownPiecesAbove: 6 } }, 'gated.json');
    expect(gated.policy).toMatchObject({ unknownPieces: 1, unknownPiecesAbove: 6 });
    expect(parseAgentSpec({ ...valid, policy: { unknownPieces: 1 } }, 'always.json').policy).not.toHaveProperty('unknownPiecesAbove');
    for (const policy of [{ unknownPiecesAbove: 6 }, { unknownPieces: 0, unknownPiecesAbove: 6 }])
      expect(() => parseAgentSpec({ ...valid, policy }, 'alone.json')).toThrow(
        'agent alone.json: "policy.unknownPiecesAbove" says when to weigh the unknown piece: it needs "policy.unknownPieces": 1',
      );
    expect(() => parseAgentSpec({ ...valid, policy: { unknownPieces: 1, unknownPiecesAbove: -1 } }, 'negative.json')).toThrow(
      'agent negative.json: "unknownPiecesAbove" must be a whole number from 0 to',
    );
  });

  it('reports a file that is not JSON', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'gridmind-agent-')), 'broken.json');
    writeFileSync(path, '{ "name": ');
    expect(() => loadAgentSpec(path)).toThrow(/agent .*broken.json: not valid JSON/);
  });
});
