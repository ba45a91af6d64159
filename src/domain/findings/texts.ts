import type { ToolDefinition } from '../model';
import { identifierWords, normalizeText, sentencesOf } from './text';

/**
 * Every text of a definition that a model reads, with the path where it lives. A model is handed
 * the name, the description and the schemas as they are (`Tool.modelTool`, `search_tools`), so every
 * string of a schema counts, wherever it sits: descriptions and titles, defaults, enums, examples,
 * property names, and keys a JSON Schema does not know.
 */

/**
 * - `name`: an identifier of the tool (its name, MCP server and tool name, a slot's name).
 * - `prose`: a description, a title, a comment, any string of a schema that is not a value.
 * - `propertyName`: the name of a property (or of a definition, or a key no JSON Schema keyword has).
 * - `value`: a default, an enum's member, a `const`, an example.
 */
export type TextKind = 'name' | 'prose' | 'propertyName' | 'value';

/** A text of a definition, and where it sits. */
export interface LocatedText {
  /** Where in the definition, as issue paths are written: `inputSchema.properties.note.description`. */
  path: string;
  kind: TextKind;
  raw: string;
}

/** A text as rules match it: the same for every text of one kind and content. */
export interface TextReading {
  /** The text as rules match it (text.ts); identifiers as words. */
  normalized: string;
  sentences: readonly string[];
}

export type ScannedText = LocatedText & TextReading;

/** The fields of a definition the scanner reads; any of them may be missing or hold any JSON. */
export type ScannableTool = Partial<
  Pick<ToolDefinition, 'name' | 'description' | 'mcpServer' | 'mcpToolName' | 'inputSchema' | 'outputSchema' | 'resourceSlots'>
>;

/** Keywords whose value maps names to subschemas. */
const NAMED_SUBSCHEMAS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
/** Keywords whose value is data the model may copy into a call. */
const VALUE_KEYWORDS = new Set(['default', 'enum', 'const', 'examples', 'example']);
/** Keywords whose strings are machinery (types, references, regular expressions, the names `required` repeats), not text to a reader. */
const MACHINE_KEYWORDS = new Set([
  'type',
  'format',
  'pattern',
  'required',
  'dependentRequired',
  '$schema',
  '$id',
  '$ref',
  '$anchor',
  '$dynamicRef',
  '$dynamicAnchor',
  '$vocabulary',
  'contentEncoding',
  'contentMediaType',
]);
/** Every other keyword of JSON Schema (draft 2020-12 and the drafts before it): a key that is none of these is text. */
const SCHEMA_KEYWORDS = new Set([
  ...NAMED_SUBSCHEMAS,
  ...VALUE_KEYWORDS,
  ...MACHINE_KEYWORDS,
  'title',
  'description',
  '$comment',
  'items',
  'prefixItems',
  'additionalItems',
  'additionalProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
  'propertyNames',
  'contains',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'dependencies',
  'contentSchema',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minContains',
  'maxContains',
  'minProperties',
  'maxProperties',
  'readOnly',
  'writeOnly',
  'deprecated',
  'nullable',
]);

/**
 * Far beyond what validation lets a stored schema be (64 levels, 256 KiB): the walk stops there so
 * that no input, valid or not, costs more than a bounded amount of work.
 */
const MAX_DEPTH = 128;
const MAX_NODES = 200_000;

type Mode = 'schema' | 'names' | 'value';

/** The path of `key` under `path`: `.key` when the key reads as an identifier, else `["key"]`. */
function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  const segment = /^[A-Za-z_$][\w$-]*$/.test(key) ? key : null;
  if (segment === null) return `${path}[${JSON.stringify(key)}]`;
  return path === '' ? segment : `${path}.${segment}`;
}

export function readText(kind: TextKind, raw: string): TextReading {
  const normalized = kind === 'name' || kind === 'propertyName' ? identifierWords(raw) : normalizeText(raw);
  return { normalized, sentences: sentencesOf(normalized) };
}

/** The texts of one schema, depth first, keys in code point order, without recursion. */
function schemaTexts(schema: unknown, path: string, texts: LocatedText[]): void {
  const pending: { value: unknown; path: string; mode: Mode; depth: number }[] = [{ value: schema, path, mode: 'schema', depth: 0 }];
  let nodes = 0;
  while (pending.length > 0 && nodes < MAX_NODES) {
    const { value, path: at, mode, depth } = pending.pop()!;
    nodes++;
    if (typeof value === 'string') {
      if (value !== '') texts.push({ path: at, kind: mode === 'value' ? 'value' : 'prose', raw: value });
      continue;
    }
    if (typeof value !== 'object' || value === null || depth >= MAX_DEPTH) continue;
    const children: typeof pending = [];
    if (Array.isArray(value)) {
      value.forEach((item, index) => children.push({ value: item, path: childPath(at, index), mode: mode === 'names' ? 'schema' : mode, depth: depth + 1 }));
    } else {
      // Keys in code point order: a store may give an object's keys back in another order (Postgres's
      // jsonb does), and equal definitions must list equal findings in the same order.
      const object = value as Record<string, unknown>;
      for (const key of Object.keys(object).sort()) {
        const child = object[key];
        const path = childPath(at, key);
        if (mode === 'names') {
          texts.push({ path, kind: 'propertyName', raw: key });
          children.push({ value: child, path, mode: 'schema', depth: depth + 1 });
        } else if (mode === 'value') {
          texts.push({ path, kind: 'value', raw: key });
          children.push({ value: child, path, mode: 'value', depth: depth + 1 });
        } else if (NAMED_SUBSCHEMAS.has(key)) {
          children.push({ value: child, path, mode: 'names', depth: depth + 1 });
        } else if (VALUE_KEYWORDS.has(key)) {
          children.push({ value: child, path, mode: 'value', depth: depth + 1 });
        } else if (!MACHINE_KEYWORDS.has(key)) {
          if (!SCHEMA_KEYWORDS.has(key)) texts.push({ path, kind: 'propertyName', raw: key });
          children.push({ value: child, path, mode: 'schema', depth: depth + 1 });
        }
      }
    }
    // Pushed in reverse so that they are visited in order: texts come out in document order.
    for (let index = children.length - 1; index >= 0; index--) pending.push(children[index]!);
  }
}

/** The texts of `tool` a model reads, in a stable order: name, server and tool names, description, schemas, slots. */
export function textsOf(tool: ScannableTool): LocatedText[] {
  const texts: LocatedText[] = [];
  const field = (path: string, kind: TextKind, value: unknown): void => {
    if (typeof value === 'string' && value !== '') texts.push({ path, kind, raw: value });
  };
  field('name', 'name', tool.name);
  field('mcpServer', 'name', tool.mcpServer);
  field('mcpToolName', 'name', tool.mcpToolName);
  field('description', 'prose', tool.description);
  schemaTexts(tool.inputSchema, 'inputSchema', texts);
  schemaTexts(tool.outputSchema, 'outputSchema', texts);
  if (Array.isArray(tool.resourceSlots)) {
    tool.resourceSlots.forEach((slot: unknown, index) => {
      if (typeof slot !== 'object' || slot === null) return;
      const { name, description } = slot as Record<string, unknown>;
      field(`resourceSlots[${index}].name`, 'name', name);
      field(`resourceSlots[${index}].description`, 'prose', description);
    });
  }
  return texts;
}

/** What a rule knows of the tool besides the text it reads. */
export interface ToolContext {
  /**
   * The names the tool goes by, as `identifierWords` gives them: its short name (with and without
   * a trailing number), the parts of a compound short name, its MCP tool name. A tool that names
   * itself is not naming another tool.
   */
  ownNames: ReadonlySet<string>;
  /** The names of its input schema's top-level properties, as words. */
  parameterNames: ReadonlySet<string>;
}

/** The context of `tool`, each part worked out when a rule first reads it: few texts make a rule ask. */
export function contextOf(tool: ScannableTool): ToolContext {
  let ownNames: ReadonlySet<string> | undefined;
  let parameterNames: ReadonlySet<string> | undefined;
  return {
    get ownNames() {
      return (ownNames ??= ownNamesOf(tool));
    },
    get parameterNames() {
      return (parameterNames ??= parameterNamesOf(tool));
    },
  };
}

function ownNamesOf(tool: ScannableTool): ReadonlySet<string> {
  const ownNames = new Set<string>();
  const own = (name: unknown): void => {
    if (typeof name !== 'string' || name === '') return;
    const words = identifierWords(name);
    ownNames.add(words);
    ownNames.add(words.replace(/ \d+$/, ''));
  };
  if (typeof tool.name === 'string') {
    const shortName = tool.name.slice(tool.name.indexOf('/') + 1);
    own(shortName);
    shortName.split(/[-.]/).forEach(own);
  }
  own(tool.mcpToolName);
  return ownNames;
}

function parameterNamesOf(tool: ScannableTool): ReadonlySet<string> {
  const parameterNames = new Set<string>();
  const properties = (tool.inputSchema as Record<string, unknown> | null | undefined)?.properties;
  if (typeof properties === 'object' && properties !== null && !Array.isArray(properties)) {
    for (const key of Object.keys(properties)) parameterNames.add(identifierWords(key));
  }
  return parameterNames;
}
