import Ajv2020 from 'ajv/dist/2020';
import type { ValidateFunction } from 'ajv';
import type { Issue } from './issues';
import { MAX_SCHEMA_BYTES, MAX_SCHEMA_DEPTH } from './limits';
import { describeValue, isPlainObject, textProblem, truncate } from './values';

/**
 * The INVALID_JSON_SCHEMA rule: `inputSchema` / `outputSchema` are JSON objects that are valid
 * against the JSON Schema draft 2020-12 meta-schema, and their regular expressions compile.
 * Only the meta-schema is ever compiled: user schemas are checked as data, never compiled, so
 * nothing is fetched and no `$ref` is followed.
 */

const META_SCHEMA_ID = 'https://json-schema.org/draft/2020-12/schema';

let metaValidator: ValidateFunction | undefined;

/** The draft 2020-12 meta-schema validator, compiled once (Ajv bundles the meta-schemas; no network). */
function validateAgainstMetaSchema(): ValidateFunction {
  if (!metaValidator) {
    const ajv = new Ajv2020({ allErrors: false, strict: false });
    const validate = ajv.getSchema(META_SCHEMA_ID);
    if (!validate) throw new Error('Ajv has no draft 2020-12 meta-schema');
    metaValidator = validate;
  }
  return metaValidator;
}

export function checkJsonSchema(value: unknown, path: string): Issue[] {
  const fail = (message: string): Issue[] => [{ path, code: 'INVALID_JSON_SCHEMA', message }];
  if (!isPlainObject(value)) {
    return fail(`A JSON Schema must be a JSON object, not ${describeValue(value)}.`);
  }
  if (depthOf(value) > MAX_SCHEMA_DEPTH) return fail(`The schema is nested more than ${MAX_SCHEMA_DEPTH} levels deep.`);
  const notJson = findNonJson(value, '');
  if (notJson !== null) return fail(`The schema holds ${notJson.what} at ${truncate(notJson.pointer || '/')}.`);
  const bytes = Buffer.byteLength(JSON.stringify(value), 'utf8');
  if (bytes > MAX_SCHEMA_BYTES) {
    const limit = `${MAX_SCHEMA_BYTES / 1024} KiB`;
    return [{ path, code: 'VALUE_TOO_LARGE', message: `The schema is ${bytes.toLocaleString('en-US')} bytes as JSON; at most ${limit} are allowed.` }];
  }

  const validate = validateAgainstMetaSchema();
  if (!validate(value)) {
    const [first] = validate.errors ?? [];
    // The root's instancePath is empty; it is written `/`.
    const where = truncate(first === undefined || first.instancePath === '' ? '/' : first.instancePath);
    return fail(`Not a valid JSON Schema (draft 2020-12): ${where} ${first?.message ?? 'is invalid'}.`);
  }
  const badPattern = findBadPattern(value, '');
  if (badPattern !== null) {
    return fail(`Not a valid JSON Schema: ${truncate(badPattern || '/')} is not a valid regular expression.`);
  }
  return [];
}

/** Nesting depth of objects and lists, counted without recursion; stops counting past the limit. */
function depthOf(value: unknown): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    deepest = Math.max(deepest, depth);
    if (deepest > MAX_SCHEMA_DEPTH) return deepest;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return deepest;
}

interface NonJson {
  pointer: string;
  what: string;
}

const TEXT_THAT_CANNOT_BE_STORED = 'text that cannot be stored (a NUL character or a lone surrogate)';

/**
 * The first value that is not JSON a store can keep exactly (NaN, Infinity, undefined, a Date, or
 * text with NUL or a lone surrogate, see textProblem), with its JSON Pointer; or null.
 */
function findNonJson(value: unknown, pointer: string): NonJson | null {
  if (value === null || typeof value === 'boolean') return null;
  if (typeof value === 'string') return textProblem(value) === null ? null : { pointer, what: TEXT_THAT_CANNOT_BE_STORED };
  if (typeof value === 'number') return Number.isFinite(value) ? null : { pointer, what: 'a number JSON cannot hold' };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNonJson(value[i], `${pointer}/${i}`);
      if (found !== null) return found;
    }
    return null;
  }
  if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (textProblem(key) !== null) return { pointer, what: `a key with ${TEXT_THAT_CANNOT_BE_STORED}` };
      const found = findNonJson(item, `${pointer}/${escapePointer(key)}`);
      if (found !== null) return found;
    }
    return null;
  }
  return { pointer, what: `a value JSON cannot hold (${describeValue(value)})` };
}

/** Keywords whose value is one subschema. */
const SCHEMA_KEYWORDS = [
  'additionalProperties',
  'unevaluatedProperties',
  'items',
  'unevaluatedItems',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
] as const;
/** Keywords whose value is an array of subschemas. */
const SCHEMA_ARRAY_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;
/** Keywords whose value maps names to subschemas. */
const SCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', '$defs', 'dependentSchemas'] as const;

/**
 * The meta-schema declares `pattern` and `patternProperties` keys as `format: regex`, which Ajv
 * does not check for meta-schemas: walk the subschemas and compile each regular expression
 * (ECMA-262 with the `u` flag, as validators do). Returns the pointer of the first bad one, or null.
 */
function findBadPattern(schema: unknown, pointer: string): string | null {
  if (!isPlainObject(schema)) return null;
  if (typeof schema.pattern === 'string' && !compiles(schema.pattern)) return `${pointer}/pattern`;
  if (isPlainObject(schema.patternProperties)) {
    for (const key of Object.keys(schema.patternProperties)) {
      if (!compiles(key)) return `${pointer}/patternProperties/${escapePointer(key)}`;
    }
  }
  for (const keyword of SCHEMA_KEYWORDS) {
    const found = findBadPattern(schema[keyword], `${pointer}/${keyword}`);
    if (found !== null) return found;
  }
  for (const keyword of SCHEMA_ARRAY_KEYWORDS) {
    const list = schema[keyword];
    if (!Array.isArray(list)) continue;
    for (let i = 0; i < list.length; i++) {
      const found = findBadPattern(list[i], `${pointer}/${keyword}/${i}`);
      if (found !== null) return found;
    }
  }
  for (const keyword of SCHEMA_MAP_KEYWORDS) {
    const map = schema[keyword];
    if (!isPlainObject(map)) continue;
    for (const [key, sub] of Object.entries(map)) {
      const found = findBadPattern(sub, `${pointer}/${keyword}/${escapePointer(key)}`);
      if (found !== null) return found;
    }
  }
  return null;
}

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
