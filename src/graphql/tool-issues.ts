import { configPathOf } from '../domain/config';
import { pathSegments } from '../domain/config-source';
import type { Issue } from '../domain/issues';
import { isArgumentIssue, type ImportIssue, type InvalidImportedTool } from '../domain/registry';
import type { InvalidToolConfig, ToolIssue } from './generated/resolvers-types';

/**
 * The domain's issues as `ToolIssue`s. The domain names a place by the model's own keys
 * (`resourceSlots[1].staticResource`, or `resource_slots[1]…` in a config); the API names it in the
 * request: from the argument, in GraphQL names, a list position as its number. A definition the
 * request names without spelling it out (a config text, a revision to restore, a tool to rename)
 * is pointed into by `configPath`, in its config keys.
 */

const segments = (path: string): string[] => pathSegments(path).map(String);

const issueAt = (
  { code, message }: Issue,
  path: string[],
  configPath: string[] | null = null,
  line: number | null = null,
  column: number | null = null,
): ToolIssue => ({
  path,
  code,
  message,
  configPath,
  line,
  column,
});

/** At a path of an input object argument: `capability.readOnly` of `input` → `['input', 'capability', 'readOnly']`. */
export const inputIssue = (argument: string) => (issue: Issue) => issueAt(issue, [argument, ...segments(issue.path)]);

/** At a path the domain names from the arguments themselves: `replacedBy`, `prune[2]`. */
export const argumentIssue = (issue: Issue): ToolIssue => issueAt(issue, segments(issue.path));

/**
 * At one of `own` arguments when the domain names it, else inside the stored definition that
 * `argument` names (a restore's revision, a renamed tool): the argument, and the definition's config path.
 */
export const storedDefinitionIssue =
  (argument: string, own: readonly string[]) =>
  (issue: Issue): ToolIssue =>
    own.includes(issue.path) ? argumentIssue(issue) : issueAt(issue, [argument], segments(configPathOf(issue.path)));

/**
 * An issue of an import: of the config text (`['config']`, with where in it: the domain located
 * it), or of another argument (`['prune', '2']`).
 */
export const importIssue = ({ at, ...issue }: ImportIssue): ToolIssue =>
  isArgumentIssue(issue) ? argumentIssue(issue) : issueAt(issue, ['config'], at?.configPath.map(String) ?? null, at?.line ?? null, at?.column ?? null);

export const invalidToolConfig = ({ index, name, issues }: InvalidImportedTool): InvalidToolConfig => ({ index, name, issues: issues.map(importIssue) });
