import type { Issue } from '../issues';
import type { StoredTool } from '../model';
import { StoreConflict } from '../ports';
import type { SafetyDowngrade } from '../safety';
import { API_PATHS, conflictIssue } from './stored-rules';
import type { Commit, UnitWriter, Writer } from './unit-of-work';

/** What a write of one tool (create, update) decided. */
export type WriteOutcome =
  /**
   * `before`: the tool as the write found it; null when there was none (a creation, a restore of a
   * deleted tool). `safetyDowngrades`: what the write lowered, from `before` or, under a name with a
   * history, from the tool the name last stood for (as its revision records them).
   */
  | { kind: 'ok'; tool: StoredTool; before: StoredTool | null; safetyDowngrades: SafetyDowngrade[] }
  | { kind: 'invalid'; issues: Issue[] }
  /** `reservedFor`: when the name is kept by a rename's tombstone, the name that tool has now. */
  | { kind: 'nameTaken'; name: string; reservedFor?: string }
  | { kind: 'notFound'; name: string }
  | RevisionConflict
  | Forbidden;

/**
 * The tool is not at the revision the write expected (spec section 9, Conflicts): someone wrote it
 * since the client read it, and nothing was written. `current` is the tool as it is now; null when
 * it no longer exists (`currentRevision` is then its tombstone's, or null when it never existed).
 * `expectedRevision` null: an import's plan expected no tool by that name.
 */
export interface RevisionConflict {
  kind: 'revisionConflict';
  name: string;
  expectedRevision: number | null;
  currentRevision: number | null;
  current: StoredTool | null;
}

/**
 * The revision a write of an existing tool may name as its precondition; null or undefined: none.
 * Checked inside the write's transaction, after the tool's read has locked its name, so of two
 * writers expecting one revision exactly one passes.
 */
export type ExpectedRevision = number | null | undefined;

/** The conflict when `expected` is given and the tool (`current`, or the revision a deleted tool's history ends at) is not at it. */
export function revisionConflict(
  name: string,
  expected: ExpectedRevision,
  current: StoredTool | undefined,
  currentRevision: number | null = current?.revision ?? null,
): RevisionConflict | null {
  if (expected === null || expected === undefined) return null;
  return conflictUnlessAt(name, expected, current, currentRevision);
}

/** The conflict unless the tool is at `expected`; null expects no live tool by that name (an import's plan that would create it). */
export function conflictUnlessAt(
  name: string,
  expected: number | null,
  current: StoredTool | undefined,
  currentRevision: number | null = current?.revision ?? null,
): RevisionConflict | null {
  if (expected === currentRevision) return null;
  return { kind: 'revisionConflict', name, expectedRevision: expected, currentRevision, current: current ?? null };
}

/** The caller's credential does not cover the namespace of the tool (access.ts `mayWrite`); nothing was read or written. */
export interface Forbidden {
  kind: 'forbidden';
  namespace: string;
  /** Why, when it is more than the namespace (access.ts `forbiddenMessage`). */
  message?: string;
}

/** Commits one tool's write as `writer`; a rule the database enforced against a concurrent write becomes its outcome. */
export async function commitOne(commit: Commit, writer: Writer, work: (writer: UnitWriter) => Promise<WriteOutcome>): Promise<WriteOutcome> {
  try {
    return await commit(writer, work);
  } catch (error) {
    if (!(error instanceof StoreConflict)) throw error;
    if (error.rule === 'NAME_TAKEN') return { kind: 'nameTaken', name: error.toolName };
    return { kind: 'invalid', issues: [conflictIssue(error, API_PATHS)] };
  }
}
