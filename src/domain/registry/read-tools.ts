import type { ToolTombstone } from '../events';
import { storableNames, toolQuery } from '../filter';
import type { RevisionRange, StoredRevision } from '../history';
import { isStoredId, type StoredTool } from '../model';
import { emptyToolStats, type Namespace, type ToolFilter, type ToolOrder, type ToolPage, type ToolPosition, type ToolQueries, type ToolStats } from '../ports';

/**
 * The registry's reads. Who may: anyone who may reach them; when reads need a credential
 * (TOOLGRAPH_READ_ACCESS=authenticated) the server refuses the request before it gets here.
 * Every filter becomes the one query the store runs (filter.ts), and a filter or a name that no
 * stored tool can match is answered without asking the database.
 */

/** A page request of `tools`, with the filter as the client gave it. */
export interface ListRequest {
  filter: ToolFilter;
  first: number;
  order?: ToolOrder;
  after?: ToolPosition | null;
  /** Also count all the tools of `filter`. */
  withTotal?: boolean;
}

export async function toolsByName(store: ToolQueries, names: readonly string[]): Promise<StoredTool[]> {
  const storable = storableNames(names);
  return storable.length === 0 ? [] : store.findByNames(storable);
}

/**
 * The live tools with these ids (StoredTool `id`), in no particular order. An id no store gives
 * (model.ts `isStoredId`) finds nothing, without asking the database.
 */
export async function toolsById(store: ToolQueries, ids: readonly number[]): Promise<StoredTool[]> {
  const storable = ids.filter(isStoredId);
  return storable.length === 0 ? [] : store.findByIds(storable);
}

/** The kept revisions with these ids (StoredRevision `id`), in no particular order; as `toolsById`, an id no store gives finds nothing. */
export async function revisionsById(store: ToolQueries, ids: readonly number[]): Promise<StoredRevision[]> {
  const storable = ids.filter(isStoredId);
  return storable.length === 0 ? [] : store.findRevisionsByIds(storable);
}

/**
 * The tool each of `names` stands for now, by name: the live tool of that name, or the tool a
 * rename took it to (a rename's tombstone names the tool's current name, kept so through later
 * renames), so that a reference made before a rename keeps resolving. One statement, and two or
 * three more only for names that no live tool has.
 */
export async function currentToolsByName(store: ToolQueries, names: readonly string[]): Promise<Map<string, StoredTool>> {
  const current = new Map((await toolsByName(store, names)).map((tool) => [tool.name, tool]));
  const missing = storableNames(names.filter((name) => !current.has(name)));
  if (missing.length === 0) return current;
  const renamed = (await store.tombstones(missing)).flatMap(({ name, renamedTo }) => (renamedTo === null ? [] : [{ from: name, to: renamedTo }]));
  const moved = new Map(
    (
      await toolsByName(
        store,
        renamed.map(({ to }) => to),
      )
    ).map((tool) => [tool.name, tool]),
  );
  for (const { from, to } of renamed) {
    const tool = moved.get(to);
    if (tool) current.set(from, tool);
  }
  return current;
}

/** What is left of those of `names` that hold no tool; a text that names no tool (NUL, 10,000 characters) has nothing left. */
export async function tombstones(store: ToolQueries, names: readonly string[]): Promise<ToolTombstone[]> {
  const storable = storableNames(names);
  return storable.length === 0 ? [] : store.tombstones(storable);
}

export async function wrappersOf(store: ToolQueries, names: readonly string[]): Promise<StoredTool[]> {
  const storable = storableNames(names);
  return storable.length === 0 ? [] : store.findWrappersOf(storable);
}

export async function listTools(store: ToolQueries, { filter, ...page }: ListRequest): Promise<ToolPage> {
  const query = toolQuery(filter);
  if (query) return store.listPage({ query, ...page });
  return { tools: [], hasNextPage: false, ...(page.withTotal ? { total: 0 } : {}) };
}

export async function countTools(store: ToolQueries, filter: ToolFilter): Promise<number> {
  const query = toolQuery(filter);
  return query ? store.count(query) : 0;
}

/** Facet counts of the tools that pass `filter` (the same tools `listTools` pages through). */
export async function toolStats(store: ToolQueries, filter: ToolFilter): Promise<ToolStats> {
  const query = toolQuery(filter);
  return query ? store.stats(query) : emptyToolStats();
}

export function namespaces(store: ToolQueries): Promise<Namespace[]> {
  return store.namespaces();
}

/** The revisions of each of `ranges` (history.ts `historyPage`), newest first, in the order of `ranges`. */
export async function revisionsIn(store: ToolQueries, ranges: readonly RevisionRange[]): Promise<StoredRevision[][]> {
  const storable = new Set(storableNames(ranges.map((range) => range.name)));
  const asked = ranges.filter((range) => storable.has(range.name));
  const found = asked.length === 0 ? [] : await store.revisionsIn(asked);
  return ranges.map((range) => (storable.has(range.name) ? found[asked.indexOf(range)]! : []));
}

/** A revision of `name` by number and/or content hash (the latest such; with neither, the latest); null when none. */
export async function findRevision(
  store: ToolQueries,
  name: string,
  match: { revision?: number | null; contentHash?: string | null },
): Promise<StoredRevision | null> {
  if (storableNames([name]).length === 0) return null;
  const { revision, contentHash } = match;
  // No revision has a number below 1 or a hash that is not 64 lowercase hex digits.
  if (revision != null && !(Number.isSafeInteger(revision) && revision >= 1)) return null;
  if (contentHash != null && !/^[0-9a-f]{64}$/.test(contentHash)) return null;
  return store.findRevision(name, { ...(revision != null ? { revision } : {}), ...(contentHash != null ? { contentHash } : {}) });
}
