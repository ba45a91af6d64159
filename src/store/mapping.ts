import {
  BINDING_MODES,
  RESOURCE_ACCESS_MODES,
  type JsonObject,
  type ResourceSlot,
  type RevisedTool,
  type ToolDeprecation,
  type StoredTool,
  type ToolCapability,
  type ToolLifecycle,
} from '../domain/model';
import { FINDING_SEVERITIES, findingRank, highestSeverity, scanTool, type FindingSeverity, type ToolFinding } from '../domain/findings';
import { contentHashOf, type StoredRevision, type ToolRevision } from '../domain/history';
import { readSafetyDowngrades, type SafetyDowngrade } from '../domain/safety';
import { searchKey } from '../domain/search';
import { Prisma, type RegistryChange as RegistryChangeRecord, type Tool, type ToolRevision as ToolRevisionRecord } from './generated/sqlite/client';
import type { LoggedChange } from '../domain/events';
import type { NewChange } from '../domain/ports';

/** Rows ↔ domain types. The domain never sees a Prisma type; this file is the only translation. */

/** The columns of a Tool row that make a StoredTool (./tool-sql.ts selects exactly these; the findings' rank only filters). */
export type ToolRow = Omit<Tool, 'wrapsToolType' | 'descriptionSearch' | 'maxFindingSeverity'>;

/** The columns of a ToolRevision row that make a StoredRevision (./tool-sql.ts selects exactly these). */
export type ToolRevisionRow = ToolRevisionRecord;

/**
 * A Tool row, its slots included (one column): every read of a tool is one SELECT. One object
 * literal: spreading the definition into the stored tool made this 11 times slower (924 µs where
 * 80 µs map a page of 51 rows), which halved the requests per second of a page of tools.
 */
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
  const stored: StoredTool = {
    id: row.id,
    name: row.name,
    description: row.description,
    source: row.source,
    toolType: row.toolType,
    code: row.code,
    mcpServer: row.mcpServer,
    mcpToolName: row.mcpToolName,
    agentSkillPath: row.agentSkillPath,
    wraps: row.wrapsName,
    inputSchema: null,
    outputSchema: null,
    capability,
    resourceSlots: resourceSlots(row.resourceSlots),
    lifecycle: lifecycleOrNull(row.lifecycle),
    timeout: row.timeout,
    revision: row.revision,
    contentHash: row.contentHash ?? '',
    findings: row.findings === null ? [] : findingsFrom(row.findings),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
    deprecation: deprecationOf(row),
    deletion: row.deletedAt === null ? null : { deletedAt: row.deletedAt, deletedBy: row.deletedBy ?? 'anonymous', renamedTo: row.renamedTo },
  };
  schemaParsedOnRead(stored, 'inputSchema', row.inputSchema);
  schemaParsedOnRead(stored, 'outputSchema', row.outputSchema);
  // NULL only between the migration that added the column and its backfill (src/store/migrate.ts).
  if (row.contentHash === null) stored.contentHash = contentHashOf(stored);
  if (row.findings === null) stored.findings = scanTool(stored);
  return stored;
}

/** The deprecation columns, set together (see the schema); null when the tool is not deprecated. */
function deprecationOf(row: ToolRow): ToolDeprecation | null {
  if (row.deprecationMessage === null) return null;
  if (row.deprecatedAt === null || row.deprecatedBy === null) throw new Error('stored deprecation is incomplete');
  return { message: row.deprecationMessage, replacedBy: row.replacedBy, deprecatedAt: row.deprecatedAt, deprecatedBy: row.deprecatedBy };
}

/** The deprecation columns of `deprecation` (all null: not deprecated). */
export function deprecationColumns(deprecation: ToolDeprecation | null) {
  return {
    deprecationMessage: deprecation?.message ?? null,
    replacedBy: deprecation?.replacedBy ?? null,
    deprecatedAt: deprecation?.deprecatedAt ?? null,
    deprecatedBy: deprecation?.deprecatedBy ?? null,
  } satisfies Prisma.ToolUncheckedUpdateInput;
}

/** The Tool columns of a revised definition (no id, no timestamps), slots included as their JSON column. */
export function toolColumns(tool: RevisedTool) {
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
    // row whose toolType is 'tool': the database itself refuses wrapping a validation (a
    // tombstone matches too: that a wrapped tool is live is the domain's check, under its lock).
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
    revision: tool.revision,
    contentHash: tool.contentHash,
    ...findingColumns(tool.findings),
  } satisfies Prisma.ToolUncheckedCreateInput;
}

/** The columns of a tool's findings: the list as JSON text, and the rank of the most severe that `maxFindingSeverity` compares. */
export function findingColumns(findings: readonly ToolFinding[]) {
  return { findings: JSON.stringify(findings), maxFindingSeverity: findingRank(highestSeverity(findings)) } satisfies Prisma.ToolUncheckedUpdateInput;
}

/**
 * The Tool columns of a new row written by `actor` at `at`, as raw SQL binds them: JSON columns as
 * the JSON text Prisma writes for them, NULL for no lifecycle.
 */
export function newToolRow(tool: RevisedTool, actor: string, at: Date): Record<string, unknown> {
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

/** The columns of a RegistryChange row (./tool-sql.ts selects exactly these). */
export type RegistryChangeRow = Omit<RegistryChangeRecord, 'position'> & { position: number | bigint };

/** A change as raw SQL binds it, at `position`, committed at `committedAt`. */
export function newChangeRow(change: NewChange, position: number, committedAt: Date): Record<string, unknown> {
  return {
    position,
    kind: change.kind,
    toolName: change.name,
    renamedFrom: change.renamedFrom,
    revision: change.revision,
    contentHash: change.contentHash,
    safetyDowngrades: JSON.stringify(change.safetyDowngrades),
    actor: change.actor,
    committedAt,
  };
}

export function toLoggedChange(row: RegistryChangeRow): LoggedChange {
  return {
    position: Number(row.position),
    kind: row.kind,
    name: row.toolName,
    renamedFrom: row.renamedFrom,
    revision: row.revision,
    contentHash: row.contentHash,
    safetyDowngrades: storedDowngrades(row.safetyDowngrades),
    actor: row.actor,
    occurredAt: row.committedAt,
  };
}

/** A ToolRevision row as raw SQL binds it: the definition and the changed fields as JSON text. */
export function newRevisionRow(revision: ToolRevision): Record<string, unknown> {
  return {
    toolName: revision.name,
    revision: revision.revision,
    kind: revision.kind,
    definition: JSON.stringify(revision.definition),
    contentHash: revision.contentHash,
    changedFields: JSON.stringify(revision.changedFields),
    safetyDowngrades: JSON.stringify(revision.safetyDowngrades),
    actor: revision.actor,
    committedAt: revision.committedAt,
  };
}

/** A revision's downgrades: JSON text from raw SQL, parsed JSON from Prisma. */
function storedDowngrades(column: unknown): SafetyDowngrade[] {
  const downgrades = readSafetyDowngrades(typeof column === 'string' ? JSON.parse(column) : column);
  if (downgrades === null) throw new Error('stored safety downgrades are malformed');
  return downgrades;
}

export function toToolRevision(row: ToolRevisionRow): StoredRevision {
  const definition: unknown = JSON.parse(row.definition);
  if (!isObject(definition)) throw new Error('stored revision definition is not an object');
  return {
    id: row.id,
    // The name in the definition: a renamed tool's history keeps the names of its earlier revisions.
    name: typeof definition.name === 'string' ? definition.name : row.toolName,
    revision: row.revision,
    kind: row.kind,
    definition: definition as JsonObject,
    contentHash: row.contentHash,
    changedFields: stringArray(row.changedFields),
    safetyDowngrades: storedDowngrades(row.safetyDowngrades),
    actor: row.actor,
    committedAt: row.committedAt,
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
  return value ?? Prisma.DbNull;
}

/** The stored "findings" text as findings; refuses a malformed value. */
function findingsFrom(text: string): ToolFinding[] {
  const value: unknown = JSON.parse(text);
  const isFinding = (item: unknown): item is ToolFinding =>
    isObject(item) &&
    typeof item.code === 'string' &&
    FINDING_SEVERITIES.includes(item.severity as FindingSeverity) &&
    typeof item.path === 'string' &&
    typeof item.message === 'string';
  if (!Array.isArray(value) || !value.every(isFinding)) throw new Error(`stored findings are malformed: ${text}`);
  return value;
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

/**
 * Makes `tool[key]` the schema stored as `text`, parsed when first read (then kept as a plain
 * property), or the value written before. Schemas are most of a stored tool's text and most reads
 * never look at them: parsing both schemas of every row read took a tenth of the CPU of a page of
 * 50 tools of realistic size that did not ask for them (profile of `tools(first: 50)`, Postgres).
 * Only the text is kept until then, not the row.
 */
function schemaParsedOnRead(tool: StoredTool, key: 'inputSchema' | 'outputSchema', text: string | null): void {
  const settle = (value: JsonObject | null) => {
    Object.defineProperty(tool, key, { value, writable: true, enumerable: true, configurable: true });
    return value;
  };
  Object.defineProperty(tool, key, { get: () => settle(schemaOrNull(text)), set: settle, enumerable: true, configurable: true });
}

function schemaOrNull(text: string | null): JsonObject | null {
  if (text === null) return null;
  const value: unknown = JSON.parse(text);
  if (!isObject(value)) throw new Error('stored JSON Schema is not an object');
  return value as JsonObject;
}

function stringArray(value: Prisma.JsonValue): string[] {
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw new Error(`stored list of strings is not one: ${JSON.stringify(value)}`);
  }
  return value;
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
