import { mayWrite, namespaceToWrite, type Caller } from '../access';
import type { StoredTool } from '../model';
import { holdsBackRemoval } from './stored-rules';
import type { Commit } from './unit-of-work';
import { revisionConflict, type ExpectedRevision, type Forbidden, type RevisionConflict } from './write-outcome';

export type DeleteOutcome =
  /** `tool`: as it was deleted; `revision`: its tombstone's. */
  | { kind: 'deleted'; tool: StoredTool; revision: number }
  | { kind: 'notFound'; name: string }
  | { kind: 'wrapped'; name: string; wrappedBy: StoredTool[] }
  | RevisionConflict
  | Forbidden;

/**
 * `deleteTool`. Who may: a caller whose grant covers the tool's namespace. What makes it valid:
 * TOOL_IS_WRAPPED, a tool stays while validations wrap it, until it is deprecated
 * (stored-rules.ts `holdsBackRemoval`: then its deletion retires it). The tool leaves a tombstone (its
 * history stays). A validation being created to wrap it meanwhile waits for this write, which
 * holds the tool's name (every write locks the names it reads, a wrapped tool's included), and then
 * finds it gone.
 */
export async function deleteTool(commit: Commit, caller: Caller, name: string, expectedRevision?: ExpectedRevision): Promise<DeleteOutcome> {
  const namespace = namespaceToWrite(name);
  if (namespace !== null && !mayWrite(caller.grant, namespace)) return { kind: 'forbidden', namespace };
  return commit(caller, async (writer): Promise<DeleteOutcome> => {
    const [current] = await writer.findByNames([name]);
    if (!current) return { kind: 'notFound', name };
    const conflict = revisionConflict(name, expectedRevision, current);
    if (conflict) return conflict;
    const wrappedBy = await writer.findWrappersOf([name]);
    if (holdsBackRemoval(current, wrappedBy)) return { kind: 'wrapped', name, wrappedBy };
    return { kind: 'deleted', tool: current, revision: await writer.delete(current) };
  });
}
