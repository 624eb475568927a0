/**
 * A JSON Schema (draft-07) checker for the keywords the published agent schema uses, as the draft-07
 * validation specification defines them (json-schema.org/draft-07/json-schema-validation): enough to
 * check agent files against it in tests without a validator package. A keyword it does not know is an
 * Error, so that a schema using one cannot pass unchecked.
 */
import type { JsonSchema } from '../../scripts/agent-schema.ts';

/** Keywords that annotate and never refuse a value. */
const ANNOTATIONS = new Set(['$schema', 'title', 'description', 'default']);

/** The problems of `value` under `schema`, each as the JSON pointer of the value and the keyword it breaks; none when it is valid. */
export function schemaProblems(schema: JsonSchema, value: unknown, at = ''): string[] {
  const problems: string[] = [];
  const fail = (keyword: string) => problems.push(`${at || '/'}: ${keyword}`);
  const object = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  for (const [keyword, expected] of Object.entries(schema)) {
    if (ANNOTATIONS.has(keyword)) continue;
    switch (keyword) {
      case 'type':
        if (!hasType(value, expected as string)) fail(`type ${String(expected)}`);
        break;
      case 'enum':
        if (!(expected as unknown[]).includes(value)) fail('enum');
        break;
      case 'anyOf':
        if ((expected as JsonSchema[]).every((option) => schemaProblems(option, value, at).length > 0)) fail('anyOf');
        break;
      case 'pattern':
        if (typeof value === 'string' && !new RegExp(expected as string, 'u').test(value)) fail('pattern');
        break;
      case 'minLength':
        if (typeof value === 'string' && [...value].length < (expected as number)) fail('minLength');
        break;
      case 'maxLength':
        if (typeof value === 'string' && [...value].length > (expected as number)) fail('maxLength');
        break;
      case 'minimum':
        if (typeof value === 'number' && value < (expected as number)) fail('minimum');
        break;
      case 'maximum':
        if (typeof value === 'number' && value > (expected as number)) fail('maximum');
        break;
      case 'exclusiveMinimum':
        if (typeof value === 'number' && value <= (expected as number)) fail('exclusiveMinimum');
        break;
      case 'exclusiveMaximum':
        if (typeof value === 'number' && value >= (expected as number)) fail('exclusiveMaximum');
        break;
      case 'minItems':
        if (Array.isArray(value) && value.length < (expected as number)) fail('minItems');
        break;
      case 'maxItems':
        if (Array.isArray(value) && value.length > (expected as number)) fail('maxItems');
        break;
      case 'items':
        if (Array.isArray(value))
          value.forEach((item, index) => problems.push(...schemaProblems(expected as JsonSchema, item, `${at}/${index}`)));
        break;
      case 'required':
        for (const field of expected as string[]) if (object !== null && !Object.hasOwn(object, field)) fail(`required ${field}`);
        break;
      case 'properties':
        for (const [field, fieldSchema] of Object.entries(expected as Record<string, JsonSchema>)) {
          if (object !== null && Object.hasOwn(object, field))
            problems.push(...schemaProblems(fieldSchema, object[field], `${at}/${field}`));
        }
        break;
      case 'additionalProperties':
        for (const field of Object.keys(object ?? {})) {
          if (Object.hasOwn((schema.properties as object | undefined) ?? {}, field)) continue;
          if (expected === false) fail(`additionalProperties ${field}`);
          else if (expected !== true) problems.push(...schemaProblems(expected as JsonSchema, object![field], `${at}/${field}`));
        }
        break;
      case 'propertyNames':
        for (const field of Object.keys(object ?? {}))
          problems.push(...schemaProblems(expected as JsonSchema, field, `${at}/${field} (name)`));
        break;
      default:
        throw new Error(`the test's JSON Schema checker does not know the keyword "${keyword}": teach it`);
    }
  }
  return problems;
}

/** Draft-07's types: an integer is a number with no fractional part. */
function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'boolean':
    case 'string':
      return typeof value === type;
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return Number.isInteger(value);
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    default:
      throw new Error(`the test's JSON Schema checker does not know the type "${type}"`);
  }
}
