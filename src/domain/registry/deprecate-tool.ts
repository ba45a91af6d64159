import { mayWrite, namespaceToWrite, type Caller } from '../access';
import type { Issue } from '../issues';
import { MAX_DEPRECATION_MESSAGE_LENGTH } from '../limits';
import { isToolName } from '../validation';
import { longerThan, textProblem } from '../values';
import type { Commit } from './unit-of-work';
import { commitOne, revisionConflict, type ExpectedRevision, type WriteOutcome } from './write-outcome';

/** What `deprecateTool` is asked: why, and what to use instead. */
export interface DeprecationRequest {
  message: string;
  replacedBy?: string | null;
  /** The revision the client read (write-outcome.ts `revisionConflict`). */
  expectedRevision?: ExpectedRevision;
}

/**
 * `deprecateTool`: the tool stays listed, readable and usable, marked with why and with what to use
 * instead. Who may: a caller whose grant covers the tool's namespace. What makes it valid: a message
 * that is not blank (at most MAX_DEPRECATION_MESSAGE_LENGTH characters, kept as given), and a
 * replacement, if named, that is a registered tool other than this one. Deprecating again replaces
 * the message and the replacement; asking for what already stands changes nothing.
 */
export async function deprecateTool(commit: Commit, caller: Caller, name: string, request: DeprecationRequest): Promise<WriteOutcome> {
  const namespace = namespaceToWrite(name);
  if (namespace !== null && !mayWrite(caller.grant, namespace)) return { kind: 'forbidden', namespace };
  const replacedBy = request.replacedBy ?? null;
  const issues: Issue[] = [];
  // The rules of every stored text (values.ts): storable characters only, length in code points.
  const textIssue = textProblem(request.message);
  if (textIssue !== null) issues.push({ path: 'message', code: 'INVALID_VALUE', message: textIssue });
  else if (request.message.trim() === '')
    issues.push({ path: 'message', code: 'INVALID_VALUE', message: 'A deprecation needs a message: why, and what to do instead.' });
  else if (longerThan(request.message, MAX_DEPRECATION_MESSAGE_LENGTH)) {
    issues.push({
      path: 'message',
      code: 'VALUE_TOO_LARGE',
      message: `The message is longer than ${MAX_DEPRECATION_MESSAGE_LENGTH.toLocaleString('en-US')} characters, the most allowed here.`,
    });
  }
  if (replacedBy !== null && !isToolName(replacedBy)) {
    issues.push({ path: 'replacedBy', code: 'INVALID_NAME', message: 'The replacement must be a tool name, `namespace/short_name`.' });
  } else if (replacedBy === name) {
    issues.push({ path: 'replacedBy', code: 'REPLACEMENT_NOT_FOUND', message: 'A tool cannot be its own replacement.' });
  }
  // A replacement named well enough to look for, read with the tool (and locked: it stays until the commit).
  const replacement = replacedBy !== null && !issues.some((issue) => issue.path === 'replacedBy') ? replacedBy : null;
  return commitOne(commit, caller, async (writer) => {
    const known = await writer.findByNames(replacement === null ? [name] : [name, replacement]);
    const current = known.find((tool) => tool.name === name);
    if (!current) return { kind: 'notFound', name };
    const conflict = revisionConflict(name, request.expectedRevision, current);
    if (conflict) return conflict;
    if (replacement !== null && !known.some((tool) => tool.name === replacement)) {
      issues.push({ path: 'replacedBy', code: 'REPLACEMENT_NOT_FOUND', message: `No tool is named "${replacement}".` });
    }
    if (issues.length > 0) return { kind: 'invalid', issues };
    return { kind: 'ok', tool: await writer.setDeprecation(current, { message: request.message, replacedBy }), before: current, safetyDowngrades: [] };
  });
}

/** `undeprecateTool`: the tool is active again. Who may: as for `deprecateTool`. An active tool stays as it is. */
export async function undeprecateTool(commit: Commit, caller: Caller, name: string, expectedRevision?: ExpectedRevision): Promise<WriteOutcome> {
  const namespace = namespaceToWrite(name);
  if (namespace !== null && !mayWrite(caller.grant, namespace)) return { kind: 'forbidden', namespace };
  return commitOne(commit, caller, async (writer) => {
    const [current] = await writer.findByNames([name]);
    if (!current) return { kind: 'notFound', name };
    return (
      revisionConflict(name, expectedRevision, current) ?? {
        kind: 'ok',
        tool: await writer.setDeprecation(current, null),
        before: current,
        safetyDowngrades: [],
      }
    );
  });
}
