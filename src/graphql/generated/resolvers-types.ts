import type { ToolSource } from '../../domain/model';
import type { ToolType } from '../../domain/model';
import type { ResourceAccessMode } from '../../domain/model';
import type { BindingMode } from '../../domain/model';
import type { CheckpointScope } from '../../domain/model';
import type { ToolChange as ImportedToolChangeKind } from '../../domain/registry';
import type { ToolFieldName as ToolField } from '../../domain/validation';
import type { SafetyDowngradeKind } from '../../domain/safety';
import type { IssueCode as ToolIssueCode } from '../../domain/issues';
import type { ToolEventKind } from '../../domain/events';
import type { ToolStatus } from '../../domain/model';
import type { ToolOrderField } from '../../domain/ports';
import type { OrderDirection as ToolOrderDirection } from '../../domain/ports';
import type { ModelFormat as ModelToolFormat } from '../../domain/exports';
import type { ModelToolUnavailableReason } from '../../domain/exports';
import type { JsonObject } from '../../domain/model';
import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import type { StoredTool as StoredToolMapper, ToolCapability as ToolCapabilityMapper, ResourceSlot as ResourceSlotMapper, ToolLifecycle as ToolLifecycleMapper, ToolDeprecation as ToolDeprecationMapper } from '../../domain/model';
import type { Namespace as NamespaceMapper, ToolStats as ToolStatsMapper } from '../../domain/ports';
import type { ToolEvent as ToolEventMapper, ToolTombstone as ToolTombstoneMapper } from '../../domain/events';
import type { ChangePage as ChangePageMapper, ImportedTool as ImportedToolMapper, RankedHit as RankedHitMapper } from '../../domain/registry';
import type { ToolConnectionModel as ToolConnectionModelMapper, ToolRevisionConnectionModel as ToolRevisionConnectionModelMapper, WrappedImplementationModel as WrappedImplementationModelMapper } from '../mappers';
import type { StoredRevision as StoredRevisionMapper } from '../../domain/history';
import type { GraphQLContext } from '../context';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Omit<T, K extends keyof T> = Pick<T, Exclude<keyof T, K>>;
export type EnumResolverSignature<T, AllowedValues = any> = { [key in keyof T]?: AllowedValues };
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** A date and time in UTC, as an ISO 8601 string (`2025-01-31T12:00:00.000Z`); one a client sends falls in the years 0001 to 9999. */
  DateTime: { input: Date; output: Date | string; }
  /** A JSON object (a map of string keys to JSON values). */
  JSONObject: { input: JsonObject; output: JsonObject; }
  /** A selection of fields, written as a string: the fields of a key (here `name`). */
  federation__FieldSet: { input: string; output: string; }
  /** A name imported by `@link`: a string, or `{ name, as }`. */
  link__Import: { input: string | { name: string; as: string }; output: string | { name: string; as: string }; }
};

/** An `AGENT_SKILL` tool: an Agent Skills Standard folder. */
export type AgentSkillImplementation = {
  __typename?: 'AgentSkillImplementation';
  /** The path of the skill's folder. */
  path: Scalars['String']['output'];
};

/** An `AGENT_SKILL` tool's field. */
export type AgentSkillImplementationInput = {
  /** The path of the skill's folder; not blank. */
  path: Scalars['String']['input'];
};

export { BindingMode };

/** A `BUILTIN` tool: provided by the agent runtime; it has no source fields. */
export type BuiltinImplementation = {
  __typename?: 'BuiltinImplementation';
  /** Always true: the runtime provides this tool. */
  builtin: Scalars['Boolean']['output'];
};

/** How many tools have each capability flag set to true, each counted under the filter without that flag's own criterion. */
export type CapabilityCounts = {
  __typename?: 'CapabilityCounts';
  /** Tools with `capability.checkpointable`. */
  checkpointable: Scalars['Int']['output'];
  /** Tools with `capability.humanApprovalRequired`. */
  humanApprovalRequired: Scalars['Int']['output'];
  /** Tools with `capability.idempotent`. */
  idempotent: Scalars['Int']['output'];
  /** Tools with `capability.readOnly`. */
  readOnly: Scalars['Int']['output'];
  /** Tools with `capability.unsafe`. */
  unsafe: Scalars['Int']['output'];
  /** Tools with `capability.writes`. */
  writes: Scalars['Int']['output'];
};

export { CheckpointScope };

/** What `createTool` returns. */
export type CreateToolResult = CreateToolSuccess | NamespaceForbidden | ToolValidationError;

/** `createTool` registered the tool. */
export type CreateToolSuccess = ToolWriteSuccess & {
  __typename?: 'CreateToolSuccess';
  /** Whether the write changed anything. */
  changed: Scalars['Boolean']['output'];
  /** The fields of the definition the write changed. */
  changedFields: Array<ToolField>;
  /** The tool's revision after the write. */
  revision: Scalars['Int']['output'];
  /** What the write lowered of the tool's safety. */
  safetyDowngrades: Array<SafetyDowngrade>;
  /** The tool as the write left it. */
  tool: Tool;
};

/** A `CUSTOM` tool: inline Python code, stored and shown, never executed by this server. */
export type CustomImplementation = {
  __typename?: 'CustomImplementation';
  /** The Python code. */
  code: Scalars['String']['output'];
};

/** A `CUSTOM` tool's field. */
export type CustomImplementationInput = {
  /** The inline Python code (stored and shown, never executed); not blank. */
  code: Scalars['String']['input'];
};

/** What `deleteTool` returns. */
export type DeleteToolResult = DeleteToolSuccess | NamespaceForbidden | ToolIsWrapped | ToolNotFound | ToolRevisionConflict;

/** `deleteTool` removed the tool; `tool` is as it was deleted (its `wrappedBy` and `wraps` reflect the registry now). */
export type DeleteToolSuccess = ToolWriteSuccess & {
  __typename?: 'DeleteToolSuccess';
  /** Whether the write changed anything. */
  changed: Scalars['Boolean']['output'];
  /** The fields of the definition the write changed. */
  changedFields: Array<ToolField>;
  /** The tool's revision after the write. */
  revision: Scalars['Int']['output'];
  /** What the write lowered of the tool's safety. */
  safetyDowngrades: Array<SafetyDowngrade>;
  /** The tool as the write left it. */
  tool: Tool;
};

/** What `deprecateTool` returns. */
export type DeprecateToolResult = DeprecateToolSuccess | NamespaceForbidden | ToolNotFound | ToolRevisionConflict | ToolValidationError;

/** `deprecateTool` marked the tool deprecated. */
export type DeprecateToolSuccess = ToolWriteSuccess & {
  __typename?: 'DeprecateToolSuccess';
  /** Whether the write changed anything. */
  changed: Scalars['Boolean']['output'];
  /** The fields of the definition the write changed. */
  changedFields: Array<ToolField>;
  /** The tool's revision after the write. */
  revision: Scalars['Int']['output'];
  /** What the write lowered of the tool's safety. */
  safetyDowngrades: Array<SafetyDowngrade>;
  /** The tool as the write left it. */
  tool: Tool;
};

/** A tool as a plan read it, for `importTools(expectedRevisions:)`. */
export type ExpectedToolRevision = {
  /** The tool's full name. */
  name: Scalars['String']['input'];
  /** The revision it was at; null when there was no tool by this name. */
  revision?: InputMaybe<Scalars['Int']['input']>;
};

/**
 * How dangerous a finding is. A write whose definition has a finding at or above the server's
 * `TOOLGRAPH_REFUSE_FINDINGS` (default `HIGH`) is refused with `UNSAFE_CONTENT`.
 */
export type FindingSeverity =
  /** Instructions to the model beyond the tool's job (secrets, other tools' calls, secrecy toward the user, commands): not handed to models. */
  | 'HIGH'
  /** Pressure on the model that asks nothing of it beyond the tool (threats of failure): worth a look by a person. */
  | 'LOW'
  /** Text that steers the model or hides from a person: selection claims, priority or hidden markup, encoded text, sensitive files. */
  | 'MEDIUM';

/** What `importTools` returns. */
export type ImportToolsResult = ImportToolsSuccess | ImportValidationError | ToolRevisionConflict;

/** Every tool of the config is valid; the import was written (or, on a dry run, checked). */
export type ImportToolsSuccess = {
  __typename?: 'ImportToolsSuccess';
  /** Whether the import changed (or, on a dry run, would change) any tool. */
  changed: Scalars['Boolean']['output'];
  /** How many tools were (or would be) created. */
  created: Scalars['Int']['output'];
  /** How many tools the prune deleted (or would delete). */
  deleted: Scalars['Int']['output'];
  /** True when nothing was written: the changes are what would happen. */
  dryRun: Scalars['Boolean']['output'];
  /** One entry per tool of the config, in config order, then one per tool the prune deletes, by name. */
  tools: Array<ImportedToolChange>;
  /** How many tools were already identical. */
  unchanged: Scalars['Int']['output'];
  /** How many tools were (or would be) updated. */
  updated: Scalars['Int']['output'];
};

/** The config is not valid; nothing was written. Every invalid tool is listed. */
export type ImportValidationError = RegistryError & {
  __typename?: 'ImportValidationError';
  /** `VALIDATION_FAILED`. */
  code: RegistryErrorCode;
  /** Each invalid tool of the config, with its issues, in config order. */
  invalidTools: Array<InvalidToolConfig>;
  /** Problems with the config text as a whole (e.g. not YAML or JSON: `path` `["config"]`, with where in it), with the prune (`["prune", "i"]`) or with the expected revisions (`["expectedRevisions", "i"]`). */
  issues: Array<ToolIssue>;
  /** A summary of what went wrong. */
  message: Scalars['String']['output'];
};

/** One tool of an import and what happened to it. */
export type ImportedToolChange = {
  __typename?: 'ImportedToolChange';
  /** Created, updated, unchanged or deleted. */
  change: ImportedToolChangeKind;
  /** For `UPDATED`: the fields of the definition the import changes, in the model's order; empty otherwise. */
  changedFields: Array<ToolField>;
  /** The tool's name. */
  name: Scalars['String']['output'];
  /** The tool as stored after the import; on a dry run, as stored now (null when it would be created). A deleted tool: as it was before. */
  tool?: Maybe<Tool>;
};

export { ImportedToolChangeKind };

/** A tool of an import config that breaks rules. */
export type InvalidToolConfig = {
  __typename?: 'InvalidToolConfig';
  /** Its position in the config's `tools:` list, from 0 (0 for a single-tool file). */
  index: Scalars['Int']['output'];
  /** Every broken rule: `path` `["config"]`, `configPath` from the config's root (`["tools", "3", "capability", "read_only"]`), `line` and `column` in the config text. */
  issues: Array<ToolIssue>;
  /** Its name, when the config gives one. */
  name?: Maybe<Scalars['String']['output']>;
};

/** An `MCP` tool: a tool of an MCP server. */
export type McpImplementation = {
  __typename?: 'McpImplementation';
  /** The MCP server's name. */
  server: Scalars['String']['output'];
  /** The tool's name on that server. */
  toolName: Scalars['String']['output'];
};

/** An `MCP` tool's fields: both required, not blank. */
export type McpImplementationInput = {
  /** The MCP server's name. */
  server: Scalars['String']['input'];
  /** The tool's name on that server. */
  toolName: Scalars['String']['input'];
};

/** A tool in one model format (`Tool.modelTool`): its definition, or why there is none. */
export type ModelTool = {
  __typename?: 'ModelTool';
  /** The tool in that format, ready to hand to a model as it is (schemas with their keys sorted); null when it cannot be (`unavailableReason`). */
  definition?: Maybe<Scalars['JSONObject']['output']>;
  /** The format asked for. */
  format: ModelToolFormat;
  /** Every reason that holds, for a person to read (what to change); null when `definition` is given. */
  unavailableMessage?: Maybe<Scalars['String']['output']>;
  /** Why `definition` is null; null when it is given. When several reasons hold, the first in the order of `ModelToolUnavailableReason`. */
  unavailableReason?: Maybe<ModelToolUnavailableReason>;
};

export { ModelToolFormat };

export { ModelToolUnavailableReason };

/**
 * Changing the registry. Broken rules come back as error members of the result unions. When access
 * control is on, every mutation needs a credential (`Authorization: Bearer <API token or JWT>`;
 * without one: `extensions.code: UNAUTHENTICATED`, HTTP 401), and a credential whose grant does not
 * cover a tool's namespace gets `NamespaceForbidden`.
 */
export type Mutation = {
  __typename?: 'Mutation';
  /** Registers a new tool or validation. A validation is `toolType: VALIDATION, source: WRAPPED, wraps: "<tool name>"`. */
  createTool: CreateToolResult;
  /**
   * Deletes a tool or validation. A tool that validations wrap cannot be deleted while they exist.
   * The name keeps a tombstone (`toolTombstone`), which no read of tools answers, and its history
   * stays; creating the name again replaces the tombstone and continues the history;
   * `purgeTool` removes both for good.
   */
  deleteTool: DeleteToolResult;
  /**
   * Marks a tool deprecated: it stays listed, readable and usable, with the message and the
   * replacement in `Tool.deprecation`. Deprecating again replaces both; its definition and content
   * hash stay as they are. A blank or too long message, or a replacement that is not another
   * registered tool, come back as `ToolValidationError` (paths `message`, `replacedBy`).
   */
  deprecateTool: DeprecateToolResult;
  /**
   * Imports tool configs: YAML or JSON text with the model's snake_case keys, holding one tool or a
   * list of them under `tools:`. All or nothing: when any tool is invalid nothing is written and
   * every invalid tool's issues come back. Existing names are updated, new ones created. One import
   * holds at most 1,000 tools and 5 MiB of text (larger ones: VALUE_TOO_LARGE; split them). A tool
   * of a namespace the caller may not write gets the issue NAMESPACE_FORBIDDEN at its `name`, and nothing is written.
   * With `prune`, the live tools of those namespaces that the config does not name are deleted in the
   * same transaction, each leaving a tombstone with a DELETED revision and event, as `deleteTool`
   * does (at most 1,000 per import); a namespace the caller may not write is NAMESPACE_FORBIDDEN at
   * `["prune", "i"]`, and a deleted tool that a validation would still wrap is TOOL_IS_WRAPPED there.
   */
  importTools: ImportToolsResult;
  /**
   * Deletes for good the history of a deleted tool: afterwards nothing of it remains, and a tool
   * created under the name starts again at revision 1; the old names its renames kept reserved are
   * freed with it (`freedNames`). The tombstone a rename left may also be purged on its own, which
   * frees that name (its history moved with the tool). Admin role only (`NamespaceForbidden`
   * otherwise, when access control is on); a tool that still exists must be deleted first
   * (`ToolNotDeleted`).
   */
  purgeTool: PurgeToolResult;
  /**
   * Renames a tool, keeping everything else: its history moves with it (the rename is a revision of
   * kind `RENAMED`, whose `changedFields` are `[NAME]`),
   * and in the same transaction the validations wrapping it are changed to wrap the new name, and
   * deprecations naming it as the replacement name the new name (an `UPDATED` or `DEPRECATED`
   * revision each, whatever their namespace; such a deprecation's `deprecatedAt` and `deprecatedBy`
   * become the rename's, as for any change of a deprecation). The old name keeps a tombstone (`toolTombstone`, with
   * `renamedTo`), and stays reserved until an admin purges it: creating, importing or renaming
   * another tool to it gets `NAME_TAKEN`; the renamed tool may take it back by renaming again.
   * Needs a credential covering both namespaces. A new name that breaks the name rule, is the
   * current one, is the replacement the tool's own deprecation names, or belongs to a deleted tool's
   * history or another tool's reservation comes back as `ToolValidationError` at `newName`; a tool
   * that has it, as `NAME_TAKEN` at `newName`. Purging the tool (once deleted) frees its old names too.
   */
  renameTool: RenameToolResult;
  /**
   * Makes the definition of an earlier revision current again, as a new revision (`RESTORED`), also
   * for a deleted tool. The definition must pass every rule as they stand now (e.g. a validation's
   * wrapped tool must still exist); broken rules come back as `ToolValidationError`, with paths that
   * are `cliDict` keys, a revision that is not in the history as `REVISION_NOT_FOUND` at
   * `revision`, and one that retention pruned (`TOOLGRAPH_HISTORY_KEEP`) as `REVISION_PRUNED`. The deprecation, if any, stays as it is.
   */
  restoreTool: RestoreToolResult;
  /** Withdraws a tool's deprecation: it is active again. An active tool stays as it is. */
  undeprecateTool: UndeprecateToolResult;
  /**
   * Changes a tool: fields left out stay as they are, a list given replaces the whole list, and the
   * fields named in `reset` go back to the model's defaults (`ToolPatch` says where null is refused).
   * The name cannot change here: `renameTool` does that. With `expectedRevision`, nothing is written
   * unless the tool is still at that revision (`ToolRevisionConflict`).
   */
  updateTool: UpdateToolResult;
};


/**
 * Changing the registry. Broken rules come back as error members of the result unions. When access
 * control is on, every mutation needs a credential (`Authorization: Bearer <API token or JWT>`;
 * without one: `extensions.code: UNAUTHENTICATED`, HTTP 401), and a credential whose grant does not
 * cover a tool's namespace gets `NamespaceForbidden`.
 */
export type MutationCreateToolArgs = {
  input: ToolInput;
};


/**
 * Changing the registry. Broken rules come back as error members of the result unions. When access
 * control is on, every mutation needs a credential (`Authorization: Bearer <API token or JWT>`;
 * without one: `extensions.code: UNAUTHENTICATED`, HTTP 401), and a credential whose grant does not
 * cover a tool's namespace gets `NamespaceForbidden`.
 */
export type MutationDeleteToolArgs = {
  expectedRevision?: InputMaybe<Scalars['Int']['input']>;
  name: Scalars['String']['input'];
};


/**
 * Changing the registry. Broken rules come back as error members of the result unions. When access
 * control is on, every mutation needs a credential (`Authorization: Bearer <API token or JWT>`;
 * without one: `extensions.code: UNAUTHENTICATED`, HTTP 401), and a credential whose grant does not
 * cover a tool's namespace gets `NamespaceForbidden`.
 */
export type MutationDeprecateToolArgs = {
  expectedRevision?: InputMaybe<Scalars['Int']['input']>;
  message: Scalars['String']['input'];
  name: Scalars['String']['input'];
  replacedBy?: InputMaybe<Scalars['String']['input']>;
};


/**
 * Changing the registry. Broken rules come back as error members of the result unions. When access
 * control is on, every mutation needs a credential (`Authorization: Bearer <API token or JWT>`;
 * without one: `extensions.code: UNAUTHENTICATED`, HTTP 401), and a credential whose grant does not
 * cover a tool's namespace gets `NamespaceForbidden`.
 */
export type MutationImportToolsArgs = {
  config: Scalars['String']['input'];
  dryRun?: InputMaybe<Scalars['Boolean']['input']>;
  expectedRevisions?: InputMaybe<Array<ExpectedToolRevision>>;
  prune?: InputMaybe<Array<Scalars['String']['input']>>;
};


/**
 * Changing the registry. Broken rules come back as error members of the result unions. When access
 * control is on, every mutation needs a credential (`Authorization: Bearer <API token or JWT>`;
 * without one: `extensions.code: UNAUTHENTICATED`, HTTP 401), and a credential whose grant does not
 * cover a tool's namespace gets `NamespaceForbidden`.
 */
export type MutationPurgeToolArgs = {
  name: Scalars['String']['input'];
};


/**
 * Changing the registry. Broken rules come back as error members of the result unions. When access
 * control is on, every mutation needs a credential (`Authorization: Bearer <API token or JWT>`;
 * without one: `extensions.code: UNAUTHENTICATED`, HTTP 401), and a credential whose grant does not
 * cover a tool's namespace gets `NamespaceForbidden`.
 */
export type MutationRenameToolArgs = {
  expectedRevision?: InputMaybe<Scalars['Int']['input']>;
  name: Scalars['String']['input'];
  newName: Scalars['String']['input'];
};


/**
 * Changing the registry. Broken rules come back as error members of the result unions. When access
 * control is on, every mutation needs a credential (`Authorization: Bearer <API token or JWT>`;
 * without one: `extensions.code: UNAUTHENTICATED`, HTTP 401), and a credential whose grant does not
 * cover a tool's namespace gets `NamespaceForbidden`.
 */
export type MutationRestoreToolArgs = {
  expectedRevision?: InputMaybe<Scalars['Int']['input']>;
  name: Scalars['String']['input'];
  revision: Scalars['Int']['input'];
};


/**
 * Changing the registry. Broken rules come back as error members of the result unions. When access
 * control is on, every mutation needs a credential (`Authorization: Bearer <API token or JWT>`;
 * without one: `extensions.code: UNAUTHENTICATED`, HTTP 401), and a credential whose grant does not
 * cover a tool's namespace gets `NamespaceForbidden`.
 */
export type MutationUndeprecateToolArgs = {
  expectedRevision?: InputMaybe<Scalars['Int']['input']>;
  name: Scalars['String']['input'];
};


/**
 * Changing the registry. Broken rules come back as error members of the result unions. When access
 * control is on, every mutation needs a credential (`Authorization: Bearer <API token or JWT>`;
 * without one: `extensions.code: UNAUTHENTICATED`, HTTP 401), and a credential whose grant does not
 * cover a tool's namespace gets `NamespaceForbidden`.
 */
export type MutationUpdateToolArgs = {
  expectedRevision?: InputMaybe<Scalars['Int']['input']>;
  input: ToolPatch;
  name: Scalars['String']['input'];
};

/**
 * A namespace (the part of tool names before the `/`) and how many tools and validations it holds:
 * all of them in `namespaces`; in `ToolStats.byNamespace`, those passing the filter without its
 * `namespaceIn`. No `Node`, and no `id`: its `toolCount` depends on where it is read, so a normalized
 * cache must keep each where it was read rather than merge them into one object.
 */
export type Namespace = {
  __typename?: 'Namespace';
  /** The namespace's name: the part of tool names before the `/`. */
  name: Scalars['String']['output'];
  /** The number of tools and validations it holds (in `ToolStats.byNamespace`: that pass the filter). */
  toolCount: Scalars['Int']['output'];
};

/** The caller's credential does not allow writing to this namespace (or, as the message says, this change); nothing was read or written. */
export type NamespaceForbidden = RegistryError & {
  __typename?: 'NamespaceForbidden';
  /** `NAMESPACE_FORBIDDEN`. */
  code: RegistryErrorCode;
  /** A summary of what went wrong. */
  message: Scalars['String']['output'];
  /** The namespace the credential does not cover. */
  namespace: Scalars['String']['output'];
};

/**
 * An object with a global id (Relay's Global Object Identification): `Tool` and `ToolRevision`, the
 * objects a dashboard shows in several places and keeps in a normalized cache (Apollo Client, urql
 * Graphcache, Relay key them by `__typename` and `id`, or by `id` alone). `Query.node(id:)` reads one
 * again by its id.
 */
export type Node = {
  /** Opaque: compare it and send it back (`node(id:)`), never parse it. Unique across every type of this registry, and stable: the object keeps it as long as it exists. */
  id: Scalars['ID']['output'];
};

/**
 * Paging state of a connection: the Relay `PageInfo`, field for field. Other subgraphs define the
 * same type, so it is shareable and describes any connection, not only tools.
 */
export type PageInfo = {
  __typename?: 'PageInfo';
  /** The cursor of the last item of this page; null when the page is empty. */
  endCursor?: Maybe<Scalars['String']['output']>;
  /** True when more items follow this page. */
  hasNextPage: Scalars['Boolean']['output'];
  /** True when items precede this page. Paging here is forward only (`first`/`after`), so always false, as Relay allows. */
  hasPreviousPage: Scalars['Boolean']['output'];
  /** The cursor of the first item of this page; null when the page is empty. */
  startCursor?: Maybe<Scalars['String']['output']>;
};

/** What `purgeTool` did, or why it did nothing. */
export type PurgeToolResult = NamespaceForbidden | PurgeToolSuccess | ToolIsWrapped | ToolNotDeleted | ToolNotFound;

/** A deleted tool's history, deleted for good. */
export type PurgeToolSuccess = {
  __typename?: 'PurgeToolSuccess';
  /** The old names the tool's renames had kept reserved, freed with it (their tombstones are purged too), ordered by name. */
  freedNames: Array<Scalars['String']['output']>;
  /** The name whose history is gone. */
  name: Scalars['String']['output'];
  /** How many revisions it held (none for the tombstone a rename left: its history moved with the tool). */
  revisions: Scalars['Int']['output'];
};

/**
 * Reading the registry. Every field that reads data is nullable: when one fails at run time (an
 * outage, a bug), it alone is null, with an error at its path, and the rest of the request is
 * answered. A value the client got wrong (an argument out of range, a variable of the wrong type) is
 * refused before anything runs: the whole request, HTTP 400, one `BAD_USER_INPUT` error per value.
 */
export type Query = {
  __typename?: 'Query';
  /**
   * Every committed change of the registry, in one registry-wide order: creates, updates,
   * deprecations, restores, renames, deletions and purges alike, each as the `ToolEvent` a subscriber
   * got (docs/dashboards.md "Sync"). Gap-free: a reader that pages to the end while writers commit never skips a
   * change and never gets one twice. To mirror the registry, page from the start (no `after`) to the
   * end, then pass the connection's `cursor` as `toolEvents(after:)` to follow it live, or page again later.
   */
  changes?: Maybe<ToolChangeConnection>;
  /** Every namespace that holds at least one tool or validation, with its count, ordered by name. */
  namespaces?: Maybe<Array<Namespace>>;
  /**
   * The object with this global id (`Node.id`): a `Tool`, as `tool(name:)` answers it, or a
   * `ToolRevision`, as `toolRevision` does (Relay's refetch, or any client reading what it cached
   * again). Null when no object has the id now: an id that is malformed or that this registry never
   * issued, a tool deleted or purged since, a revision pruned or purged.
   */
  node?: Maybe<Node>;
  /** The objects with these global ids, in the order given, each as `node(id:)` answers it (null where it is null). */
  nodes: Array<Maybe<Node>>;
  /**
   * The tools that best fit a task described in words ("open a ticket for this bug", "convert a PDF
   * to text"), best first: ranked search, for agents choosing the few tools a model should see
   * (docs/agents.md "Ranked search"). Matched against each tool's name (namespace and short name split into
   * words), description, input schema (property names, titles, descriptions), MCP server and tool
   * names and skill path, with stemming and without stop words. A blank query, or one with no word
   * any tool has, answers `[]`. Unlike `tools(filter: {search:})`,
   * which finds a text inside names and descriptions, this ranks by relevance.
   */
  searchTools?: Maybe<Array<ToolSearchHit>>;
  /** The tool or validation with this exact name (`namespace/short_name`); null when there is none (a deleted name's is read with `toolTombstone`). */
  tool?: Maybe<Tool>;
  /**
   * The tool or validation a model tool name stands for: the `name` of `Tool.asMcpTool`,
   * `asOpenAiTool` or `asAnthropicTool`, which a model calls the tool by (`devops__docker-build` for
   * `devops/docker-build`; docs/agents.md "Model tool names"). Null when no tool has it, or when the text is
   * no model tool name.
   */
  toolByModelName?: Maybe<Tool>;
  /**
   * One revision of a tool's history, exactly as it was committed: the one numbered `revision`, or
   * the latest whose definition has `contentHash`, or, given both, the one that has both; given
   * neither, the latest. Null when there is none. The history of a deleted tool stays readable here;
   * a renamed tool's moved with it, and answers under its new name (the old name's tombstone says
   * which: `toolTombstone(name:).renamedTo`). Pinning: keep the `contentHash` you approved, compare it with `Tool.contentHash`, and read what
   * you approved with `toolRevision(name:, contentHash:)`. With `TOOLGRAPH_HISTORY_KEEP` set, a
   * revision that was a tool's latest within `TOOLGRAPH_HISTORY_KEEP_DAYS` is always kept; older ones
   * may have been pruned (null, as for one that never was).
   */
  toolRevision?: Maybe<ToolRevision>;
  /**
   * Counts for dashboards: how many tools pass `filter` (the same filter as `tools`, so `total`
   * equals `tools(filter:).totalCount`), and how they split by namespace, source, tool type and
   * capability flag, each facet counted under the filter without its own criterion (disjunctive
   * facets: see `ToolStats`). Counted by the database in one query.
   */
  toolStats?: Maybe<ToolStats>;
  /**
   * What is left of a name that holds no tool: after a delete, its tombstone with the history; after a
   * rename, where the tool went; after a purge, what the change log knows. Null when the name holds a
   * tool (`tool`), or never held one; a text that is no tool name holds none.
   */
  toolTombstone?: Maybe<ToolTombstone>;
  /**
   * Tools and validations, a page at a time (a Relay connection), ordered by name unless `orderBy`
   * says otherwise. To read the next page, pass the previous page's `pageInfo.endCursor` as `after`,
   * with the same `orderBy`.
   */
  tools?: Maybe<ToolConnection>;
};


/**
 * Reading the registry. Every field that reads data is nullable: when one fails at run time (an
 * outage, a bug), it alone is null, with an error at its path, and the rest of the request is
 * answered. A value the client got wrong (an argument out of range, a variable of the wrong type) is
 * refused before anything runs: the whole request, HTTP 400, one `BAD_USER_INPUT` error per value.
 */
export type QueryChangesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


/**
 * Reading the registry. Every field that reads data is nullable: when one fails at run time (an
 * outage, a bug), it alone is null, with an error at its path, and the rest of the request is
 * answered. A value the client got wrong (an argument out of range, a variable of the wrong type) is
 * refused before anything runs: the whole request, HTTP 400, one `BAD_USER_INPUT` error per value.
 */
export type QueryNodeArgs = {
  id: Scalars['ID']['input'];
};


/**
 * Reading the registry. Every field that reads data is nullable: when one fails at run time (an
 * outage, a bug), it alone is null, with an error at its path, and the rest of the request is
 * answered. A value the client got wrong (an argument out of range, a variable of the wrong type) is
 * refused before anything runs: the whole request, HTTP 400, one `BAD_USER_INPUT` error per value.
 */
export type QueryNodesArgs = {
  ids: Array<Scalars['ID']['input']>;
};


/**
 * Reading the registry. Every field that reads data is nullable: when one fails at run time (an
 * outage, a bug), it alone is null, with an error at its path, and the rest of the request is
 * answered. A value the client got wrong (an argument out of range, a variable of the wrong type) is
 * refused before anything runs: the whole request, HTTP 400, one `BAD_USER_INPUT` error per value.
 */
export type QuerySearchToolsArgs = {
  filter?: InputMaybe<ToolFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  query: Scalars['String']['input'];
};


/**
 * Reading the registry. Every field that reads data is nullable: when one fails at run time (an
 * outage, a bug), it alone is null, with an error at its path, and the rest of the request is
 * answered. A value the client got wrong (an argument out of range, a variable of the wrong type) is
 * refused before anything runs: the whole request, HTTP 400, one `BAD_USER_INPUT` error per value.
 */
export type QueryToolArgs = {
  name: Scalars['String']['input'];
};


/**
 * Reading the registry. Every field that reads data is nullable: when one fails at run time (an
 * outage, a bug), it alone is null, with an error at its path, and the rest of the request is
 * answered. A value the client got wrong (an argument out of range, a variable of the wrong type) is
 * refused before anything runs: the whole request, HTTP 400, one `BAD_USER_INPUT` error per value.
 */
export type QueryToolByModelNameArgs = {
  modelName: Scalars['String']['input'];
};


/**
 * Reading the registry. Every field that reads data is nullable: when one fails at run time (an
 * outage, a bug), it alone is null, with an error at its path, and the rest of the request is
 * answered. A value the client got wrong (an argument out of range, a variable of the wrong type) is
 * refused before anything runs: the whole request, HTTP 400, one `BAD_USER_INPUT` error per value.
 */
export type QueryToolRevisionArgs = {
  contentHash?: InputMaybe<Scalars['String']['input']>;
  name: Scalars['String']['input'];
  revision?: InputMaybe<Scalars['Int']['input']>;
};


/**
 * Reading the registry. Every field that reads data is nullable: when one fails at run time (an
 * outage, a bug), it alone is null, with an error at its path, and the rest of the request is
 * answered. A value the client got wrong (an argument out of range, a variable of the wrong type) is
 * refused before anything runs: the whole request, HTTP 400, one `BAD_USER_INPUT` error per value.
 */
export type QueryToolStatsArgs = {
  filter?: InputMaybe<ToolFilter>;
};


/**
 * Reading the registry. Every field that reads data is nullable: when one fails at run time (an
 * outage, a bug), it alone is null, with an error at its path, and the rest of the request is
 * answered. A value the client got wrong (an argument out of range, a variable of the wrong type) is
 * refused before anything runs: the whole request, HTTP 400, one `BAD_USER_INPUT` error per value.
 */
export type QueryToolTombstoneArgs = {
  name: Scalars['String']['input'];
};


/**
 * Reading the registry. Every field that reads data is nullable: when one fails at run time (an
 * outage, a bug), it alone is null, with an error at its path, and the rest of the request is
 * answered. A value the client got wrong (an argument out of range, a variable of the wrong type) is
 * refused before anything runs: the whole request, HTTP 400, one `BAD_USER_INPUT` error per value.
 */
export type QueryToolsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<ToolFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<ToolOrder>;
};

/** Implemented by every error member of a mutation's result union: nothing was written. */
export type RegistryError = {
  /** Which condition it is, for a program to branch on: one code per error type. */
  code: RegistryErrorCode;
  /** What went wrong, for a person to read. */
  message: Scalars['String']['output'];
};

/** The conditions a write can end in instead of writing, one per error type. */
export type RegistryErrorCode =
  /** `NamespaceForbidden`: the caller's credential does not allow writing there. */
  | 'NAMESPACE_FORBIDDEN'
  /** `ToolRevisionConflict`: the tool is not at the revision the write expected. */
  | 'REVISION_CONFLICT'
  /** `ToolIsWrapped`: validations wrap the tool, which holds back its removal. */
  | 'TOOL_IS_WRAPPED'
  /** `ToolNotDeleted`: the tool still exists, so its history cannot be purged. */
  | 'TOOL_NOT_DELETED'
  /** `ToolNotFound`: no tool has the name the write is about. */
  | 'TOOL_NOT_FOUND'
  /** `ToolValidationError`, `ImportValidationError`: input values break rules; every issue is listed. */
  | 'VALIDATION_FAILED';

/** What `renameTool` returns. */
export type RenameToolResult = NamespaceForbidden | RenameToolSuccess | ToolNotFound | ToolRevisionConflict | ToolValidationError;

/** `renameTool` gave the tool its new name. */
export type RenameToolSuccess = ToolWriteSuccess & {
  __typename?: 'RenameToolSuccess';
  /** Whether the write changed anything. */
  changed: Scalars['Boolean']['output'];
  /** The fields of the definition the write changed. */
  changedFields: Array<ToolField>;
  /** The tool's revision after the write. */
  revision: Scalars['Int']['output'];
  /** What the write lowered of the tool's safety. */
  safetyDowngrades: Array<SafetyDowngrade>;
  /** The tool as the write left it. */
  tool: Tool;
};

export { ResourceAccessMode };

/** A resource the tool binds when it runs. */
export type ResourceSlot = {
  __typename?: 'ResourceSlot';
  /** Whether the tool only reads the resource or also writes it. */
  access: ResourceAccessMode;
  /** How the slot gets its resource. */
  binding: BindingMode;
  /** What the slot is for; empty when not described. */
  description: Scalars['String']['output'];
  /** The slot's name: a Python identifier, unique within the tool. */
  name: Scalars['String']['output'];
  /** Whether the slot must be filled for the tool to run. */
  required: Scalars['Boolean']['output'];
  /** The type of resource the slot takes. */
  resourceType: Scalars['String']['output'];
  /** `STATIC` slots: the name of the bound resource; null otherwise. */
  staticResource?: Maybe<Scalars['String']['output']>;
};

/** A resource slot of a new or changed tool. */
export type ResourceSlotInput = {
  /** Read only or read and write. */
  access: ResourceAccessMode;
  /** How the slot gets its resource. Default: `CONTEXTUAL`. */
  binding?: InputMaybe<BindingMode>;
  /** What the slot is for. Default: empty. */
  description?: InputMaybe<Scalars['String']['input']>;
  /** A Python identifier (not a keyword), unique within the tool. */
  name: Scalars['String']['input'];
  /** Whether the slot must be filled. Default: true. */
  required?: InputMaybe<Scalars['Boolean']['input']>;
  /** The type of resource the slot takes. */
  resourceType: Scalars['String']['input'];
  /** The bound resource's name: required when `binding` is `STATIC`, forbidden otherwise. */
  staticResource?: InputMaybe<Scalars['String']['input']>;
};

/** What `restoreTool` returns (a revision that is not in the history is the issue `REVISION_NOT_FOUND` at `revision`, one retention pruned `REVISION_PRUNED`). */
export type RestoreToolResult = NamespaceForbidden | RestoreToolSuccess | ToolRevisionConflict | ToolValidationError;

/** `restoreTool` made an earlier definition current again. */
export type RestoreToolSuccess = ToolWriteSuccess & {
  __typename?: 'RestoreToolSuccess';
  /** Whether the write changed anything. */
  changed: Scalars['Boolean']['output'];
  /** The fields of the definition the write changed. */
  changedFields: Array<ToolField>;
  /** The tool's revision after the write. */
  revision: Scalars['Int']['output'];
  /** What the write lowered of the tool's safety. */
  safetyDowngrades: Array<SafetyDowngrade>;
  /** The tool as the write left it. */
  tool: Tool;
};

/**
 * A change of a tool's capability that lowers the care agents and approvers take with it. A write
 * that makes one lists it in its revision and its event; a server with
 * `TOOLGRAPH_SAFETY_DOWNGRADES=admin` lets only admins make one (others get `ToolValidationError`
 * with the issue `SAFETY_DOWNGRADE_FORBIDDEN` at `capability`). A tool created or restored under a
 * name with a history is measured from the tool the name last stood for.
 */
export type SafetyDowngrade = {
  __typename?: 'SafetyDowngrade';
  /** What changed. */
  kind: SafetyDowngradeKind;
  /** For `SIDE_EFFECT_REMOVED`: the side effect; null otherwise. */
  sideEffect?: Maybe<Scalars['String']['output']>;
};

export { SafetyDowngradeKind };

/** The number of tools of one source (in `ToolStats`). */
export type SourceCount = {
  __typename?: 'SourceCount';
  /** How many tools passing the filter (without its `sourceIn`) have it. */
  count: Scalars['Int']['output'];
  /** The source. */
  source: ToolSource;
};

/**
 * Live changes, over GraphQL over Server-Sent Events (POST or GET `/graphql` with
 * `Accept: text/event-stream`). With several instances sharing a Redis (`REDIS_URL`), a subscriber of
 * any instance sees the writes of all of them.
 */
export type Subscription = {
  __typename?: 'Subscription';
  /**
   * One event per committed change, in the registry-wide order of `changes`: each create, update,
   * deprecation, restore, rename, delete and purge, and each created or updated tool of an import,
   * delivered after its transaction commits (never for an invalid, rolled-back or dry-run write).
   * With `after`, the changes since that cursor come first. When live events become unavailable
   * (the server's Redis is unreachable), the stream ends with an error whose `extensions.code` is
   * `EVENTS_UNAVAILABLE`; subscribe again with the last event's `cursor` as `after`, and nothing is
   * lost. Writes are never affected.
   */
  toolEvents: ToolEvent;
};


/**
 * Live changes, over GraphQL over Server-Sent Events (POST or GET `/graphql` with
 * `Accept: text/event-stream`). With several instances sharing a Redis (`REDIS_URL`), a subscriber of
 * any instance sees the writes of all of them.
 */
export type SubscriptionToolEventsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  namespace?: InputMaybe<Scalars['String']['input']>;
};

/**
 * A tool or validation of the registry: a namespaced callable with its capability metadata,
 * resource slots, lifecycle hooks, JSON Schemas and timeout. A federation entity owned by this
 * registry: other subgraphs reference a tool by its `name`.
 */
export type Tool = Node & {
  __typename?: 'Tool';
  /** `AGENT_SKILL` tools: the path of the Agent Skills folder; null for other sources. */
  agentSkillPath?: Maybe<Scalars['String']['output']>;
  /**
   * The tool as an Anthropic Messages API tool: `modelTool(format: ANTHROPIC).definition`.
   * @deprecated Use `modelTool(format: ANTHROPIC) { definition unavailableReason }`.
   */
  asAnthropicTool?: Maybe<Scalars['JSONObject']['output']>;
  /**
   * The tool as an entry of an MCP server's `tools/list`: `modelTool(format: MCP).definition`.
   * @deprecated Use `modelTool(format: MCP) { definition unavailableReason }`.
   */
  asMcpTool?: Maybe<Scalars['JSONObject']['output']>;
  /**
   * The tool as an OpenAI Chat Completions function tool: `modelTool(format: OPENAI_CHAT_COMPLETIONS).definition`.
   * @deprecated Use `modelTool(format: OPENAI_CHAT_COMPLETIONS) { definition unavailableReason }`.
   */
  asOpenAiTool?: Maybe<Scalars['JSONObject']['output']>;
  /** What the tool can and cannot do. */
  capability: ToolCapability;
  /**
   * The tool as the CLI prints it (`as_cli_dict`): snake_case keys in the model's field order, with
   * `namespace` and `short_name` after `name` and every default included, so it is stable across runs.
   */
  cliDict: Scalars['JSONObject']['output'];
  /** `CUSTOM` tools: the inline Python code (never executed by this server); null for other sources. */
  code?: Maybe<Scalars['String']['output']>;
  /**
   * SHA-256, as 64 lowercase hex digits, of the tool's definition: its `cliDict` in the JSON
   * Canonicalization Scheme (RFC 8785), as UTF-8. Equal definitions have equal hashes, and registry
   * state (timestamps, authors, revision) is not part of it. docs/tool-authors.md "History and content hashes" says how to
   * recompute it.
   */
  contentHash: Scalars['String']['output'];
  /** When the tool was first registered. */
  createdAt: Scalars['DateTime']['output'];
  /** Who registered it: an API token's name, a JWT's `sub`, or `anonymous` when access control is off. */
  createdBy: Scalars['String']['output'];
  /** Why the tool is deprecated and what to use instead; null unless `status` is `DEPRECATED`. */
  deprecation?: Maybe<ToolDeprecation>;
  /** A short description of what the tool does. */
  description: Scalars['String']['output'];
  /**
   * What in the definition is unsafe to hand to a model (docs/agents.md "Findings"): instructions to the model
   * beyond the tool's own job, secrecy, sensitive resources, hidden text. Computed from the definition
   * alone when it was written, in the order of the texts read (at one path, of the rules); empty when nothing was found. A tool
   * with a `HIGH` finding is not exported to models (`modelTool`). Null when they could not be read
   * (an error says why).
   */
  findings?: Maybe<Array<ToolFinding>>;
  /** The tool's revisions, newest first: what it was after each committed change; null when they could not be read (an error says why). */
  history?: Maybe<ToolRevisionConnection>;
  /**
   * The tool's global id (`Node`): opaque, and the tool's for good. It stays through every change:
   * updates, deprecation, rename (a reference by id never goes stale, unlike one by `name`), deletion
   * and creation again under its name (whose history it continues); only a purge ends it.
   */
  id: Scalars['ID']['output'];
  /** The source's fields, one union member per source, so a client sees exactly what its source has. */
  implementation: ToolImplementation;
  /** The JSON Schema (draft 2020-12) of the tool's input; null when not declared. */
  inputSchema?: Maybe<Scalars['JSONObject']['output']>;
  /** Lifecycle hooks; null when the tool declares none. */
  lifecycle?: Maybe<ToolLifecycle>;
  /** `MCP` tools: the MCP server's name; null for other sources. */
  mcpServer?: Maybe<Scalars['String']['output']>;
  /** `MCP` tools: the tool's name on that MCP server; null for other sources. */
  mcpToolName?: Maybe<Scalars['String']['output']>;
  /**
   * The name models call the tool by, the same in every format (docs/agents.md "Model tool names"):
   * `devops__docker-build` for `devops/docker-build`. `toolByModelName` reads it back.
   */
  modelName: Scalars['String']['output'];
  /** The tool as a model or an MCP client consumes it, in `format`; or why it cannot be handed over in that format. */
  modelTool: ModelTool;
  /** The unique name, `namespace/short_name`, shared by tools and validations alike. */
  name: Scalars['String']['output'];
  /** The part of the name before the `/`. */
  namespace: Scalars['String']['output'];
  /** The JSON Schema (draft 2020-12) of the tool's output; null when not declared. */
  outputSchema?: Maybe<Scalars['JSONObject']['output']>;
  /** The resources the tool binds, in declaration order. */
  resourceSlots: Array<ResourceSlot>;
  /** The number of the tool's latest revision: 1 when it was created, one more with every change. */
  revision: Scalars['Int']['output'];
  /** The part of the name after the `/`. */
  shortName: Scalars['String']['output'];
  /** Where the implementation comes from; `implementation` holds that source's fields. */
  source: ToolSource;
  /** `ACTIVE`; `DEPRECATED`: still listed and usable, but to be replaced (see `deprecation`). */
  status: ToolStatus;
  /** Execution timeout in seconds (at least 1; 300 by default). */
  timeout: Scalars['Int']['output'];
  /** A tool or a validation. */
  toolType: ToolType;
  /** When the tool was last changed. */
  updatedAt: Scalars['DateTime']['output'];
  /** Who changed it last, in the same terms as `createdBy`. */
  updatedBy: Scalars['String']['output'];
  /** The validations that wrap this tool, ordered by name; empty when there are none, null when they could not be read (an error says why). */
  wrappedBy?: Maybe<Array<Tool>>;
  /** Validations: the tool this validation wraps; null for tools, and when the wrapped tool was retired (`WrappedImplementation.toolRetired`). */
  wraps?: Maybe<Tool>;
};


/**
 * A tool or validation of the registry: a namespaced callable with its capability metadata,
 * resource slots, lifecycle hooks, JSON Schemas and timeout. A federation entity owned by this
 * registry: other subgraphs reference a tool by its `name`.
 */
export type ToolHistoryArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


/**
 * A tool or validation of the registry: a namespaced callable with its capability metadata,
 * resource slots, lifecycle hooks, JSON Schemas and timeout. A federation entity owned by this
 * registry: other subgraphs reference a tool by its `name`.
 */
export type ToolModelToolArgs = {
  format: ModelToolFormat;
};

/** What a tool can and cannot do. A `readOnly` tool neither `writes` nor is `checkpointable`. */
export type ToolCapability = {
  __typename?: 'ToolCapability';
  /** How much a checkpoint covers; set only when `checkpointable`. */
  checkpointScope?: Maybe<CheckpointScope>;
  /** The tool supports checkpoint and rollback. */
  checkpointable: Scalars['Boolean']['output'];
  /** The name of the tool's cost profile; null when none. */
  costProfile?: Maybe<Scalars['String']['output']>;
  /** Requires a human's approval before running. */
  humanApprovalRequired: Scalars['Boolean']['output'];
  /** Safe to run again with the same input. */
  idempotent: Scalars['Boolean']['output'];
  /** The tool only reads, never writes. */
  readOnly: Scalars['Boolean']['output'];
  /** Known side effects, in the order declared. */
  sideEffects: Array<Scalars['String']['output']>;
  /** Requires extra safety checks before running. */
  unsafe: Scalars['Boolean']['output'];
  /** The scope of its writes; null when not stated. */
  writeScope?: Maybe<Scalars['String']['output']>;
  /** The tool can write to resources. */
  writes: Scalars['Boolean']['output'];
};

/**
 * Capability metadata. On create, a field left out takes its default; in `updateTool`, a field left
 * out keeps its current value and a field set to null goes back to its default.
 */
export type ToolCapabilityInput = {
  /** How much a checkpoint covers; only when `checkpointable`. Default: none. */
  checkpointScope?: InputMaybe<CheckpointScope>;
  /** The tool supports checkpoint and rollback. Default: false. */
  checkpointable?: InputMaybe<Scalars['Boolean']['input']>;
  /** The name of a cost profile. Default: none. */
  costProfile?: InputMaybe<Scalars['String']['input']>;
  /** Requires a human's approval. Default: false. */
  humanApprovalRequired?: InputMaybe<Scalars['Boolean']['input']>;
  /** Safe to run again with the same input. Default: false. */
  idempotent?: InputMaybe<Scalars['Boolean']['input']>;
  /** The tool only reads, never writes. Default: false. When true, `writes` and `checkpointable` must be false. */
  readOnly?: InputMaybe<Scalars['Boolean']['input']>;
  /** Known side effects. Default: none. */
  sideEffects?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Requires extra safety checks. Default: false. */
  unsafe?: InputMaybe<Scalars['Boolean']['input']>;
  /** The scope of its writes. Default: none. */
  writeScope?: InputMaybe<Scalars['String']['input']>;
  /** The tool can write to resources. Default: false. */
  writes?: InputMaybe<Scalars['Boolean']['input']>;
};

/** A page of `changes`, in the registry-wide order. */
export type ToolChangeConnection = {
  __typename?: 'ToolChangeConnection';
  /** Where to go on from: the last change's cursor, or, when none followed, the `after` given (or the start). Pass it as `after` to `changes` or `toolEvents`. */
  cursor: Scalars['String']['output'];
  /** The changes of this page, each with its cursor. */
  edges: Array<ToolChangeEdge>;
  /** Whether more changes follow this page. */
  pageInfo: PageInfo;
};

/** One change of `changes`, with the cursor that points at it. */
export type ToolChangeEdge = {
  __typename?: 'ToolChangeEdge';
  /** Opaque: pass it as `after` to read the changes that follow this one. */
  cursor: Scalars['String']['output'];
  /** The change. */
  node: ToolEvent;
};

/** A page of tools, in the order asked for. */
export type ToolConnection = {
  __typename?: 'ToolConnection';
  /** The tools of this page, each with its cursor. */
  edges: Array<ToolEdge>;
  /** Where this page stands: whether there is a next one, and the cursor to ask for it. */
  pageInfo: PageInfo;
  /** How many tools match the filter in all pages together. Counted only when asked for. */
  totalCount: Scalars['Int']['output'];
};

/** Why a tool is deprecated, and what to use instead. */
export type ToolDeprecation = {
  __typename?: 'ToolDeprecation';
  /** When the tool was deprecated (or its deprecation last changed). */
  deprecatedAt: Scalars['DateTime']['output'];
  /** Who deprecated it, in the terms of `Tool.updatedBy`. */
  deprecatedBy: Scalars['String']['output'];
  /** Why, and what to do instead. */
  message: Scalars['String']['output'];
  /** The tool to use instead; null when none was named, or when it no longer exists. */
  replacedBy?: Maybe<Tool>;
  /** The name of the tool to use instead; null when none was named. */
  replacedByName?: Maybe<Scalars['String']['output']>;
};

/** One tool of a page, with the cursor that points at it. */
export type ToolEdge = {
  __typename?: 'ToolEdge';
  /** Opaque: pass it as `after` to list the tools that follow this one. */
  cursor: Scalars['String']['output'];
  /** The tool. */
  node: Tool;
};

/** Something that happened to one tool. */
export type ToolEvent = {
  __typename?: 'ToolEvent';
  /** Who made the change: an API token's name, a JWT's `sub`, or `anonymous` when access control is off. */
  actor: Scalars['String']['output'];
  /** The content hash of the definition after the change (after a deletion: as it was deleted). */
  contentHash: Scalars['String']['output'];
  /** Opaque: the change's place in the registry-wide order. Pass it as `after` to `changes` or `toolEvents` to go on from here; over SSE it is also the frame's `id`. */
  cursor: Scalars['String']['output'];
  /** What happened. */
  kind: ToolEventKind;
  /** The tool's full name. */
  name: Scalars['String']['output'];
  /** When the change was committed. */
  occurredAt: Scalars['DateTime']['output'];
  /** After a rename (`RENAMED`): the tool's old name; null otherwise. A namespace filter passes a rename out of or into its namespace. */
  renamedFrom?: Maybe<Scalars['String']['output']>;
  /** The number of the revision the change appended to the tool's history (`Tool.history`). */
  revision: Scalars['Int']['output'];
  /** What the change lowered of the tool's safety (`SafetyDowngrade`), in the order of `ToolRevision.safetyDowngrades`; empty for most changes. */
  safetyDowngrades: Array<SafetyDowngrade>;
  /** What is left of the name when it holds no tool (deleted, renamed away, purged); null when `tool` is set. */
  tombstone?: Maybe<ToolTombstone>;
  /**
   * The tool as it is after the change, when the event is delivered live; read back (`changes`, a
   * replay of `toolEvents(after:)`), the tool the name holds when read. Null when the name holds no
   * tool (then `tombstone` says what is left).
   */
  tool?: Maybe<Tool>;
};

export { ToolEventKind };

export { ToolField };

/**
 * Criteria for `tools`, `toolStats` and `searchTools`: a tool is listed when it matches all of the
 * given ones; a list criterion (`namespaceIn`, `sourceIn`, `statusIn`) matches when one of its values
 * does. A list holds from 1 to 100 values: an empty list, a longer one, or a criterion given both as
 * a list and as its deprecated single value refuses the whole request before anything runs, with
 * `BAD_USER_INPUT` naming the argument (`tools.filter.sourceIn`). Leave a criterion out (or null) to
 * match everything.
 */
export type ToolFilter = {
  /** Only tools whose `capability.checkpointable` is this value. */
  checkpointable?: InputMaybe<Scalars['Boolean']['input']>;
  /** Only tools whose `capability.humanApprovalRequired` is this value. */
  humanApprovalRequired?: InputMaybe<Scalars['Boolean']['input']>;
  /** Only tools whose `capability.idempotent` is this value. */
  idempotent?: InputMaybe<Scalars['Boolean']['input']>;
  /**
   * Only tools whose most severe finding (`Tool.findings`) is at most this: `LOW` leaves out every tool
   * with a `MEDIUM` or `HIGH` finding, `MEDIUM` those with a `HIGH` one. Tools without findings always pass.
   */
  maxFindingSeverity?: InputMaybe<FindingSeverity>;
  /**
   * Deprecated: one namespace; give it as `namespaceIn: [namespace]`. Refused together with `namespaceIn`.
   * @deprecated Use namespaceIn.
   */
  namespace?: InputMaybe<Scalars['String']['input']>;
  /**
   * Only tools of one of these namespaces (the part of the name before the `/`), each matched
   * exactly: a text that is no namespace matches nothing. From 1 to 100 values; an empty list is
   * refused (`BAD_USER_INPUT`): leave the criterion out to match every namespace.
   */
  namespaceIn?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Only tools whose `capability.readOnly` is this value. */
  readOnly?: InputMaybe<Scalars['Boolean']['input']>;
  /** Only tools whose name or description contains this text, ignoring case. */
  search?: InputMaybe<Scalars['String']['input']>;
  /**
   * Deprecated: one source; give it as `sourceIn: [source]`. Refused together with `sourceIn`.
   * @deprecated Use sourceIn.
   */
  source?: InputMaybe<ToolSource>;
  /** Only tools with one of these sources. From 1 to 100 values; an empty list is refused (`BAD_USER_INPUT`). */
  sourceIn?: InputMaybe<Array<ToolSource>>;
  /**
   * Only tools with one of these statuses: `ACTIVE`, `DEPRECATED` (a tool is `DEPRECATED` when its
   * `deprecation` is set). From 1 to 100 values; an empty list is refused (`BAD_USER_INPUT`).
   */
  statusIn?: InputMaybe<Array<ToolStatus>>;
  /** Only tools, or only validations. */
  toolType?: InputMaybe<ToolType>;
  /** Only tools whose `capability.unsafe` is this value. */
  unsafe?: InputMaybe<Scalars['Boolean']['input']>;
  /**
   * Only tools created or changed at or after this instant (`updatedAt >= updatedSince`). Deletes and
   * renames away leave no tool to list: a client that mirrors the registry follows `changes` instead.
   */
  updatedSince?: InputMaybe<Scalars['DateTime']['input']>;
  /** Only tools whose `capability.writes` is this value. */
  writes?: InputMaybe<Scalars['Boolean']['input']>;
};

/** What one rule of the findings scanner found in a tool's definition (docs/agents.md "Findings"). */
export type ToolFinding = {
  __typename?: 'ToolFinding';
  /** The rule that fired: stable, one per rule, listed in docs/agents.md with its severity. */
  code: Scalars['String']['output'];
  /** What the rule looks for, and the text it found there (quoted: it comes from the definition's author). */
  message: Scalars['String']['output'];
  /** Where in the definition, as issue paths are written: `description`, `inputSchema.properties.note.description`. */
  path: Scalars['String']['output'];
  /** How dangerous it is to hand the definition to a model. */
  severity: FindingSeverity;
};

/** A tool's implementation: one member per `ToolSource`. */
export type ToolImplementation = AgentSkillImplementation | BuiltinImplementation | CustomImplementation | McpImplementation | WrappedImplementation;

/**
 * A tool's implementation, as input: exactly one member, the tool's source with its fields (the
 * input form of the `ToolImplementation` union). Two members, none, or a null member refuse the
 * whole request before it runs, with a GraphQL error that says so.
 */
export type ToolImplementationInput =
  /** An `AGENT_SKILL` tool: an Agent Skills Standard folder. */
  { agentSkill: AgentSkillImplementationInput; builtin?: never; custom?: never; mcp?: never; wrapped?: never; }
  |  /**
   * A `BUILTIN` tool, provided by the agent runtime: `true` (a builtin has no fields to give; an input
   * object cannot be empty, and `true` mirrors `BuiltinImplementation.builtin`). `false` is refused
   * (`INVALID_VALUE`).
   */
  { agentSkill?: never; builtin: Scalars['Boolean']['input']; custom?: never; mcp?: never; wrapped?: never; }
  |  /** A `CUSTOM` tool: inline Python code. */
  { agentSkill?: never; builtin?: never; custom: CustomImplementationInput; mcp?: never; wrapped?: never; }
  |  /** An `MCP` tool: a tool of an MCP server. */
  { agentSkill?: never; builtin?: never; custom?: never; mcp: McpImplementationInput; wrapped?: never; }
  |  /** A validation (`WRAPPED` source, tool type `VALIDATION`) of an existing tool. */
  { agentSkill?: never; builtin?: never; custom?: never; mcp?: never; wrapped: WrappedImplementationInput; };

/**
 * A new tool. Fields left out take the model's defaults. Its implementation is given as
 * `implementation`, one member per source; the flat fields it replaces (`source`, `toolType`, `code`,
 * `mcpServer`, `mcpToolName`, `agentSkillPath`, `wraps`) are deprecated and still work: without
 * `implementation`, `source` is required and only the source's own fields may be set.
 */
export type ToolInput = {
  /**
   * `AGENT_SKILL` only, and required there: the path of the skill's folder.
   * @deprecated Use `implementation: { agentSkill: { path } }`.
   */
  agentSkillPath?: InputMaybe<Scalars['String']['input']>;
  /** Capability metadata. Default: every flag false, no scope, no side effects. */
  capability?: InputMaybe<ToolCapabilityInput>;
  /**
   * `CUSTOM` only, and required there: the inline Python code.
   * @deprecated Use `implementation: { custom: { code } }`.
   */
  code?: InputMaybe<Scalars['String']['input']>;
  /** What the tool does: not blank, at most 1,000 characters. */
  description: Scalars['String']['input'];
  /**
   * Where the implementation comes from and its fields, one member per source; `source` and `toolType`
   * follow from the member (`wrapped` makes a validation). A deprecated flat field given beside it
   * must be null or say the same; one that says otherwise is refused (`INVALID_VALUE` at
   * `implementation`, nothing else checked).
   */
  implementation?: InputMaybe<ToolImplementationInput>;
  /** JSON Schema (draft 2020-12) of the input. Default: none. */
  inputSchema?: InputMaybe<Scalars['JSONObject']['input']>;
  /** Lifecycle hooks. Default: none. */
  lifecycle?: InputMaybe<ToolLifecycleInput>;
  /**
   * `MCP` only, and required there: the MCP server's name.
   * @deprecated Use `implementation: { mcp: { server, toolName } }`.
   */
  mcpServer?: InputMaybe<Scalars['String']['input']>;
  /**
   * `MCP` only, and required there: the tool's name on that server.
   * @deprecated Use `implementation: { mcp: { server, toolName } }`.
   */
  mcpToolName?: InputMaybe<Scalars['String']['input']>;
  /** The unique name, `namespace/short_name`: each part 1 to 64 of `a-z 0-9 . _ -`, starting and ending with a letter or digit. */
  name: Scalars['String']['input'];
  /** JSON Schema (draft 2020-12) of the output. Default: none. */
  outputSchema?: InputMaybe<Scalars['JSONObject']['input']>;
  /** Resource slots, in order. Default: none. */
  resourceSlots?: InputMaybe<Array<ResourceSlotInput>>;
  /**
   * Where the implementation comes from; required without `implementation`.
   * @deprecated Use `implementation`: its member is the source.
   */
  source?: InputMaybe<ToolSource>;
  /** Execution timeout in seconds, at least 1. Default: 300. */
  timeout?: InputMaybe<Scalars['Int']['input']>;
  /**
   * A tool or a validation. Default: `TOOL`.
   * @deprecated Use `implementation`: `wrapped` makes a validation, every other member a tool.
   */
  toolType?: InputMaybe<ToolType>;
  /**
   * Validations only, and required there: the name of an existing tool (not a validation) to wrap.
   * @deprecated Use `implementation: { wrapped: { toolName } }`.
   */
  wraps?: InputMaybe<Scalars['String']['input']>;
};

/** The tool is wrapped by validations and was not removed: deprecate it first (its deletion then retires it, and they show `WrappedImplementation.toolRetired`), or remove or change them. A purge waits until no validation names it. */
export type ToolIsWrapped = RegistryError & {
  __typename?: 'ToolIsWrapped';
  /** `TOOL_IS_WRAPPED`. */
  code: RegistryErrorCode;
  /** A summary of what went wrong. */
  message: Scalars['String']['output'];
  /** The tool's name. */
  name: Scalars['String']['output'];
  /** The validations that wrap it, ordered by name. */
  wrappedBy: Array<Tool>;
};

/**
 * One broken rule of an input. `path` says where in the request, in its GraphQL names: from the
 * argument (`["input", "capability", "readOnly"]`, `["input", "resourceSlots", "1", "staticResource"]`,
 * `["newName"]`, `["prune", "2"]`; a list position as its number). Where the rule is broken inside a
 * definition the request names but does not spell out as input (an import's `config` text, the
 * revision a restore brings back, the tool a rename moves), `path` ends at that argument and
 * `configPath` goes on in the definition's config keys; for an import, `line` and `column` point at
 * it in the config text.
 */
export type ToolIssue = {
  __typename?: 'ToolIssue';
  /** Which rule was broken. */
  code: ToolIssueCode;
  /** For an import: the column on that line, from 1; null otherwise. */
  column?: Maybe<Scalars['Int']['output']>;
  /** Where in the definition, as its config's snake_case keys and list positions from the config's root (`["tools", "3", "capability", "read_only"]`); null when `path` says it all. */
  configPath?: Maybe<Array<Scalars['String']['output']>>;
  /** For an import: the line of the config text where the issue lies, from 1; null otherwise. */
  line?: Maybe<Scalars['Int']['output']>;
  /** What is wrong, for a person to read. */
  message: Scalars['String']['output'];
  /** Where in the request, as GraphQL argument and input field names and list positions; `[]` for none in particular. */
  path: Array<Scalars['String']['output']>;
};

export { ToolIssueCode };

/** The tool's lifecycle hooks; each is null when not declared. */
export type ToolLifecycle = {
  __typename?: 'ToolLifecycle';
  /** Hook run to activate the tool. */
  activate?: Maybe<Scalars['String']['output']>;
  /** Hook run to deactivate the tool. */
  deactivate?: Maybe<Scalars['String']['output']>;
  /** Hook run to discover the tool. */
  discover?: Maybe<Scalars['String']['output']>;
};

/** Lifecycle hooks; each left out or null means no hook. */
export type ToolLifecycleInput = {
  /** Hook run to activate the tool. */
  activate?: InputMaybe<Scalars['String']['input']>;
  /** Hook run to deactivate the tool. */
  deactivate?: InputMaybe<Scalars['String']['input']>;
  /** Hook run to discover the tool. */
  discover?: InputMaybe<Scalars['String']['input']>;
};

/** The tool still exists: delete it first, then purge its history. */
export type ToolNotDeleted = RegistryError & {
  __typename?: 'ToolNotDeleted';
  /** `TOOL_NOT_DELETED`. */
  code: RegistryErrorCode;
  /** A summary of what went wrong. */
  message: Scalars['String']['output'];
  /** The name of the tool that still exists. */
  name: Scalars['String']['output'];
};

/** There is no tool or validation with this name; nothing was written. */
export type ToolNotFound = RegistryError & {
  __typename?: 'ToolNotFound';
  /** `TOOL_NOT_FOUND`. */
  code: RegistryErrorCode;
  /** A summary of what went wrong. */
  message: Scalars['String']['output'];
  /** The name that was looked for. */
  name: Scalars['String']['output'];
};

/** The order of `tools`. Every order is total: ties are broken by name, in the same direction. */
export type ToolOrder = {
  /** Ascending or descending. */
  direction?: ToolOrderDirection;
  /** What to order by. */
  field?: ToolOrderField;
};

export { ToolOrderDirection };

export { ToolOrderField };

/**
 * Changes to a tool. A field left out stays as it is; a list given replaces the whole list; `reset`
 * puts fields back to the model's defaults. Null clears a single optional value (a source field,
 * `wraps`, a lifecycle hook, `capability.writeScope`, `checkpointScope`, `costProfile`; `toolType` and
 * `timeout` go back to their defaults) and is refused (`INVALID_VALUE` at its path) where it would
 * reset more than that one value, or turn a safety flag off by accident: `capability`, its flags and
 * `sideEffects`, `lifecycle`, `resourceSlots`, `inputSchema` and `outputSchema` (form libraries send
 * null for what nobody touched).
 */
export type ToolPatch = {
  /**
   * `AGENT_SKILL` only: the path of the skill's folder.
   * @deprecated Use `implementation: { agentSkill: { path } }`.
   */
  agentSkillPath?: InputMaybe<Scalars['String']['input']>;
  /** Capability fields to change: those left out stay as they are. Null is refused, here and for each flag: `reset: [CAPABILITY]` puts the defaults back. */
  capability?: InputMaybe<ToolCapabilityInput>;
  /**
   * `CUSTOM` only: the inline Python code.
   * @deprecated Use `implementation: { custom: { code } }`.
   */
  code?: InputMaybe<Scalars['String']['input']>;
  /** A new description: not blank, at most 1,000 characters. */
  description?: InputMaybe<Scalars['String']['input']>;
  /**
   * The whole new implementation, replacing the old one: `source` and `toolType` follow from the
   * member, and the old source's fields are cleared (switching from `mcp` to `custom` needs nothing
   * else). Null is refused (`INVALID_VALUE`): a tool always has an implementation. A deprecated flat
   * field given beside it must be null or say the same; one that says otherwise is refused
   * (`INVALID_VALUE` at `implementation`, nothing else checked).
   */
  implementation?: InputMaybe<ToolImplementationInput>;
  /** JSON Schema (draft 2020-12) of the input. Null is refused: `reset: [INPUT_SCHEMA]` removes it. */
  inputSchema?: InputMaybe<Scalars['JSONObject']['input']>;
  /** New lifecycle hooks: those left out stay as they are, a hook set to null is removed. Null for all of them is refused: `reset: [LIFECYCLE]` removes them. */
  lifecycle?: InputMaybe<ToolLifecycleInput>;
  /**
   * `MCP` only: the MCP server's name.
   * @deprecated Use `implementation: { mcp: { server, toolName } }`.
   */
  mcpServer?: InputMaybe<Scalars['String']['input']>;
  /**
   * `MCP` only: the tool's name on that server.
   * @deprecated Use `implementation: { mcp: { server, toolName } }`.
   */
  mcpToolName?: InputMaybe<Scalars['String']['input']>;
  /** JSON Schema (draft 2020-12) of the output. Null is refused: `reset: [OUTPUT_SCHEMA]` removes it. */
  outputSchema?: InputMaybe<Scalars['JSONObject']['input']>;
  /** Fields to put back to the model's defaults (none for `name`, `description` and `source`); a field may not be both given and reset. */
  reset?: InputMaybe<Array<ToolField>>;
  /** The new list of resource slots, replacing the old one; `[]` removes them all. Null is refused. */
  resourceSlots?: InputMaybe<Array<ResourceSlotInput>>;
  /**
   * A new source. The fields of the old source must be cleared (set to null) in the same patch.
   * @deprecated Use `implementation`: its member is the source, and it clears the old source's fields.
   */
  source?: InputMaybe<ToolSource>;
  /** Execution timeout in seconds, at least 1; null resets it to 300. */
  timeout?: InputMaybe<Scalars['Int']['input']>;
  /**
   * Tool or validation.
   * @deprecated Use `implementation`: `wrapped` makes a validation, every other member a tool.
   */
  toolType?: InputMaybe<ToolType>;
  /**
   * Validations only: the name of the tool to wrap.
   * @deprecated Use `implementation: { wrapped: { toolName } }`.
   */
  wraps?: InputMaybe<Scalars['String']['input']>;
};

/**
 * One committed change of a tool: the definition it left, who made it and when. Revisions are never
 * changed; a tool's are numbered 1, 2, 3… without gaps, and a tool created again under a deleted
 * name continues that name's history. With `TOOLGRAPH_HISTORY_KEEP` set, the oldest may be pruned
 * (docs/tool-authors.md "History and content hashes"); the latest never is.
 */
export type ToolRevision = Node & {
  __typename?: 'ToolRevision';
  /** Who made the change, in the terms of `Tool.updatedBy`. */
  actor: Scalars['String']['output'];
  /** The fields of the definition whose values differ from the previous revision's, in the model's order; empty for a creation or a deletion. */
  changedFields: Array<ToolField>;
  /** When the change was committed. */
  committedAt: Scalars['DateTime']['output'];
  /** The content hash of `definition` (see `Tool.contentHash`). */
  contentHash: Scalars['String']['output'];
  /** The definition after the change (after a deletion: as it was deleted), as `Tool.cliDict`. */
  definition: Scalars['JSONObject']['output'];
  /** The revision's global id (`Node`): opaque, and never changed, also when its tool is renamed. `node(id:)` reads the revision while it is kept (null once pruned or purged). */
  id: Scalars['ID']['output'];
  /** What the change was. */
  kind: ToolEventKind;
  /** The tool's name in this revision. */
  name: Scalars['String']['output'];
  /** Its number in the tool's history. */
  revision: Scalars['Int']['output'];
  /** What the change lowered of the tool's safety (`SafetyDowngrade`): the flags in the order of `SafetyDowngradeKind`, then the side effects removed in their declared order; empty for most changes, and for revisions written before 1.0. */
  safetyDowngrades: Array<SafetyDowngrade>;
};

/**
 * The tool is not at the revision the write expected (`expectedRevision`): it was written since the
 * client read it, and nothing was written now. Read `current`, merge, and send again with its revision.
 */
export type ToolRevisionConflict = RegistryError & {
  __typename?: 'ToolRevisionConflict';
  /** `REVISION_CONFLICT`. */
  code: RegistryErrorCode;
  /** The tool as it is now; null when it no longer exists. */
  current?: Maybe<Tool>;
  /** The revision the tool is at: its tombstone's when it was deleted; null when the name has no history. */
  currentRevision?: Maybe<Scalars['Int']['output']>;
  /** The revision the write expected; null when an import's plan expected no tool by this name. */
  expectedRevision?: Maybe<Scalars['Int']['output']>;
  /** A summary of what went wrong. */
  message: Scalars['String']['output'];
  /** The tool's name. */
  name: Scalars['String']['output'];
};

/** A page of a tool's history, newest first. */
export type ToolRevisionConnection = {
  __typename?: 'ToolRevisionConnection';
  /** The revisions of this page, each with its cursor. */
  edges: Array<ToolRevisionEdge>;
  /** Whether older revisions follow, and the cursor to ask for them. */
  pageInfo: PageInfo;
};

/** One revision of a page of history, with the cursor that points at it. */
export type ToolRevisionEdge = {
  __typename?: 'ToolRevisionEdge';
  /** Opaque: pass it as `after` to list the revisions older than this one. */
  cursor: Scalars['String']['output'];
  /** The revision. */
  node: ToolRevision;
};

/** A tool `searchTools` found, and how well it fits the query. */
export type ToolSearchHit = {
  __typename?: 'ToolSearchHit';
  /** How well the tool fits the query: higher is better. Comparable within one answer only (it depends on every tool indexed). */
  score: Scalars['Float']['output'];
  /** The tool. */
  tool: Tool;
};

export { ToolSource };

/**
 * Facet counts for a faceted search sidebar. `total` counts the tools that pass the whole filter.
 * Each facet (`byNamespace`, `bySource`, `byToolType`, each flag of `capabilities`) is disjunctive:
 * counted under the filter without that facet's own criterion, so picking `sourceIn: [MCP]` leaves
 * `bySource` listing every source with the count it would add, while every other facet counts MCP
 * tools only. Each list holds only the values that at least one tool so counted has, the highest
 * count first, ties by value.
 */
export type ToolStats = {
  __typename?: 'ToolStats';
  /** How many tools each namespace holds, under the filter without `namespaceIn`; most first, ties by name. */
  byNamespace: Array<Namespace>;
  /** How many tools have each source, under the filter without `sourceIn`; most first, ties by source. */
  bySource: Array<SourceCount>;
  /** How many are tools and how many are validations, under the filter without `toolType`; most first, ties by type. */
  byToolType: Array<ToolTypeCount>;
  /** How many tools have each capability flag set, each under the filter without that flag's criterion. */
  capabilities: CapabilityCounts;
  /** How many tools and validations pass the whole filter (as `tools(filter:).totalCount`). */
  total: Scalars['Int']['output'];
};

export { ToolStatus };

/**
 * What is left of a name that holds no tool: after a delete, its tombstone; after a rename, the
 * tombstone that says where the tool went; after a purge, only this record of it. No tool: it is
 * never listed, counted or handed to a model; read it with `toolTombstone(name:)`, or as
 * `ToolEvent.tombstone` in the change feed.
 */
export type ToolTombstone = {
  __typename?: 'ToolTombstone';
  /** When the tool left the name: deleted, renamed away, or, when nothing else is left of it, purged. */
  deletedAt: Scalars['DateTime']['output'];
  /** Who made it leave (the delete's, the rename's or the purge's actor), in the terms of `Tool.updatedBy`. */
  deletedBy: Scalars['String']['output'];
  /**
   * The history the name keeps, newest first, as `Tool.history` gave it: after a delete, every
   * revision to the `DELETED` one (read one whole with `toolRevision`). Empty after a rename (read it
   * under `renamedTo`) and after a purge. Null when it could not be read (an error says why).
   */
  history?: Maybe<ToolRevisionConnection>;
  /** The number of the name's last revision: after a delete, the `DELETED` revision's; after a purge, the last one it removed. */
  lastRevision: Scalars['Int']['output'];
  /** The name. */
  name: Scalars['String']['output'];
  /** Whether the name's history was purged (`purgeTool`): then nothing but this record is left, `history` is empty, and `deletedAt` and `deletedBy` are the purge's. */
  purged: Scalars['Boolean']['output'];
  /**
   * After a rename: the name the tool has now, kept so through later renames (its history moved with
   * it, and a reference by this name resolves to it). Such a name stays reserved until an admin purges
   * it (`purgeTool`). Null otherwise.
   */
  renamedTo?: Maybe<Scalars['String']['output']>;
};


/**
 * What is left of a name that holds no tool: after a delete, its tombstone; after a rename, the
 * tombstone that says where the tool went; after a purge, only this record of it. No tool: it is
 * never listed, counted or handed to a model; read it with `toolTombstone(name:)`, or as
 * `ToolEvent.tombstone` in the change feed.
 */
export type ToolTombstoneHistoryArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};

export { ToolType };

/** The number of tools of one tool type (in `ToolStats`). */
export type ToolTypeCount = {
  __typename?: 'ToolTypeCount';
  /** How many tools passing the filter (without its `toolType`) are of this type. */
  count: Scalars['Int']['output'];
  /** Tool or validation. */
  toolType: ToolType;
};

/**
 * Input values break rules; nothing was written. Every broken rule is listed, a taken name included
 * (`NAME_TAKEN` at `name`, or at `newName` for a rename).
 */
export type ToolValidationError = RegistryError & {
  __typename?: 'ToolValidationError';
  /** `VALIDATION_FAILED`. */
  code: RegistryErrorCode;
  /** Every broken rule, with where it is in the input, in the order the rules are checked (the same for the same input). */
  issues: Array<ToolIssue>;
  /** A summary of what went wrong. */
  message: Scalars['String']['output'];
};

/**
 * What a write of one tool did. `changed` is false, and `revision` the tool's current one, for a write
 * that changed nothing (it appends no revision and announces no event).
 */
export type ToolWriteSuccess = {
  /** Whether the write changed anything. */
  changed: Scalars['Boolean']['output'];
  /** The fields of the definition the write changed, in the model's order (as `ToolRevision.changedFields`); empty for a creation, a deletion, a deprecation or none. */
  changedFields: Array<ToolField>;
  /** The tool's revision after the write: the one it appended when `changed`. */
  revision: Scalars['Int']['output'];
  /** What the write lowered of the tool's safety (`SafetyDowngrade`); also on the revision and the event. */
  safetyDowngrades: Array<SafetyDowngrade>;
  /** The tool as the write left it (after a deletion: as it was deleted). */
  tool: Tool;
};

/** What `undeprecateTool` returns. */
export type UndeprecateToolResult = NamespaceForbidden | ToolNotFound | ToolRevisionConflict | UndeprecateToolSuccess;

/** `undeprecateTool` made the tool active again (or it was). */
export type UndeprecateToolSuccess = ToolWriteSuccess & {
  __typename?: 'UndeprecateToolSuccess';
  /** Whether the write changed anything. */
  changed: Scalars['Boolean']['output'];
  /** The fields of the definition the write changed. */
  changedFields: Array<ToolField>;
  /** The tool's revision after the write. */
  revision: Scalars['Int']['output'];
  /** What the write lowered of the tool's safety. */
  safetyDowngrades: Array<SafetyDowngrade>;
  /** The tool as the write left it. */
  tool: Tool;
};

/** What `updateTool` returns. */
export type UpdateToolResult = NamespaceForbidden | ToolNotFound | ToolRevisionConflict | ToolValidationError | UpdateToolSuccess;

/** `updateTool` changed the tool (or found nothing to change). */
export type UpdateToolSuccess = ToolWriteSuccess & {
  __typename?: 'UpdateToolSuccess';
  /** Whether the write changed anything. */
  changed: Scalars['Boolean']['output'];
  /** The fields of the definition the write changed. */
  changedFields: Array<ToolField>;
  /** The tool's revision after the write. */
  revision: Scalars['Int']['output'];
  /** What the write lowered of the tool's safety. */
  safetyDowngrades: Array<SafetyDowngrade>;
  /** The tool as the write left it. */
  tool: Tool;
};

/** A validation (`WRAPPED` source): it wraps another tool. */
export type WrappedImplementation = {
  __typename?: 'WrappedImplementation';
  /** The wrapped tool; null when it is gone: retired by its owner (`toolRetired`). */
  tool?: Maybe<Tool>;
  /** The name of the wrapped tool, also when it is gone. */
  toolName: Scalars['String']['output'];
  /**
   * Whether the wrapped tool's owner retired it: deprecated it, then deleted it. The validation is left
   * as its team wrote it, wrapping nothing; its team changes it to wrap another tool (the wrapped
   * tool's deprecation named a replacement, if any) or deletes it.
   */
  toolRetired: Scalars['Boolean']['output'];
};

/** A validation's field. */
export type WrappedImplementationInput = {
  /** The name of the existing tool (not a validation) it wraps. */
  toolName: Scalars['String']['input'];
};

/** What a linked specification is needed for. */
export type Link__Purpose =
  /** The specification contains metadata that affects execution. */
  | 'EXECUTION'
  /** The specification contains metadata that affects security. */
  | 'SECURITY';



export type ResolverTypeWrapper<T> = Promise<T> | T;

export type ReferenceResolver<TResult, TReference, TContext> = (
      reference: TReference,
      context: TContext,
      info: GraphQLResolveInfo
    ) => Promise<TResult> | TResult;

      type ScalarCheck<T, S> = S extends true ? T : NullableCheck<T, S>;
      type NullableCheck<T, S> = Maybe<T> extends T ? Maybe<ListCheck<NonNullable<T>, S>> : ListCheck<T, S>;
      type ListCheck<T, S> = T extends (infer U)[] ? NullableCheck<U, S>[] : GraphQLRecursivePick<T, S>;
      export type GraphQLRecursivePick<T, S> = { [K in keyof T & keyof S]: ScalarCheck<T[K], S[K]> };
    

export type ResolverWithResolve<TResult, TParent, TContext, TArgs> = {
  resolve: ResolverFn<TResult, TParent, TContext, TArgs>;
};
export type Resolver<TResult, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = ResolverFn<TResult, TParent, TContext, TArgs> | ResolverWithResolve<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<TResult, TKey extends string, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  | SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs>
  | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<TResult, TKey extends string, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (obj: T, context: TContext, info: GraphQLResolveInfo) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<TResult = Record<PropertyKey, never>, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

/** Mapping of federation types */
export type FederationTypes = {
  Tool: Tool;
};

/** Mapping of federation reference types */
export type FederationReferenceTypes = {
  Tool:
    ( { __typename: 'Tool' }
    & GraphQLRecursivePick<FederationTypes['Tool'], {"name":true}> );
};

/** Mapping of union types */
export type ResolversUnionTypes<_RefType extends Record<string, unknown>> = {
  CreateToolResult:
    | ( Omit<CreateToolSuccess, 'tool'> & { tool: _RefType['Tool'] } & { __typename: 'CreateToolSuccess' } )
    | ( NamespaceForbidden & { __typename: 'NamespaceForbidden' } )
    | ( ToolValidationError & { __typename: 'ToolValidationError' } )
  ;
  DeleteToolResult:
    | ( Omit<DeleteToolSuccess, 'tool'> & { tool: _RefType['Tool'] } & { __typename: 'DeleteToolSuccess' } )
    | ( NamespaceForbidden & { __typename: 'NamespaceForbidden' } )
    | ( Omit<ToolIsWrapped, 'wrappedBy'> & { wrappedBy: Array<_RefType['Tool']> } & { __typename: 'ToolIsWrapped' } )
    | ( ToolNotFound & { __typename: 'ToolNotFound' } )
    | ( Omit<ToolRevisionConflict, 'current'> & { current?: Maybe<_RefType['Tool']> } & { __typename: 'ToolRevisionConflict' } )
  ;
  DeprecateToolResult:
    | ( Omit<DeprecateToolSuccess, 'tool'> & { tool: _RefType['Tool'] } & { __typename: 'DeprecateToolSuccess' } )
    | ( NamespaceForbidden & { __typename: 'NamespaceForbidden' } )
    | ( ToolNotFound & { __typename: 'ToolNotFound' } )
    | ( Omit<ToolRevisionConflict, 'current'> & { current?: Maybe<_RefType['Tool']> } & { __typename: 'ToolRevisionConflict' } )
    | ( ToolValidationError & { __typename: 'ToolValidationError' } )
  ;
  ImportToolsResult:
    | ( Omit<ImportToolsSuccess, 'tools'> & { tools: Array<_RefType['ImportedToolChange']> } & { __typename: 'ImportToolsSuccess' } )
    | ( ImportValidationError & { __typename: 'ImportValidationError' } )
    | ( Omit<ToolRevisionConflict, 'current'> & { current?: Maybe<_RefType['Tool']> } & { __typename: 'ToolRevisionConflict' } )
  ;
  PurgeToolResult:
    | ( NamespaceForbidden & { __typename: 'NamespaceForbidden' } )
    | ( PurgeToolSuccess & { __typename: 'PurgeToolSuccess' } )
    | ( Omit<ToolIsWrapped, 'wrappedBy'> & { wrappedBy: Array<_RefType['Tool']> } & { __typename: 'ToolIsWrapped' } )
    | ( ToolNotDeleted & { __typename: 'ToolNotDeleted' } )
    | ( ToolNotFound & { __typename: 'ToolNotFound' } )
  ;
  RenameToolResult:
    | ( NamespaceForbidden & { __typename: 'NamespaceForbidden' } )
    | ( Omit<RenameToolSuccess, 'tool'> & { tool: _RefType['Tool'] } & { __typename: 'RenameToolSuccess' } )
    | ( ToolNotFound & { __typename: 'ToolNotFound' } )
    | ( Omit<ToolRevisionConflict, 'current'> & { current?: Maybe<_RefType['Tool']> } & { __typename: 'ToolRevisionConflict' } )
    | ( ToolValidationError & { __typename: 'ToolValidationError' } )
  ;
  RestoreToolResult:
    | ( NamespaceForbidden & { __typename: 'NamespaceForbidden' } )
    | ( Omit<RestoreToolSuccess, 'tool'> & { tool: _RefType['Tool'] } & { __typename: 'RestoreToolSuccess' } )
    | ( Omit<ToolRevisionConflict, 'current'> & { current?: Maybe<_RefType['Tool']> } & { __typename: 'ToolRevisionConflict' } )
    | ( ToolValidationError & { __typename: 'ToolValidationError' } )
  ;
  ToolImplementation:
    | ( AgentSkillImplementation & { __typename: 'AgentSkillImplementation' } )
    | ( BuiltinImplementation & { __typename: 'BuiltinImplementation' } )
    | ( CustomImplementation & { __typename: 'CustomImplementation' } )
    | ( McpImplementation & { __typename: 'McpImplementation' } )
    | ( WrappedImplementationModelMapper & { __typename: 'WrappedImplementation' } )
  ;
  UndeprecateToolResult:
    | ( NamespaceForbidden & { __typename: 'NamespaceForbidden' } )
    | ( ToolNotFound & { __typename: 'ToolNotFound' } )
    | ( Omit<ToolRevisionConflict, 'current'> & { current?: Maybe<_RefType['Tool']> } & { __typename: 'ToolRevisionConflict' } )
    | ( Omit<UndeprecateToolSuccess, 'tool'> & { tool: _RefType['Tool'] } & { __typename: 'UndeprecateToolSuccess' } )
  ;
  UpdateToolResult:
    | ( NamespaceForbidden & { __typename: 'NamespaceForbidden' } )
    | ( ToolNotFound & { __typename: 'ToolNotFound' } )
    | ( Omit<ToolRevisionConflict, 'current'> & { current?: Maybe<_RefType['Tool']> } & { __typename: 'ToolRevisionConflict' } )
    | ( ToolValidationError & { __typename: 'ToolValidationError' } )
    | ( Omit<UpdateToolSuccess, 'tool'> & { tool: _RefType['Tool'] } & { __typename: 'UpdateToolSuccess' } )
  ;
};

/** Mapping of interface types */
export type ResolversInterfaceTypes<_RefType extends Record<string, unknown>> = {
  Node:
    | ( StoredToolMapper & { __typename: 'Tool' } )
    | ( StoredRevisionMapper & { __typename: 'ToolRevision' } )
  ;
  RegistryError:
    | ( ImportValidationError & { __typename: 'ImportValidationError' } )
    | ( NamespaceForbidden & { __typename: 'NamespaceForbidden' } )
    | ( Omit<ToolIsWrapped, 'wrappedBy'> & { wrappedBy: Array<_RefType['Tool']> } & { __typename: 'ToolIsWrapped' } )
    | ( ToolNotDeleted & { __typename: 'ToolNotDeleted' } )
    | ( ToolNotFound & { __typename: 'ToolNotFound' } )
    | ( Omit<ToolRevisionConflict, 'current'> & { current?: Maybe<_RefType['Tool']> } & { __typename: 'ToolRevisionConflict' } )
    | ( ToolValidationError & { __typename: 'ToolValidationError' } )
  ;
  ToolWriteSuccess:
    | ( Omit<CreateToolSuccess, 'tool'> & { tool: _RefType['Tool'] } & { __typename: 'CreateToolSuccess' } )
    | ( Omit<DeleteToolSuccess, 'tool'> & { tool: _RefType['Tool'] } & { __typename: 'DeleteToolSuccess' } )
    | ( Omit<DeprecateToolSuccess, 'tool'> & { tool: _RefType['Tool'] } & { __typename: 'DeprecateToolSuccess' } )
    | ( Omit<RenameToolSuccess, 'tool'> & { tool: _RefType['Tool'] } & { __typename: 'RenameToolSuccess' } )
    | ( Omit<RestoreToolSuccess, 'tool'> & { tool: _RefType['Tool'] } & { __typename: 'RestoreToolSuccess' } )
    | ( Omit<UndeprecateToolSuccess, 'tool'> & { tool: _RefType['Tool'] } & { __typename: 'UndeprecateToolSuccess' } )
    | ( Omit<UpdateToolSuccess, 'tool'> & { tool: _RefType['Tool'] } & { __typename: 'UpdateToolSuccess' } )
  ;
};

/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = {
  AgentSkillImplementation: ResolverTypeWrapper<AgentSkillImplementation>;
  AgentSkillImplementationInput: AgentSkillImplementationInput;
  BindingMode: BindingMode;
  BuiltinImplementation: ResolverTypeWrapper<BuiltinImplementation>;
  CapabilityCounts: ResolverTypeWrapper<CapabilityCounts>;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  CheckpointScope: CheckpointScope;
  CreateToolResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['CreateToolResult']>;
  CreateToolSuccess: ResolverTypeWrapper<Omit<CreateToolSuccess, 'tool'> & { tool: ResolversTypes['Tool'] }>;
  CustomImplementation: ResolverTypeWrapper<CustomImplementation>;
  CustomImplementationInput: CustomImplementationInput;
  DateTime: ResolverTypeWrapper<Scalars['DateTime']['output']>;
  DeleteToolResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['DeleteToolResult']>;
  DeleteToolSuccess: ResolverTypeWrapper<Omit<DeleteToolSuccess, 'tool'> & { tool: ResolversTypes['Tool'] }>;
  DeprecateToolResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['DeprecateToolResult']>;
  DeprecateToolSuccess: ResolverTypeWrapper<Omit<DeprecateToolSuccess, 'tool'> & { tool: ResolversTypes['Tool'] }>;
  ExpectedToolRevision: ExpectedToolRevision;
  FindingSeverity: FindingSeverity;
  ImportToolsResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['ImportToolsResult']>;
  ImportToolsSuccess: ResolverTypeWrapper<Omit<ImportToolsSuccess, 'tools'> & { tools: Array<ResolversTypes['ImportedToolChange']> }>;
  ImportValidationError: ResolverTypeWrapper<ImportValidationError>;
  ImportedToolChange: ResolverTypeWrapper<ImportedToolMapper>;
  ImportedToolChangeKind: ImportedToolChangeKind;
  InvalidToolConfig: ResolverTypeWrapper<InvalidToolConfig>;
  JSONObject: ResolverTypeWrapper<Scalars['JSONObject']['output']>;
  McpImplementation: ResolverTypeWrapper<McpImplementation>;
  McpImplementationInput: McpImplementationInput;
  ModelTool: ResolverTypeWrapper<ModelTool>;
  ModelToolFormat: ModelToolFormat;
  ModelToolUnavailableReason: ModelToolUnavailableReason;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Namespace: ResolverTypeWrapper<NamespaceMapper>;
  NamespaceForbidden: ResolverTypeWrapper<NamespaceForbidden>;
  Node: ResolverTypeWrapper<ResolversInterfaceTypes<ResolversTypes>['Node']>;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  PageInfo: ResolverTypeWrapper<PageInfo>;
  PurgeToolResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['PurgeToolResult']>;
  PurgeToolSuccess: ResolverTypeWrapper<PurgeToolSuccess>;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  RegistryError: ResolverTypeWrapper<ResolversInterfaceTypes<ResolversTypes>['RegistryError']>;
  RegistryErrorCode: RegistryErrorCode;
  RenameToolResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['RenameToolResult']>;
  RenameToolSuccess: ResolverTypeWrapper<Omit<RenameToolSuccess, 'tool'> & { tool: ResolversTypes['Tool'] }>;
  ResourceAccessMode: ResourceAccessMode;
  ResourceSlot: ResolverTypeWrapper<ResourceSlotMapper>;
  ResourceSlotInput: ResourceSlotInput;
  RestoreToolResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['RestoreToolResult']>;
  RestoreToolSuccess: ResolverTypeWrapper<Omit<RestoreToolSuccess, 'tool'> & { tool: ResolversTypes['Tool'] }>;
  SafetyDowngrade: ResolverTypeWrapper<SafetyDowngrade>;
  SafetyDowngradeKind: SafetyDowngradeKind;
  SourceCount: ResolverTypeWrapper<SourceCount>;
  Subscription: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Tool: ResolverTypeWrapper<StoredToolMapper>;
  ToolCapability: ResolverTypeWrapper<ToolCapabilityMapper>;
  ToolCapabilityInput: ToolCapabilityInput;
  ToolChangeConnection: ResolverTypeWrapper<ChangePageMapper>;
  ToolChangeEdge: ResolverTypeWrapper<Omit<ToolChangeEdge, 'node'> & { node: ResolversTypes['ToolEvent'] }>;
  ToolConnection: ResolverTypeWrapper<ToolConnectionModelMapper>;
  ToolDeprecation: ResolverTypeWrapper<ToolDeprecationMapper>;
  ToolEdge: ResolverTypeWrapper<Omit<ToolEdge, 'node'> & { node: ResolversTypes['Tool'] }>;
  ToolEvent: ResolverTypeWrapper<ToolEventMapper>;
  ToolEventKind: ToolEventKind;
  ToolField: ToolField;
  ToolFilter: ToolFilter;
  ToolFinding: ResolverTypeWrapper<ToolFinding>;
  ToolImplementation: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['ToolImplementation']>;
  ToolImplementationInput: ToolImplementationInput;
  ToolInput: ToolInput;
  ToolIsWrapped: ResolverTypeWrapper<Omit<ToolIsWrapped, 'wrappedBy'> & { wrappedBy: Array<ResolversTypes['Tool']> }>;
  ToolIssue: ResolverTypeWrapper<ToolIssue>;
  ToolIssueCode: ToolIssueCode;
  ToolLifecycle: ResolverTypeWrapper<ToolLifecycleMapper>;
  ToolLifecycleInput: ToolLifecycleInput;
  ToolNotDeleted: ResolverTypeWrapper<ToolNotDeleted>;
  ToolNotFound: ResolverTypeWrapper<ToolNotFound>;
  ToolOrder: ToolOrder;
  ToolOrderDirection: ToolOrderDirection;
  ToolOrderField: ToolOrderField;
  ToolPatch: ToolPatch;
  ToolRevision: ResolverTypeWrapper<StoredRevisionMapper>;
  ToolRevisionConflict: ResolverTypeWrapper<Omit<ToolRevisionConflict, 'current'> & { current?: Maybe<ResolversTypes['Tool']> }>;
  ToolRevisionConnection: ResolverTypeWrapper<ToolRevisionConnectionModelMapper>;
  ToolRevisionEdge: ResolverTypeWrapper<Omit<ToolRevisionEdge, 'node'> & { node: ResolversTypes['ToolRevision'] }>;
  ToolSearchHit: ResolverTypeWrapper<RankedHitMapper>;
  Float: ResolverTypeWrapper<Scalars['Float']['output']>;
  ToolSource: ToolSource;
  ToolStats: ResolverTypeWrapper<ToolStatsMapper>;
  ToolStatus: ToolStatus;
  ToolTombstone: ResolverTypeWrapper<ToolTombstoneMapper>;
  ToolType: ToolType;
  ToolTypeCount: ResolverTypeWrapper<ToolTypeCount>;
  ToolValidationError: ResolverTypeWrapper<ToolValidationError>;
  ToolWriteSuccess: ResolverTypeWrapper<ResolversInterfaceTypes<ResolversTypes>['ToolWriteSuccess']>;
  UndeprecateToolResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['UndeprecateToolResult']>;
  UndeprecateToolSuccess: ResolverTypeWrapper<Omit<UndeprecateToolSuccess, 'tool'> & { tool: ResolversTypes['Tool'] }>;
  UpdateToolResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['UpdateToolResult']>;
  UpdateToolSuccess: ResolverTypeWrapper<Omit<UpdateToolSuccess, 'tool'> & { tool: ResolversTypes['Tool'] }>;
  WrappedImplementation: ResolverTypeWrapper<WrappedImplementationModelMapper>;
  WrappedImplementationInput: WrappedImplementationInput;
  federation__FieldSet: ResolverTypeWrapper<Scalars['federation__FieldSet']['output']>;
  link__Import: ResolverTypeWrapper<Scalars['link__Import']['output']>;
  link__Purpose: Link__Purpose;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
};

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = {
  AgentSkillImplementation: AgentSkillImplementation;
  AgentSkillImplementationInput: AgentSkillImplementationInput;
  BuiltinImplementation: BuiltinImplementation;
  CapabilityCounts: CapabilityCounts;
  Int: Scalars['Int']['output'];
  CreateToolResult: ResolversUnionTypes<ResolversParentTypes>['CreateToolResult'];
  CreateToolSuccess: Omit<CreateToolSuccess, 'tool'> & { tool: ResolversParentTypes['Tool'] };
  CustomImplementation: CustomImplementation;
  CustomImplementationInput: CustomImplementationInput;
  DateTime: Scalars['DateTime']['output'];
  DeleteToolResult: ResolversUnionTypes<ResolversParentTypes>['DeleteToolResult'];
  DeleteToolSuccess: Omit<DeleteToolSuccess, 'tool'> & { tool: ResolversParentTypes['Tool'] };
  DeprecateToolResult: ResolversUnionTypes<ResolversParentTypes>['DeprecateToolResult'];
  DeprecateToolSuccess: Omit<DeprecateToolSuccess, 'tool'> & { tool: ResolversParentTypes['Tool'] };
  ExpectedToolRevision: ExpectedToolRevision;
  ImportToolsResult: ResolversUnionTypes<ResolversParentTypes>['ImportToolsResult'];
  ImportToolsSuccess: Omit<ImportToolsSuccess, 'tools'> & { tools: Array<ResolversParentTypes['ImportedToolChange']> };
  ImportValidationError: ImportValidationError;
  ImportedToolChange: ImportedToolMapper;
  InvalidToolConfig: InvalidToolConfig;
  JSONObject: Scalars['JSONObject']['output'];
  McpImplementation: McpImplementation;
  McpImplementationInput: McpImplementationInput;
  ModelTool: ModelTool;
  Mutation: Record<PropertyKey, never>;
  Namespace: NamespaceMapper;
  NamespaceForbidden: NamespaceForbidden;
  Node: ResolversInterfaceTypes<ResolversParentTypes>['Node'];
  ID: Scalars['ID']['output'];
  PageInfo: PageInfo;
  PurgeToolResult: ResolversUnionTypes<ResolversParentTypes>['PurgeToolResult'];
  PurgeToolSuccess: PurgeToolSuccess;
  Query: Record<PropertyKey, never>;
  RegistryError: ResolversInterfaceTypes<ResolversParentTypes>['RegistryError'];
  RenameToolResult: ResolversUnionTypes<ResolversParentTypes>['RenameToolResult'];
  RenameToolSuccess: Omit<RenameToolSuccess, 'tool'> & { tool: ResolversParentTypes['Tool'] };
  ResourceSlot: ResourceSlotMapper;
  ResourceSlotInput: ResourceSlotInput;
  RestoreToolResult: ResolversUnionTypes<ResolversParentTypes>['RestoreToolResult'];
  RestoreToolSuccess: Omit<RestoreToolSuccess, 'tool'> & { tool: ResolversParentTypes['Tool'] };
  SafetyDowngrade: SafetyDowngrade;
  SourceCount: SourceCount;
  Subscription: Record<PropertyKey, never>;
  Tool: StoredToolMapper;
  ToolCapability: ToolCapabilityMapper;
  ToolCapabilityInput: ToolCapabilityInput;
  ToolChangeConnection: ChangePageMapper;
  ToolChangeEdge: Omit<ToolChangeEdge, 'node'> & { node: ResolversParentTypes['ToolEvent'] };
  ToolConnection: ToolConnectionModelMapper;
  ToolDeprecation: ToolDeprecationMapper;
  ToolEdge: Omit<ToolEdge, 'node'> & { node: ResolversParentTypes['Tool'] };
  ToolEvent: ToolEventMapper;
  ToolFilter: ToolFilter;
  ToolFinding: ToolFinding;
  ToolImplementation: ResolversUnionTypes<ResolversParentTypes>['ToolImplementation'];
  ToolImplementationInput: ToolImplementationInput;
  ToolInput: ToolInput;
  ToolIsWrapped: Omit<ToolIsWrapped, 'wrappedBy'> & { wrappedBy: Array<ResolversParentTypes['Tool']> };
  ToolIssue: ToolIssue;
  ToolLifecycle: ToolLifecycleMapper;
  ToolLifecycleInput: ToolLifecycleInput;
  ToolNotDeleted: ToolNotDeleted;
  ToolNotFound: ToolNotFound;
  ToolOrder: ToolOrder;
  ToolPatch: ToolPatch;
  ToolRevision: StoredRevisionMapper;
  ToolRevisionConflict: Omit<ToolRevisionConflict, 'current'> & { current?: Maybe<ResolversParentTypes['Tool']> };
  ToolRevisionConnection: ToolRevisionConnectionModelMapper;
  ToolRevisionEdge: Omit<ToolRevisionEdge, 'node'> & { node: ResolversParentTypes['ToolRevision'] };
  ToolSearchHit: RankedHitMapper;
  Float: Scalars['Float']['output'];
  ToolStats: ToolStatsMapper;
  ToolTombstone: ToolTombstoneMapper;
  ToolTypeCount: ToolTypeCount;
  ToolValidationError: ToolValidationError;
  ToolWriteSuccess: ResolversInterfaceTypes<ResolversParentTypes>['ToolWriteSuccess'];
  UndeprecateToolResult: ResolversUnionTypes<ResolversParentTypes>['UndeprecateToolResult'];
  UndeprecateToolSuccess: Omit<UndeprecateToolSuccess, 'tool'> & { tool: ResolversParentTypes['Tool'] };
  UpdateToolResult: ResolversUnionTypes<ResolversParentTypes>['UpdateToolResult'];
  UpdateToolSuccess: Omit<UpdateToolSuccess, 'tool'> & { tool: ResolversParentTypes['Tool'] };
  WrappedImplementation: WrappedImplementationModelMapper;
  WrappedImplementationInput: WrappedImplementationInput;
  federation__FieldSet: Scalars['federation__FieldSet']['output'];
  link__Import: Scalars['link__Import']['output'];
  Boolean: Scalars['Boolean']['output'];
  String: Scalars['String']['output'];
};

export type LinkDirectiveArgs = {
  as?: Maybe<Scalars['String']['input']>;
  for?: Maybe<Link__Purpose>;
  import?: Maybe<Array<Maybe<Scalars['link__Import']['input']>>>;
  url?: Maybe<Scalars['String']['input']>;
};

export type LinkDirectiveResolver<Result, Parent, ContextType = GraphQLContext, Args = LinkDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export type ShareableDirectiveArgs = { };

export type ShareableDirectiveResolver<Result, Parent, ContextType = GraphQLContext, Args = ShareableDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export type AgentSkillImplementationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AgentSkillImplementation'] = ResolversParentTypes['AgentSkillImplementation']> = {
  path?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type BindingModeResolvers = EnumResolverSignature<{ CONTEXTUAL?: any, STATIC?: any }, ResolversTypes['BindingMode']>;

export type BuiltinImplementationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['BuiltinImplementation'] = ResolversParentTypes['BuiltinImplementation']> = {
  builtin?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type CapabilityCountsResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CapabilityCounts'] = ResolversParentTypes['CapabilityCounts']> = {
  checkpointable?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  humanApprovalRequired?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  idempotent?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  readOnly?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  unsafe?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  writes?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type CheckpointScopeResolvers = EnumResolverSignature<{ RESOURCE?: any, SESSION?: any, WRITE_SCOPE?: any }, ResolversTypes['CheckpointScope']>;

export type CreateToolResultResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CreateToolResult'] = ResolversParentTypes['CreateToolResult']> = {
  __resolveType: TypeResolveFn<'CreateToolSuccess' | 'NamespaceForbidden' | 'ToolValidationError', ParentType, ContextType>;
};

export type CreateToolSuccessResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CreateToolSuccess'] = ResolversParentTypes['CreateToolSuccess']> = {
  changed?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  changedFields?: Resolver<Array<ResolversTypes['ToolField']>, ParentType, ContextType>;
  revision?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  safetyDowngrades?: Resolver<Array<ResolversTypes['SafetyDowngrade']>, ParentType, ContextType>;
  tool?: Resolver<ResolversTypes['Tool'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type CustomImplementationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CustomImplementation'] = ResolversParentTypes['CustomImplementation']> = {
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export interface DateTimeScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['DateTime'], any> {
  name: 'DateTime';
}

export type DeleteToolResultResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DeleteToolResult'] = ResolversParentTypes['DeleteToolResult']> = {
  __resolveType: TypeResolveFn<'DeleteToolSuccess' | 'NamespaceForbidden' | 'ToolIsWrapped' | 'ToolNotFound' | 'ToolRevisionConflict', ParentType, ContextType>;
};

export type DeleteToolSuccessResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DeleteToolSuccess'] = ResolversParentTypes['DeleteToolSuccess']> = {
  changed?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  changedFields?: Resolver<Array<ResolversTypes['ToolField']>, ParentType, ContextType>;
  revision?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  safetyDowngrades?: Resolver<Array<ResolversTypes['SafetyDowngrade']>, ParentType, ContextType>;
  tool?: Resolver<ResolversTypes['Tool'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type DeprecateToolResultResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DeprecateToolResult'] = ResolversParentTypes['DeprecateToolResult']> = {
  __resolveType: TypeResolveFn<'DeprecateToolSuccess' | 'NamespaceForbidden' | 'ToolNotFound' | 'ToolRevisionConflict' | 'ToolValidationError', ParentType, ContextType>;
};

export type DeprecateToolSuccessResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DeprecateToolSuccess'] = ResolversParentTypes['DeprecateToolSuccess']> = {
  changed?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  changedFields?: Resolver<Array<ResolversTypes['ToolField']>, ParentType, ContextType>;
  revision?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  safetyDowngrades?: Resolver<Array<ResolversTypes['SafetyDowngrade']>, ParentType, ContextType>;
  tool?: Resolver<ResolversTypes['Tool'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ImportToolsResultResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ImportToolsResult'] = ResolversParentTypes['ImportToolsResult']> = {
  __resolveType: TypeResolveFn<'ImportToolsSuccess' | 'ImportValidationError' | 'ToolRevisionConflict', ParentType, ContextType>;
};

export type ImportToolsSuccessResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ImportToolsSuccess'] = ResolversParentTypes['ImportToolsSuccess']> = {
  changed?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  created?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  deleted?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  dryRun?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  tools?: Resolver<Array<ResolversTypes['ImportedToolChange']>, ParentType, ContextType>;
  unchanged?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  updated?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ImportValidationErrorResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ImportValidationError'] = ResolversParentTypes['ImportValidationError']> = {
  code?: Resolver<ResolversTypes['RegistryErrorCode'], ParentType, ContextType>;
  invalidTools?: Resolver<Array<ResolversTypes['InvalidToolConfig']>, ParentType, ContextType>;
  issues?: Resolver<Array<ResolversTypes['ToolIssue']>, ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ImportedToolChangeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ImportedToolChange'] = ResolversParentTypes['ImportedToolChange']> = {
  change?: Resolver<ResolversTypes['ImportedToolChangeKind'], ParentType, ContextType>;
  changedFields?: Resolver<Array<ResolversTypes['ToolField']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  tool?: Resolver<Maybe<ResolversTypes['Tool']>, ParentType, ContextType>;
};

export type ImportedToolChangeKindResolvers = EnumResolverSignature<{ CREATED?: any, DELETED?: any, UNCHANGED?: any, UPDATED?: any }, ResolversTypes['ImportedToolChangeKind']>;

export type InvalidToolConfigResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['InvalidToolConfig'] = ResolversParentTypes['InvalidToolConfig']> = {
  index?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  issues?: Resolver<Array<ResolversTypes['ToolIssue']>, ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export interface JsonObjectScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['JSONObject'], any> {
  name: 'JSONObject';
}

export type McpImplementationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['McpImplementation'] = ResolversParentTypes['McpImplementation']> = {
  server?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  toolName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ModelToolResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ModelTool'] = ResolversParentTypes['ModelTool']> = {
  definition?: Resolver<Maybe<ResolversTypes['JSONObject']>, ParentType, ContextType>;
  format?: Resolver<ResolversTypes['ModelToolFormat'], ParentType, ContextType>;
  unavailableMessage?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  unavailableReason?: Resolver<Maybe<ResolversTypes['ModelToolUnavailableReason']>, ParentType, ContextType>;
};

export type ModelToolFormatResolvers = EnumResolverSignature<{ ANTHROPIC?: any, MCP?: any, OPENAI_CHAT_COMPLETIONS?: any }, ResolversTypes['ModelToolFormat']>;

export type ModelToolUnavailableReasonResolvers = EnumResolverSignature<{ HIGH_FINDING?: any, INPUT_SCHEMA_NOT_OBJECT?: any, NAME_TOO_LONG?: any }, ResolversTypes['ModelToolUnavailableReason']>;

export type MutationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = {
  createTool?: Resolver<ResolversTypes['CreateToolResult'], ParentType, ContextType, RequireFields<MutationCreateToolArgs, 'input'>>;
  deleteTool?: Resolver<ResolversTypes['DeleteToolResult'], ParentType, ContextType, RequireFields<MutationDeleteToolArgs, 'name'>>;
  deprecateTool?: Resolver<ResolversTypes['DeprecateToolResult'], ParentType, ContextType, RequireFields<MutationDeprecateToolArgs, 'message' | 'name'>>;
  importTools?: Resolver<ResolversTypes['ImportToolsResult'], ParentType, ContextType, RequireFields<MutationImportToolsArgs, 'config' | 'dryRun'>>;
  purgeTool?: Resolver<ResolversTypes['PurgeToolResult'], ParentType, ContextType, RequireFields<MutationPurgeToolArgs, 'name'>>;
  renameTool?: Resolver<ResolversTypes['RenameToolResult'], ParentType, ContextType, RequireFields<MutationRenameToolArgs, 'name' | 'newName'>>;
  restoreTool?: Resolver<ResolversTypes['RestoreToolResult'], ParentType, ContextType, RequireFields<MutationRestoreToolArgs, 'name' | 'revision'>>;
  undeprecateTool?: Resolver<ResolversTypes['UndeprecateToolResult'], ParentType, ContextType, RequireFields<MutationUndeprecateToolArgs, 'name'>>;
  updateTool?: Resolver<ResolversTypes['UpdateToolResult'], ParentType, ContextType, RequireFields<MutationUpdateToolArgs, 'input' | 'name'>>;
};

export type NamespaceResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Namespace'] = ResolversParentTypes['Namespace']> = {
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  toolCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type NamespaceForbiddenResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['NamespaceForbidden'] = ResolversParentTypes['NamespaceForbidden']> = {
  code?: Resolver<ResolversTypes['RegistryErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  namespace?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type NodeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Node'] = ResolversParentTypes['Node']> = {
  __resolveType: TypeResolveFn<'Tool' | 'ToolRevision', ParentType, ContextType>;
};

export type PageInfoResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PageInfo'] = ResolversParentTypes['PageInfo']> = {
  endCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  hasNextPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  hasPreviousPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  startCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type PurgeToolResultResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PurgeToolResult'] = ResolversParentTypes['PurgeToolResult']> = {
  __resolveType: TypeResolveFn<'NamespaceForbidden' | 'PurgeToolSuccess' | 'ToolIsWrapped' | 'ToolNotDeleted' | 'ToolNotFound', ParentType, ContextType>;
};

export type PurgeToolSuccessResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PurgeToolSuccess'] = ResolversParentTypes['PurgeToolSuccess']> = {
  freedNames?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  revisions?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type QueryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = {
  changes?: Resolver<Maybe<ResolversTypes['ToolChangeConnection']>, ParentType, ContextType, RequireFields<QueryChangesArgs, 'first'>>;
  namespaces?: Resolver<Maybe<Array<ResolversTypes['Namespace']>>, ParentType, ContextType>;
  node?: Resolver<Maybe<ResolversTypes['Node']>, ParentType, ContextType, RequireFields<QueryNodeArgs, 'id'>>;
  nodes?: Resolver<Array<Maybe<ResolversTypes['Node']>>, ParentType, ContextType, RequireFields<QueryNodesArgs, 'ids'>>;
  searchTools?: Resolver<Maybe<Array<ResolversTypes['ToolSearchHit']>>, ParentType, ContextType, RequireFields<QuerySearchToolsArgs, 'first' | 'query'>>;
  tool?: Resolver<Maybe<ResolversTypes['Tool']>, ParentType, ContextType, RequireFields<QueryToolArgs, 'name'>>;
  toolByModelName?: Resolver<Maybe<ResolversTypes['Tool']>, ParentType, ContextType, RequireFields<QueryToolByModelNameArgs, 'modelName'>>;
  toolRevision?: Resolver<Maybe<ResolversTypes['ToolRevision']>, ParentType, ContextType, RequireFields<QueryToolRevisionArgs, 'name'>>;
  toolStats?: Resolver<Maybe<ResolversTypes['ToolStats']>, ParentType, ContextType, Partial<QueryToolStatsArgs>>;
  toolTombstone?: Resolver<Maybe<ResolversTypes['ToolTombstone']>, ParentType, ContextType, RequireFields<QueryToolTombstoneArgs, 'name'>>;
  tools?: Resolver<Maybe<ResolversTypes['ToolConnection']>, ParentType, ContextType, RequireFields<QueryToolsArgs, 'first'>>;
};

export type RegistryErrorResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RegistryError'] = ResolversParentTypes['RegistryError']> = {
  __resolveType: TypeResolveFn<'ImportValidationError' | 'NamespaceForbidden' | 'ToolIsWrapped' | 'ToolNotDeleted' | 'ToolNotFound' | 'ToolRevisionConflict' | 'ToolValidationError', ParentType, ContextType>;
};

export type RenameToolResultResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RenameToolResult'] = ResolversParentTypes['RenameToolResult']> = {
  __resolveType: TypeResolveFn<'NamespaceForbidden' | 'RenameToolSuccess' | 'ToolNotFound' | 'ToolRevisionConflict' | 'ToolValidationError', ParentType, ContextType>;
};

export type RenameToolSuccessResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RenameToolSuccess'] = ResolversParentTypes['RenameToolSuccess']> = {
  changed?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  changedFields?: Resolver<Array<ResolversTypes['ToolField']>, ParentType, ContextType>;
  revision?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  safetyDowngrades?: Resolver<Array<ResolversTypes['SafetyDowngrade']>, ParentType, ContextType>;
  tool?: Resolver<ResolversTypes['Tool'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ResourceAccessModeResolvers = EnumResolverSignature<{ READ_ONLY?: any, READ_WRITE?: any }, ResolversTypes['ResourceAccessMode']>;

export type ResourceSlotResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ResourceSlot'] = ResolversParentTypes['ResourceSlot']> = {
  access?: Resolver<ResolversTypes['ResourceAccessMode'], ParentType, ContextType>;
  binding?: Resolver<ResolversTypes['BindingMode'], ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  required?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  resourceType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  staticResource?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type RestoreToolResultResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RestoreToolResult'] = ResolversParentTypes['RestoreToolResult']> = {
  __resolveType: TypeResolveFn<'NamespaceForbidden' | 'RestoreToolSuccess' | 'ToolRevisionConflict' | 'ToolValidationError', ParentType, ContextType>;
};

export type RestoreToolSuccessResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RestoreToolSuccess'] = ResolversParentTypes['RestoreToolSuccess']> = {
  changed?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  changedFields?: Resolver<Array<ResolversTypes['ToolField']>, ParentType, ContextType>;
  revision?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  safetyDowngrades?: Resolver<Array<ResolversTypes['SafetyDowngrade']>, ParentType, ContextType>;
  tool?: Resolver<ResolversTypes['Tool'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type SafetyDowngradeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SafetyDowngrade'] = ResolversParentTypes['SafetyDowngrade']> = {
  kind?: Resolver<ResolversTypes['SafetyDowngradeKind'], ParentType, ContextType>;
  sideEffect?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type SafetyDowngradeKindResolvers = EnumResolverSignature<{ HUMAN_APPROVAL_OFF?: any, IDEMPOTENT_ON?: any, READ_ONLY_ON?: any, SIDE_EFFECT_REMOVED?: any, UNSAFE_OFF?: any, WRITES_OFF?: any }, ResolversTypes['SafetyDowngradeKind']>;

export type SourceCountResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SourceCount'] = ResolversParentTypes['SourceCount']> = {
  count?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  source?: Resolver<ResolversTypes['ToolSource'], ParentType, ContextType>;
};

export type SubscriptionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Subscription'] = ResolversParentTypes['Subscription']> = {
  toolEvents?: SubscriptionResolver<ResolversTypes['ToolEvent'], "toolEvents", ParentType, ContextType, Partial<SubscriptionToolEventsArgs>>;
};

export type ToolResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Tool'] = ResolversParentTypes['Tool'], FederationReferenceType extends FederationReferenceTypes['Tool'] = FederationReferenceTypes['Tool']> = {
  __resolveReference?: ReferenceResolver<Maybe<ResolversTypes['Tool']> | FederationReferenceType, FederationReferenceType, ContextType>;
  agentSkillPath?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  asAnthropicTool?: Resolver<Maybe<ResolversTypes['JSONObject']>, ParentType, ContextType>;
  asMcpTool?: Resolver<Maybe<ResolversTypes['JSONObject']>, ParentType, ContextType>;
  asOpenAiTool?: Resolver<Maybe<ResolversTypes['JSONObject']>, ParentType, ContextType>;
  capability?: Resolver<ResolversTypes['ToolCapability'], ParentType, ContextType>;
  cliDict?: Resolver<ResolversTypes['JSONObject'], ParentType, ContextType>;
  code?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  contentHash?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  createdBy?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  deprecation?: Resolver<Maybe<ResolversTypes['ToolDeprecation']>, ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  findings?: Resolver<Maybe<Array<ResolversTypes['ToolFinding']>>, ParentType, ContextType>;
  history?: Resolver<Maybe<ResolversTypes['ToolRevisionConnection']>, ParentType, ContextType, RequireFields<ToolHistoryArgs, 'first'>>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  implementation?: Resolver<ResolversTypes['ToolImplementation'], ParentType, ContextType>;
  inputSchema?: Resolver<Maybe<ResolversTypes['JSONObject']>, ParentType, ContextType>;
  lifecycle?: Resolver<Maybe<ResolversTypes['ToolLifecycle']>, ParentType, ContextType>;
  mcpServer?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  mcpToolName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  modelName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  modelTool?: Resolver<ResolversTypes['ModelTool'], ParentType, ContextType, RequireFields<ToolModelToolArgs, 'format'>>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  namespace?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  outputSchema?: Resolver<Maybe<ResolversTypes['JSONObject']>, ParentType, ContextType>;
  resourceSlots?: Resolver<Array<ResolversTypes['ResourceSlot']>, ParentType, ContextType>;
  revision?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  shortName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  source?: Resolver<ResolversTypes['ToolSource'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['ToolStatus'], ParentType, ContextType>;
  timeout?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  toolType?: Resolver<ResolversTypes['ToolType'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  updatedBy?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  wrappedBy?: Resolver<Maybe<Array<ResolversTypes['Tool']>>, ParentType, ContextType>;
  wraps?: Resolver<Maybe<ResolversTypes['Tool']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ToolCapabilityResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ToolCapability'] = ResolversParentTypes['ToolCapability']> = {
  checkpointScope?: Resolver<Maybe<ResolversTypes['CheckpointScope']>, ParentType, ContextType>;
  checkpointable?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  costProfile?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  humanApprovalRequired?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  idempotent?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  readOnly?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  sideEffects?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  unsafe?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  writeScope?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  writes?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type ToolChangeConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ToolChangeConnection'] = ResolversParentTypes['ToolChangeConnection']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  edges?: Resolver<Array<ResolversTypes['ToolChangeEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type ToolChangeEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ToolChangeEdge'] = ResolversParentTypes['ToolChangeEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['ToolEvent'], ParentType, ContextType>;
};

export type ToolConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ToolConnection'] = ResolversParentTypes['ToolConnection']> = {
  edges?: Resolver<Array<ResolversTypes['ToolEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type ToolDeprecationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ToolDeprecation'] = ResolversParentTypes['ToolDeprecation']> = {
  deprecatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  deprecatedBy?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  replacedBy?: Resolver<Maybe<ResolversTypes['Tool']>, ParentType, ContextType>;
  replacedByName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type ToolEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ToolEdge'] = ResolversParentTypes['ToolEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Tool'], ParentType, ContextType>;
};

export type ToolEventResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ToolEvent'] = ResolversParentTypes['ToolEvent']> = {
  actor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  contentHash?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['ToolEventKind'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  occurredAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  renamedFrom?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  revision?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  safetyDowngrades?: Resolver<Array<ResolversTypes['SafetyDowngrade']>, ParentType, ContextType>;
  tombstone?: Resolver<Maybe<ResolversTypes['ToolTombstone']>, ParentType, ContextType>;
  tool?: Resolver<Maybe<ResolversTypes['Tool']>, ParentType, ContextType>;
};

export type ToolEventKindResolvers = EnumResolverSignature<{ CREATED?: any, DELETED?: any, DEPRECATED?: any, PURGED?: any, RENAMED?: any, RESTORED?: any, UNDEPRECATED?: any, UPDATED?: any }, ResolversTypes['ToolEventKind']>;

export type ToolFieldResolvers = EnumResolverSignature<{ AGENT_SKILL_PATH?: any, CAPABILITY?: any, CODE?: any, DESCRIPTION?: any, INPUT_SCHEMA?: any, LIFECYCLE?: any, MCP_SERVER?: any, MCP_TOOL_NAME?: any, NAME?: any, OUTPUT_SCHEMA?: any, RESOURCE_SLOTS?: any, SOURCE?: any, TIMEOUT?: any, TOOL_TYPE?: any, WRAPS?: any }, ResolversTypes['ToolField']>;

export type ToolFindingResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ToolFinding'] = ResolversParentTypes['ToolFinding']> = {
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  path?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  severity?: Resolver<ResolversTypes['FindingSeverity'], ParentType, ContextType>;
};

export type ToolImplementationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ToolImplementation'] = ResolversParentTypes['ToolImplementation']> = {
  __resolveType: TypeResolveFn<'AgentSkillImplementation' | 'BuiltinImplementation' | 'CustomImplementation' | 'McpImplementation' | 'WrappedImplementation', ParentType, ContextType>;
};

export type ToolIsWrappedResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ToolIsWrapped'] = ResolversParentTypes['ToolIsWrapped']> = {
  code?: Resolver<ResolversTypes['RegistryErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  wrappedBy?: Resolver<Array<ResolversTypes['Tool']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ToolIssueResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ToolIssue'] = ResolversParentTypes['ToolIssue']> = {
  code?: Resolver<ResolversTypes['ToolIssueCode'], ParentType, ContextType>;
  column?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  configPath?: Resolver<Maybe<Array<ResolversTypes['String']>>, ParentType, ContextType>;
  line?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  path?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
};

export type ToolIssueCodeResolvers = EnumResolverSignature<{ CHECKPOINT_SCOPE_WITHOUT_CHECKPOINTABLE?: any, DUPLICATE_SLOT_NAME?: any, FIELD_NOT_ALLOWED?: any, INVALID_CONFIG?: any, INVALID_DESCRIPTION?: any, INVALID_JSON_SCHEMA?: any, INVALID_NAME?: any, INVALID_SLOT_NAME?: any, INVALID_TIMEOUT?: any, INVALID_VALUE?: any, MISSING_SOURCE_FIELD?: any, NAMESPACE_FORBIDDEN?: any, NAME_TAKEN?: any, READ_ONLY_CONFLICT?: any, REPLACEMENT_NOT_FOUND?: any, REQUIRED_FIELD?: any, REVISION_NOT_FOUND?: any, REVISION_PRUNED?: any, SAFETY_DOWNGRADE_FORBIDDEN?: any, STATIC_RESOURCE_FORBIDDEN?: any, STATIC_RESOURCE_REQUIRED?: any, TOOL_IS_WRAPPED?: any, UNKNOWN_FIELD?: any, UNSAFE_CONTENT?: any, VALUE_TOO_LARGE?: any, WRAPPED_ONLY_FOR_VALIDATION?: any, WRAPPED_TOOL_NOT_FOUND?: any }, ResolversTypes['ToolIssueCode']>;

export type ToolLifecycleResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ToolLifecycle'] = ResolversParentTypes['ToolLifecycle']> = {
  activate?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  deactivate?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  discover?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type ToolNotDeletedResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ToolNotDeleted'] = ResolversParentTypes['ToolNotDeleted']> = {
  code?: Resolver<ResolversTypes['RegistryErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ToolNotFoundResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ToolNotFound'] = ResolversParentTypes['ToolNotFound']> = {
  code?: Resolver<ResolversTypes['RegistryErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ToolOrderDirectionResolvers = EnumResolverSignature<{ ASC?: any, DESC?: any }, ResolversTypes['ToolOrderDirection']>;

export type ToolOrderFieldResolvers = EnumResolverSignature<{ NAME?: any, UPDATED_AT?: any }, ResolversTypes['ToolOrderField']>;

export type ToolRevisionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ToolRevision'] = ResolversParentTypes['ToolRevision']> = {
  actor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  changedFields?: Resolver<Array<ResolversTypes['ToolField']>, ParentType, ContextType>;
  committedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  contentHash?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  definition?: Resolver<ResolversTypes['JSONObject'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['ToolEventKind'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  revision?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  safetyDowngrades?: Resolver<Array<ResolversTypes['SafetyDowngrade']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ToolRevisionConflictResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ToolRevisionConflict'] = ResolversParentTypes['ToolRevisionConflict']> = {
  code?: Resolver<ResolversTypes['RegistryErrorCode'], ParentType, ContextType>;
  current?: Resolver<Maybe<ResolversTypes['Tool']>, ParentType, ContextType>;
  currentRevision?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  expectedRevision?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ToolRevisionConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ToolRevisionConnection'] = ResolversParentTypes['ToolRevisionConnection']> = {
  edges?: Resolver<Array<ResolversTypes['ToolRevisionEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type ToolRevisionEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ToolRevisionEdge'] = ResolversParentTypes['ToolRevisionEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['ToolRevision'], ParentType, ContextType>;
};

export type ToolSearchHitResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ToolSearchHit'] = ResolversParentTypes['ToolSearchHit']> = {
  score?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  tool?: Resolver<ResolversTypes['Tool'], ParentType, ContextType>;
};

export type ToolSourceResolvers = EnumResolverSignature<{ AGENT_SKILL?: any, BUILTIN?: any, CUSTOM?: any, MCP?: any, WRAPPED?: any }, ResolversTypes['ToolSource']>;

export type ToolStatsResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ToolStats'] = ResolversParentTypes['ToolStats']> = {
  byNamespace?: Resolver<Array<ResolversTypes['Namespace']>, ParentType, ContextType>;
  bySource?: Resolver<Array<ResolversTypes['SourceCount']>, ParentType, ContextType>;
  byToolType?: Resolver<Array<ResolversTypes['ToolTypeCount']>, ParentType, ContextType>;
  capabilities?: Resolver<ResolversTypes['CapabilityCounts'], ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type ToolStatusResolvers = EnumResolverSignature<{ ACTIVE?: any, DEPRECATED?: any }, ResolversTypes['ToolStatus']>;

export type ToolTombstoneResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ToolTombstone'] = ResolversParentTypes['ToolTombstone']> = {
  deletedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  deletedBy?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  history?: Resolver<Maybe<ResolversTypes['ToolRevisionConnection']>, ParentType, ContextType, RequireFields<ToolTombstoneHistoryArgs, 'first'>>;
  lastRevision?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  purged?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  renamedTo?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type ToolTypeResolvers = EnumResolverSignature<{ TOOL?: any, VALIDATION?: any }, ResolversTypes['ToolType']>;

export type ToolTypeCountResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ToolTypeCount'] = ResolversParentTypes['ToolTypeCount']> = {
  count?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  toolType?: Resolver<ResolversTypes['ToolType'], ParentType, ContextType>;
};

export type ToolValidationErrorResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ToolValidationError'] = ResolversParentTypes['ToolValidationError']> = {
  code?: Resolver<ResolversTypes['RegistryErrorCode'], ParentType, ContextType>;
  issues?: Resolver<Array<ResolversTypes['ToolIssue']>, ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ToolWriteSuccessResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ToolWriteSuccess'] = ResolversParentTypes['ToolWriteSuccess']> = {
  __resolveType: TypeResolveFn<'CreateToolSuccess' | 'DeleteToolSuccess' | 'DeprecateToolSuccess' | 'RenameToolSuccess' | 'RestoreToolSuccess' | 'UndeprecateToolSuccess' | 'UpdateToolSuccess', ParentType, ContextType>;
};

export type UndeprecateToolResultResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['UndeprecateToolResult'] = ResolversParentTypes['UndeprecateToolResult']> = {
  __resolveType: TypeResolveFn<'NamespaceForbidden' | 'ToolNotFound' | 'ToolRevisionConflict' | 'UndeprecateToolSuccess', ParentType, ContextType>;
};

export type UndeprecateToolSuccessResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['UndeprecateToolSuccess'] = ResolversParentTypes['UndeprecateToolSuccess']> = {
  changed?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  changedFields?: Resolver<Array<ResolversTypes['ToolField']>, ParentType, ContextType>;
  revision?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  safetyDowngrades?: Resolver<Array<ResolversTypes['SafetyDowngrade']>, ParentType, ContextType>;
  tool?: Resolver<ResolversTypes['Tool'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type UpdateToolResultResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['UpdateToolResult'] = ResolversParentTypes['UpdateToolResult']> = {
  __resolveType: TypeResolveFn<'NamespaceForbidden' | 'ToolNotFound' | 'ToolRevisionConflict' | 'ToolValidationError' | 'UpdateToolSuccess', ParentType, ContextType>;
};

export type UpdateToolSuccessResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['UpdateToolSuccess'] = ResolversParentTypes['UpdateToolSuccess']> = {
  changed?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  changedFields?: Resolver<Array<ResolversTypes['ToolField']>, ParentType, ContextType>;
  revision?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  safetyDowngrades?: Resolver<Array<ResolversTypes['SafetyDowngrade']>, ParentType, ContextType>;
  tool?: Resolver<ResolversTypes['Tool'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type WrappedImplementationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WrappedImplementation'] = ResolversParentTypes['WrappedImplementation']> = {
  tool?: Resolver<Maybe<ResolversTypes['Tool']>, ParentType, ContextType>;
  toolName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  toolRetired?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export interface Federation__FieldSetScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['federation__FieldSet'], any> {
  name: 'federation__FieldSet';
}

export interface Link__ImportScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['link__Import'], any> {
  name: 'link__Import';
}

export type Resolvers<ContextType = GraphQLContext> = {
  AgentSkillImplementation?: AgentSkillImplementationResolvers<ContextType>;
  BindingMode?: BindingModeResolvers;
  BuiltinImplementation?: BuiltinImplementationResolvers<ContextType>;
  CapabilityCounts?: CapabilityCountsResolvers<ContextType>;
  CheckpointScope?: CheckpointScopeResolvers;
  CreateToolResult?: CreateToolResultResolvers<ContextType>;
  CreateToolSuccess?: CreateToolSuccessResolvers<ContextType>;
  CustomImplementation?: CustomImplementationResolvers<ContextType>;
  DateTime?: GraphQLScalarType;
  DeleteToolResult?: DeleteToolResultResolvers<ContextType>;
  DeleteToolSuccess?: DeleteToolSuccessResolvers<ContextType>;
  DeprecateToolResult?: DeprecateToolResultResolvers<ContextType>;
  DeprecateToolSuccess?: DeprecateToolSuccessResolvers<ContextType>;
  ImportToolsResult?: ImportToolsResultResolvers<ContextType>;
  ImportToolsSuccess?: ImportToolsSuccessResolvers<ContextType>;
  ImportValidationError?: ImportValidationErrorResolvers<ContextType>;
  ImportedToolChange?: ImportedToolChangeResolvers<ContextType>;
  ImportedToolChangeKind?: ImportedToolChangeKindResolvers;
  InvalidToolConfig?: InvalidToolConfigResolvers<ContextType>;
  JSONObject?: GraphQLScalarType;
  McpImplementation?: McpImplementationResolvers<ContextType>;
  ModelTool?: ModelToolResolvers<ContextType>;
  ModelToolFormat?: ModelToolFormatResolvers;
  ModelToolUnavailableReason?: ModelToolUnavailableReasonResolvers;
  Mutation?: MutationResolvers<ContextType>;
  Namespace?: NamespaceResolvers<ContextType>;
  NamespaceForbidden?: NamespaceForbiddenResolvers<ContextType>;
  Node?: NodeResolvers<ContextType>;
  PageInfo?: PageInfoResolvers<ContextType>;
  PurgeToolResult?: PurgeToolResultResolvers<ContextType>;
  PurgeToolSuccess?: PurgeToolSuccessResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  RegistryError?: RegistryErrorResolvers<ContextType>;
  RenameToolResult?: RenameToolResultResolvers<ContextType>;
  RenameToolSuccess?: RenameToolSuccessResolvers<ContextType>;
  ResourceAccessMode?: ResourceAccessModeResolvers;
  ResourceSlot?: ResourceSlotResolvers<ContextType>;
  RestoreToolResult?: RestoreToolResultResolvers<ContextType>;
  RestoreToolSuccess?: RestoreToolSuccessResolvers<ContextType>;
  SafetyDowngrade?: SafetyDowngradeResolvers<ContextType>;
  SafetyDowngradeKind?: SafetyDowngradeKindResolvers;
  SourceCount?: SourceCountResolvers<ContextType>;
  Subscription?: SubscriptionResolvers<ContextType>;
  Tool?: ToolResolvers<ContextType>;
  ToolCapability?: ToolCapabilityResolvers<ContextType>;
  ToolChangeConnection?: ToolChangeConnectionResolvers<ContextType>;
  ToolChangeEdge?: ToolChangeEdgeResolvers<ContextType>;
  ToolConnection?: ToolConnectionResolvers<ContextType>;
  ToolDeprecation?: ToolDeprecationResolvers<ContextType>;
  ToolEdge?: ToolEdgeResolvers<ContextType>;
  ToolEvent?: ToolEventResolvers<ContextType>;
  ToolEventKind?: ToolEventKindResolvers;
  ToolField?: ToolFieldResolvers;
  ToolFinding?: ToolFindingResolvers<ContextType>;
  ToolImplementation?: ToolImplementationResolvers<ContextType>;
  ToolIsWrapped?: ToolIsWrappedResolvers<ContextType>;
  ToolIssue?: ToolIssueResolvers<ContextType>;
  ToolIssueCode?: ToolIssueCodeResolvers;
  ToolLifecycle?: ToolLifecycleResolvers<ContextType>;
  ToolNotDeleted?: ToolNotDeletedResolvers<ContextType>;
  ToolNotFound?: ToolNotFoundResolvers<ContextType>;
  ToolOrderDirection?: ToolOrderDirectionResolvers;
  ToolOrderField?: ToolOrderFieldResolvers;
  ToolRevision?: ToolRevisionResolvers<ContextType>;
  ToolRevisionConflict?: ToolRevisionConflictResolvers<ContextType>;
  ToolRevisionConnection?: ToolRevisionConnectionResolvers<ContextType>;
  ToolRevisionEdge?: ToolRevisionEdgeResolvers<ContextType>;
  ToolSearchHit?: ToolSearchHitResolvers<ContextType>;
  ToolSource?: ToolSourceResolvers;
  ToolStats?: ToolStatsResolvers<ContextType>;
  ToolStatus?: ToolStatusResolvers;
  ToolTombstone?: ToolTombstoneResolvers<ContextType>;
  ToolType?: ToolTypeResolvers;
  ToolTypeCount?: ToolTypeCountResolvers<ContextType>;
  ToolValidationError?: ToolValidationErrorResolvers<ContextType>;
  ToolWriteSuccess?: ToolWriteSuccessResolvers<ContextType>;
  UndeprecateToolResult?: UndeprecateToolResultResolvers<ContextType>;
  UndeprecateToolSuccess?: UndeprecateToolSuccessResolvers<ContextType>;
  UpdateToolResult?: UpdateToolResultResolvers<ContextType>;
  UpdateToolSuccess?: UpdateToolSuccessResolvers<ContextType>;
  WrappedImplementation?: WrappedImplementationResolvers<ContextType>;
  federation__FieldSet?: GraphQLScalarType;
  link__Import?: GraphQLScalarType;
};

export type DirectiveResolvers<ContextType = GraphQLContext> = {
  link?: LinkDirectiveResolver<any, any, ContextType>;
  shareable?: ShareableDirectiveResolver<any, any, ContextType>;
};
