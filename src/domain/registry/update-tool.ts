import { mayWrite, namespaceToWrite, type Caller } from '../access';
import type { Issue } from '../issues';
import { downgradeIssue, safetyDowngrades } from '../safety';
import { findingsOf, unsafeContentIssues } from '../findings';
import { patchTool, validateTool, type ToolDraft, type ToolFieldName } from '../validation';
import { API_PATHS, byName, draftWraps, wrappedTypeIssues, wrapsIssues } from './stored-rules';
import type { WritePolicy } from './write-policy';
import type { Commit } from './unit-of-work';
import { commitOne, revisionConflict, type ExpectedRevision, type WriteOutcome } from './write-outcome';

/** What `updateTool` is asked besides the fields: the fields to reset to their defaults, and the revision the client read. */
export interface UpdateRequest {
  reset?: readonly ToolFieldName[];
  expectedRevision?: ExpectedRevision;
}

/**
 * `updateTool`. Who may: a caller whose grant covers the tool's namespace. What makes it valid: the
 * patch merged over the tool as stored (validation.ts `patchTool`: no null that resets more than its
 * value, `reset`'s fields to their defaults), then every rule again on the
 * result (a finding that `policy.refuseFindings` refuses included: UNSAFE_CONTENT), and the stored-data rules: a validation's wrapped tool exists, and a tool that
 * validations wrap does not become a validation. The tool is read inside the transaction and stays
 * as read until it commits, so concurrent patches of one tool apply one after the other and none of
 * their fields is lost; with `expectedRevision`, the second of them conflicts instead.
 */
export async function updateTool(
  commit: Commit,
  policy: WritePolicy,
  caller: Caller,
  name: string,
  patch: ToolDraft,
  request: UpdateRequest = {},
): Promise<WriteOutcome> {
  const namespace = namespaceToWrite(name);
  if (namespace !== null && !mayWrite(caller.grant, namespace)) return { kind: 'forbidden', namespace };
  return commitOne(commit, caller, async (writer) => {
    const [current] = await writer.findByNames([name]);
    if (!current) return { kind: 'notFound', name };
    const conflict = revisionConflict(name, request.expectedRevision, current);
    if (conflict) return conflict;
    const renameIssues: Issue[] =
      patch.name === undefined || patch.name === current.name
        ? []
        : [
            {
              path: 'name',
              code: 'FIELD_NOT_ALLOWED',
              message: 'A tool is renamed by renameTool, which keeps its history and moves the validations wrapping it.',
            },
          ];
    const { name: _ignored, ...rest } = patch;
    const patched = patchTool(current, rest, request.reset);
    if (!patched.ok) return { kind: 'invalid', issues: [...renameIssues, ...patched.issues] };
    const draft = patched.value;
    const checked = validateTool(draft);
    const issues = [...renameIssues, ...(checked.ok ? unsafeContentIssues(findingsOf(checked.value), policy.refuseFindings) : checked.issues)];
    const wraps = draftWraps(draft, issues);
    if (wraps !== null) issues.push(...wrapsIssues(wraps, byName(await writer.findByNames([wraps])), API_PATHS));
    if (checked.ok) {
      const wrapped = await wrappedTypeIssues(writer, [checked.value], [current], API_PATHS);
      issues.push(...wrapped.map((found) => found.issue));
    }
    if (!checked.ok || issues.length > 0) return { kind: 'invalid', issues };
    const downgrades = safetyDowngrades(current.capability, checked.value.capability);
    const refused = downgradeIssue(policy.safetyDowngrades, caller.grant, downgrades);
    if (refused !== null) return { kind: 'invalid', issues: [refused] };
    return { kind: 'ok', tool: await writer.replace(current, checked.value), before: current, safetyDowngrades: downgrades };
  });
}
