import type { Caller } from '../access';
import { parseToolConfigs } from '../config';
import { locateConfigIssues } from '../config-source';
import { DEFAULT_FINDING_REFUSAL, type FindingRefusal } from '../findings';
import { EventsUnavailable, type ToolEvent, type ToolEventFilter, type ToolEventPublisher, type ToolEventSubscriber, type ToolTombstone } from '../events';
import type { HistoryRetention, RevisionRange, StoredRevision } from '../history';
import type { StoredTool } from '../model';
import type { Namespace, ToolFilter, ToolPage, ToolStats, ToolStore } from '../ports';
import type { SafetyDowngradePolicy } from '../safety';
import type { ToolDraft } from '../validation';
import { CommittedLogReads, followChanges, readChanges, type ChangePage } from './changes';
import { createTool } from './create-tool';
import { deleteTool, type DeleteOutcome } from './delete-tool';
import { deprecateTool, undeprecateTool, type DeprecationRequest } from './deprecate-tool';
import { importTools, type ConfigLocator, type ConfigReader, type ImportOptions, type ImportOutcome } from './import-tools';
import * as reads from './read-tools';
import { purgeTool, type PurgeOutcome } from './purge-tool';
import { RankedSearch, type RankedHit, type RankedSearchRequest } from './ranked-search';
import { renameTool } from './rename-tool';
import { restoreTool } from './restore-tool';
import { unitOfWork, type Commit } from './unit-of-work';
import type { WritePolicy } from './write-policy';
import { updateTool, type UpdateRequest } from './update-tool';
import type { ExpectedRevision, WriteOutcome } from './write-outcome';

export type { ToolDraft };
export type { DeleteOutcome } from './delete-tool';
export type { PurgeOutcome } from './purge-tool';
export type { ConfigLocator, ConfigReader, ImportedTool, ImportIssue, ImportOptions, ImportOutcome, InvalidImportedTool, ToolChange } from './import-tools';
export type { ListRequest } from './read-tools';
export type { ChangePage } from './changes';
export { UnknownChangePosition } from './changes';
export type { RankedHit, RankedSearch, RankedSearchRequest } from './ranked-search';
export type { ExpectedRevision, Forbidden, RevisionConflict, WriteOutcome } from './write-outcome';
export type { UpdateRequest } from './update-tool';
export { nameTakenMessage, reservedNameMessage } from './stored-rules';
export { isArgumentIssue } from './import-tools';

export interface ToolRegistryOptions {
  /** Where committed writes are announced, and where subscribers listen. None: no live events. */
  events?: ToolEventPublisher & Partial<ToolEventSubscriber>;
  /** How `importTools` reads a config text; default: `parseToolConfigs` on this thread. */
  readConfig?: ConfigReader;
  /** How an invalid import's issues are found in its text; default: `locateConfigIssues` on this thread. */
  locateConfig?: ConfigLocator;
  /** The least severity of finding that refuses a write (spec section 8); null: none. Default: DEFAULT_FINDING_REFUSAL. */
  refuseFindings?: FindingRefusal;
  /** Who may lower a tool's safety (safety.ts); default: whoever may write its namespace. */
  safetyDowngrades?: SafetyDowngradePolicy;
  /** How much of each tool's history writes keep (history.ts); default: all of it. */
  historyRetention?: HistoryRetention;
  /** Told how many revisions each write pruned, once it has committed (a metric). */
  onRevisionsPruned?: (revisions: number) => void;
}

/**
 * The registry's use cases, one module each, with who may run it and what makes it valid in one
 * place: create-tool.ts, update-tool.ts, delete-tool.ts, import-tools.ts, deprecate-tool.ts,
 * restore-tool.ts, rename-tool.ts, purge-tool.ts, and the reads in read-tools.ts. Writes take the caller
 * (access.ts) and run through one unit of work (unit-of-work.ts) that commits them as the caller's
 * actor and announces what they changed. Talks to persistence only through the ToolStore port.
 */
export class ToolRegistry {
  private readonly commit: Commit;
  private readonly events: ToolRegistryOptions['events'];
  private readonly config: { read: ConfigReader; locate: ConfigLocator };
  /**
   * Ranked search (ranked-search.ts): this instance's writes reach its index before they answer;
   * the server hands it every other instance's events as they arrive.
   */
  readonly rankedSearch: RankedSearch;
  private readonly policy: WritePolicy;
  /** What the event streams of this registry read of the log to check live events, read once for all of them. */
  private readonly committedLogReads: CommittedLogReads;

  constructor(
    private readonly store: ToolStore,
    options: ToolRegistryOptions = {},
  ) {
    this.events = options.events;
    const rankedSearch = (this.rankedSearch = new RankedSearch(store));
    this.committedLogReads = new CommittedLogReads(store);
    this.commit = unitOfWork(
      store,
      {
        publish(events) {
          rankedSearch.apply(events);
          options.events?.publish(events);
        },
      },
      { retention: options.historyRetention, onPruned: options.onRevisionsPruned },
    );
    this.config = {
      read: options.readConfig ?? (async (text) => parseToolConfigs(text)),
      locate: options.locateConfig ?? (async (text, issues) => locateConfigIssues(text, issues)),
    };
    this.policy = {
      refuseFindings: options.refuseFindings === undefined ? DEFAULT_FINDING_REFUSAL : options.refuseFindings,
      safetyDowngrades: options.safetyDowngrades ?? 'write',
    };
  }

  async get(name: string): Promise<StoredTool | null> {
    const [tool] = await reads.toolsByName(this.store, [name]);
    return tool ?? null;
  }

  getMany(names: readonly string[]): Promise<StoredTool[]> {
    return reads.toolsByName(this.store, names);
  }

  /** The tool each name stands for now: its own, or the one a rename took it to (read-tools.ts `currentToolsByName`). */
  currentTools(names: readonly string[]): Promise<Map<string, StoredTool>> {
    return reads.currentToolsByName(this.store, names);
  }

  wrappersOf(names: readonly string[]): Promise<StoredTool[]> {
    return reads.wrappersOf(this.store, names);
  }

  list(request: reads.ListRequest): Promise<ToolPage> {
    return reads.listTools(this.store, request);
  }

  count(filter: ToolFilter): Promise<number> {
    return reads.countTools(this.store, filter);
  }

  /** The tools that best fit a task described in words, best first (spec section 7). */
  search(request: RankedSearchRequest): Promise<RankedHit[]> {
    return this.rankedSearch.search(request);
  }

  namespaces(): Promise<Namespace[]> {
    return reads.namespaces(this.store);
  }

  stats(filter: ToolFilter): Promise<ToolStats> {
    return reads.toolStats(this.store, filter);
  }

  revisionsIn(ranges: readonly RevisionRange[]): Promise<StoredRevision[][]> {
    return reads.revisionsIn(this.store, ranges);
  }

  findRevision(name: string, match: { revision?: number | null; contentHash?: string | null }): Promise<StoredRevision | null> {
    return reads.findRevision(this.store, name, match);
  }

  /** The live tools with these ids (`StoredTool.id`), in no particular order. */
  getManyById(ids: readonly number[]): Promise<StoredTool[]> {
    return reads.toolsById(this.store, ids);
  }

  /** The kept revisions with these ids (`StoredRevision.id`), in no particular order. */
  revisionsById(ids: readonly number[]): Promise<StoredRevision[]> {
    return reads.revisionsById(this.store, ids);
  }

  /** The changes after the position `after` (0: from the first) in the registry-wide order, at most `first` (changes.ts). */
  changes(after: number, first: number): Promise<ChangePage> {
    return readChanges(this.store, after, first);
  }

  /** Resolves when the change log has the position `position` (0, the start, always); throws UnknownChangePosition otherwise. */
  async verifyChangePosition(position: number): Promise<void> {
    await readChanges(this.store, position, 0);
  }

  /** What is left of those of `names` that hold no tool. */
  tombstones(names: readonly string[]): Promise<ToolTombstone[]> {
    return reads.tombstones(this.store, names);
  }

  /**
   * The events of the changes after the position `after`, then live ones as they are committed
   * (changes.ts `followChanges`); with no `after`, live events of the changes committed from now on.
   * The stream throws EventsUnavailable when live events cannot be delivered.
   */
  async subscribe(filter: ToolEventFilter, after: number | null = null): Promise<AsyncIterableIterator<ToolEvent>> {
    if (!this.events?.subscribe) return unavailableStream(new EventsUnavailable('This server has no event bus.'));
    // Listening before reading where the log ends: what commits in between arrives live.
    const live = this.events.subscribe({});
    try {
      return followChanges(this.store, this.committedLogReads, live, after ?? (await this.store.lastChangePosition()), filter);
    } catch (error) {
      await live.return?.();
      throw error;
    }
  }

  create(caller: Caller, input: ToolDraft): Promise<WriteOutcome> {
    return createTool(this.commit, this.policy, caller, input);
  }

  update(caller: Caller, name: string, patch: ToolDraft, request?: UpdateRequest): Promise<WriteOutcome> {
    return updateTool(this.commit, this.policy, caller, name, patch, request);
  }

  delete(caller: Caller, name: string, expectedRevision?: ExpectedRevision): Promise<DeleteOutcome> {
    return deleteTool(this.commit, caller, name, expectedRevision);
  }

  importTools(caller: Caller, configText: string, options: ImportOptions): Promise<ImportOutcome> {
    return importTools(this.commit, this.config, this.policy, caller, configText, options);
  }

  deprecate(caller: Caller, name: string, request: DeprecationRequest): Promise<WriteOutcome> {
    return deprecateTool(this.commit, caller, name, request);
  }

  undeprecate(caller: Caller, name: string, expectedRevision?: ExpectedRevision): Promise<WriteOutcome> {
    return undeprecateTool(this.commit, caller, name, expectedRevision);
  }

  restore(caller: Caller, name: string, revision: number, expectedRevision?: ExpectedRevision): Promise<WriteOutcome> {
    return restoreTool(this.commit, this.policy, caller, name, revision, expectedRevision);
  }

  rename(caller: Caller, name: string, newName: string, expectedRevision?: ExpectedRevision): Promise<WriteOutcome> {
    return renameTool(this.commit, this.policy, caller, name, newName, expectedRevision);
  }

  purge(caller: Caller, name: string): Promise<PurgeOutcome> {
    return purgeTool(this.commit, caller, name);
  }
}

/** A stream that fails on its first read: subscribing while events cannot be delivered. */
function unavailableStream(error: EventsUnavailable): AsyncIterableIterator<ToolEvent> {
  return {
    next: () => Promise.reject(error),
    return: () => Promise.resolve({ done: true, value: undefined }),
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
