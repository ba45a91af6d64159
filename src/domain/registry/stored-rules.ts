import type { Issue } from '../issues';
import type { StoredTool, ToolDefinition } from '../model';
import type { StoreConflict, ToolReader, ToolWriter } from '../ports';
import type { ToolDraft } from '../validation';

/**
 * The rules of spec section 2 that need stored data: NAME_TAKEN, WRAPPED_TOOL_NOT_FOUND (the
 * wrapped tool exists and is a tool) and TOOL_IS_WRAPPED. The write use cases decide them on the
 * tools they read inside their transaction; the database backs each one up with a constraint, and
 * a constraint that fires (a concurrent write got there first) comes back as a StoreConflict that
 * `conflictIssue` turns into the same issue.
 */

/** Where issues of stored-data rules point, in the spelling of the input: API camelCase or config snake_case. */
export interface FieldPaths {
  name: string;
  wraps: string;
  toolType: string;
}
export const API_PATHS: FieldPaths = { name: 'name', wraps: 'wraps', toolType: 'toolType' };
export const CONFIG_PATHS: FieldPaths = { name: 'name', wraps: 'wraps', toolType: 'tool_type' };

export function byName<T extends ToolDefinition>(tools: readonly T[]): Map<string, T> {
  return new Map(tools.map((tool) => [tool.name, tool]));
}

/** The wrapped tool's name, when the input is a validation naming one and its `wraps` has no issue yet. */
export function draftWraps(draft: ToolDraft, issues: readonly Issue[]): string | null {
  const wraps = draft.wraps;
  if (typeof wraps !== 'string' || wraps === '' || draft.toolType !== 'validation') return null;
  return issues.some((issue) => issue.path === 'wraps') ? null : wraps;
}

/** Also what the tombstone of a rename away from a name does: keep the name reserved (rename-tool.ts). */
export function nameTakenMessage(name: string): string {
  return `"${name}" is taken: a tool or validation has that name, or a tool renamed away from it keeps it reserved.`;
}

/**
 * NAME_TAKEN by a reservation: the names of `names` that the tombstone of a rename keeps for the
 * tool renamed away from them, each with the name that tool has now. Read under the names' locks.
 */
export async function reservedNames(writer: Pick<ToolWriter, 'findTombstones'>, names: readonly string[]): Promise<Map<string, string>> {
  const tombstones = await writer.findTombstones(names);
  return new Map(tombstones.flatMap((tombstone) => (tombstone.deletion?.renamedTo ? [[tombstone.name, tombstone.deletion.renamedTo] as const] : [])));
}

export function reservedNameMessage(name: string, renamedTo: string): string {
  return `"${name}" is reserved: the tool that had it was renamed to "${renamedTo}". An admin's purgeTool(name: "${name}") frees it.`;
}

export function reservedNameIssue(name: string, renamedTo: string, path: string): Issue {
  return { path, code: 'NAME_TAKEN', message: reservedNameMessage(name, renamedTo) };
}

export function nameTakenIssue(name: string, paths: FieldPaths): Issue {
  return { path: paths.name, code: 'NAME_TAKEN', message: nameTakenMessage(name) };
}

/** WRAPPED_TOOL_NOT_FOUND: the wrapped tool must be among the `known` tools and not be a validation. */
export function wrapsIssues(wraps: string | null, known: ReadonlyMap<string, ToolDefinition>, paths: FieldPaths): Issue[] {
  if (wraps === null) return [];
  const target = known.get(wraps);
  if (!target) {
    return [{ path: paths.wraps, code: 'WRAPPED_TOOL_NOT_FOUND', message: `No tool named "${wraps}" exists to be wrapped.` }];
  }
  if (target.toolType === 'validation') {
    return [{ path: paths.wraps, code: 'WRAPPED_TOOL_NOT_FOUND', message: `"${wraps}" is a validation; a validation wraps a tool.` }];
  }
  return [];
}

/**
 * TOOL_IS_WRAPPED, for removals: validations wrapping a tool hold it back from being deleted
 * (deleteTool, an import's prune) until its owner deprecates it. Deprecation is the notice to the
 * teams that wrap it; deleting it afterwards retires it, and their validations stay as they are,
 * showing that the tool they wrap is gone (`WrappedImplementation.toolRetired`) rather than being
 * changed by a team that may not write them, or keeping another team's tool alive for ever.
 */
export const holdsBackRemoval = (tool: StoredTool, wrappers: readonly StoredTool[]): boolean =>
  tool.deprecation === null && wrappers.some((wrapper) => wrapper.wraps === tool.name);

/**
 * TOOL_IS_WRAPPED: a tool that validations wrap cannot itself become a validation, unless every
 * validation wrapping it is rewritten by the same write to wrap something else.
 */
export async function wrappedTypeIssues(
  reader: ToolReader,
  definitions: readonly ToolDefinition[],
  stored: readonly StoredTool[],
  paths: FieldPaths,
  /** Validations the same write deletes (an import's prune): they wrap nothing afterwards. */
  deleted: ReadonlySet<string> = new Set(),
): Promise<{ name: string; issue: Issue }[]> {
  const storedTypes = new Map(stored.map((t) => [t.name, t.toolType]));
  // A name that is no tool now may still be wrapped: the name of a retired tool (holdsBackRemoval).
  const becomingValidations = definitions.filter((d) => d.toolType === 'validation' && storedTypes.get(d.name) !== 'validation').map((d) => d.name);
  if (becomingValidations.length === 0) return [];
  const pendingWraps = new Map(definitions.map((d) => [d.name, d.wraps]));
  const wrapsAfterWrite = (wrapper: StoredTool) => {
    if (deleted.has(wrapper.name)) return null;
    return pendingWraps.has(wrapper.name) ? pendingWraps.get(wrapper.name) : wrapper.wraps;
  };
  const wrappers = await reader.findWrappersOf(becomingValidations);
  return becomingValidations.flatMap((name) => {
    const by = wrappers.filter((w) => wrapsAfterWrite(w) === name).map((w) => w.name);
    if (by.length === 0) return [];
    const message = `"${name}" is wrapped by ${by.join(', ')}; it cannot become a validation.`;
    return [{ name, issue: { path: paths.toolType, code: 'TOOL_IS_WRAPPED' as const, message } }];
  });
}

/** The issue of a rule the database enforced for a write that raced past the checks above. */
export function conflictIssue(conflict: StoreConflict, paths: FieldPaths): Issue {
  switch (conflict.rule) {
    case 'NAME_TAKEN':
      return nameTakenIssue(conflict.toolName, paths);
    case 'WRAPPED_TOOL_NOT_FOUND':
      return { path: paths.wraps, code: 'WRAPPED_TOOL_NOT_FOUND', message: `No tool named "${conflict.toolName}" exists to be wrapped.` };
    case 'TOOL_IS_WRAPPED':
      return { path: paths.name, code: 'TOOL_IS_WRAPPED', message: `"${conflict.toolName}" is wrapped by a validation.` };
  }
}
