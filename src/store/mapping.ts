import {
  BINDING_MODES,
  RESOURCE_ACCESS_MODES,
  type JsonObject,
  type ResourceSlot,
  type StoredTool,
  type ToolCapability,
  type ToolDefinition,
  type ToolLifecycle,
} from '../domain/model';
import { searchKey } from '../domain/search';
import { Prisma, type Tool } from './generated/sqlite/client';

/** Rows ↔ domain types. The domain never sees a Prisma type; this file is the only translation. */

/** The columns of a Tool row that make a StoredTool (./tool-sql.ts selects exactly these). */
export type ToolRow = Omit<Tool, 'id' | 'wrapsToolType' | 'descriptionSearch'>;

/** A Tool row, its slots included (one column): every read of a tool is one SELECT. */
export function toStoredTool(row: ToolRow): StoredTool {
  const capability: ToolCapability = {
    readOnly: row.readOnly,
    writes: row.writes,
    writeScope: row.writeScope,
    checkpointable: row.checkpointable,
    checkpointScope: row.checkpointScope,
    sideEffects: stringArray(row.sideEffects),
    idempotent: row.idempotent,
    unsafe: row.unsafe,
    humanApprovalRequired: row.humanApprovalRequired,
    costProfile: row.costProfile,
  };
  return {
    name: row.name,
    description: row.description,
    source: row.source,
    toolType: row.toolType,
    code: row.code,
    mcpServer: row.mcpServer,
    mcpToolName: row.mcpToolName,
    agentSkillPath: row.agentSkillPath,
    wraps: row.wrapsName,
    inputSchema: schemaOrNull(row.inputSchema),
    outputSchema: schemaOrNull(row.outputSchema),
    capability,
    resourceSlots: resourceSlots(row.resourceSlots),
    lifecycle: lifecycleOrNull(row.lifecycle),
    timeout: row.timeout,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
  };
}

/** The Tool columns of a definition (no id, no timestamps), slots included as their JSON column. */
export function toolColumns(tool: ToolDefinition) {
  const { capability } = tool;
  return {
    name: tool.name,
    description: tool.description,
    descriptionSearch: searchKey(tool.description),
    source: tool.source,
    toolType: tool.toolType,
    code: tool.code,
    mcpServer: tool.mcpServer,
    mcpToolName: tool.mcpToolName,
    agentSkillPath: tool.agentSkillPath,
    wrapsName: tool.wraps,
    // The composite foreign key (wrapsName, wrapsToolType) → Tool(name, toolType) only matches a
    // row whose toolType is 'tool': the database itself refuses wrapping a validation.
    wrapsToolType: tool.wraps === null ? null : ('tool' as const),
    inputSchema: schemaText(tool.inputSchema),
    outputSchema: schemaText(tool.outputSchema),
    readOnly: capability.readOnly,
    writes: capability.writes,
    writeScope: capability.writeScope,
    checkpointable: capability.checkpointable,
    checkpointScope: capability.checkpointScope,
    sideEffects: [...capability.sideEffects],
    idempotent: capability.idempotent,
    unsafe: capability.unsafe,
    humanApprovalRequired: capability.humanApprovalRequired,
    costProfile: capability.costProfile,
    lifecycle: jsonOrDbNull(tool.lifecycle && { ...tool.lifecycle }),
    timeout: tool.timeout,
    resourceSlots: tool.resourceSlots.map(slotJson),
  } satisfies Prisma.ToolUncheckedCreateInput;
}

/**
 * The Tool columns of a new row written by `actor` at `at`, as raw SQL binds them: JSON columns as
 * the JSON text Prisma writes for them, NULL for no lifecycle.
 */
export function newToolRow(tool: ToolDefinition, actor: string, at: Date): Record<string, unknown> {
  const { lifecycle, sideEffects, resourceSlots, ...columns } = toolColumns(tool);
  return {
    ...columns,
    sideEffects: JSON.stringify(sideEffects),
    lifecycle: lifecycle === Prisma.DbNull ? null : JSON.stringify(lifecycle),
    resourceSlots: JSON.stringify(resourceSlots),
    createdAt: at,
    updatedAt: at,
    createdBy: actor,
    updatedBy: actor,
  };
}

/**
 * One slot as stored in the "resourceSlots" JSON array. The migration
 * prisma/<provider>/migrations/*_resource_slots_as_json writes the same keys. Postgres jsonb keeps
 * keys in its own order, so `resourceSlots` below rebuilds each slot in this order when reading.
 */
function slotJson(slot: ResourceSlot) {
  return {
    name: slot.name,
    resourceType: slot.resourceType,
    access: slot.access,
    description: slot.description,
    binding: slot.binding,
    staticResource: slot.staticResource,
    required: slot.required,
  } satisfies Prisma.InputJsonObject;
}

function jsonOrDbNull(value: JsonObject | null): Prisma.InputJsonObject | typeof Prisma.DbNull {
  return value === null ? Prisma.DbNull : (value as Prisma.InputJsonObject);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A JSON Schema as the text the store writes: JSON.stringify and JSON.parse keep every key as an
 * own property, `__proto__` included, where Prisma's Json columns drop it.
 */
function schemaText(schema: JsonObject | null): string | null {
  return schema === null ? null : JSON.stringify(schema);
}

function schemaOrNull(text: string | null): JsonObject | null {
  if (text === null) return null;
  const value: unknown = JSON.parse(text);
  if (!isObject(value)) throw new Error('stored JSON Schema is not an object');
  return value as JsonObject;
}

function stringArray(value: Prisma.JsonValue): string[] {
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw new Error(`stored sideEffects is not a list of strings: ${JSON.stringify(value)}`);
  }
  return value as string[];
}

function lifecycleOrNull(value: Prisma.JsonValue): ToolLifecycle | null {
  if (value === null) return null;
  if (!isObject(value)) throw new Error(`stored lifecycle is not an object: ${JSON.stringify(value)}`);
  const hook = (key: keyof ToolLifecycle): string | null => {
    const hookValue = value[key];
    return typeof hookValue === 'string' ? hookValue : null;
  };
  return { discover: hook('discover'), activate: hook('activate'), deactivate: hook('deactivate') };
}

/** The stored "resourceSlots" array as domain slots, in stored order; refuses a malformed value. */
function resourceSlots(value: Prisma.JsonValue): ResourceSlot[] {
  if (!Array.isArray(value)) throw new Error(`stored resourceSlots is not a list: ${JSON.stringify(value)}`);
  return value.map((item) => {
    const slot = isObject(item) ? item : {};
    const { name, resourceType, access, description, binding, staticResource, required } = slot;
    if (
      typeof name !== 'string' ||
      typeof resourceType !== 'string' ||
      !RESOURCE_ACCESS_MODES.includes(access as ResourceSlot['access']) ||
      typeof description !== 'string' ||
      !BINDING_MODES.includes(binding as ResourceSlot['binding']) ||
      !(staticResource === null || typeof staticResource === 'string') ||
      typeof required !== 'boolean'
    ) {
      throw new Error(`stored resource slot is malformed: ${JSON.stringify(item)}`);
    }
    return {
      name,
      resourceType,
      access: access as ResourceSlot['access'],
      description,
      binding: binding as ResourceSlot['binding'],
      staticResource,
      required,
    };
  });
}
