import type { ToolEvent } from '../events';
import { MOST_SEVERE_OFFERED } from '../findings';
import { amongNames, facetsOf, mayPass, toolQuery, type ToolFacets } from '../filter';
import type { StoredTool } from '../model';
import type { ToolFilter, ToolQueries, ToolQuery } from '../ports';
import { DEFAULT_SEARCH_HITS, ToolSearchIndex } from '../search/tool-index';

export interface RankedSearchRequest {
  query: string;
  /** At most this many hits (the API checks its range); DEFAULT_SEARCH_HITS unless given. */
  first?: number;
  /**
   * Only tools this filter admits (a tombstone is no tool), and a tool with a finding that keeps it
   * from agents (findings/ `WITHHELD_FROM_AGENTS`) only when `maxFindingSeverity` asks for it.
   */
  filter?: ToolFilter;
}

export interface RankedHit {
  tool: StoredTool;
  /** Comparable within one answer only. */
  score: number;
}

/** How many tools one read of the store brings into the index while it is built. */
const BUILD_BATCH = 2_000;
/** How much further down the ranking each next look goes when the filter admitted too few of the candidates read so far. */
const CANDIDATE_GROWTH = 8;

/**
 * Ranked search (spec section 7) over an index held in this process: built from the store when
 * first needed (main.ts builds it before the instance serves), then kept current by the registry's
 * events, this instance's before a write answers and every other instance's as they arrive. A
 * database search index would rank differently on SQLite (FTS5's bm25) and Postgres (ts_rank);
 * one in-process index ranks alike on both, and answers in about a millisecond at 100,000 tools.
 *
 * The index only ranks. Which candidates are answered is the store's decision, by the one filter
 * definition (filter.ts) restricted to the candidates' names: a tool deleted, changed or filtered
 * out by another instance a moment ago is never answered for what the index still remembers.
 */
export class RankedSearch {
  private index: ToolSearchIndex | null = null;
  private building: Promise<ToolSearchIndex> | null = null;
  /** Events that arrived while the index was being built, applied once it is. */
  private arrivedWhileBuilding: ToolEvent[] | null = null;
  /**
   * The revision each indexed (or removed) name was indexed at: events of one tool can arrive out
   * of order from two instances, and an older one must not undo a newer one.
   */
  private readonly revisions = new Map<string, number>();
  /** Whether the index may lack changes (a rebuild is asked for, or failed): the next search starts another in the background. */
  private outdated = false;
  /**
   * The facets of each indexed tool, as indexed: the index passes over candidates the filter
   * leaves out by them, so that one read of the store usually settles a filtered search (before, a
   * quarter of searches read the store two to four times, for up to 640 candidates).
   */
  private facets = new Map<string, ToolFacets>();
  /**
   * One object for each distinct combination of facets, which a registry's tools share (tens of
   * thousands of tools, a few thousand combinations): the facets of 100,000 tools take 4 MB, not 15.
   */
  private readonly distinctFacets = new Map<string, ToolFacets>();

  constructor(private readonly store: ToolQueries) {}

  /** Builds the index now, rather than at the first search. */
  async warm(): Promise<void> {
    await this.ready();
  }

  /**
   * Builds the index again from the store: when events may have been missed (the event bus was
   * unavailable), the events that follow cannot tell what changed meanwhile. Searches keep using
   * the index they have until the new one is ready.
   */
  async rebuild(): Promise<void> {
    this.outdated = true;
    // A build under way may have read the store before what was missed.
    await this.building?.catch(() => undefined);
    await this.build();
  }

  /** Applies the committed changes of `events` (this instance's or another's), in order. */
  apply(events: readonly ToolEvent[]): void {
    if (this.arrivedWhileBuilding) this.arrivedWhileBuilding.push(...events);
    if (this.index === null) return;
    for (const event of events) this.applyOne(this.index, event);
  }

  async search({ query, first = DEFAULT_SEARCH_HITS, filter = {} }: RankedSearchRequest): Promise<RankedHit[]> {
    const admitted = toolQuery({ ...filter, maxFindingSeverity: filter.maxFindingSeverity ?? MOST_SEVERE_OFFERED });
    if (admitted === null || first < 1) return [];
    const index = await this.ready();
    const facets = this.facets;
    // A tool changed on another instance a moment ago may pass the store where its indexed facets
    // did not: the same moment its indexed text ranks it by what it said.
    const admit = (name: string) => {
      const known = facets.get(name);
      return known === undefined || mayPass(admitted, known);
    };
    const hits: RankedHit[] = [];
    let looked = 0;
    for (let wanted = first; ; wanted *= CANDIDATE_GROWTH) {
      const ranked = index.search(query, { first: wanted, admit });
      const next = ranked.slice(looked);
      looked = ranked.length;
      const passing = await this.passing(
        admitted,
        next.map((hit) => hit.name),
      );
      for (const { name, score } of next) {
        const tool = passing.get(name);
        if (tool) hits.push({ tool, score });
        if (hits.length === first) return hits;
      }
      if (ranked.length < wanted) return hits;
    }
  }

  /** The tools of `names` that pass `query`, by name. */
  private async passing(query: ToolQuery, names: readonly string[]): Promise<Map<string, StoredTool>> {
    if (names.length === 0) return new Map();
    const { tools } = await this.store.listPage({ query: amongNames(query, names), first: names.length });
    return new Map(tools.map((tool) => [tool.name, tool]));
  }

  private ready(): Promise<ToolSearchIndex> {
    if (this.index === null) return this.build();
    if (this.outdated && this.building === null) this.build().catch(() => undefined);
    return Promise.resolve(this.index);
  }

  /** One build at a time; a search that needs the index waits for the build under way. */
  private build(): Promise<ToolSearchIndex> {
    this.building ??= this.buildFromStore().finally(() => {
      this.building = null;
    });
    return this.building;
  }

  private async buildFromStore(): Promise<ToolSearchIndex> {
    this.arrivedWhileBuilding = [];
    this.outdated = false;
    try {
      const index = new ToolSearchIndex();
      const revisions = new Map<string, number>();
      const facets = new Map<string, ToolFacets>();
      const query = toolQuery({})!;
      for (let after: string | null = null; ;) {
        const page = await this.store.listPage({ query, first: BUILD_BATCH, after: after === null ? null : { name: after } });
        for (const tool of page.tools) {
          index.put(tool);
          revisions.set(tool.name, tool.revision);
          facets.set(tool.name, this.facetsOf(tool));
        }
        if (!page.hasNextPage || page.tools.length === 0) break;
        after = page.tools[page.tools.length - 1]!.name;
      }
      this.revisions.clear();
      for (const [name, revision] of revisions) this.revisions.set(name, revision);
      this.facets = facets;
      // What changed while the store was read: some of it the pages already hold, which the
      // revisions tell.
      for (const event of this.arrivedWhileBuilding) this.applyOne(index, event);
      this.index = index;
      return index;
    } catch (error) {
      this.outdated = true;
      throw error;
    } finally {
      this.arrivedWhileBuilding = null;
    }
  }

  private facetsOf(tool: StoredTool): ToolFacets {
    const facets = facetsOf(tool);
    const key = Object.values(facets).join('\u0000');
    const shared = this.distinctFacets.get(key);
    if (shared !== undefined) return shared;
    this.distinctFacets.set(key, facets);
    return facets;
  }

  private applyOne(index: ToolSearchIndex, event: ToolEvent): void {
    if (event.renamedFrom !== null) {
      index.remove(event.renamedFrom);
      this.facets.delete(event.renamedFrom);
      // The name a rename left holds no history: a tool created there later starts again at 1.
      this.revisions.delete(event.renamedFrom);
    }
    if (event.kind === 'purged') {
      index.remove(event.name);
      this.facets.delete(event.name);
      this.revisions.delete(event.name);
      return;
    }
    if ((this.revisions.get(event.name) ?? 0) >= event.revision) return;
    this.revisions.set(event.name, event.revision);
    if (event.tool === null) {
      index.remove(event.name);
      this.facets.delete(event.name);
    } else {
      index.put(event.tool);
      this.facets.set(event.name, this.facetsOf(event.tool));
    }
  }
}
