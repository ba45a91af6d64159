import type { Issue } from '../issues';
import type { StoredTool } from '../model';
import { StoreConflict } from '../ports';
import { API_PATHS, conflictIssue } from './stored-rules';
import type { Commit, UnitWriter } from './unit-of-work';

/** What a write of one tool (create, update) decided. */
export type WriteOutcome =
  | { kind: 'ok'; tool: StoredTool }
  | { kind: 'invalid'; issues: Issue[] }
  /** `reservedFor`: when the name is kept by a rename's tombstone, the name that tool has now. */
  | { kind: 'nameTaken'; name: string; reservedFor?: string }
  | { kind: 'notFound'; name: string }
  | Forbidden;

/** The caller's credential does not cover the namespace of the tool (access.ts `mayWrite`); nothing was read or written. */
export interface Forbidden {
  kind: 'forbidden';
  namespace: string;
  /** Why, when it is more than the namespace (access.ts `forbiddenMessage`). */
  message?: string;
}

/** Commits one tool's write as `actor`; a rule the database enforced against a concurrent write becomes its outcome. */
export async function commitOne(commit: Commit, actor: string, work: (writer: UnitWriter) => Promise<WriteOutcome>): Promise<WriteOutcome> {
  try {
    return await commit(actor, work);
  } catch (error) {
    if (!(error instanceof StoreConflict)) throw error;
    if (error.rule === 'NAME_TAKEN') return { kind: 'nameTaken', name: error.toolName };
    return { kind: 'invalid', issues: [conflictIssue(error, API_PATHS)] };
  }
}
