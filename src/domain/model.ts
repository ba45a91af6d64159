import type { ToolFinding } from './findings';

/**
 * The Tool domain model (shared/seeds/tool_model.md, with the values the registry spec decides).
 * Pure types: the store and the API both map to and from these, never the other way round.
 */

export const TOOL_SOURCES = ['mcp', 'agent_skill', 'builtin', 'custom', 'wrapped'] as const;
export type ToolSource = (typeof TOOL_SOURCES)[number];

export const TOOL_TYPES = ['tool', 'validation'] as const;
export type ToolType = (typeof TOOL_TYPES)[number];

export const RESOURCE_ACCESS_MODES = ['read_only', 'read_write'] as const;
export type ResourceAccessMode = (typeof RESOURCE_ACCESS_MODES)[number];

export const BINDING_MODES = ['contextual', 'static'] as const;
export type BindingMode = (typeof BINDING_MODES)[number];

export const CHECKPOINT_SCOPES = ['resource', 'write_scope', 'session'] as const;
export type CheckpointScope = (typeof CHECKPOINT_SCOPES)[number];

export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

export interface ToolCapability {
  readOnly: boolean;
  writes: boolean;
  writeScope: string | null;
  checkpointable: boolean;
  checkpointScope: CheckpointScope | null;
  sideEffects: string[];
  idempotent: boolean;
  unsafe: boolean;
  humanApprovalRequired: boolean;
  costProfile: string | null;
}

export interface ResourceSlot {
  name: string;
  resourceType: string;
  access: ResourceAccessMode;
  description: string;
  binding: BindingMode;
  staticResource: string | null;
  required: boolean;
}

export interface ToolLifecycle {
  discover: string | null;
  activate: string | null;
  deactivate: string | null;
}

/** A complete, valid tool or validation, as the registry stores it. */
export interface ToolDefinition {
  name: string;
  description: string;
  source: ToolSource;
  toolType: ToolType;
  code: string | null;
  mcpServer: string | null;
  mcpToolName: string | null;
  agentSkillPath: string | null;
  /** For validations: the name of the wrapped tool. Null for every other tool. */
  wraps: string | null;
  inputSchema: JsonObject | null;
  outputSchema: JsonObject | null;
  capability: ToolCapability;
  resourceSlots: ResourceSlot[];
  lifecycle: ToolLifecycle | null;
  timeout: number;
}

/** A definition as one revision of its tool's history (history.ts): its number, content hash and findings. */
export interface RevisedTool extends ToolDefinition {
  /** 1 for a new name, one more with every change. */
  revision: number;
  contentHash: string;
  /** What the scanner found in the definition (findings/), computed when it was written. */
  findings: readonly ToolFinding[];
}

/**
 * Why a tool should no longer be chosen, and what to choose instead: registry state, not part of
 * the definition (`cliDict`) nor of its content hash.
 */
export interface ToolDeprecation {
  message: string;
  /** The name of the tool to use instead; null when none was named. */
  replacedBy: string | null;
  deprecatedAt: Date;
  deprecatedBy: string;
}

/** When a tool was deleted and by whom: what its tombstone holds besides the definition as deleted. */
export interface ToolDeletion {
  deletedAt: Date;
  deletedBy: string;
  /** When a rename left this tombstone: the name the tool has now; null for a delete. */
  renamedTo: string | null;
}

/** A live tool's: a deleted one is no tool but a tombstone (events.ts `ToolTombstone`). */
export const TOOL_STATUSES = ['active', 'deprecated'] as const;
export type ToolStatus = (typeof TOOL_STATUSES)[number];

/** A definition as it lives in the registry, with its revision, and when and by whom it was written (spec section 6, attribution). */
export interface StoredTool extends RevisedTool {
  /**
   * The tool's identity in the registry, given by the store when its name is first stored: kept
   * through every write (update, deprecation, rename, deletion and creation again under the name,
   * which continues its history) and never given to another tool; a purge ends it. Not part of the
   * definition (nor of its content hash).
   */
  id: number;
  /** Null unless the tool is deprecated. */
  deprecation: ToolDeprecation | null;
  /** Null unless this is the tombstone of a deleted tool, which only a write reads (`ToolWriter.findTombstones`): every read of tools leaves tombstones out. */
  deletion: ToolDeletion | null;
  createdAt: Date;
  updatedAt: Date;
  /** The actor of the write that created it: a token's name, a JWT's `sub`, or `anonymous`. */
  createdBy: string;
  /** The actor of its last write. */
  updatedBy: string;
}

/** The largest id, revision, change position and timeout: both databases keep them as 32-bit integers. */
export const MAX_STORED_INTEGER = 2 ** 31 - 1;

/** Whether `id` is one a store gives (`StoredTool.id`, `StoredRevision.id`): database keys count from 1. */
export const isStoredId = (id: unknown): id is number => Number.isSafeInteger(id) && (id as number) >= 1 && (id as number) <= MAX_STORED_INTEGER;

/** The first and last instants both databases hold: PostgreSQL's timestamps have no year 0, and ISO 8601 writes four-digit years. */
const EARLIEST_INSTANT = Date.parse('0001-01-01T00:00:00.000Z');
const LATEST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/** Whether a time can be stored and compared with what is stored: years 1 to 9999 (UTC). */
export const isStorableInstant = (date: Date): boolean => date.getTime() >= EARLIEST_INSTANT && date.getTime() <= LATEST_INSTANT;

export const DEFAULT_TIMEOUT_SECONDS = 300;

export function defaultCapability(): ToolCapability {
  return {
    readOnly: false,
    writes: false,
    writeScope: null,
    checkpointable: false,
    checkpointScope: null,
    sideEffects: [],
    idempotent: false,
    unsafe: false,
    humanApprovalRequired: false,
    costProfile: null,
  };
}

/** `namespace` and `shortName` are derived from the name and never stored apart from it. */
export function namespaceOf(name: string): string {
  return name.slice(0, name.indexOf('/'));
}

export function shortNameOf(name: string): string {
  return name.slice(name.indexOf('/') + 1);
}

export function statusOf(tool: StoredTool): ToolStatus {
  return tool.deprecation === null ? 'active' : 'deprecated';
}
