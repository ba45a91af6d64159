import type {
  JsonObject,
  ResourceSlot,
  StoredTool,
  ToolCapability,
  ToolDefinition,
  ToolLifecycle,
} from '../domain/model';
import { Prisma } from './generated/sqlite/client';

/** Rows ↔ domain types. The domain never sees a Prisma type; this file is the only translation. */

export const WITH_SLOTS = { resourceSlots: { orderBy: { position: 'asc' } } } satisfies Prisma.ToolInclude;

export type ToolRow = Prisma.ToolGetPayload<{ include: typeof WITH_SLOTS }>;
type SlotRow = ToolRow['resourceSlots'][number];

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
    inputSchema: jsonObjectOrNull(row.inputSchema),
    outputSchema: jsonObjectOrNull(row.outputSchema),
    capability,
    resourceSlots: row.resourceSlots.map(toResourceSlot),
    lifecycle: lifecycleOrNull(row.lifecycle),
    timeout: row.timeout,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function toResourceSlot(row: SlotRow): ResourceSlot {
  return {
    name: row.name,
    resourceType: row.resourceType,
    access: row.access,
    description: row.description,
    binding: row.binding,
    staticResource: row.staticResource,
    required: row.required,
  };
}

/** The Tool columns of a definition (no id, no timestamps, no slots). */
export function toolColumns(tool: ToolDefinition) {
  const { capability } = tool;
  return {
    name: tool.name,
    description: tool.description,
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
    inputSchema: jsonOrDbNull(tool.inputSchema),
    outputSchema: jsonOrDbNull(tool.outputSchema),
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
  } satisfies Prisma.ToolUncheckedCreateInput;
}

export function slotColumns(tool: ToolDefinition) {
  return tool.resourceSlots.map(
    (slot, position) =>
      ({
        position,
        name: slot.name,
        resourceType: slot.resourceType,
        access: slot.access,
        description: slot.description,
        binding: slot.binding,
        staticResource: slot.staticResource,
        required: slot.required,
      }) satisfies Prisma.ResourceSlotCreateWithoutToolInput,
  );
}

function jsonOrDbNull(value: JsonObject | null): Prisma.InputJsonObject | typeof Prisma.DbNull {
  return value === null ? Prisma.DbNull : (value as Prisma.InputJsonObject);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function jsonObjectOrNull(value: Prisma.JsonValue): JsonObject | null {
  if (value === null) return null;
  if (!isObject(value)) throw new Error(`stored JSON is not an object: ${JSON.stringify(value)}`);
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
