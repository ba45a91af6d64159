import { mayWrite, namespaceToWrite, type Caller } from '../access';
import { fromConfig } from '../config';
import type { Issue } from '../issues';
import type { ToolQueries } from '../ports';
import { byName, CONFIG_PATHS, wrappedTypeIssues, wrapsIssues } from './stored-rules';
import type { Commit } from './unit-of-work';
import { commitOne, type WriteOutcome } from './write-outcome';

/**
 * `restoreTool`: makes the definition of an earlier revision current again, as a new revision (of
 * kind `restored`), whether the tool exists now or was deleted. Who may: a caller whose grant covers
 * the tool's namespace. What makes it valid: the revision is in the tool's history, and its
 * definition passes every rule as they stand now (issue paths are its `cliDict` keys): the model's,
 * a validation's wrapped tool still exists, a tool that validations wrap does not become one. A
 * definition equal to the current one changes nothing.
 */
export async function restoreTool(commit: Commit, reader: ToolQueries, caller: Caller, name: string, revision: number): Promise<WriteOutcome> {
  const namespace = namespaceToWrite(name);
  if (namespace !== null && !mayWrite(caller.grant, namespace)) return { kind: 'forbidden', namespace };
  const earlier = Number.isSafeInteger(revision) && revision >= 1 ? await reader.findRevision(name, { revision }) : null;
  if (!earlier) {
    return { kind: 'invalid', issues: [{ path: 'revision', code: 'REVISION_NOT_FOUND', message: `"${name}" has no revision ${revision}.` }] };
  }
  const checked = fromConfig(earlier.definition);
  if (!checked.ok) return { kind: 'invalid', issues: checked.issues };
  const definition = checked.value;
  return commitOne(commit, caller.actor, async (writer) => {
    const known = byName(await writer.findByNames(definition.wraps === null ? [name] : [name, definition.wraps]));
    const current = known.get(name) ?? null;
    const issues: Issue[] = wrapsIssues(definition.wraps, known, CONFIG_PATHS);
    if (current) issues.push(...(await wrappedTypeIssues(writer, [definition], [current], CONFIG_PATHS)).map((found) => found.issue));
    if (issues.length > 0) return { kind: 'invalid', issues };
    if (current) return { kind: 'ok', tool: await writer.replace(current, definition, 'restored') };
    const [restored] = await writer.insert([definition], 'restored');
    return { kind: 'ok', tool: restored! };
  });
}
