import { mayWrite, namespaceToWrite, type Caller } from '../access';
import { configPathOf, fromConfig } from '../config';
import { findingsOf, unsafeContentIssues } from '../findings';
import { storableNames } from '../filter';
import type { Issue } from '../issues';
import { byName, CONFIG_PATHS, wrappedTypeIssues, wrapsIssues } from './stored-rules';
import type { WritePolicy } from './write-policy';
import { downgradeIssue, safetyDowngrades } from '../safety';
import type { Commit } from './unit-of-work';
import { commitOne, revisionConflict, type ExpectedRevision, type WriteOutcome } from './write-outcome';

/**
 * `restoreTool`: makes the definition of an earlier revision current again, as a new revision (of
 * kind `restored`), whether the tool exists now or was deleted. Who may: a caller whose grant covers
 * the tool's namespace. What makes it valid: the revision is in the tool's history (not pruned by
 * its retention, which is its own issue), and its
 * definition passes every rule as they stand now (issue paths are its `cliDict` keys): the model's,
 * the findings policy's (`policy.refuseFindings`: a revision stored before or under another policy may be refused),
 * a validation's wrapped tool still exists, a tool that validations wrap does not become one. A
 * definition equal to the current one changes nothing.
 */
export async function restoreTool(
  commit: Commit,
  policy: WritePolicy,
  caller: Caller,
  name: string,
  revision: number,
  expectedRevision?: ExpectedRevision,
): Promise<WriteOutcome> {
  const namespace = namespaceToWrite(name);
  if (namespace !== null && !mayWrite(caller.grant, namespace)) return { kind: 'forbidden', namespace };
  const notFound: WriteOutcome = {
    kind: 'invalid',
    issues: [{ path: 'revision', code: 'REVISION_NOT_FOUND', message: `"${name}" has no revision ${revision}.` }],
  };
  const pruned: WriteOutcome = {
    kind: 'invalid',
    issues: [
      {
        path: 'revision',
        code: 'REVISION_PRUNED',
        message: `Revision ${revision} of "${name}" is no longer kept: this registry keeps only a tool's newest revisions (TOOLGRAPH_HISTORY_KEEP). Restore one of those its history lists.`,
      },
    ],
  };
  if (!Number.isSafeInteger(revision) || revision < 1 || storableNames([name]).length === 0) return notFound;
  return commitOne(commit, caller, async (writer) => {
    // The tool first: its read takes the name's lock, so no purge of the history can come between.
    const [current] = await writer.findByNames([name]);
    // A deleted tool is at the revision its history ends at (its tombstone's). Checked first: a
    // revision missing because the tool was renamed away since is the conflict, not the client's mistake.
    const currentRevision = current ? current.revision : ((await writer.lastRevisions([name])).get(name) ?? null);
    const conflict = revisionConflict(name, expectedRevision, current, currentRevision);
    if (conflict) return conflict;
    const [earlier] = await writer.findRevisions([{ name, revision }]);
    // Numbers have no gaps, so one below the latest that is missing was pruned (history.ts `HistoryRetention`).
    if (!earlier && currentRevision !== null && revision < currentRevision) return pruned;
    if (!earlier) return notFound;
    const checked = fromConfig(earlier.definition);
    if (!checked.ok) return { kind: 'invalid', issues: checked.issues };
    // A revision from before a rename holds the old name: restored, it keeps the name it has now.
    const definition = { ...checked.value, name };
    const issues: Issue[] = unsafeContentIssues(findingsOf(definition), policy.refuseFindings, { pathOf: configPathOf });
    if (definition.wraps !== null) issues.push(...wrapsIssues(definition.wraps, byName(await writer.findByNames([definition.wraps])), CONFIG_PATHS));
    issues.push(...(await wrappedTypeIssues(writer, [definition], current ? [current] : [], CONFIG_PATHS)).map((found) => found.issue));
    if (issues.length > 0) return { kind: 'invalid', issues };
    const former = current?.capability ?? (await writer.formerCapabilities([name])).get(name);
    const downgrades = former ? safetyDowngrades(former, definition.capability) : [];
    const refused = downgradeIssue(policy.safetyDowngrades, caller.grant, downgrades);
    if (refused !== null) return { kind: 'invalid', issues: [refused] };
    if (current) return { kind: 'ok', tool: await writer.replace(current, definition, 'restored'), before: current, safetyDowngrades: downgrades };
    const [restored] = await writer.insert([definition], 'restored');
    return { kind: 'ok', tool: restored!, before: null, safetyDowngrades: downgrades };
  });
}
