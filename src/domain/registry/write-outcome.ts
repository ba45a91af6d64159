import type { Issue } from '../issues';
import type { StoredTool } from '../model';
import { StoreConflict, type ToolWriter } from '../ports';
import { API_PATHS, conflictIssue } from './stored-rules';
import type { Commit } from './unit-of-work';

/** What a write of one tool (create, update) decided. */
export type WriteOutcome =
  | { kind: 'ok'; tool: StoredTool }
  | { kind: 'invalid'; issues: Issue[] }
  | { kind: 'nameTaken'; name: string }
  | { kind: 'notFound'; name: string };

/** Commits one tool's write; a rule the database enforced against a concurrent write becomes its outcome. */
export async function commitOne(commit: Commit, work: (writer: ToolWriter) => Promise<WriteOutcome>): Promise<WriteOutcome> {
  try {
    return await commit(work);
  } catch (error) {
    if (!(error instanceof StoreConflict)) throw error;
    if (error.rule === 'NAME_TAKEN') return { kind: 'nameTaken', name: error.toolName };
    return { kind: 'invalid', issues: [conflictIssue(error, API_PATHS)] };
  }
}
