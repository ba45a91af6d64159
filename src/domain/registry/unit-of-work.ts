import type { ToolEvent, ToolEventPublisher } from '../events';
import { storableNames } from '../filter';
import type { StoredTool, ToolDefinition } from '../model';
import type { ToolReader, ToolStore, ToolWriter } from '../ports';

/** What a write use case does inside its transaction: the store's writer, with the actor already bound. */
export interface UnitWriter extends ToolReader {
  insert(tools: readonly ToolDefinition[]): Promise<StoredTool[]>;
  replace(tool: ToolDefinition): Promise<StoredTool>;
  delete(name: string): Promise<void>;
}

/** Runs a write use case's work in one transaction, as written by `actor`, and announces what it committed. */
export type Commit = <T>(actor: string, work: (writer: UnitWriter) => Promise<T>) => Promise<T>;

/**
 * The one place where writes become events: every insert, replace and delete the work makes is
 * recorded by the writer it is given, and once the transaction has committed the record is
 * published as one batch. A use case cannot forget to announce a change, nor announce one that was
 * rolled back; a transaction the store runs again starts with an empty record.
 */
export function unitOfWork(store: ToolStore, events: ToolEventPublisher | undefined): Commit {
  return async (actor, work) => {
    let changes: Omit<ToolEvent, 'occurredAt'>[] = [];
    const result = await store.write((writer) => {
      changes = [];
      return work(recording(writer, actor, changes));
    });
    if (events && changes.length > 0) {
      const occurredAt = new Date();
      events.publish(changes.map((change) => ({ ...change, occurredAt })));
    }
    return result;
  };
}

/**
 * The store's writer, writing as `actor` whatever actor the work passes, and recording each change
 * into `changes`; reads skip texts that name no tool.
 */
function recording(writer: ToolWriter, actor: string, changes: Omit<ToolEvent, 'occurredAt'>[]): UnitWriter {
  return {
    findByNames: (names) => writer.findByNames(storableNames(names)),
    findWrappersOf: (names) => writer.findWrappersOf(storableNames(names)),
    async insert(tools: readonly ToolDefinition[]): Promise<StoredTool[]> {
      const stored = await writer.insert(tools, actor);
      for (const tool of stored) changes.push({ kind: 'created', name: tool.name, tool, actor });
      return stored;
    },
    async replace(tool: ToolDefinition): Promise<StoredTool> {
      const stored = await writer.replace(tool, actor);
      changes.push({ kind: 'updated', name: stored.name, tool: stored, actor });
      return stored;
    },
    async delete(name: string): Promise<void> {
      await writer.delete(name);
      changes.push({ kind: 'deleted', name, tool: null, actor });
    },
  };
}
