import { mayWrite, namespaceToWrite, type Caller } from '../access';
import { findingsOf, unsafeContentIssues } from '../findings';
import { validateTool, type ToolDraft } from '../validation';
import { API_PATHS, byName, draftWraps, nameTakenIssue, reservedNameIssue, reservedNames, wrappedTypeIssues, wrapsIssues } from './stored-rules';
import type { WritePolicy } from './write-policy';
import { downgradeIssue, safetyDowngrades } from '../safety';
import type { Commit } from './unit-of-work';
import { commitOne, type WriteOutcome } from './write-outcome';

/**
 * `createTool`. Who may: a caller whose grant covers the tool's namespace (a validation may wrap a
 * tool of a namespace its author cannot write). What makes it valid: every rule of the model
 * (validation.ts), then, in the transaction, the name is free (no tool has it, and no rename's
 * tombstone keeps it reserved) and a validation's wrapped tool exists and is a tool; and the
 * definition has no finding that `policy.refuseFindings` refuses (UNSAFE_CONTENT). A taken name
 * alone is `nameTaken`; with other issues it joins them as NAME_TAKEN.
 */
export async function createTool(commit: Commit, policy: WritePolicy, caller: Caller, input: ToolDraft): Promise<WriteOutcome> {
  const namespace = namespaceToWrite(input.name);
  if (namespace !== null && !mayWrite(caller.grant, namespace)) return { kind: 'forbidden', namespace };
  const checked = validateTool(input);
  return commitOne(commit, caller, async (writer) => {
    const name = typeof input.name === 'string' ? input.name : null;
    const issues = checked.ok ? unsafeContentIssues(findingsOf(checked.value), policy.refuseFindings) : [...checked.issues];
    const wraps = draftWraps(input, issues);
    // The name and the wrapped tool, in one read.
    const known = byName(await writer.findByNames([name, wraps].filter((n): n is string => n !== null)));
    const existing = name === null ? undefined : known.get(name);
    issues.push(...wrapsIssues(wraps, known, API_PATHS));
    if (existing) {
      if (issues.length === 0) return { kind: 'nameTaken', name: existing.name };
      issues.push(nameTakenIssue(existing.name, API_PATHS));
    }
    const reservedFor = name === null || existing ? undefined : (await reservedNames(writer, [name])).get(name);
    if (reservedFor !== undefined) {
      if (issues.length === 0) return { kind: 'nameTaken', name: name!, reservedFor };
      issues.push(reservedNameIssue(name!, reservedFor, API_PATHS.name));
    }
    // A validation may not take the name of a retired tool that validations still wrap.
    if (checked.ok && !existing) issues.push(...(await wrappedTypeIssues(writer, [checked.value], [], API_PATHS)).map((found) => found.issue));
    if (!checked.ok || issues.length > 0) return { kind: 'invalid', issues };
    // A name with a history compares with the tool it last named: deleting and creating again is no way around the policy.
    const former = (await writer.formerCapabilities([checked.value.name])).get(checked.value.name);
    const downgrades = former ? safetyDowngrades(former, checked.value.capability) : [];
    const refused = downgradeIssue(policy.safetyDowngrades, caller.grant, downgrades);
    if (refused !== null) return { kind: 'invalid', issues: [refused] };
    const [created] = await writer.insert([checked.value]);
    return { kind: 'ok', tool: created!, before: null, safetyDowngrades: downgrades };
  });
}
