import { mayWrite, namespaceToWrite, type Caller } from '../access';
import type { Issue } from '../issues';
import type { StoredTool } from '../model';
import { findingsOf, unsafeContentIssues } from '../findings';
import { applyPatch, validateTool } from '../validation';
import { reservedNameIssue, reservedNames } from './stored-rules';
import type { WritePolicy } from './write-policy';
import type { Commit } from './unit-of-work';
import { commitOne, revisionConflict, type ExpectedRevision, type WriteOutcome } from './write-outcome';

/**
 * `renameTool`: the tool takes the name `newName` and keeps everything else, its history included
 * (the rename is a revision of kind `renamed`). In the same transaction the validations wrapping it
 * are made to wrap the new name, and deprecations naming it as the replacement name the new name,
 * each as a revision of its own, whatever their namespace (they follow the tool they refer to; the
 * caller changes nothing else of theirs). The old name keeps a tombstone that says where the tool went
 * (`renamedTo`), reserved until an admin purges it, so that nothing else answers to a name agents
 * have approved; the tool may take it back by a rename. The new name is scanned with the rest: a
 * finding that `policy.refuseFindings` refuses is UNSAFE_CONTENT.
 *
 * Who may: a caller whose grant covers both namespaces, and the namespaces of every tool that
 * refers to it (a grant bounds every effect of a write, cascades included: spec section 6). A
 * reference from a namespace the caller cannot write refuses the rename, naming the tools, rather
 * than rewriting another team's definitions or being silently left to point at a tombstone. What makes it valid: `newName` passes the
 * name rule and is another name; it belongs to no tool, and no deleted tool's history (purge that
 * first), is not reserved by another tool's rename, and is not the replacement the tool's own
 * deprecation names.
 */
export async function renameTool(
  commit: Commit,
  policy: WritePolicy,
  caller: Caller,
  name: string,
  newName: string,
  expectedRevision?: ExpectedRevision,
): Promise<WriteOutcome> {
  for (const namespace of [namespaceToWrite(name), namespaceToWrite(newName)]) {
    if (namespace !== null && !mayWrite(caller.grant, namespace)) return { kind: 'forbidden', namespace };
  }
  return commitOne(commit, caller, async (writer) => {
    const known = await writer.findByNames([name, newName]);
    const current = known.find((tool) => tool.name === name);
    if (!current) return { kind: 'notFound', name };
    const conflict = revisionConflict(name, expectedRevision, current);
    if (conflict) return conflict;
    if (newName === name) return invalid(`The tool is named "${name}" already.`, 'INVALID_VALUE');
    const checked = validateTool(applyPatch(current, { name: newName }));
    const issues = checked.ok ? unsafeContentIssues(findingsOf(checked.value), policy.refuseFindings) : checked.issues;
    if (issues.length > 0) return { kind: 'invalid', issues: issues.map((issue) => ({ ...issue, path: issue.path === 'name' ? 'newName' : issue.path })) };
    if (known.some((tool) => tool.name === newName)) return { kind: 'nameTaken', name: newName };
    const reservedFor = (await reservedNames(writer, [newName])).get(newName);
    if (reservedFor !== undefined && reservedFor !== name) return { kind: 'invalid', issues: [reservedNameIssue(newName, reservedFor, 'newName')] };
    if (current.deprecation?.replacedBy === newName) {
      return invalid(
        `"${newName}" is the replacement this tool's deprecation names, and a tool cannot be its own replacement: change or withdraw the deprecation first.`,
        'INVALID_VALUE',
      );
    }
    if ((await writer.lastRevisions([newName])).has(newName)) {
      return invalid(
        `"${newName}" is the name of a deleted tool, whose history remains: create it again, or purge it (purgeTool) before renaming a tool to it.`,
      );
    }
    const wrappers = await writer.findWrappersOf([name]);
    const deprecatedFor = await writer.findReplacedBy([name]);
    const beyondGrant = referencesBeyondGrant(caller, name, wrappers, deprecatedFor);
    if (beyondGrant) return beyondGrant;
    const renamed = await writer.rename(current, newName);
    const rewrapped = new Map<string, StoredTool>();
    for (const wrapper of wrappers) rewrapped.set(wrapper.name, await writer.replace(wrapper, { ...wrapper, wraps: newName }));
    for (const tool of deprecatedFor) {
      // A wrapper may be deprecated in favour of the tool too: its deprecation follows its new revision.
      const latest = rewrapped.get(tool.name) ?? tool;
      // Still its author's deprecation, as of when they made it: only the name it points at moved.
      await writer.setDeprecation(latest, { ...latest.deprecation!, replacedBy: newName });
    }
    return { kind: 'ok', tool: renamed, before: current, safetyDowngrades: [] };
  });
}

function invalid(message: string, code: Issue['code'] = 'NAME_TAKEN'): WriteOutcome {
  return { kind: 'invalid', issues: [{ path: 'newName', code, message }] };
}

/** Forbidden, naming them, when tools the rename would rewrite (`wrappers`, `deprecatedFor`) lie outside the caller's grant; null when all are within it. */
function referencesBeyondGrant(caller: Caller, name: string, wrappers: readonly StoredTool[], deprecatedFor: readonly StoredTool[]): WriteOutcome | null {
  const beyond = (tools: readonly StoredTool[]) => tools.filter((tool) => !mayWrite(caller.grant, namespaceToWrite(tool.name)!)).map((tool) => tool.name);
  const references = [...beyond(wrappers).map((other) => `${other} wraps it`), ...beyond(deprecatedFor).map((other) => `${other} is deprecated in its favour`)];
  if (references.length === 0) return null;
  const namespace = namespaceToWrite(beyond([...wrappers, ...deprecatedFor]).sort()[0])!;
  return {
    kind: 'forbidden',
    namespace,
    message:
      `Renaming "${name}" would rewrite tools your credential does not allow writing to (${references.join('; ')}). ` +
      'Ask their owners to change them first, or an admin to rename it.',
  };
}
