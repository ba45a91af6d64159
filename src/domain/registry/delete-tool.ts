import { mayWrite, namespaceToWrite, type Caller } from '../access';
import type { StoredTool } from '../model';
import { StoreConflict, type ToolReader } from '../ports';
import type { Commit } from './unit-of-work';
import type { Forbidden } from './write-outcome';

export type DeleteOutcome =
  | { kind: 'deleted'; tool: StoredTool }
  | { kind: 'notFound'; name: string }
  | { kind: 'wrapped'; name: string; wrappedBy: StoredTool[] }
  | Forbidden;

/**
 * `deleteTool`. Who may: a caller whose grant covers the tool's namespace. What makes it valid:
 * TOOL_IS_WRAPPED, a tool stays while validations wrap it.
 */
export async function deleteTool(commit: Commit, reader: ToolReader, caller: Caller, name: string): Promise<DeleteOutcome> {
  const namespace = namespaceToWrite(name);
  if (namespace !== null && !mayWrite(caller.grant, namespace)) return { kind: 'forbidden', namespace };
  try {
    return await commit(caller.actor, async (writer): Promise<DeleteOutcome> => {
      const [current] = await writer.findByNames([name]);
      if (!current) return { kind: 'notFound', name };
      const wrappedBy = await writer.findWrappersOf([name]);
      if (wrappedBy.length > 0) return { kind: 'wrapped', name, wrappedBy };
      await writer.delete(current);
      return { kind: 'deleted', tool: current };
    });
  } catch (error) {
    if (!(error instanceof StoreConflict) || error.rule !== 'TOOL_IS_WRAPPED') throw error;
    // A validation wrapping this tool was committed after our check; the database refused.
    return { kind: 'wrapped', name, wrappedBy: await reader.findWrappersOf([name]) };
  }
}
