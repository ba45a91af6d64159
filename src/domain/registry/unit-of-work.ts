import type { LoggedChange, ToolEventKind, ToolEventPublisher } from '../events';
import { asCliDict, fromConfig } from '../config';
import { storableNames } from '../filter';
import { findingsOf } from '../findings';
import { changedFields, historyPruning, KEEP_ALL_HISTORY, revisionContent, type HistoryRetention, type ToolRevision } from '../history';
import { safetyDowngrades } from '../safety';
import type { StoredTool, ToolCapability, ToolDefinition, ToolDeprecation } from '../model';
import type { NewChange, ToolReader, ToolStore, ToolWriter } from '../ports';
import type { Caller } from '../access';
import { KEYED_WRITE_LIFETIME_HOURS } from '../limits';

/** What a write use case does inside its transaction: the store's writer, with the actor already bound. */
export interface UnitWriter
  extends ToolReader, Pick<ToolWriter, 'findRevisions' | 'findTombstones' | 'findReplacedBy' | 'lastRevisions' | 'namesInNamespaces'> {
  /** Stores new tools; their revisions are of kind `kind` (a restore's, or by default a creation's). */
  insert(tools: readonly ToolDefinition[], kind?: 'created' | 'restored'): Promise<StoredTool[]>;
  /** Of `names` that have a history and no live tool, the capability of the definition their last revision holds. */
  formerCapabilities(names: readonly string[]): Promise<Map<string, ToolCapability>>;
  /**
   * Puts `next` in place of `current` (as read in this transaction), as a revision of kind `kind`
   * (by default an update's); when `next` defines the same tool, writes nothing and returns `current`.
   */
  replace(current: StoredTool, next: ToolDefinition, kind?: 'updated' | 'restored'): Promise<StoredTool>;
  /** Gives `current` (as read in this transaction) the name `newName`, which the caller made sure is free; its history moves with it. */
  rename(current: StoredTool, newName: string): Promise<StoredTool>;
  /** Deletes `current` (as read in this transaction). */
  /** Deletes the tool, leaving its tombstone; returns the tombstone's revision. */
  delete(current: StoredTool): Promise<number>;
  /**
   * Deletes for good the history and the tombstone of `name`, a name with no tool, and the
   * tombstones of the names its renames left; returns how many revisions it held and the names it
   * freed, or null when it had neither history nor tombstone. Each name is announced as `purged`.
   */
  purgeHistory(name: string): Promise<{ revisions: number; freedNames: string[] } | null>;
  /**
   * Deprecates `current` (as read in this transaction) as `deprecation` says, stamped with this
   * write's actor and time unless it carries its own, or undeprecates it (null); when that is how
   * it stands already, writes nothing and returns `current`.
   */
  setDeprecation(current: StoredTool, deprecation: DeprecationChange | null): Promise<StoredTool>;
}

/** A deprecation as a write sets it: its author and time are the write's, unless kept from an earlier one. */
export type DeprecationChange = Pick<ToolDeprecation, 'message' | 'replacedBy'> & Partial<Pick<ToolDeprecation, 'deprecatedAt' | 'deprecatedBy'>>;

/** Who writes: the actor every change is recorded as, and the key the client gave the write, if any. */
export type Writer = Pick<Caller, 'actor' | 'writeKey'>;

/** Runs a write use case's work in one transaction, as written by `writer.actor`, and announces what it committed. */
export type Commit = <T>(writer: Writer, work: (writer: UnitWriter) => Promise<T>) => Promise<T>;

/**
 * Thrown when a client's key for a write came with another request than the first time: the key
 * names one write, and this is not it. Nothing was written.
 */
export class WriteKeyReused extends Error {
  constructor() {
    super('This Idempotency-Key was used with another request. A key names one write: send a new key with a new request.');
    this.name = 'WriteKeyReused';
  }
}

/**
 * The one place where writes become revisions and events: every insert, replace, rename, delete,
 * (un)deprecation and purge the work makes is recorded by the writer it is given; its revisions, then
 * its changes (the registry-wide change log), are appended in the same transaction, after the work,
 * and once it has committed the events, with their places in the log, are published as one batch. A
 * use case cannot forget to record a change, nor announce one that was rolled back; a transaction
 * the store runs again starts with an empty record.
 *
 * Revision numbers have no gaps and no duplicates: each is one more than the last of its name, read
 * in the transaction from the row it locked (or, for a new name, from the name's history, read under
 * the name's lock), so concurrent writes of one tool number one after the other. Retention
 * (history.ts `historyPruning`) then prunes the oldest revisions of the names the write appended to,
 * in the same transaction; it never prunes a name's latest, which the next number follows.
 *
 * A write with a key (`Idempotency-Key`) is written once: what the work returned is recorded in its
 * own transaction, and the same key with the same request within KEYED_WRITE_LIFETIME_HOURS returns
 * that instead of running the work again, on any instance. A client whose connection dropped after
 * the commit retries and gets the answer it missed; two retries racing each other wait on the key,
 * and the second finds the first's answer.
 */
export function unitOfWork(store: ToolStore, events: ToolEventPublisher | undefined, options: RetentionOptions = {}): Commit {
  const { retention = KEEP_ALL_HISTORY, onPruned } = options;
  return async ({ actor, writeKey }, work) => {
    let pruned = 0;
    let changes: RecordedChange[] = [];
    let logged: LoggedChange[] = [];
    const result = await store.write(async (writer) => {
      changes = [];
      logged = [];
      pruned = 0;
      const since = new Date(Date.now() - KEYED_WRITE_LIFETIME_HOURS * 3_600_000);
      if (writeKey) {
        const earlier = await writer.findKeyedWrite(actor, writeKey.key, since);
        if (earlier && earlier.requestHash !== writeKey.requestHash) throw new WriteKeyReused();
        // The work's own result type, as it returned it the first time.
        if (earlier) return earlier.outcome as Awaited<ReturnType<typeof work>>;
      }
      const done = await work(recording(writer, actor, changes));
      const revisions = changes.filter((change): change is RecordedRevision => 'definition' in change);
      if (revisions.length > 0) await writer.appendRevisions(revisions);
      // Only the names this write appended to, in its own transaction: a history grows only by
      // writes, so each write keeps its names within the retention, and nothing is pruned halfway.
      const pruning = historyPruning(
        retention,
        revisions.map((revision) => revision.name),
        new Date(),
      );
      if (pruning) pruned = await writer.pruneHistory(pruning);
      logged = changes.length > 0 ? await writer.appendChanges(changes.map(changeOf)) : [];
      if (writeKey) {
        await writer.forgetKeyedWritesBefore(since);
        await writer.recordKeyedWrite(actor, writeKey.key, { requestHash: writeKey.requestHash, outcome: done });
      }
      return done;
    });
    if (pruned > 0) onPruned?.(pruned);
    if (events && logged.length > 0) events.publish(logged.map((change, i) => ({ ...change, tool: changes[i]!.tool })));
    return result;
  };
}

/** How much history writes keep (history.ts), and who counts what they pruned once it is committed. */
export interface RetentionOptions {
  retention?: HistoryRetention;
  onPruned?: (revisions: number) => void;
}

/** What the change log keeps of a recorded change. */
function changeOf({ kind, name, actor, revision, contentHash, renamedFrom, safetyDowngrades }: RecordedChange): NewChange {
  return { kind, name, actor, revision, contentHash, renamedFrom, safetyDowngrades };
}

/** A revision as the unit of work records it: with the tool it leaves behind, and the name a rename left, for the event. */
type RecordedRevision = ToolRevision & { tool: StoredTool | null; renamedFrom: string | null };
/** A change as the unit of work records it, in the order made: a revision, or a purge (which leaves none). */
type RecordedChange = RecordedRevision | (NewChange & { tool: null });

/**
 * The store's writer, writing as `actor` whatever actor the work passes, and recording each change
 * into `changes`; reads skip texts that name no tool.
 */
function recording(writer: ToolWriter, actor: string, changes: RecordedChange[]): UnitWriter {
  const record = (
    kind: ToolEventKind,
    revision: Omit<ToolRevision, 'kind' | 'actor' | 'safetyDowngrades'>,
    tool: StoredTool | null,
    { renamedFrom = null, safetyDowngrades = [] }: Partial<Pick<RecordedRevision, 'renamedFrom' | 'safetyDowngrades'>> = {},
  ) => changes.push({ ...revision, kind, actor, tool, renamedFrom, safetyDowngrades });
  return {
    findByNames: (names) => writer.findByNames(storableNames(names)),
    findWrappersOf: (names) => writer.findWrappersOf(storableNames(names)),
    findReplacedBy: (names) => writer.findReplacedBy(storableNames(names)),
    findTombstones: (names) => writer.findTombstones(storableNames(names)),
    lastRevisions: (names) => writer.lastRevisions(storableNames(names)),
    findRevisions(wanted) {
      const storable = new Set(storableNames(wanted.map(({ name }) => name)));
      return writer.findRevisions(wanted.filter(({ name }) => storable.has(name)));
    },
    namesInNamespaces: (namespaces, limit) => writer.namesInNamespaces(namespaces, limit),
    async formerCapabilities(names): Promise<Map<string, ToolCapability>> {
      return formerCapabilities(writer, await writer.lastRevisions(storableNames(names)));
    },
    async insert(tools, kind = 'created'): Promise<StoredTool[]> {
      const last = await writer.lastRevisions(tools.map((tool) => tool.name));
      const former = await formerCapabilities(writer, last);
      const contents = tools.map(revisionContent);
      const revised = tools.map((tool, i) => ({
        ...tool,
        revision: (last.get(tool.name) ?? 0) + 1,
        contentHash: contents[i]!.contentHash,
        findings: findingsOf(tool),
      }));
      const stored = await writer.insert(revised, actor);
      stored.forEach((tool, i) => {
        const { cliDict, contentHash } = contents[i]!;
        const before = former.get(tool.name);
        record(kind, { name: tool.name, revision: tool.revision, definition: cliDict, contentHash, changedFields: [], committedAt: tool.updatedAt }, tool, {
          safetyDowngrades: before ? safetyDowngrades(before, tools[i]!.capability) : [],
        });
      });
      return stored;
    },
    async replace(current, next, kind = 'updated'): Promise<StoredTool> {
      const { cliDict, contentHash } = revisionContent(next);
      if (contentHash === current.contentHash) return current;
      const stored = await writer.replace({ ...next, revision: current.revision + 1, contentHash, findings: findingsOf(next) }, actor);
      const changed = changedFields(asCliDict(current), cliDict);
      record(
        kind,
        { name: stored.name, revision: stored.revision, definition: cliDict, contentHash, changedFields: changed, committedAt: stored.updatedAt },
        stored,
        { safetyDowngrades: safetyDowngrades(current.capability, next.capability) },
      );
      return stored;
    },
    async rename(current, newName): Promise<StoredTool> {
      // The name is scanned too: a rename has findings of its own.
      const renamed = { ...current, name: newName };
      const { cliDict, contentHash } = revisionContent(renamed);
      const stored = await writer.rename(current.name, { ...renamed, revision: current.revision + 1, contentHash, findings: findingsOf(renamed) }, actor);
      const changed = changedFields(asCliDict(current), cliDict);
      record(
        'renamed',
        { name: newName, revision: stored.revision, definition: cliDict, contentHash, changedFields: changed, committedAt: stored.updatedAt },
        stored,
        { renamedFrom: current.name },
      );
      return stored;
    },
    async setDeprecation(current, deprecation): Promise<StoredTool> {
      const was = current.deprecation;
      const unchanged = deprecation === null ? was === null : was !== null && was.message === deprecation.message && was.replacedBy === deprecation.replacedBy;
      if (unchanged) return current;
      const stamped = deprecation && { deprecatedAt: new Date(), deprecatedBy: actor, ...deprecation };
      const stored = await writer.setDeprecation(current.name, stamped, current.revision + 1, actor);
      const revision = { name: stored.name, revision: stored.revision, definition: asCliDict(stored), contentHash: stored.contentHash };
      record(deprecation ? 'deprecated' : 'undeprecated', { ...revision, changedFields: [], committedAt: stored.updatedAt }, stored);
      return stored;
    },
    async purgeHistory(name: string) {
      const { revisions: count, last, freed } = await writer.purgeHistory(name);
      if (last === null) return null;
      for (const gone of [{ name, ...last }, ...freed]) {
        changes.push({
          kind: 'purged',
          name: gone.name,
          tool: null,
          actor,
          revision: gone.revision,
          contentHash: gone.contentHash,
          renamedFrom: null,
          safetyDowngrades: [],
        });
      }
      return { revisions: count, freedNames: freed.map((gone) => gone.name) };
    },
    async delete(current: StoredTool): Promise<number> {
      await writer.delete(current.name, current.revision + 1, actor);
      const revision = { name: current.name, revision: current.revision + 1, definition: asCliDict(current), contentHash: current.contentHash };
      record('deleted', { ...revision, changedFields: [], committedAt: new Date() }, null);
      return revision.revision;
    },
  };
}

/**
 * The capability each name's last revision holds (`last`: revision numbers by name), for a tool
 * created or restored under a name with a history: what it lowers is measured from the tool the
 * name last stood for. A rename's tombstone has no revision of its own and is skipped.
 */
async function formerCapabilities(writer: ToolWriter, last: ReadonlyMap<string, number>): Promise<Map<string, ToolCapability>> {
  const capabilities = new Map<string, ToolCapability>();
  for (const former of await writer.findRevisions([...last].map(([name, revision]) => ({ name, revision })))) {
    const checked = fromConfig(former.definition);
    if (checked.ok) capabilities.set(former.name, checked.value.capability);
  }
  return capabilities;
}
