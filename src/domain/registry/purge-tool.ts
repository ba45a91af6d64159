import type { Caller } from '../access';
import { namespaceOf, type StoredTool } from '../model';
import { storableNames } from '../filter';
import type { Commit } from './unit-of-work';
import type { Forbidden } from './write-outcome';

export type PurgeOutcome =
  | { kind: 'purged'; name: string; revisions: number; freedNames: string[] }
  | { kind: 'notFound'; name: string }
  | { kind: 'notDeleted'; name: string }
  | { kind: 'wrapped'; name: string; wrappedBy: StoredTool[] }
  | Forbidden;

/**
 * `purgeTool`: deletes for good the history of a deleted tool, so that nothing of it remains and a
 * tool created under the name starts again at revision 1. The tombstones its renames left under
 * its old names go with it, which frees those names (the tool they were kept for is gone); a
 * rename's tombstone may be purged alone (it has no history: that moved with the tool). Who may: the admin role only
 * (any namespace). What makes it valid: the name has a history or a tombstone, and no tool (delete
 * it first, which tells subscribers), and no validation wraps it (a retired tool's). Announced as `purged`, which empties response caches.
 */
export async function purgeTool(commit: Commit, caller: Caller, name: string): Promise<PurgeOutcome> {
  if (storableNames([name]).length === 0) return { kind: 'notFound', name };
  if (caller.grant.role !== 'admin') return { kind: 'forbidden', namespace: namespaceOf(name) };
  return commit(caller, async (writer): Promise<PurgeOutcome> => {
    const [current] = await writer.findByNames([name]);
    if (current) return { kind: 'notDeleted', name };
    // A retired tool's name stays while validations still wrap it: they name what they wrapped.
    const wrappedBy = await writer.findWrappersOf([name]);
    if (wrappedBy.length > 0) return { kind: 'wrapped', name, wrappedBy };
    const purged = await writer.purgeHistory(name);
    return purged === null ? { kind: 'notFound', name } : { kind: 'purged', name, ...purged };
  });
}
