import type { Grant, Role } from './access';
import type { LoggedChange, ToolTombstone } from './events';
import type { FindingSeverity } from './findings';
import type { HistoryPruning, RevisionRange, StoredRevision, ToolRevision } from './history';
import type { RevisedTool, StoredTool, ToolDeprecation, ToolSource, ToolStatus, ToolType } from './model';

/**
 * What the domain needs from persistence. Implemented by src/store (Prisma); the domain never
 * sees the database, only these operations.
 */

/** The capability flags a filter can select by and `toolStats` counts (and the ToolFacet table keeps). */
export const CAPABILITY_FLAGS = ['readOnly', 'writes', 'checkpointable', 'idempotent', 'unsafe', 'humanApprovalRequired'] as const;
export type CapabilityFlag = (typeof CAPABILITY_FLAGS)[number];

/**
 * What a client asks of a list of live tools (tombstones are never listed: a name's is read on
 * its own, `ToolQueries.tombstones`): every given criterion must hold. A list criterion holds when
 * one of its values does. The API refuses a filter that gives a criterion in both forms, or an empty
 * or overlong list (filter.ts `filterProblems`); the domain still reads any filter as the
 * conjunction of its criteria (filter.ts `toolQuery`).
 */
export interface ToolFilter extends Partial<Record<CapabilityFlag, boolean | null>> {
  /** Deprecated: one value of `namespaceIn`. */
  namespace?: string | null;
  /** Only tools of one of these namespaces. */
  namespaceIn?: readonly string[] | null;
  /** Deprecated: one value of `sourceIn`. */
  source?: ToolSource | null;
  /** Only tools of one of these sources. */
  sourceIn?: readonly ToolSource[] | null;
  /** Only tools of one of these statuses. */
  statusIn?: readonly ToolStatus[] | null;
  toolType?: ToolType | null;
  /** Case-insensitive substring of the name or the description. */
  search?: string | null;
  /** Only tools whose most severe finding is at most this (LOW: no MEDIUM or HIGH finding; a tool without findings always passes). */
  maxFindingSeverity?: FindingSeverity | null;
  /** Only tools whose `updatedAt` is at or after this instant (sync: "what changed since"). */
  updatedSince?: Date | null;
}

declare const madeByToolQuery: unique symbol;

/**
 * A filter as the store runs it, made only by `toolQuery` (filter.ts): each list criterion a
 * non-empty list of distinct values (the single-value forms folded in), every namespace a valid
 * namespace, `search` a search key (search.ts), which the store looks for in the name and in the
 * description's search key, and `deprecated` the status criterion when it selects (null: both
 * live statuses, or no status criterion).
 */
export type ToolQuery = Omit<ToolFilter, 'namespace' | 'source' | 'statusIn'> & {
  /** Only tools that are (true) or are not (false) deprecated. */
  readonly deprecated?: boolean;
  /** Only the tools of these names: ranked search asks which of its candidates pass a filter (filter.ts `amongNames`). */
  readonly names?: readonly string[];
  readonly [madeByToolQuery]: true;
};

export type ToolOrderField = 'name' | 'updatedAt';
export type OrderDirection = 'asc' | 'desc';

/**
 * The order of a list. Every order is total: `updatedAt` ties are broken by `name` in the same
 * direction, so keyset paging never skips or repeats a tool.
 */
export interface ToolOrder {
  field: ToolOrderField;
  direction: OrderDirection;
}

export const DEFAULT_TOOL_ORDER: ToolOrder = { field: 'name', direction: 'asc' };

/** Where a page starts: the sort key of the last tool of the previous page (of the same order). */
export interface ToolPosition {
  name: string;
  /** Needed when ordering by `updatedAt`. */
  updatedAt?: Date;
}

export interface ToolPageRequest {
  query: ToolQuery;
  /** At most this many tools, in `order`. */
  first: number;
  /** Default: name ascending. */
  order?: ToolOrder;
  /** Keyset cursor: only tools after this position in `order`; null or absent: from the start. */
  after?: ToolPosition | null;
  /** Also count all tools of `query` (`ToolPage.total`), where the store can do it together with the page. */
  withTotal?: boolean;
}

/** A namespace and how many tools (validations included) it holds: all of them (`namespaces`), or those a filter counts (`ToolStats`). */
export interface Namespace {
  name: string;
  toolCount: number;
}

export interface SourceCount {
  source: ToolSource;
  count: number;
}

export interface ToolTypeCount {
  toolType: ToolType;
  count: number;
}

/** How many tools have each capability flag set. */
export type CapabilityCounts = Record<CapabilityFlag, number>;

/**
 * Facet counts of the tools that pass one filter. `total` equals `count(filter)`; each facet
 * (namespace, source, tool type, each capability flag) is counted under the filter without its
 * own criterion (disjunctive facets), so the values a client did not pick keep their counts. Each
 * facet lists only values that at least one tool so counted has, ordered by count (highest
 * first), ties by value.
 */
export interface ToolStats {
  total: number;
  byNamespace: Namespace[];
  bySource: SourceCount[];
  byToolType: ToolTypeCount[];
  capabilities: CapabilityCounts;
}

/** The facets of no tools at all. */
export function emptyToolStats(): ToolStats {
  return {
    total: 0,
    byNamespace: [],
    bySource: [],
    byToolType: [],
    capabilities: { readOnly: 0, writes: 0, checkpointable: 0, idempotent: 0, unsafe: 0, humanApprovalRequired: 0 },
  };
}

export interface ToolPage {
  tools: StoredTool[];
  hasNextPage: boolean;
  /** When asked for (`withTotal`): the number of all tools of the query, as `count` gives it. */
  total?: number;
}

/** Reads by name: one statement for any number of names, never one per name or per row. */
export interface ToolReader {
  findByNames(names: readonly string[]): Promise<StoredTool[]>;
  /** The validations whose `wraps` is one of `names`, ordered by name. */
  findWrappersOf(names: readonly string[]): Promise<StoredTool[]>;
}

export interface ToolQueries extends ToolReader {
  listPage(request: ToolPageRequest): Promise<ToolPage>;
  count(query: ToolQuery): Promise<number>;
  /** Every namespace with its number of tools (validations included), ordered by namespace. */
  namespaces(): Promise<Namespace[]>;
  /** Facets of the tools passing `query` (each without its own criterion: `ToolStats`), counted by the database from one consistent snapshot. */
  stats(query: ToolQuery): Promise<ToolStats>;
  /** Resolves when the database answers; rejects with DependencyUnavailable when it does not. */
  ping(): Promise<void>;
  /** The revisions of each of `ranges`, newest first, in the order of `ranges`; one statement for any number of ranges. */
  revisionsIn(ranges: readonly RevisionRange[]): Promise<StoredRevision[][]>;
  /** The revision of `name` numbered `revision` and/or with `contentHash` (the latest such); null when none. */
  findRevision(name: string, match: { revision?: number; contentHash?: string }): Promise<StoredRevision | null>;
  /** The live tools with these ids (StoredTool `id`), in no particular order: a tombstone is no tool. One statement for any number of ids. */
  findByIds(ids: readonly number[]): Promise<StoredTool[]>;
  /** The kept revisions with these ids (StoredRevision `id`), in no particular order. One statement for any number of ids. */
  findRevisionsByIds(ids: readonly number[]): Promise<StoredRevision[]>;
  /** The changes after `position` in the registry-wide order (ToolWriter `appendChanges`), at most `limit`, in that order. */
  changesAfter(position: number, limit: number): Promise<LoggedChange[]>;
  /** The position of the change log's last change; 0 while it is empty. */
  lastChangePosition(): Promise<number>;
  /** What is left of those of `names` that hold no tool (ToolTombstone); a name with neither tool nor past is left out. */
  tombstones(names: readonly string[]): Promise<ToolTombstone[]>;
}

/**
 * The operations available inside one write transaction. The tools it reads stay as read until the
 * transaction ends (another write of them waits), so a decision made on them still holds at commit.
 */
export interface ToolWriter extends ToolReader {
  /**
   * The number of the latest revision of each of `names` that has a history, locked like a read of
   * those names, so that the next revision of a name is numbered by one transaction at a time.
   */
  lastRevisions(names: readonly string[]): Promise<Map<string, number>>;
  /**
   * Stores new tools, written by `actor`, in as few statements as the database allows; a validation
   * may come with the tool it wraps. Returns them in the order given.
   */
  insert(tools: readonly RevisedTool[], actor: string): Promise<StoredTool[]>;
  /** Replaces the stored tool of the same name entirely (slots included), written by `actor`; keeps `createdAt` and `createdBy`. */
  replace(tool: RevisedTool, actor: string): Promise<StoredTool>;
  /** Deletes the stored tool `name`, as its revision `revision`, by `actor`: its row stays as a tombstone. */
  delete(name: string, revision: number, actor: string): Promise<void>;
  /** Sets or clears (null) the deprecation of the stored tool `name`, as its revision `revision`, written by `actor`. */
  setDeprecation(name: string, deprecation: ToolDeprecation | null, revision: number, actor: string): Promise<StoredTool>;
  /**
   * The names of the live tools of `namespaces`, ordered by name, at most `limit`; the namespaces
   * stay held against another such read until the transaction ends, so that two prunes of one
   * namespace take turns. The names are not locked: the caller reads the tools it acts on by name,
   * which locks them.
   */
  namesInNamespaces(namespaces: readonly string[], limit: number): Promise<string[]>;
  /** The tombstones of `names` (read after the names' locks), ordered by name. */
  findTombstones(names: readonly string[]): Promise<StoredTool[]>;
  /** The tools whose deprecation names one of `names` as the replacement, ordered and locked like a read by name. */
  findReplacedBy(names: readonly string[]): Promise<StoredTool[]>;
  /**
   * Renames the stored tool `from` to `tool.name`, as its revision `tool.revision`, written by
   * `actor`: its history moves with it, and `from` keeps a tombstone that says where it went (and
   * replaces a tombstone a rename away from `tool.name` left there). The validations wrapping it
   * still name `from`, but hold nothing back: the writer replaces them next.
   */
  rename(from: string, tool: RevisedTool, actor: string): Promise<StoredTool>;
  /** The revisions named, read in this transaction (after the names' locks), in one statement; those that do not exist are left out. */
  findRevisions(wanted: readonly { name: string; revision: number }[]): Promise<ToolRevision[]>;
  /**
   * Deletes for good the history of `name`, its tombstone and the tombstones of the names its
   * renames left (under the name's lock): how many revisions it held, the last of them or, with
   * none, the tombstone's (null: neither existed), and the names freed with the revision and hash
   * of their tombstones, ordered by name.
   */
  purgeHistory(name: string): Promise<{
    revisions: number;
    last: Pick<ToolRevision, 'revision' | 'contentHash'> | null;
    freed: Pick<ToolRevision, 'name' | 'revision' | 'contentHash'>[];
  }>;
  /** Appends revisions to their names' histories, in as few statements as the database allows. */
  appendRevisions(revisions: readonly ToolRevision[]): Promise<void>;
  /** Deletes the revisions `pruning` names (history.ts `HistoryPruning`), in one statement; returns how many. */
  pruneHistory(pruning: HistoryPruning): Promise<number>;
  /**
   * Appends `changes`, in their order, to the registry-wide change log, stamped with the time now,
   * as the transaction's last write: each gets the position after the last one, and no reader sees
   * a position before every earlier one is visible too (see the store for how). Returns them as logged.
   */
  appendChanges(changes: readonly NewChange[]): Promise<LoggedChange[]>;
  /** What `actor`'s write with `key` recorded, if it was made at `since` or later. */
  findKeyedWrite(actor: string, key: string, since: Date): Promise<KeyedWrite | null>;
  /**
   * Records, in this transaction, what `actor`'s write with `key` returned (an expired record of the
   * key deleted first: forgetKeyedWritesBefore). When another transaction recorded a write with
   * that key meanwhile, the store runs the whole transaction again, which then finds it.
   */
  recordKeyedWrite(actor: string, key: string, write: KeyedWrite): Promise<void>;
  /** Deletes the keyed writes of every caller made before `since`. */
  forgetKeyedWritesBefore(since: Date): Promise<void>;
}

/** A write made with a key: the hash of its request, and the outcome the write use case returned (any value of plain data, dates and maps). */
export interface KeyedWrite {
  requestHash: string;
  outcome: unknown;
}

/** A change as a write hands it to the change log, which gives it its position and time. */
export type NewChange = Omit<LoggedChange, 'position' | 'occurredAt'>;

/**
 * Whether the registry's data may have changed: a generation that grows with every committed write
 * of any instance; null while writes may go unnoticed (then nothing read earlier may be used).
 */
export interface ChangeClock {
  generation(): number | null;
}

export interface ToolStore extends ToolQueries {
  /**
   * From now on, reads the store keeps to answer again (a search's matches) are used only while
   * `clock` says nothing changed since they were read. Without a clock, every read asks the database.
   */
  followChanges(clock: ChangeClock): void;
  /**
   * Runs `work` in one database transaction: committed when it resolves, rolled back when it throws.
   * A transaction the database aborts for a conflict with another (a deadlock) is run again from the
   * start, so `work` keeps its state inside itself.
   */
  write<T>(work: (writer: ToolWriter) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Thrown by a store when the database itself refuses a write that raced past the domain's checks
 * (two concurrent creates of one name, a wrapped tool deleted meanwhile). The domain turns it into
 * the rule's issue.
 */
export class StoreConflict extends Error {
  constructor(
    readonly rule: 'NAME_TAKEN' | 'WRAPPED_TOOL_NOT_FOUND' | 'TOOL_IS_WRAPPED',
    readonly toolName: string,
  ) {
    super(`${rule}: ${toolName}`);
    this.name = 'StoreConflict';
  }
}

/** An API token as stored: never the token itself, only a hash of it (src/server/auth/tokens.ts). */
export interface ApiTokenRecord {
  name: string;
  role: Role;
  namespaces: Grant['namespaces'];
  createdAt: Date;
  /** When it was last used, to the flush interval of the server that saw it; null if never. */
  lastUsedAt: Date | null;
}

/** The registry's API tokens (spec section 6), looked up by the hash of the token. */
export interface TokenStore {
  /** Stores a new token; throws StoreConflict('NAME_TAKEN') when a token of that name exists. */
  insert(record: Omit<ApiTokenRecord, 'createdAt' | 'lastUsedAt'>, tokenHash: string): Promise<ApiTokenRecord>;
  findByHash(tokenHash: string): Promise<ApiTokenRecord | null>;
  /** Every token, by name. */
  list(): Promise<ApiTokenRecord[]>;
  count(): Promise<number>;
  /** Deletes the token of that name; false when there is none. */
  revoke(name: string): Promise<boolean>;
  /** Records when tokens were last used, one statement per token, for many requests at once. */
  recordUse(lastUse: ReadonlyMap<string, Date>): Promise<void>;
}

/**
 * Thrown when something the registry depends on cannot serve right now: the database (down,
 * restarting, out of connections, locked, a conflict that kept recurring) or the workers that read
 * config texts (all busy). Nothing was written, and the same request may succeed when retried.
 */
export class DependencyUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DependencyUnavailable';
  }
}

/**
 * The outage behind `error`, if one is: the error itself or what it wraps (`cause`, or the
 * `originalError` an API layer keeps), a few levels deep; undefined for anything else, a bug.
 */
export function unavailableCause(error: unknown, depth = 0): DependencyUnavailable | undefined {
  if (error instanceof DependencyUnavailable) return error;
  if (!(error instanceof Error) || depth > 5) return undefined;
  const wrapped = (error as { originalError?: unknown }).originalError ?? error.cause;
  return unavailableCause(wrapped, depth + 1);
}
