import { Buffer } from 'node:buffer';
import { CORE_SCHEMA, dump, load, YAMLException } from 'js-yaml';
import { ok, rejected } from './issues';
import type { Checked, Issue } from './issues';
import { MAX_CONFIG_ALIASES, MAX_CONFIG_BYTES, MAX_CONFIG_DEPTH, MAX_CONFIG_VALUES, MAX_IMPORT_TOOLS } from './limits';
import { namespaceOf, shortNameOf } from './model';
import type { JsonObject, ToolDefinition } from './model';
import { CAPABILITY_FIELDS, LIFECYCLE_FIELDS, RESOURCE_SLOT_FIELDS, TOOL_FIELDS, isToolName, validateTool } from './validation';
import type { ToolDraft, ToolFieldName } from './validation';
import { describeValue, isPlainObject, sortKeys, truncate } from './values';

/**
 * Tool config files (spec section 3): `Tool.from_config` (snake_case YAML/JSON → ToolDefinition,
 * through the same rules as every other input) and `as_cli_dict` (ToolDefinition → stable ordered
 * snake_case map). Exporting and loading again gives the same definitions back.
 */

/** A model key as a config key: `resourceSlots` → `resource_slots`. */
export const toSnake = (key: string): string => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** Config key → model key, for one level of the model. */
const keyMap = (fields: readonly string[]): ReadonlyMap<string, string> => new Map(fields.map((field) => [toSnake(field), field]));

const TOOL_KEYS = keyMap(TOOL_FIELDS);
const CAPABILITY_KEYS = keyMap(CAPABILITY_FIELDS);
const RESOURCE_SLOT_KEYS = keyMap(RESOURCE_SLOT_FIELDS);
const LIFECYCLE_KEYS = keyMap(LIFECYCLE_FIELDS);

/** The keys as_cli_dict derives from the name; a config may repeat them, if they agree with it. */
export const DERIVED_NAME_KEYS = [
  ['namespace', namespaceOf],
  ['short_name', shortNameOf],
] as const;

/** The fields `cliDict` keys stand for, in the model's order (`namespace` and `short_name` are the name's): how a revision's `changedFields` read. */
export function fieldsOfConfigKeys(keys: readonly string[]): ToolFieldName[] {
  const fields = new Set(keys.map((key) => (DERIVED_NAME_KEYS.some(([derived]) => derived === key) ? 'name' : TOOL_KEYS.get(key))));
  return TOOL_FIELDS.filter((field) => fields.has(field));
}

/**
 * A path into a definition (`inputSchema.properties.fileName.description`) as a path into its
 * config: the field snake_case, the keys of a schema below it as they are.
 */
export const configPathOf = (path: string): string => path.replace(/^[A-Za-z]+/, toSnake);

/** Issue paths name the config's keys: `resource_slots[0].static_resource`. */
const toConfigPath = (issue: Issue): Issue => ({ ...issue, path: toSnake(issue.path) });

export function fromConfig(config: unknown): Checked<ToolDefinition> {
  if (!isPlainObject(config)) {
    return rejected([{ path: '', code: 'INVALID_CONFIG', message: `A tool config must be a mapping, not ${describeValue(config)}.` }]);
  }
  const issues: Issue[] = [];
  const draft: ToolDraft = {};
  for (const [key, value] of Object.entries(config)) {
    if (DERIVED_NAME_KEYS.some(([derived]) => derived === key)) continue;
    const field = TOOL_KEYS.get(key);
    if (field === undefined) {
      issues.push(unknownField(key, ''));
    } else if (field === 'capability') {
      draft[field] = renameKeys(value, CAPABILITY_KEYS, 'capability', issues);
    } else if (field === 'lifecycle') {
      draft[field] = renameKeys(value, LIFECYCLE_KEYS, 'lifecycle', issues);
    } else if (field === 'resourceSlots' && Array.isArray(value)) {
      draft[field] = value.map((slot: unknown, index) => renameKeys(slot, RESOURCE_SLOT_KEYS, `resource_slots[${index}]`, issues));
    } else {
      // Everything else, input_schema and output_schema included, is taken as it is.
      draft[field] = value;
    }
  }
  issues.push(...checkDerivedNameKeys(config));

  const checked = validateTool(draft);
  if (checked.ok && issues.length === 0) return checked;
  return rejected([...issues, ...(checked.ok ? [] : checked.issues.map(toConfigPath))]);
}

/**
 * A config mapping with its keys renamed to the model's; unknown keys are reported and dropped.
 * Anything that is not a mapping is left as it is, for validateTool to judge.
 */
function renameKeys(value: unknown, keys: ReadonlyMap<string, string>, base: string, issues: Issue[]): unknown {
  if (!isPlainObject(value)) return value;
  const renamed: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const field = keys.get(key);
    if (field === undefined) issues.push(unknownField(key, base));
    else renamed[field] = item;
  }
  return renamed;
}

function unknownField(key: string, base: string): Issue {
  const shown = truncate(key);
  return { path: base === '' ? shown : `${base}.${shown}`, code: 'UNKNOWN_FIELD', message: `Unknown field "${shown}".` };
}

/** INVALID_NAME: `namespace` and `short_name` are derived from `name`; a config may only repeat them. */
function checkDerivedNameKeys(config: Record<string, unknown>): Issue[] {
  const name = config.name;
  // An invalid name is reported at `name`; there is nothing to compare with.
  if (typeof name !== 'string' || !isToolName(name)) return [];
  const issues: Issue[] = [];
  for (const [key, derive] of DERIVED_NAME_KEYS) {
    if (!Object.hasOwn(config, key)) continue;
    const expected = derive(name);
    if (config[key] !== expected) {
      issues.push({
        path: key,
        code: 'INVALID_NAME',
        message: `${key} ${describeValue(config[key])} does not match the name "${name}" (it gives "${expected}").`,
      });
    }
  }
  return issues;
}

// ---- config texts

export interface ConfigEntry {
  index: number;
  name: string | null;
  checked: Checked<ToolDefinition>;
}

/** A config text (YAML, or JSON which is YAML too) read into its tools, each checked against the rules (readToolConfigs, fromConfig). */
export function parseToolConfigs(text: string): Checked<ConfigEntry[]> {
  const read = readToolConfigs(text);
  return read.ok ? ok(read.value.map((config, index) => configEntry(index, config))) : read;
}

/**
 * A config text read into its tools' configs, as parsed, not yet checked. Everything that can cost
 * time or memory is bounded before or while parsing: the text's size (MAX_CONFIG_BYTES), its
 * nesting (MAX_CONFIG_DEPTH) and aliases (MAX_CONFIG_ALIASES), each refused with VALUE_TOO_LARGE;
 * the number of tools (MAX_IMPORT_TOOLS) before any tool is checked. Parsed with the YAML 1.2 core
 * schema: plain scalars are strings, numbers, booleans and null, never dates or merges, and a key
 * given twice is an error.
 */
export function readToolConfigs(text: string): Checked<unknown[]> {
  const refuse = (code: 'INVALID_CONFIG' | 'VALUE_TOO_LARGE', path: string, message: string): Checked<unknown[]> => rejected([{ path, code, message }]);
  if (typeof text !== 'string') return refuse('INVALID_CONFIG', '', 'The config must be text (YAML or JSON).');
  // A UTF-16 code unit is at most 3 bytes of UTF-8, so most texts are judged by their length alone.
  if (text.length * 3 > MAX_CONFIG_BYTES && Buffer.byteLength(text, 'utf8') > MAX_CONFIG_BYTES) {
    const limit = `${MAX_CONFIG_BYTES / (1024 * 1024)} MiB (${MAX_CONFIG_BYTES.toLocaleString('en-US')} bytes)`;
    return refuse('VALUE_TOO_LARGE', '', `The config is larger than ${limit}, the most one import reads. Split it into several imports.`);
  }

  let data: unknown;
  try {
    data = load(text, { schema: CORE_SCHEMA, maxDepth: MAX_CONFIG_DEPTH, maxAliases: MAX_CONFIG_ALIASES });
  } catch (error) {
    if (!(error instanceof YAMLException)) throw error;
    return rejected([yamlProblem(error)]);
  }
  if (valueCount(data, new Map()) > MAX_CONFIG_VALUES) {
    return refuse(
      'VALUE_TOO_LARGE',
      '',
      `The config holds more than ${MAX_CONFIG_VALUES.toLocaleString('en-US')} values, aliases expanded. Split it into several imports.`,
    );
  }

  if (!isPlainObject(data)) {
    return refuse('INVALID_CONFIG', '', `The config must be one tool (a mapping with name, …) or a tools: list, not ${describeValue(data)}.`);
  }
  if (!Object.hasOwn(data, 'tools')) return ok([data]);
  const others = Object.keys(data).filter((key) => key !== 'tools');
  if (others.length > 0) {
    const shown = others
      .slice(0, 5)
      .map((key) => `"${truncate(key)}"`)
      .join(', ');
    return refuse('INVALID_CONFIG', '', `A config with a tools: list has no other top-level key; found ${shown}.`);
  }
  if (!Array.isArray(data.tools)) {
    return refuse('INVALID_CONFIG', 'tools', `tools: must be a list of tools, not ${describeValue(data.tools)}.`);
  }
  if (data.tools.length > MAX_IMPORT_TOOLS) {
    return refuse(
      'VALUE_TOO_LARGE',
      'tools',
      `The config holds ${data.tools.length.toLocaleString('en-US')} tools; one import takes at most ${MAX_IMPORT_TOOLS.toLocaleString('en-US')}. Split it into several imports.`,
    );
  }
  return ok(data.tools);
}

/** A tool's config, checked, with its position in the text and its name when it gives one. */
export function configEntry(index: number, config: unknown): ConfigEntry {
  const name = isPlainObject(config) && typeof config.name === 'string' ? config.name : null;
  return { index, name, checked: fromConfig(config) };
}

/**
 * How many values `value` holds, each alias counted as what it expands to: a parsed text shares one
 * object between the places its aliases stand, so each object is counted once and its count reused.
 */
function valueCount(value: unknown, counted: Map<object, number>): number {
  if (typeof value !== 'object' || value === null) return 1;
  const known = counted.get(value);
  if (known !== undefined) return known;
  // Until counted, an object met again is one that holds itself (`a: &a [*a]`): it expands without end.
  counted.set(value, Infinity);
  let count = 1;
  for (const item of Object.values(value)) count += valueCount(item, counted);
  counted.set(value, count);
  return count;
}

/** Why the parser refused the text, and where; never the text itself nor where it came from. */
function yamlProblem(problem: YAMLException): Issue {
  const position = problem.mark ? { line: problem.mark.line + 1, column: problem.mark.column + 1 } : undefined;
  const where = position ? ` (line ${position.line}, column ${position.column})` : '';
  const issue = (code: Issue['code'], message: string): Issue => ({ path: '', code, message, ...(position ? { position } : {}) });
  if (problem.reason.includes('exceeded maxDepth'))
    return issue('VALUE_TOO_LARGE', `The config nests collections more than ${MAX_CONFIG_DEPTH} levels deep${where}.`);
  if (problem.reason.includes('exceeded maxAliases')) return issue('VALUE_TOO_LARGE', `The config uses more than ${MAX_CONFIG_ALIASES} aliases${where}.`);
  return issue('INVALID_CONFIG', `The config is not valid YAML or JSON${where}: ${truncate(problem.reason, 200)}.`);
}

// ---- as_cli_dict

export function asCliDict(tool: ToolDefinition): JsonObject {
  const { capability, lifecycle } = tool;
  return {
    name: tool.name,
    namespace: namespaceOf(tool.name),
    short_name: shortNameOf(tool.name),
    description: tool.description,
    source: tool.source,
    tool_type: tool.toolType,
    code: tool.code,
    mcp_server: tool.mcpServer,
    mcp_tool_name: tool.mcpToolName,
    agent_skill_path: tool.agentSkillPath,
    wraps: tool.wraps,
    input_schema: tool.inputSchema === null ? null : sortKeys(tool.inputSchema),
    output_schema: tool.outputSchema === null ? null : sortKeys(tool.outputSchema),
    capability: {
      read_only: capability.readOnly,
      writes: capability.writes,
      write_scope: capability.writeScope,
      checkpointable: capability.checkpointable,
      checkpoint_scope: capability.checkpointScope,
      side_effects: [...capability.sideEffects],
      idempotent: capability.idempotent,
      unsafe: capability.unsafe,
      human_approval_required: capability.humanApprovalRequired,
      cost_profile: capability.costProfile,
    },
    resource_slots: tool.resourceSlots.map((slot) => ({
      name: slot.name,
      resource_type: slot.resourceType,
      access: slot.access,
      description: slot.description,
      binding: slot.binding,
      static_resource: slot.staticResource,
      required: slot.required,
    })),
    lifecycle: lifecycle === null ? null : { discover: lifecycle.discover, activate: lifecycle.activate, deactivate: lifecycle.deactivate },
    timeout: tool.timeout,
  };
}

export function toConfigText(tools: readonly ToolDefinition[]): string {
  return dump({ tools: tools.map(asCliDict) }, { schema: CORE_SCHEMA, noRefs: true, lineWidth: -1 });
}
