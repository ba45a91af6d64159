/** What of a tool is searched (spec section 7), as the terms of each field that ranking weighs on its own. */
import { namespaceOf, shortNameOf, type JsonValue, type ToolDefinition } from '../model';
import { termsOf } from './tokenize';

/** The parts of a tool that search reads; every other part of a definition leaves its ranking unchanged. */
export type SearchableTool = Pick<ToolDefinition, 'name' | 'description' | 'inputSchema' | 'mcpServer' | 'mcpToolName' | 'agentSkillPath'>;

/**
 * The fields of a tool's search document, in the order ranking reads them. A schema's property
 * names are apart from its prose: a name (`ingredient`, `from_symbol`) is what the tool takes, and
 * it weighs more than a word of a property's explanation.
 */
export const SEARCH_FIELDS = ['namespace', 'shortName', 'description', 'propertyNames', 'propertyTexts', 'mcpNames', 'skillPath'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

export type SearchDocument = Record<SearchField, string[]>;

/**
 * How far into an input schema its properties are read: a nested object's properties describe the
 * tool too, but a schema of hundreds of properties (a whole API's payload) would drown the few
 * that say what the tool is for, and cost every search that touches it.
 */
export const MAX_SCHEMA_DEPTH_SEARCHED = 3;
export const MAX_PROPERTIES_SEARCHED = 100;

/**
 * Terms of one field that are indexed, the first ones: a description holds at most a few hundred
 * (1,000 characters), and a schema's prose past a thousand words is a manual, not what the tool
 * is for. It also bounds what one tool costs the index.
 */
export const MAX_TERMS_PER_FIELD = 1_000;

export function searchDocumentOf(tool: SearchableTool): SearchDocument {
  const properties = schemaPropertiesOf(tool.inputSchema);
  const fieldOf = (texts: (string | null)[]) => texts.flatMap((text) => (text === null ? [] : termsOf(text))).slice(0, MAX_TERMS_PER_FIELD);
  return {
    namespace: fieldOf([namespaceOf(tool.name)]),
    shortName: fieldOf([shortNameOf(tool.name)]),
    description: fieldOf([tool.description]),
    propertyNames: fieldOf(properties.names),
    propertyTexts: fieldOf(properties.texts),
    mcpNames: fieldOf([tool.mcpServer, tool.mcpToolName]),
    skillPath: fieldOf([tool.agentSkillPath]),
  };
}

interface SchemaProperties {
  names: string[];
  /** The schema's own title and description, then each property's. */
  texts: string[];
}

/**
 * The property names, titles and descriptions of a schema, breadth first (a top-level property
 * before a nested one, so the limits cut the least telling), through nested objects, array items
 * and the branches of `anyOf`, `oneOf` and `allOf`.
 */
function schemaPropertiesOf(schema: JsonValue | null): SchemaProperties {
  const found: SchemaProperties = { names: [], texts: [] };
  let level: JsonValue[] = schema === null ? [] : [schema];
  for (let depth = 0; depth <= MAX_SCHEMA_DEPTH_SEARCHED && level.length > 0; depth++) {
    const next: JsonValue[] = [];
    for (const node of level) {
      if (!isObject(node)) continue;
      if (depth === 0) found.texts.push(...textsOf(node));
      for (const subschema of subschemasOf(node)) {
        if (isObject(subschema)) next.push(subschema);
      }
      if (!isObject(node.properties)) continue;
      for (const [name, property] of Object.entries(node.properties)) {
        if (found.names.length === MAX_PROPERTIES_SEARCHED) return found;
        found.names.push(name);
        if (isObject(property)) {
          found.texts.push(...textsOf(property));
          next.push(property);
        }
      }
    }
    level = next;
  }
  return found;
}

/** The schemas inside a schema that describe the same value's parts or alternatives, not another property. */
function subschemasOf(node: Record<string, JsonValue>): JsonValue[] {
  const { items, anyOf, oneOf, allOf } = node;
  return [items, anyOf, oneOf, allOf].flatMap((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));
}

function textsOf(node: Record<string, JsonValue>): string[] {
  return [node.title, node.description].filter((text) => typeof text === 'string');
}

function isObject(value: JsonValue | undefined): value is Record<string, JsonValue> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
