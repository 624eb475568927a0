/**
 * `npm run agent-schema`: writes `schema/agent.schema.json`, the JSON Schema (draft-07) of Tetris agent
 * files, made from the zod schema the loader checks them with (`agentFileSchema`, src/tetris-ai/agent-spec.ts),
 * so that an editor checks an agent file as `gridmind` does. `test/package/agent-schema.test.ts` fails
 * when the committed file differs from what this makes.
 *
 * The zod schema's refinements (each feature listed once; a weight for each listed feature and for no
 * other) are code, which a JSON Schema cannot hold: the loader alone checks them, and the schema's
 * description says so.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { z } from 'zod';
import { agentFileSchema } from '../src/tetris-ai/agent-spec.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** Where the JSON Schema of agent files is published (package.json `files` ships it). */
export const AGENT_SCHEMA_FILE = join(ROOT, 'schema', 'agent.schema.json');

/** A JSON Schema, as the keywords of draft-07 name its parts. */
export type JsonSchema = { [keyword: string]: unknown };

/**
 * The JSON Schema of the values a zod schema accepts (its input side: a default makes a field optional,
 * a transform is skipped). Only the zod types agent files use are known; any other is an Error, so that
 * a new one cannot be left out of the published schema unnoticed.
 */
export function jsonSchemaOf(schema: z.ZodTypeAny): JsonSchema {
  const described = (json: JsonSchema): JsonSchema =>
    schema.description === undefined ? json : { description: schema.description, ...json };
  if (schema instanceof z.ZodOptional) return described(jsonSchemaOf(schema.unwrap()));
  if (schema instanceof z.ZodDefault) return described({ ...jsonSchemaOf(schema.removeDefault()), default: schema._def.defaultValue() });
  if (schema instanceof z.ZodEffects) return described(jsonSchemaOf(schema.innerType()));
  if (schema instanceof z.ZodNullable) return described({ anyOf: [jsonSchemaOf(schema.unwrap()), { type: 'null' }] });
  if (schema instanceof z.ZodBoolean) return described({ type: 'boolean' });
  if (schema instanceof z.ZodEnum) return described({ type: 'string', enum: [...schema.options] });
  if (schema instanceof z.ZodString) return described({ type: 'string', ...stringChecks(schema) });
  if (schema instanceof z.ZodNumber) return described(numberSchema(schema));
  if (schema instanceof z.ZodArray) {
    const { minLength, maxLength } = schema._def;
    return described({
      type: 'array',
      items: jsonSchemaOf(schema.element),
      ...(minLength && { minItems: minLength.value }),
      ...(maxLength && { maxItems: maxLength.value }),
    });
  }
  if (schema instanceof z.ZodRecord) {
    return described({
      type: 'object',
      propertyNames: jsonSchemaOf(schema.keySchema),
      additionalProperties: jsonSchemaOf(schema.valueSchema),
    });
  }
  if (schema instanceof z.ZodObject) return described(objectSchema(schema));
  throw new Error(`agent-schema: no JSON Schema for the zod type ${schema._def.typeName}: teach jsonSchemaOf it`);
}

function stringChecks(schema: z.ZodString): JsonSchema {
  const json: JsonSchema = {};
  for (const check of schema._def.checks) {
    if (check.kind === 'regex') json.pattern = check.regex.source;
    else if (check.kind === 'min') json.minLength = check.value;
    else if (check.kind === 'max') json.maxLength = check.value;
    else throw new Error(`agent-schema: no JSON Schema for the string check ${check.kind}`);
  }
  return json;
}

function numberSchema(schema: z.ZodNumber): JsonSchema {
  const json: JsonSchema = { type: 'number' };
  for (const check of schema._def.checks) {
    if (check.kind === 'int') json.type = 'integer';
    else if (check.kind === 'min') json[check.inclusive ? 'minimum' : 'exclusiveMinimum'] = check.value;
    else if (check.kind === 'max') json[check.inclusive ? 'maximum' : 'exclusiveMaximum'] = check.value;
    else if (check.kind !== 'finite') throw new Error(`agent-schema: no JSON Schema for the number check ${check.kind}`);
  }
  return json;
}

/** A field is required unless zod accepts it missing (optional, or with a default). */
function objectSchema(schema: z.AnyZodObject): JsonSchema {
  const shape: Record<string, z.ZodTypeAny> = schema.shape;
  const required = Object.keys(shape).filter((field) => !shape[field].isOptional());
  const unknownKeys = schema._def.unknownKeys as 'strict' | 'strip' | 'passthrough';
  if (unknownKeys === 'strip') throw new Error('agent-schema: an object that drops unknown fields has no JSON Schema: make it strict');
  return {
    type: 'object',
    properties: Object.fromEntries(Object.entries(shape).map(([field, value]) => [field, jsonSchemaOf(value)])),
    ...(required.length > 0 && { required }),
    additionalProperties: unknownKeys === 'passthrough',
  };
}

/** The published JSON Schema of agent files. */
export function agentJsonSchema(): JsonSchema {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Gridmind Tetris agent file',
    ...jsonSchemaOf(agentFileSchema),
    description:
      'A Tetris agent as data: features, their weights and a policy (docs/own-agent.md). Made by `npm run agent-schema` from the schema gridmind loads agent files with; gridmind also checks that each feature is listed once and that "weights" (and "despair.weights") weigh exactly the listed features.',
  };
}

/** The schema file's text: two-space JSON and a final newline, as the formatter writes JSON. */
export function agentSchemaText(): string {
  return `${JSON.stringify(agentJsonSchema(), null, 2)}\n`;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  mkdirSync(dirname(AGENT_SCHEMA_FILE), { recursive: true });
  writeFileSync(AGENT_SCHEMA_FILE, agentSchemaText());
  process.stdout.write(`agent-schema: ${relative(ROOT, AGENT_SCHEMA_FILE)}\n`);
}
