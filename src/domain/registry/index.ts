import { parseToolConfigs } from '../config';
import { EventsUnavailable, type ToolEvent, type ToolEventFilter, type ToolEventPublisher, type ToolEventSubscriber } from '../events';
import { storableNames, toolQuery } from '../filter';
import type { StoredTool } from '../model';
import { emptyToolStats, type NamespaceSummary, type ToolFilter, type ToolOrder, type ToolPage, type ToolPosition, type ToolStats, type ToolStore } from '../ports';
import type { ToolDraft } from '../validation';
import { createTool } from './create-tool';
import { deleteTool, type DeleteOutcome } from './delete-tool';
import { importTools, type ConfigReader, type ImportOutcome } from './import-tools';
import { unitOfWork, type Commit } from './unit-of-work';
import { updateTool } from './update-tool';
import type { WriteOutcome } from './write-outcome';

export type { ToolDraft };
export type { DeleteOutcome } from './delete-tool';
export type { ConfigReader, ImportedTool, ImportOutcome, InvalidImportedTool, ToolChange } from './import-tools';
export type { WriteOutcome } from './write-outcome';

export interface ToolRegistryOptions {
  /** Where committed writes are announced, and where subscribers listen. None: no live events. */
  events?: ToolEventPublisher & Partial<ToolEventSubscriber>;
  /** How `importTools` reads a config text; default: `parseToolConfigs` on this thread. */
  readConfig?: ConfigReader;
}

/** A page request of `tools`, with the filter as the client gave it. */
export interface ListRequest {
  filter: ToolFilter;
  first: number;
  order?: ToolOrder;
  after?: ToolPosition | null;
}

/**
 * The registry's use cases, one module each (create-tool.ts, update-tool.ts, delete-tool.ts,
 * import-tools.ts), and its reads. Writes run through one unit of work (unit-of-work.ts) that
 * commits them and announces what they changed; reads go straight to the store, with every filter
 * turned into the one query the store runs (filter.ts). Talks to persistence only through the
 * ToolStore port.
 */
export class ToolRegistry {
  private readonly commit: Commit;
  private readonly events: ToolRegistryOptions['events'];
  private readonly readConfig: ConfigReader;

  constructor(
    private readonly store: ToolStore,
    options: ToolRegistryOptions = {},
  ) {
    this.events = options.events;
    this.commit = unitOfWork(store, options.events);
    this.readConfig = options.readConfig ?? (async (text) => parseToolConfigs(text));
  }

  async get(name: string): Promise<StoredTool | null> {
    const [tool] = await this.getMany([name]);
    return tool ?? null;
  }

  async getMany(names: readonly string[]): Promise<StoredTool[]> {
    const storable = storableNames(names);
    return storable.length === 0 ? [] : this.store.findByNames(storable);
  }

  async wrappersOf(names: readonly string[]): Promise<StoredTool[]> {
    const storable = storableNames(names);
    return storable.length === 0 ? [] : this.store.findWrappersOf(storable);
  }

  async list({ filter, ...page }: ListRequest): Promise<ToolPage> {
    const query = toolQuery(filter);
    return query ? this.store.listPage({ query, ...page }) : { tools: [], hasNextPage: false };
  }

  async count(filter: ToolFilter): Promise<number> {
    const query = toolQuery(filter);
    return query ? this.store.count(query) : 0;
  }

  namespaces(): Promise<NamespaceSummary[]> {
    return this.store.namespaces();
  }

  /** Facet counts of the tools that pass `filter` (the same tools `list` pages through). */
  async stats(filter: ToolFilter): Promise<ToolStats> {
    const query = toolQuery(filter);
    return query ? this.store.stats(query) : emptyToolStats();
  }

  /** Live events of committed writes from now on; throws EventsUnavailable when they cannot be delivered. */
  subscribe(filter: ToolEventFilter): AsyncIterableIterator<ToolEvent> {
    if (this.events?.subscribe) return this.events.subscribe(filter);
    return unavailableStream(new EventsUnavailable('This server has no event bus.'));
  }

  create(input: ToolDraft): Promise<WriteOutcome> {
    return createTool(this.commit, input);
  }

  update(name: string, patch: ToolDraft): Promise<WriteOutcome> {
    return updateTool(this.commit, name, patch);
  }

  delete(name: string): Promise<DeleteOutcome> {
    return deleteTool(this.commit, this.store, name);
  }

  importTools(configText: string, options: { dryRun: boolean }): Promise<ImportOutcome> {
    return importTools(this.commit, this.readConfig, configText, options);
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
