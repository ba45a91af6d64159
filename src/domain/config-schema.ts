import { DERIVED_NAME_KEYS, toSnake } from './config';
import { MAX_IMPORT_TOOLS } from './limits';
import {
  BINDING_MODES,
  CHECKPOINT_SCOPES,
  RESOURCE_ACCESS_MODES,
  TOOL_SOURCES,
  TOOL_TYPES,
  type ToolCapability,
  type ResourceSlot,
  type ToolDefinition,
  type ToolLifecycle,
  type JsonObject,
} from './model';
import {
  CAPABILITY_FIELDS,
  LIFECYCLE_FIELDS,
  LIST_LIMITS,
  MAX_TIMEOUT_SECONDS,
  RESOURCE_SLOT_FIELDS,
  SOURCE_FIELDS,
  SOURCE_REQUIREMENTS,
  TEXT_LIMITS,
  TOOL_FIELDS,
  TOOL_NAME_PATTERN,
} from './validation';

/**
 * The JSON Schema (draft-07, which editors support best) of a tool config file (spec section 3),
 * made from the domain's own definitions: the field lists, enums, text and list limits, the name
 * pattern and what each source requires. `npm run schema` writes it to schemas/tool.schema.json,
 * `npm run schema:check` (CI) fails when that file is stale, and the server serves it at
 * /schemas/tool.schema.json. Editors complete and check fields with it; the rules that are code
 * rather than data (read-only conflicts, checkpoint scopes, static resources, slot names as Python
 * identifiers, JSON Schema validity, names across files) are `toolgraph validate`'s. The schema
 * never refuses a config the domain accepts (test/domain/config-schema.test.ts).
 */

/** Where a config's tools take this schema from in an editor: `# yaml-language-server: $schema=…`. */
export const CONFIG_SCHEMA_PATH = '/schemas/tool.schema.json';

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

type Schema = JsonObject;

/** An optional value: null means absent, as in the rules. */
const orNull = (type: string): string[] => [type, 'null'];
const text = (maxLength: number, description: string): Schema => ({ type: orNull('string'), maxLength, description });
/** Text that must hold more than white space (a required text the rules trim). */
const filledText = (maxLength: number, description: string): Schema => ({ type: 'string', minLength: 1, maxLength, pattern: '\\S', description });
const flag = (description: string): Schema => ({ type: orNull('boolean'), description });
const oneOf = (values: readonly string[], description: string, optional = true): Schema => ({
  ...(optional ? { enum: [...values, null] } : { type: 'string', enum: [...values] }),
  description,
});
const ref = (definition: string): Schema => ({ $ref: `#/definitions/${definition}` });

/** An object of the model with its config keys: every field, none other. */
function objectOf<Field extends string>(fields: readonly Field[], shapes: Record<Field, Schema>, extra: Record<string, Schema> = {}): Schema {
  const properties: Record<string, Schema> = {};
  for (const field of fields) properties[toSnake(field)] = shapes[field];
  return { type: 'object', properties: { ...properties, ...extra }, additionalProperties: false };
}

const TOOL_SHAPES: Record<(typeof TOOL_FIELDS)[number], Schema> = {
  name: {
    type: 'string',
    pattern: TOOL_NAME_PATTERN,
    description: 'namespace/short_name: each part 1–64 of a-z 0-9 . _ -, starting and ending with a letter or digit.',
  },
  description: filledText(TEXT_LIMITS.tool.description, 'What the tool does.'),
  source: oneOf(TOOL_SOURCES, 'Where the implementation comes from.', false),
  toolType: oneOf(TOOL_TYPES, 'tool (default) or validation (source wrapped, wraps a tool).'),
  code: text(TEXT_LIMITS.tool.code, 'custom: the inline Python code (stored, never executed by the registry).'),
  mcpServer: text(TEXT_LIMITS.tool.mcpServer, 'mcp: the MCP server.'),
  mcpToolName: text(TEXT_LIMITS.tool.mcpToolName, "mcp: the tool's name on that server."),
  agentSkillPath: text(TEXT_LIMITS.tool.agentSkillPath, 'agent_skill: the path of the Agent Skills folder.'),
  wraps: { type: orNull('string'), pattern: TOOL_NAME_PATTERN, description: 'Validations: the name of the tool it wraps.' },
  inputSchema: { type: orNull('object'), description: 'JSON Schema (draft 2020-12) of the input.' },
  outputSchema: { type: orNull('object'), description: 'JSON Schema (draft 2020-12) of the output.' },
  capability: ref('capability'),
  resourceSlots: { type: orNull('array'), maxItems: LIST_LIMITS.resourceSlots, items: ref('resourceSlot'), description: 'The resources the tool binds.' },
  lifecycle: ref('lifecycle'),
  timeout: { type: orNull('integer'), minimum: 1, maximum: MAX_TIMEOUT_SECONDS, description: 'Execution timeout in seconds; default 300.' },
} satisfies Record<keyof ToolDefinition, Schema>;

const CAPABILITY_SHAPES: Record<(typeof CAPABILITY_FIELDS)[number], Schema> = {
  readOnly: flag('Only reads, never writes.'),
  writes: flag('Can write to resources.'),
  writeScope: text(TEXT_LIMITS.capability.writeScope, 'Scope of its writes.'),
  checkpointable: flag('Supports checkpoint and rollback.'),
  checkpointScope: oneOf(CHECKPOINT_SCOPES, 'Granularity of its checkpoints (only when checkpointable).'),
  sideEffects: {
    type: orNull('array'),
    maxItems: LIST_LIMITS.sideEffects,
    items: { type: 'string', maxLength: TEXT_LIMITS.capability.sideEffects },
    description: 'Known side effects.',
  },
  idempotent: flag('Safe to run again.'),
  unsafe: flag('Requires extra safety checks.'),
  humanApprovalRequired: flag('Requires human approval.'),
  costProfile: text(TEXT_LIMITS.capability.costProfile, 'A named cost profile.'),
} satisfies Record<keyof ToolCapability, Schema>;

const RESOURCE_SLOT_SHAPES: Record<(typeof RESOURCE_SLOT_FIELDS)[number], Schema> = {
  name: { type: 'string', maxLength: TEXT_LIMITS.resourceSlot.name, description: 'A Python identifier, unique within the tool.' },
  resourceType: filledText(TEXT_LIMITS.resourceSlot.resourceType, 'The resource type.'),
  access: oneOf(RESOURCE_ACCESS_MODES, 'How the tool uses the resource.', false),
  description: text(TEXT_LIMITS.resourceSlot.description, 'What the slot is for.'),
  binding: oneOf(BINDING_MODES, 'contextual (default) or static (static_resource names the resource).'),
  staticResource: text(TEXT_LIMITS.resourceSlot.staticResource, 'static slots: the resource.'),
  required: flag('Whether the slot must be filled; default true.'),
} satisfies Record<keyof ResourceSlot, Schema>;

const LIFECYCLE_SHAPES: Record<(typeof LIFECYCLE_FIELDS)[number], Schema> = {
  discover: text(TEXT_LIMITS.lifecycle.discover, 'Hook for tool discovery.'),
  activate: text(TEXT_LIMITS.lifecycle.activate, 'Hook for tool activation.'),
  deactivate: text(TEXT_LIMITS.lifecycle.deactivate, 'Hook for tool deactivation.'),
} satisfies Record<keyof ToolLifecycle, Schema>;

/** Only null (or absent): a source field this tool may not have. */
const ABSENT: Schema = { type: 'null' };

/**
 * What a tool's type and source require (MISSING_SOURCE_FIELD, FIELD_NOT_ALLOWED,
 * WRAPPED_ONLY_FOR_VALIDATION), from SOURCE_REQUIREMENTS: a validation has source `wrapped`, names
 * the tool it wraps and has no source field; any other tool has the source fields its source
 * requires (not blank), no other, and wraps nothing.
 */
function sourceRules(): Schema[] {
  const sourceFields = (needed: readonly string[]): Record<string, Schema> =>
    Object.fromEntries(
      SOURCE_FIELDS.map((field) => [toSnake(field), needed.includes(field) ? filledText(TEXT_LIMITS.tool[field], `Required by this source.`) : ABSENT]),
    );
  const isValidation: Schema = { properties: { tool_type: { const: 'validation' } }, required: ['tool_type'] };
  const perSource = TOOL_SOURCES.filter((source) => source !== 'wrapped').map((source) => {
    const needed = SOURCE_REQUIREMENTS[source];
    return {
      if: { properties: { source: { const: source }, tool_type: { not: { const: 'validation' } } }, required: ['source'] },
      then: { properties: sourceFields(needed), required: needed.map(toSnake) },
    };
  });
  return [
    {
      if: isValidation,
      then: { properties: { source: { const: 'wrapped' }, wraps: { type: 'string' }, ...sourceFields([]) }, required: ['wraps'] },
      else: { properties: { source: { not: { const: 'wrapped' } }, wraps: ABSENT } },
    },
    ...perSource,
  ];
}

export function toolConfigSchema(): Schema {
  const derivedNameKeys = Object.fromEntries(
    DERIVED_NAME_KEYS.map(([key]) => [key, { type: 'string', description: `Derived from name; may be repeated if it agrees with it.` }]),
  );
  const tool = { ...objectOf(TOOL_FIELDS, TOOL_SHAPES, derivedNameKeys), required: ['name', 'description', 'source'], allOf: sourceRules() };
  const optionalObject = (schema: Schema): Schema => ({ ...schema, type: orNull('object') });
  return {
    $schema: DRAFT_07,
    title: 'toolgraph tool config',
    description:
      'One tool, or a list of them under tools: (spec section 3). Editors check fields, types, enums, limits and what each source requires; `toolgraph validate` checks every rule.',
    if: { type: 'object', required: ['tools'] },
    then: {
      type: 'object',
      properties: { tools: { type: 'array', maxItems: MAX_IMPORT_TOOLS, items: ref('tool') } },
      additionalProperties: false,
    },
    else: ref('tool'),
    definitions: {
      tool,
      capability: optionalObject(objectOf(CAPABILITY_FIELDS, CAPABILITY_SHAPES)),
      resourceSlot: { ...objectOf(RESOURCE_SLOT_FIELDS, RESOURCE_SLOT_SHAPES), required: ['name', 'resource_type', 'access'] },
      lifecycle: optionalObject(objectOf(LIFECYCLE_FIELDS, LIFECYCLE_SHAPES)),
    },
  };
}

/** The schema as the committed file and the server hold it. */
export function toolConfigSchemaText(): string {
  return `${JSON.stringify(toolConfigSchema(), null, 2)}\n`;
}
