import {
  BINDING_MODES,
  CHECKPOINT_SCOPES,
  DEFAULT_TIMEOUT_SECONDS,
  MAX_STORED_INTEGER,
  RESOURCE_ACCESS_MODES,
  TOOL_SOURCES,
  TOOL_TYPES,
  defaultCapability,
} from './model';
import type { JsonObject, ResourceSlot, ToolCapability, ToolDefinition, ToolLifecycle, ToolSource, ToolType } from './model';
import { ok, rejected } from './issues';
import type { Checked, Issue, IssueCode } from './issues';
import { checkJsonSchema } from './json-schema';
import {
  MAX_CODE_LENGTH,
  MAX_DESCRIPTION_LENGTH,
  MAX_LABEL_LENGTH,
  MAX_REFERENCE_LENGTH,
  MAX_RESOURCE_SLOTS,
  MAX_SIDE_EFFECTS,
  MAX_SLOT_DESCRIPTION_LENGTH,
} from './limits';
import { isPythonIdentifier, PYTHON_KEYWORDS } from './python-identifier';
import { describeValue, isAbsent, isPlainObject, longerThan, setOwn, textProblem, truncate } from './values';

/**
 * The rules of spec section 2 that need no stored data: one function, `validateTool`, turns a
 * loosely typed draft into a complete ToolDefinition (defaults applied) or reports every issue.
 * The rules that need the registry (NAME_TAKEN, the wrapped tool's existence, TOOL_IS_WRAPPED)
 * live with the operations that read the store.
 */

/** Loosely typed input with the model's camelCase keys (from GraphQL input or a parsed config). Values are unknown: check their types. */
export type ToolDraft = Record<string, unknown>;

/** The keys of each model object, in the model's order (the seed's tables; `wraps` after `agentSkillPath`). */
export const TOOL_FIELDS = [
  'name',
  'description',
  'source',
  'toolType',
  'code',
  'mcpServer',
  'mcpToolName',
  'agentSkillPath',
  'wraps',
  'inputSchema',
  'outputSchema',
  'capability',
  'resourceSlots',
  'lifecycle',
  'timeout',
] as const satisfies readonly (keyof ToolDefinition)[];
export type ToolFieldName = (typeof TOOL_FIELDS)[number];
export const CAPABILITY_FIELDS = [
  'readOnly',
  'writes',
  'writeScope',
  'checkpointable',
  'checkpointScope',
  'sideEffects',
  'idempotent',
  'unsafe',
  'humanApprovalRequired',
  'costProfile',
] as const satisfies readonly (keyof ToolCapability)[];
export const RESOURCE_SLOT_FIELDS = [
  'name',
  'resourceType',
  'access',
  'description',
  'binding',
  'staticResource',
  'required',
] as const satisfies readonly (keyof ResourceSlot)[];
export const LIFECYCLE_FIELDS = ['discover', 'activate', 'deactivate'] as const satisfies readonly (keyof ToolLifecycle)[];

/** The fields that only some sources have. */
export const SOURCE_FIELDS = ['code', 'mcpServer', 'mcpToolName', 'agentSkillPath'] as const;
type SourceField = (typeof SOURCE_FIELDS)[number];

/** MISSING_SOURCE_FIELD / FIELD_NOT_ALLOWED: the source fields each source needs (and is the only one to allow). */
export const SOURCE_REQUIREMENTS: Readonly<Record<ToolSource, readonly SourceField[]>> = {
  mcp: ['mcpServer', 'mcpToolName'],
  agent_skill: ['agentSkillPath'],
  builtin: [],
  custom: ['code'],
  wrapped: [],
};

/**
 * INVALID_NAME: `namespace/short_name`, each part 1–64 chars of a-z 0-9 . _ -, starting and ending
 * with a letter or digit. As an ECMA-262 pattern, for the config's JSON Schema too.
 */
const NAME_PART = '[a-z0-9](?:[a-z0-9._-]{0,62}[a-z0-9])?';
export const TOOL_NAME_PATTERN = `^${NAME_PART}/${NAME_PART}$`;
const TOOL_NAME = new RegExp(TOOL_NAME_PATTERN);

export function isToolName(value: string): boolean {
  return TOOL_NAME.test(value);
}

/** Timeouts are stored as a signed 32-bit integer. */
export const MAX_TIMEOUT_SECONDS = MAX_STORED_INTEGER;

/**
 * The most characters of each text field (limits.ts), by the model object it belongs to: the rules
 * below and the config's JSON Schema (config-schema.ts) read them here. `sideEffects`: each entry.
 */
export const TEXT_LIMITS = {
  tool: {
    description: MAX_DESCRIPTION_LENGTH,
    code: MAX_CODE_LENGTH,
    mcpServer: MAX_LABEL_LENGTH,
    mcpToolName: MAX_LABEL_LENGTH,
    agentSkillPath: MAX_REFERENCE_LENGTH,
    wraps: MAX_LABEL_LENGTH,
  },
  capability: { writeScope: MAX_REFERENCE_LENGTH, costProfile: MAX_LABEL_LENGTH, sideEffects: MAX_LABEL_LENGTH },
  resourceSlot: { name: MAX_LABEL_LENGTH, resourceType: MAX_LABEL_LENGTH, description: MAX_SLOT_DESCRIPTION_LENGTH, staticResource: MAX_LABEL_LENGTH },
  lifecycle: { discover: MAX_REFERENCE_LENGTH, activate: MAX_REFERENCE_LENGTH, deactivate: MAX_REFERENCE_LENGTH },
} as const satisfies {
  tool: Partial<Record<(typeof TOOL_FIELDS)[number], number>>;
  capability: Partial<Record<(typeof CAPABILITY_FIELDS)[number], number>>;
  resourceSlot: Partial<Record<(typeof RESOURCE_SLOT_FIELDS)[number], number>>;
  lifecycle: Record<(typeof LIFECYCLE_FIELDS)[number], number>;
};

/** The most entries of each list field. */
export const LIST_LIMITS = { sideEffects: MAX_SIDE_EFFECTS, resourceSlots: MAX_RESOURCE_SLOTS } as const;

/** Collects the issues of one input. */
class IssueList {
  readonly issues: Issue[] = [];

  add(path: string, code: IssueCode, message: string): void {
    this.issues.push({ path, code, message });
  }
}

const at = (base: string, key: string): string => (base === '' ? key : `${base}.${key}`);

export function validateTool(draft: ToolDraft): Checked<ToolDefinition> {
  const list = new IssueList();
  if (!isPlainObject(draft)) {
    return rejected([{ path: '', code: 'INVALID_VALUE', message: `A tool must be an object, not ${describeValue(draft)}.` }]);
  }
  reportUnknownFields(list, draft, TOOL_FIELDS, '');

  const name = checkName(list, draft.name);
  const description = checkDescription(list, draft.description);
  const source = checkSource(list, draft.source);
  // undefined after an INVALID_VALUE: the rules that depend on the tool type are then skipped.
  const toolType = withDefault(readEnum(list, draft.toolType, 'toolType', TOOL_TYPES), 'tool');
  checkWrappedOnlyForValidation(list, source, toolType);
  const sourceFields = checkSourceFields(list, draft, source, toolType);
  const wraps = checkWraps(list, draft.wraps, toolType, name);
  const inputSchema = checkSchema(list, draft.inputSchema, 'inputSchema');
  const outputSchema = checkSchema(list, draft.outputSchema, 'outputSchema');
  const capability = checkCapability(list, draft.capability);
  const resourceSlots = checkResourceSlots(list, draft.resourceSlots);
  const lifecycle = checkLifecycle(list, draft.lifecycle);
  const timeout = checkTimeout(list, draft.timeout);

  if (list.issues.length > 0 || source === undefined || toolType === undefined) return rejected(list.issues);
  return ok({
    name,
    description,
    source,
    toolType,
    code: sourceFields.code,
    mcpServer: sourceFields.mcpServer,
    mcpToolName: sourceFields.mcpToolName,
    agentSkillPath: sourceFields.agentSkillPath,
    wraps,
    inputSchema,
    outputSchema,
    capability,
    resourceSlots,
    lifecycle,
    timeout,
  });
}

/** UNKNOWN_FIELD: a key the model does not have, at any level. */
function reportUnknownFields(list: IssueList, object: Record<string, unknown>, known: readonly string[], base: string): void {
  for (const key of Object.keys(object)) {
    if (!known.includes(key)) {
      list.add(at(base, truncate(key)), 'UNKNOWN_FIELD', `Unknown field "${truncate(key)}".`);
    }
  }
}

// ---- typed readers: report INVALID_VALUE and return undefined when the value has the wrong type

/**
 * An optional string of at most `maxLength` characters: null when absent, undefined (after an
 * issue) when not a string, not storable text (INVALID_VALUE) or too long (VALUE_TOO_LARGE).
 */
function readString(list: IssueList, value: unknown, path: string, maxLength: number): string | null | undefined {
  if (isAbsent(value)) return null;
  if (typeof value !== 'string') {
    list.add(path, 'INVALID_VALUE', `Expected a string, got ${describeValue(value)}.`);
    return undefined;
  }
  const problem = textProblem(value);
  if (problem !== null) {
    list.add(path, 'INVALID_VALUE', problem);
    return undefined;
  }
  if (longerThan(value, maxLength)) {
    list.add(path, 'VALUE_TOO_LARGE', `The text is longer than ${maxLength.toLocaleString('en-US')} characters, the most allowed here.`);
    return undefined;
  }
  return value;
}

/** VALUE_TOO_LARGE for a list of more than `max` items; checked before any item is read. */
function tooManyItems(list: IssueList, items: readonly unknown[], path: string, max: number, what: string): boolean {
  if (items.length <= max) return false;
  list.add(path, 'VALUE_TOO_LARGE', `A tool has at most ${max} ${what}; got ${items.length.toLocaleString('en-US')}.`);
  return true;
}

function readBoolean(list: IssueList, value: unknown, path: string, fallback: boolean): boolean {
  if (isAbsent(value)) return fallback;
  if (typeof value !== 'boolean') {
    list.add(path, 'INVALID_VALUE', `Expected true or false, got ${describeValue(value)}.`);
    return fallback;
  }
  return value;
}

/** The default for an absent value (null), keeping undefined (a value already reported). */
function withDefault<T>(value: T | null | undefined, fallback: T): T | undefined {
  return value === null ? fallback : value;
}

/** An optional enum value: null when absent, undefined (after an issue) when not one of `values`. */
function readEnum<T extends string>(list: IssueList, value: unknown, path: string, values: readonly T[]): T | null | undefined {
  if (isAbsent(value)) return null;
  if (typeof value === 'string' && (values as readonly string[]).includes(value)) return value as T;
  list.add(path, 'INVALID_VALUE', `Expected one of ${values.join(', ')}; got ${describeValue(value)}.`);
  return undefined;
}

// ---- the tool's own fields

/** INVALID_NAME */
function checkName(list: IssueList, value: unknown): string {
  if (isAbsent(value) || (typeof value === 'string' && value.trim() === '')) {
    list.add('name', 'INVALID_NAME', 'A tool needs a name (namespace/short_name).');
    return '';
  }
  if (typeof value !== 'string') {
    list.add('name', 'INVALID_VALUE', `Expected a string, got ${describeValue(value)}.`);
    return '';
  }
  if (!isToolName(value)) {
    list.add(
      'name',
      'INVALID_NAME',
      `Name ${describeValue(value)} is not namespace/short_name: exactly one "/", each part 1–64 characters ` +
        'of a-z 0-9 . _ -, starting and ending with a letter or digit.',
    );
  }
  return value;
}

/** INVALID_DESCRIPTION */
function checkDescription(list: IssueList, value: unknown): string {
  if (isAbsent(value) || (typeof value === 'string' && value.trim() === '')) {
    list.add('description', 'INVALID_DESCRIPTION', 'A tool needs a description.');
    return '';
  }
  // Its length is its own rule (INVALID_DESCRIPTION), so it is read without readString's limit.
  const text = readString(list, value, 'description', Number.POSITIVE_INFINITY);
  if (typeof text !== 'string') return '';
  if (longerThan(text, TEXT_LIMITS.tool.description)) {
    list.add('description', 'INVALID_DESCRIPTION', `The description is longer than ${TEXT_LIMITS.tool.description} characters, the most allowed.`);
  }
  return text;
}

function checkSource(list: IssueList, value: unknown): ToolSource | undefined {
  if (isAbsent(value)) {
    list.add('source', 'REQUIRED_FIELD', `A tool needs a source (${TOOL_SOURCES.join(', ')}).`);
    return undefined;
  }
  return readEnum(list, value, 'source', TOOL_SOURCES) ?? undefined;
}

/** WRAPPED_ONLY_FOR_VALIDATION: `wrapped` is for validations only, and a validation's source is `wrapped`; so the source decides the tool type. */
export function toolTypeOf(source: ToolSource): ToolType {
  return source === 'wrapped' ? 'validation' : 'tool';
}

function checkWrappedOnlyForValidation(list: IssueList, source: ToolSource | undefined, toolType: ToolType | undefined): void {
  if (source === undefined || toolType === undefined || toolType === toolTypeOf(source)) return;
  const message = toolType === 'tool' ? 'Only a validation can have the source wrapped.' : `A validation's source is wrapped, not ${source}.`;
  list.add('source', 'WRAPPED_ONLY_FOR_VALIDATION', message);
}

/** How messages name the source fields (paths name them exactly). */
const SOURCE_FIELD_LABELS: Readonly<Record<SourceField, string>> = {
  code: 'inline code',
  mcpServer: 'an MCP server',
  mcpToolName: 'an MCP tool name',
  agentSkillPath: 'an agent skill path',
};

/** MISSING_SOURCE_FIELD and FIELD_NOT_ALLOWED for `code`, `mcpServer`, `mcpToolName`, `agentSkillPath`. */
function checkSourceFields(
  list: IssueList,
  draft: ToolDraft,
  source: ToolSource | undefined,
  toolType: ToolType | undefined,
): Record<SourceField, string | null> {
  // A validation has none of them, whatever its (possibly wrong) source says.
  const needed: readonly SourceField[] | undefined = toolType === 'validation' ? [] : source === undefined ? undefined : SOURCE_REQUIREMENTS[source];
  const result: Record<SourceField, string | null> = { code: null, mcpServer: null, mcpToolName: null, agentSkillPath: null };
  for (const field of SOURCE_FIELDS) {
    const value = readString(list, draft[field], field, TEXT_LIMITS.tool[field]);
    if (value === undefined || needed === undefined) continue;
    if (needed.includes(field)) {
      if (value === null || value.trim() === '') {
        list.add(field, 'MISSING_SOURCE_FIELD', `A tool with source ${source} needs ${SOURCE_FIELD_LABELS[field]}.`);
      } else {
        result[field] = value;
      }
    } else if (value !== null) {
      const what = toolType === 'validation' ? 'A validation' : `A tool with source ${source}`;
      list.add(field, 'FIELD_NOT_ALLOWED', `${what} has no ${SOURCE_FIELD_LABELS[field].replace(/^an? /, '')}.`);
    }
  }
  return result;
}

/** WRAPPED_TOOL_NOT_FOUND (the part that needs no stored data) and FIELD_NOT_ALLOWED for `wraps`. */
function checkWraps(list: IssueList, value: unknown, toolType: ToolType | undefined, name: string): string | null {
  const wraps = readString(list, value, 'wraps', TEXT_LIMITS.tool.wraps);
  if (wraps === undefined || toolType === undefined) return null;
  if (toolType === 'tool') {
    if (wraps !== null) list.add('wraps', 'FIELD_NOT_ALLOWED', 'Only a validation wraps a tool.');
    return null;
  }
  if (wraps === null || wraps.trim() === '') {
    list.add('wraps', 'WRAPPED_TOOL_NOT_FOUND', 'A validation must name the tool it wraps.');
  } else if (!isToolName(wraps)) {
    list.add('wraps', 'WRAPPED_TOOL_NOT_FOUND', `${describeValue(wraps)} is not a tool name (namespace/short_name).`);
  } else if (wraps === name) {
    list.add('wraps', 'WRAPPED_TOOL_NOT_FOUND', 'A validation cannot wrap itself.');
  }
  return wraps;
}

/** INVALID_JSON_SCHEMA */
function checkSchema(list: IssueList, value: unknown, path: string): JsonObject | null {
  if (isAbsent(value)) return null;
  const issues = checkJsonSchema(value, path);
  list.issues.push(...issues);
  return issues.length === 0 ? (structuredClone(value) as JsonObject) : null;
}

/** INVALID_TIMEOUT: an integer >= 1 (seconds) that fits the stored 32-bit integer; default 300. */
function checkTimeout(list: IssueList, value: unknown): number {
  if (isAbsent(value)) return DEFAULT_TIMEOUT_SECONDS;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_TIMEOUT_SECONDS) {
    list.add('timeout', 'INVALID_TIMEOUT', `The timeout must be a whole number of seconds from 1 to ${MAX_TIMEOUT_SECONDS}, not ${describeValue(value)}.`);
    return DEFAULT_TIMEOUT_SECONDS;
  }
  return value;
}

// ---- capability

/** READ_ONLY_CONFLICT, CHECKPOINT_SCOPE_WITHOUT_CHECKPOINTABLE, and the capability's field types. */
function checkCapability(list: IssueList, value: unknown): ToolCapability {
  const capability = defaultCapability();
  if (isAbsent(value)) return capability;
  if (!isPlainObject(value)) {
    list.add('capability', 'INVALID_VALUE', `Expected an object, got ${describeValue(value)}.`);
    return capability;
  }
  const path = (key: string): string => `capability.${key}`;
  reportUnknownFields(list, value, CAPABILITY_FIELDS, 'capability');
  for (const key of ['readOnly', 'writes', 'checkpointable', 'idempotent', 'unsafe', 'humanApprovalRequired'] as const) {
    capability[key] = readBoolean(list, value[key], path(key), capability[key]);
  }
  capability.writeScope = readString(list, value.writeScope, path('writeScope'), TEXT_LIMITS.capability.writeScope) ?? null;
  capability.costProfile = readString(list, value.costProfile, path('costProfile'), TEXT_LIMITS.capability.costProfile) ?? null;
  capability.checkpointScope = readEnum(list, value.checkpointScope, path('checkpointScope'), CHECKPOINT_SCOPES) ?? null;
  capability.sideEffects = readSideEffects(list, value.sideEffects, path('sideEffects'));

  if (capability.readOnly && capability.writes) {
    list.add(path('writes'), 'READ_ONLY_CONFLICT', 'A read-only tool cannot write.');
  }
  if (capability.readOnly && capability.checkpointable) {
    list.add(path('checkpointable'), 'READ_ONLY_CONFLICT', 'A read-only tool cannot be checkpointable.');
  }
  if (capability.checkpointScope !== null && !capability.checkpointable) {
    list.add(
      path('checkpointScope'),
      'CHECKPOINT_SCOPE_WITHOUT_CHECKPOINTABLE',
      `A checkpoint scope (${capability.checkpointScope}) needs checkpointable to be true.`,
    );
  }
  return capability;
}

function readSideEffects(list: IssueList, value: unknown, path: string): string[] {
  if (isAbsent(value)) return [];
  if (!Array.isArray(value)) {
    list.add(path, 'INVALID_VALUE', `Expected a list of strings, got ${describeValue(value)}.`);
    return [];
  }
  if (tooManyItems(list, value, path, LIST_LIMITS.sideEffects, 'side effects')) return [];
  const effects: string[] = [];
  value.forEach((item: unknown, index) => {
    if (isAbsent(item)) {
      list.add(`${path}[${index}]`, 'INVALID_VALUE', `Expected a string, got ${describeValue(item)}.`);
      return;
    }
    const text = readString(list, item, `${path}[${index}]`, TEXT_LIMITS.capability.sideEffects);
    if (typeof text === 'string') effects.push(text);
  });
  return effects;
}

// ---- resource slots

/** INVALID_SLOT_NAME, DUPLICATE_SLOT_NAME, STATIC_RESOURCE_REQUIRED, STATIC_RESOURCE_FORBIDDEN, and the slots' field types. */
function checkResourceSlots(list: IssueList, value: unknown): ResourceSlot[] {
  if (isAbsent(value)) return [];
  if (!Array.isArray(value)) {
    list.add('resourceSlots', 'INVALID_VALUE', `Expected a list of resource slots, got ${describeValue(value)}.`);
    return [];
  }
  if (tooManyItems(list, value, 'resourceSlots', LIST_LIMITS.resourceSlots, 'resource slots')) return [];
  const slots: ResourceSlot[] = [];
  const seen = new Set<string>();
  value.forEach((item: unknown, index) => {
    const slot = checkResourceSlot(list, item, `resourceSlots[${index}]`, seen);
    if (slot) slots.push(slot);
  });
  return slots;
}

function checkResourceSlot(list: IssueList, value: unknown, base: string, seen: Set<string>): ResourceSlot | undefined {
  if (!isPlainObject(value)) {
    list.add(base, 'INVALID_VALUE', `Expected a resource slot object, got ${describeValue(value)}.`);
    return undefined;
  }
  reportUnknownFields(list, value, RESOURCE_SLOT_FIELDS, base);
  const path = (key: string): string => `${base}.${key}`;

  const name = readRequired(list, value.name, path('name'), 'A resource slot needs a name.', (into, item, where) =>
    readString(into, item, where, TEXT_LIMITS.resourceSlot.name),
  );
  if (typeof name === 'string') {
    if (!isPythonIdentifier(name)) {
      list.add(path('name'), 'INVALID_SLOT_NAME', `Slot name ${describeValue(name)} is not a valid Python identifier.`);
    } else if (PYTHON_KEYWORDS.has(name)) {
      list.add(path('name'), 'INVALID_SLOT_NAME', `Slot name "${name}" is a Python keyword.`);
    } else if (seen.has(name)) {
      list.add(path('name'), 'DUPLICATE_SLOT_NAME', `Another resource slot is already named "${name}".`);
    }
    seen.add(name);
  }

  const resourceType = readRequired(list, value.resourceType, path('resourceType'), 'A resource slot needs a resource type.', (into, item, where) =>
    readString(into, item, where, TEXT_LIMITS.resourceSlot.resourceType),
  );
  if (typeof resourceType === 'string' && resourceType.trim() === '') {
    list.add(path('resourceType'), 'INVALID_VALUE', 'The resource type must not be blank.');
  }
  const access = readRequired(
    list,
    value.access,
    path('access'),
    `A resource slot needs an access mode (${RESOURCE_ACCESS_MODES.join(', ')}).`,
    (into, item, where) => readEnum(into, item, where, RESOURCE_ACCESS_MODES),
  );
  const description = readString(list, value.description, path('description'), TEXT_LIMITS.resourceSlot.description) ?? '';
  const binding = readEnum(list, value.binding, path('binding'), BINDING_MODES);
  const staticResource = readString(list, value.staticResource, path('staticResource'), TEXT_LIMITS.resourceSlot.staticResource);
  const required = readBoolean(list, value.required, path('required'), true);

  const effectiveBinding = withDefault(binding, 'contextual');
  if (staticResource !== undefined && effectiveBinding !== undefined) {
    if (effectiveBinding === 'static' && (staticResource === null || staticResource.trim() === '')) {
      list.add(path('staticResource'), 'STATIC_RESOURCE_REQUIRED', 'A static slot needs the name of its static resource.');
    } else if (effectiveBinding === 'contextual' && staticResource !== null) {
      list.add(path('staticResource'), 'STATIC_RESOURCE_FORBIDDEN', 'Only a static slot names a static resource.');
    }
  }

  if (typeof name !== 'string' || typeof resourceType !== 'string' || !access || !effectiveBinding) return undefined;
  return {
    name,
    resourceType,
    access,
    description,
    binding: effectiveBinding,
    staticResource: effectiveBinding === 'static' ? (staticResource ?? null) : null,
    required,
  };
}

/** REQUIRED_FIELD when absent, otherwise the reader's value (undefined after an issue). */
function readRequired<T>(
  list: IssueList,
  value: unknown,
  path: string,
  message: string,
  read: (list: IssueList, value: unknown, path: string) => T | null | undefined,
): T | undefined {
  if (isAbsent(value)) {
    list.add(path, 'REQUIRED_FIELD', message);
    return undefined;
  }
  return read(list, value, path) ?? undefined;
}

// ---- lifecycle

function checkLifecycle(list: IssueList, value: unknown): ToolLifecycle | null {
  if (isAbsent(value)) return null;
  if (!isPlainObject(value)) {
    list.add('lifecycle', 'INVALID_VALUE', `Expected an object, got ${describeValue(value)}.`);
    return null;
  }
  reportUnknownFields(list, value, LIFECYCLE_FIELDS, 'lifecycle');
  const hook = (key: keyof ToolLifecycle) => readString(list, value[key], `lifecycle.${key}`, TEXT_LIMITS.lifecycle[key]) ?? null;
  return { discover: hook('discover'), activate: hook('activate'), deactivate: hook('deactivate') };
}

// ---- updates

/**
 * Patch fields whose null would reset several values at once (an object or a list), and the capability
 * flags, whose null would silently mean false: form libraries send null for what nobody touched, and a
 * tool must not lose a safety flag to that. A client that means a reset names the field in `reset`.
 */
const NULL_REFUSED_FIELDS = ['capability', 'lifecycle', 'resourceSlots', 'inputSchema', 'outputSchema'] as const;
/** The capability fields whose null means "none" (an optional text or scope): null clears just that; every other capability field refuses it. */
const CLEARABLE_CAPABILITY_FIELDS: readonly string[] = ['writeScope', 'checkpointScope', 'costProfile'];
const NULL_REFUSED_CAPABILITY_FIELDS = CAPABILITY_FIELDS.filter((field) => !CLEARABLE_CAPABILITY_FIELDS.includes(field));

/** The fields a patch's `reset` can put back to the model's default; the others have none (name, description, source). */
const RESETTABLE_FIELDS: readonly ToolFieldName[] = TOOL_FIELDS.filter((field) => field !== 'name' && field !== 'description' && field !== 'source');

/**
 * A patch as `updateTool` receives it, merged over the stored definition (applyPatch), with `reset`'s
 * fields back at their defaults. Refused, with an issue at each path: a null that would reset more than
 * its one value (NULL_REFUSED_FIELDS), a field both given and reset, a field that has no default.
 */
export function patchTool(current: ToolDefinition, patch: ToolDraft, reset: readonly ToolFieldName[] = []): Checked<ToolDraft> {
  const list = new IssueList();
  for (const field of NULL_REFUSED_FIELDS) {
    if (patch[field] === null) list.add(field, 'INVALID_VALUE', `null would reset the whole ${field}; leave it out to keep it, or name it in reset.`);
  }
  const capability = patch.capability;
  if (isPlainObject(capability)) {
    for (const flag of NULL_REFUSED_CAPABILITY_FIELDS) {
      if (capability[flag] === null) {
        list.add(`capability.${flag}`, 'INVALID_VALUE', `null is not a value of ${flag}; leave it out to keep it, or give true or false.`);
      }
    }
  }
  // Past this, a list repeats fields: one issue for it rather than one per repetition.
  if (reset.length > RESETTABLE_FIELDS.length) {
    return rejected([{ path: 'reset', code: 'VALUE_TOO_LARGE', message: `reset names at most the ${RESETTABLE_FIELDS.length} fields that have defaults.` }]);
  }
  reset.forEach((field, index) => {
    if (!RESETTABLE_FIELDS.includes(field)) {
      list.add(`reset[${index}]`, 'INVALID_VALUE', `${field} has no default to reset to.`);
    } else if (patch[field] !== undefined) {
      list.add(`reset[${index}]`, 'INVALID_VALUE', `${field} is both given and reset; do one or the other.`);
    } else if (reset.indexOf(field) !== index) {
      list.add(`reset[${index}]`, 'INVALID_VALUE', `${field} is named twice.`);
    }
  });
  if (list.issues.length > 0) return rejected(list.issues);
  const draft = applyPatch(current, patch);
  for (const field of reset) draft[field] = null;
  return ok(draft);
}

/**
 * Merge a patch (camelCase, same key space) over a stored definition: keys absent (undefined) stay;
 * a key given replaces (lists replace whole lists); `capability` and `lifecycle` objects merge
 * field by field over the current ones; null clears a field (validateTool then gives its default).
 * Every key of the patch is copied, `name` and unknown keys included: the caller decides about
 * renames, and validateTool reports unknown keys.
 */
export function applyPatch(current: ToolDefinition, patch: ToolDraft): ToolDraft {
  const draft: ToolDraft = {};
  for (const key of TOOL_FIELDS) draft[key] = structuredClone(current[key]);
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if ((key === 'capability' || key === 'lifecycle') && isPlainObject(value)) {
      const base = key === 'capability' ? current.capability : (current.lifecycle ?? {});
      draft[key] = { ...structuredClone(base), ...definedEntries(value) };
    } else {
      setOwn(draft, key, value);
    }
  }
  return draft;
}

function definedEntries(object: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));
}
