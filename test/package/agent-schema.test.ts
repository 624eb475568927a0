import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AGENT_SCHEMA_FILE, agentSchemaText, type JsonSchema } from '../../scripts/agent-schema.ts';
import { parseAgentSpec } from '../../src/tetris-ai/agent-spec.ts';
import { schemaProblems } from './json-schema.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const published = JSON.parse(readFileSync(AGENT_SCHEMA_FILE, 'utf8')) as JsonSchema;

/** The agent files the package ships: the built-in agents and the tuning record's. */
const SHIPPED_FOLDERS = ['src/tetris-ai/agents', 'tuning'];
const shipped = SHIPPED_FOLDERS.flatMap((folder) =>
  readdirSync(join(ROOT, folder))
    .filter((name) => name.endsWith('.json'))
    .map((name) => join(ROOT, folder, name)),
);

const valid = {
  name: 'mine',
  description: 'a test agent',
  source: 'a test',
  features: ['holes', 'landingHeight'],
  weights: { holes: -4, landingHeight: -1 },
};
const despair = { maxHeightAbove: 10, weights: { holes: -8, landingHeight: -1 } };

/** Bad agent files, each with what the loader says of it. */
const BAD_FILES: [string, unknown, RegExp][] = [
  ['a list', [valid], /the file must be a JSON object/],
  ['no name', { ...valid, name: undefined }, /"name" must be a non-empty string/],
  ['a blank description', { ...valid, description: '  ' }, /"description" must be a non-empty string/],
  ['an unknown field', { ...valid, colour: 'red' }, /unknown field "colour"/],
  ['a $schema that is no text', { ...valid, $schema: 5 }, /"\$schema" must be text/],
  ['a bad sense', { ...valid, sense: 'up' }, /"sense" must be one of "maximize", "minimize"/],
  ['no features', { ...valid, features: [] }, /"features" must be a non-empty list/],
  ['features that are no list', { ...valid, features: 'holes' }, /"features" must be a non-empty list/],
  ['an unknown feature', { ...valid, features: ['holes', 'happiness'] }, /unknown feature "happiness"/],
  ['a weight that is no number', { ...valid, weights: { holes: '-4', landingHeight: -1 } }, /the weight of "holes" must be a number/],
  ['a weight of no feature', { ...valid, weights: { ...valid.weights, happiness: 1 } }, /unknown feature "happiness"/],
  ['weights that are a list', { ...valid, weights: [-4, -1] }, /"weights" must be a JSON object/],
  ['a deep lookahead', { ...valid, policy: { lookahead: 4 } }, /"lookahead" must be a whole number from 0 to 3/],
  ['a fractional lookahead', { ...valid, policy: { lookahead: 1.5 } }, /"lookahead" must be a whole number/],
  ['a beam of 0', { ...valid, policy: { lookahead: 1, beam: 0 } }, /"policy.beam" must be a whole number of at least 1/],
  ['an unknown combine', { ...valid, policy: { combine: 'max' } }, /"combine" must be one of "sum", "last"/],
  ['an unknown tie-break', { ...valid, policy: { tieBreak: 'random' } }, /"tieBreak" must be one of "first", "fewest-moves"/],
  ['an unknown policy field', { ...valid, policy: { greed: 1 } }, /unknown policy field "greed"/],
  ['a rejectOvershoot that is no boolean', { ...valid, policy: { rejectOvershoot: 'yes' } }, /"policy.rejectOvershoot" must be true/],
  ['a despair without threshold', { ...valid, despair: { weights: despair.weights } }, /"maxHeightAbove" must be a whole number/],
  ['a despair above the highest board', { ...valid, despair: { ...despair, maxHeightAbove: 65 } }, /from 0 to 64/],
  ['an unknown despair field', { ...valid, despair: { ...despair, panic: true } }, /unknown despair field "panic"/],
];

/** Bad files that only the loader refuses: rules across fields, which a JSON Schema cannot state. */
const LOADER_ONLY: [string, unknown, RegExp][] = [
  ['a feature listed twice', { ...valid, features: ['holes', 'holes'], weights: { holes: 1 } }, /"features" lists a feature twice/],
  ['a missing weight', { ...valid, weights: { holes: -4 } }, /"weights" has no weight for feature "landingHeight"/],
  ['a weight of an unlisted feature', { ...valid, weights: { ...valid.weights, bumpiness: 1 } }, /weighs "bumpiness", which is not in/],
  ['a despair missing a weight', { ...valid, despair: { ...despair, weights: { holes: 1 } } }, /"despair.weights" has no weight/],
];

describe('the JSON Schema of agent files (schema/agent.schema.json)', () => {
  it('is the one the zod schema makes', () => {
    expect(readFileSync(AGENT_SCHEMA_FILE, 'utf8'), 'the agent-file schema changed: run npm run agent-schema and commit the file').toBe(
      agentSchemaText(),
    );
  });

  it('ships in the package', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { files: string[] };
    expect(manifest.files).toContain(relative(ROOT, dirname(AGENT_SCHEMA_FILE)));
  });

  it.each(shipped.map((path) => [relative(ROOT, path), path]))(
    'accepts %s, which names it in $schema, as the loader does',
    (_name, path) => {
      const file = JSON.parse(readFileSync(path, 'utf8')) as { $schema: string };
      expect(schemaProblems(published, file)).toEqual([]);
      expect(() => parseAgentSpec(file, path)).not.toThrow();
      expect(resolve(dirname(path), file.$schema)).toBe(AGENT_SCHEMA_FILE);
    },
  );

  it.each(BAD_FILES)('refuses %s, as the loader does', (_what, file, message) => {
    expect(schemaProblems(published, file)).not.toEqual([]);
    expect(() => parseAgentSpec(file, 'bad.json')).toThrow(message);
  });

  it.each(LOADER_ONLY)('leaves %s to the loader, as its description says', (_what, file, message) => {
    expect(published.description).toMatch(/each feature is listed once and that "weights" \(and "despair.weights"\) weigh exactly/);
    expect(schemaProblems(published, file)).toEqual([]);
    expect(() => parseAgentSpec(file, 'bad.json')).toThrow(message);
  });
});
