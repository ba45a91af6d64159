import DataLoader from 'dataloader';
import type { ToolTombstone } from '../domain/events';
import type { RevisionRange, StoredRevision } from '../domain/history';
import type { StoredTool } from '../domain/model';
import type { ToolRegistry } from '../domain/registry';

/**
 * Per-request batching: every `wraps`, `WrappedImplementation.tool`, `wrappedBy`, `history` and
 * `node` of one response is loaded with one registry call per kind, whatever the page size.
 */
export interface ToolLoaders {
  /** A tool by its name; null when there is none. */
  toolByName: DataLoader<string, StoredTool | null>;
  /** A tool by its id (`StoredTool.id`); null when no live tool has it. */
  toolById: DataLoader<number, StoredTool | null>;
  /** A revision by its id (`StoredRevision.id`); null when none is kept with it. */
  revisionById: DataLoader<number, StoredRevision | null>;
  /** The tool a federation reference by name stands for now: the tool of that name, or the one a rename took it to; null when none. */
  toolByReference: DataLoader<string, StoredTool | null>;
  /** The validations that wrap the tool of this name, ordered by name. */
  wrappersOf: DataLoader<string, StoredTool[]>;
  /** The revisions of a range of a tool's history, newest first. */
  revisionsIn: DataLoader<RevisionRange, StoredRevision[], string>;
  /** What is left of a name that holds no tool; null when it holds one, or never held any. */
  tombstoneOf: DataLoader<string, ToolTombstone | null>;
}

export function createToolLoaders(registry: ToolRegistry): ToolLoaders {
  const toolByName = new DataLoader<string, StoredTool | null>(async (names) => {
    const found = new Map((await registry.getMany(names)).map((tool) => [tool.name, tool]));
    return names.map((name) => found.get(name) ?? null);
  });
  const toolById = new DataLoader<number, StoredTool | null>(async (ids) => {
    const found = new Map((await registry.getManyById(ids)).map((tool) => [tool.id, tool]));
    for (const tool of found.values()) toolByName.prime(tool.name, tool);
    return ids.map((id) => found.get(id) ?? null);
  });
  const revisionById = new DataLoader<number, StoredRevision | null>(async (ids) => {
    const found = new Map((await registry.revisionsById(ids)).map((revision) => [revision.id, revision]));
    return ids.map((id) => found.get(id) ?? null);
  });
  const toolByReference = new DataLoader<string, StoredTool | null>(async (names) => {
    const current = await registry.currentTools(names);
    return names.map((name) => current.get(name) ?? null);
  });
  const wrappersOf = new DataLoader<string, StoredTool[]>(async (names) => {
    const byWrapped = new Map<string, StoredTool[]>(names.map((name) => [name, []]));
    for (const wrapper of await registry.wrappersOf(names)) {
      if (wrapper.wraps !== null) byWrapped.get(wrapper.wraps)?.push(wrapper);
      toolByName.prime(wrapper.name, wrapper);
    }
    return names.map((name) => byWrapped.get(name) ?? []);
  });
  const revisionsIn = new DataLoader<RevisionRange, StoredRevision[], string>((ranges) => registry.revisionsIn(ranges), {
    cacheKeyFn: (range) => `${range.name}|${range.lowest}|${range.highest}`,
  });
  const tombstoneOf = new DataLoader<string, ToolTombstone | null>(async (names) => {
    const found = new Map((await registry.tombstones(names)).map((tombstone) => [tombstone.name, tombstone]));
    return names.map((name) => found.get(name) ?? null);
  });
  return { toolByName, toolById, revisionById, toolByReference, wrappersOf, revisionsIn, tombstoneOf };
}

/** Seeds the by-name and by-id caches with tools already read (a listed page), so they are not read again. */
export function primeTools(loaders: ToolLoaders, tools: readonly StoredTool[]): void {
  for (const tool of tools) {
    loaders.toolByName.prime(tool.name, tool);
    loaders.toolById.prime(tool.id, tool);
  }
}
