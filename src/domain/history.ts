import { createHash } from 'node:crypto';
import { canonicalize } from 'json-canonicalize';
import { asCliDict } from './config';
import type { ToolEventKind, ToolTombstone } from './events';
import type { JsonObject, StoredTool, ToolDefinition } from './model';
import type { SafetyDowngrade } from './safety';
import { TOOL_FIELDS, type ToolFieldName } from './validation';
import { sameJsonValue } from './values';

/**
 * A tool's history: every committed change appends an immutable revision, numbered 1, 2, 3… per
 * name without gaps (the unit of work numbers them inside the write's transaction, from the row it
 * locked, see registry/unit-of-work.ts). A name's revisions outlive a delete: a tool created again
 * under the name continues them.
 */
export interface ToolRevision {
  /** The tool's name in this revision. */
  name: string;
  revision: number;
  /** The kind of change, as its event names it. */
  kind: ToolEventKind;
  /** The definition after the change (for a delete: as it was deleted), as `cliDict`. */
  definition: JsonObject;
  contentHash: string;
  /** The top-level `cliDict` keys whose values differ from the previous revision's; none for a create or a delete. */
  changedFields: string[];
  /** What the change lowered of the tool's safety (safety.ts), from the previous revision's capability; none for a create, a delete, or a revision written before 1.0. */
  safetyDowngrades: SafetyDowngrade[];
  /** Who made the change. */
  actor: string;
  committedAt: Date;
}

/**
 * A revision as the store keeps it, with its identity: given when it was appended and never
 * changed, nor given to another revision (a rename moves the revision to the new name, not its id).
 */
export interface StoredRevision extends ToolRevision {
  id: number;
}

/** The revisions of `name` numbered `lowest` to `highest`, both included. */
export interface RevisionRange {
  name: string;
  lowest: number;
  highest: number;
}

/**
 * A definition as a revision holds it: its `cliDict`, and the content hash of that: SHA-256, as 64
 * lowercase hex digits, of the UTF-8 bytes of the `cliDict` in the JSON Canonicalization Scheme
 * (RFC 8785: object keys sorted by UTF-16 code units, no whitespace, numbers as ECMAScript prints
 * them, strings with only the escapes JSON requires). `cliDict` includes every default and no
 * registry state (timestamps, authors, revision), so equal definitions hash equally wherever they
 * are stored. docs/tool-authors.md "History and content hashes" says how to recompute it.
 */
export function revisionContent(definition: ToolDefinition): { cliDict: JsonObject; contentHash: string } {
  const cliDict = asCliDict(definition);
  return { cliDict, contentHash: createHash('sha256').update(canonicalize(cliDict), 'utf8').digest('hex') };
}

export const contentHashOf = (definition: ToolDefinition): string => revisionContent(definition).contentHash;

/** The fields of the definition whose values differ between two definitions, in the model's order. */
export function definitionChanges(before: ToolDefinition, after: ToolDefinition): ToolFieldName[] {
  return TOOL_FIELDS.filter((field) => !sameJsonValue(before[field], after[field]));
}

/** The top-level keys whose values differ between two `cliDict`s, in `cliDict` order. */
export function changedFields(before: JsonObject, after: JsonObject): string[] {
  return Object.keys(after).filter((key) => !sameJsonValue(before[key], after[key]));
}

/** The name a history is kept under and the number of its latest revision: a tool's own. */
export type HistoryEnd = Pick<StoredTool, 'name' | 'revision'>;

/**
 * The history a name that holds no tool keeps: a deleted tool's, to its `deleted` revision. The
 * tombstone a rename left keeps none (the history moved with the tool, to `renamedTo`), nor does a
 * purged name.
 */
export function keptHistory(tombstone: ToolTombstone): HistoryEnd | null {
  return tombstone.renamedTo !== null || tombstone.purged ? null : { name: tombstone.name, revision: tombstone.lastRevision };
}

/**
 * The revisions to read for a page of the history that ends at `end` (null: none), newest first:
 * at most `first` before revision `before` (null: from its latest), and one older than that. Kept
 * revisions have consecutive numbers up to the latest (retention prunes only a history's oldest,
 * see `historyPruning`), so a page is a range of numbers, read through the unique index on (name,
 * revision) whatever the history's length, and whether the one older revision is still there says
 * whether older ones follow (`historyPageOf`). Null when the page is empty.
 */
export function historyPage(end: HistoryEnd | null, first: number, before: number | null): RevisionRange | null {
  if (end === null) return null;
  const highest = before === null ? end.revision : Math.min(before - 1, end.revision);
  if (highest < 1 || first < 1) return null;
  return { name: end.name, lowest: Math.max(1, highest - first), highest };
}

/** A page of `first` revisions out of what `historyPage`'s range held, newest first. */
export function historyPageOf<R extends ToolRevision>(found: readonly R[], first: number): { revisions: R[]; hasNextPage: boolean } {
  return { revisions: found.slice(0, Math.max(0, first)), hasNextPage: found.length > first };
}

/**
 * How much of each name's history the registry keeps (TOOLGRAPH_HISTORY_KEEP and
 * TOOLGRAPH_HISTORY_KEEP_DAYS): the newest `keep` revisions (null: all, nothing is ever pruned),
 * and every revision that was the name's latest at some time in the last `keepDays` days (0: none
 * beyond `keep`). The latest revision is what `Tool.contentHash` (or a tombstone's `lastRevision`)
 * answers, so a hash a client pinned in the last `keepDays` days is the hash of a revision still
 * kept, and `toolRevision(name:, contentHash:)` finds it.
 */
export interface HistoryRetention {
  keep: number | null;
  keepDays: number;
}

/** Days a revision stays once it stops being its name's latest, when `keep` is set and nothing else is said. */
export const DEFAULT_HISTORY_KEEP_DAYS = 30;

/** The default: every revision is kept. */
export const KEEP_ALL_HISTORY: HistoryRetention = { keep: null, keepDays: DEFAULT_HISTORY_KEEP_DAYS };

/**
 * What one write prunes of the histories of `names` (the names it appended revisions to, after it
 * appended them): each revision numbered at most the name's latest minus `keepNewest`, unless it
 * was the latest at `latestSince` or later, that is, unless a revision numbered at most one more was
 * committed then or later (null: no such time). Both conditions hold for every older revision of a
 * name once they hold for one, so what is pruned is always a history's oldest part: numbering stays
 * gap-free (a new revision is one more than the latest, which is never pruned) and pages stay ranges.
 */
export interface HistoryPruning {
  names: string[];
  keepNewest: number;
  latestSince: Date | null;
}

/** What a write of `names` at `now` prunes under `retention`; null: nothing. */
export function historyPruning(retention: HistoryRetention, names: readonly string[], now: Date): HistoryPruning | null {
  if (retention.keep === null || names.length === 0) return null;
  return {
    names: [...new Set(names)],
    keepNewest: retention.keep,
    latestSince: retention.keepDays > 0 ? new Date(now.getTime() - retention.keepDays * 86_400_000) : null,
  };
}
