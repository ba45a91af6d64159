import type { Issue } from '../domain/issues';
import type { ToolSource } from '../domain/model';
import type { ToolDraft, WriteOutcome } from '../domain/registry';
import { SOURCE_FIELDS, toolTypeOf } from '../domain/validation';
import { describeValue } from '../domain/values';
import type { ToolImplementationInput } from './generated/resolvers-types';

/**
 * `ToolInput.implementation` and `ToolPatch.implementation` (a `@oneOf` input: GraphQL has already
 * made sure exactly one member is given, not null) as the flat fields of the domain's draft, so
 * that the domain's one validation judges it like the deprecated flat fields; and the issues the
 * domain finds at those flat fields back at the paths of `implementation` that the client sent.
 */

type Member = keyof ToolImplementationInput;
type FlatField = (typeof SOURCE_FIELDS)[number] | 'wraps';

/** Each member's source, and the flat field each of its own fields stands for. */
const MEMBERS: Readonly<Record<Member, { source: ToolSource; fields: Readonly<Record<string, FlatField>> }>> = {
  mcp: { source: 'mcp', fields: { server: 'mcpServer', toolName: 'mcpToolName' } },
  agentSkill: { source: 'agent_skill', fields: { path: 'agentSkillPath' } },
  builtin: { source: 'builtin', fields: {} },
  custom: { source: 'custom', fields: { code: 'code' } },
  wrapped: { source: 'wrapped', fields: { toolName: 'wraps' } },
};

/** Every flat field an implementation sets: those of other sources to null, so that a patch switching sources clears them. */
const FLAT_FIELDS: readonly FlatField[] = [...SOURCE_FIELDS, 'wraps'];

/** The draft an input stands for, and where an issue at one of its flat fields points in the input. */
interface Flattened {
  draft: ToolDraft;
  pathOf: (path: string) => string;
}

/**
 * Writes `input` (a `ToolInput` to create, a `ToolPatch` to update) through `write`, its implementation
 * given as flat fields. An input whose implementation cannot be read (a patch's null, `builtin:
 * false`) or that a deprecated flat field contradicts is refused with those issues alone: which of
 * the two the other rules should judge is not known, so nothing else is checked.
 */
export async function writeWithImplementation(
  input: { implementation?: ToolImplementationInput | null } & ToolDraft,
  operation: 'create' | 'update',
  write: (draft: ToolDraft) => Promise<WriteOutcome>,
): Promise<WriteOutcome> {
  const flattened = flatten(input, operation);
  if (Array.isArray(flattened)) return { kind: 'invalid', issues: flattened };
  const outcome = await write(flattened.draft);
  if (outcome.kind !== 'invalid') return outcome;
  return { ...outcome, issues: outcome.issues.map((issue) => ({ ...issue, path: flattened.pathOf(issue.path) })) };
}

function flatten(
  { implementation, ...flat }: { implementation?: ToolImplementationInput | null } & ToolDraft,
  operation: 'create' | 'update',
): Flattened | Issue[] {
  // On create a null is a field left out, as for every other field.
  if (implementation === undefined || (implementation === null && operation === 'create')) return { draft: flat, pathOf: (path) => path };
  if (implementation === null) {
    return [invalid('implementation', 'A tool always has an implementation: give the one it is to have, or leave implementation out.')];
  }
  const [member, value] = Object.entries(implementation)[0] as [Member, unknown];
  if (member === 'builtin' && value !== true) {
    return [invalid('implementation.builtin', 'A builtin tool is given as builtin: true; false says nothing.')];
  }
  const { source, fields } = MEMBERS[member];
  const given = (value ?? {}) as Record<string, unknown>;
  const implied: ToolDraft = { source, toolType: toolTypeOf(source), ...Object.fromEntries(FLAT_FIELDS.map((field) => [field, null])) };
  const paths = new Map<string, string>([
    ['source', 'implementation'],
    ['toolType', 'implementation'],
  ]);
  for (const [field, flatField] of Object.entries(fields)) {
    implied[flatField] = given[field];
    paths.set(flatField, `implementation.${member}.${field}`);
  }

  // A deprecated field beside `implementation` may repeat it, or be null (it sets them all anyway).
  const contradictions = Object.entries(implied)
    .filter(([field, value]) => flat[field] != null && flat[field] !== value)
    .map(([field, value]) =>
      invalid(
        'implementation',
        `${field} is ${describeValue(flat[field])}, but implementation makes it ${describeValue(value)}; leave the deprecated ${field} out.`,
      ),
    );
  if (contradictions.length > 0) return contradictions;
  return { draft: { ...flat, ...implied }, pathOf: (path) => paths.get(path) ?? path };
}

function invalid(path: string, message: string): Issue {
  return { path, code: 'INVALID_VALUE', message };
}
