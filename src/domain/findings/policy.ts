import type { Issue } from '../issues';
import type { ToolDefinition } from '../model';
import { FINDING_SEVERITIES, type FindingSeverity } from './rules';
import { scanTool, severityRank, type ToolFinding } from './scan';

/**
 * What the registry does with findings (spec section 8): which writes it refuses, and what it
 * keeps from agents. The scanner says what it found; these rules decide what follows from it.
 */

/** The least severity a write refuses (`TOOLGRAPH_REFUSE_FINDINGS`); null: none, every write is stored and its findings only reported. */
export type FindingRefusal = FindingSeverity | null;

/** The server's default: a definition with a HIGH finding is refused. */
export const DEFAULT_FINDING_REFUSAL: FindingRefusal = 'HIGH';

/** A tool with a finding of this severity is not handed to a model: its exports (`Tool.modelTool`) and the agent interfaces leave it out. */
export const WITHHELD_FROM_AGENTS: FindingSeverity = 'HIGH';

/** The most severe finding a tool offered to agents may have: the severity below WITHHELD_FROM_AGENTS. */
export const MOST_SEVERE_OFFERED: FindingSeverity = FINDING_SEVERITIES[severityRank(WITHHELD_FROM_AGENTS) - 1]!;

const scanned = new WeakMap<ToolDefinition, readonly ToolFinding[]>();

/**
 * The findings of `definition`. Kept per definition object, which the domain never changes: a
 * write's use case checks them against the policy and its unit of work stores them, from one scan.
 * Reads only the definition's fields, never a `findings` a stored tool spread into it brought along.
 */
export function findingsOf(definition: ToolDefinition): readonly ToolFinding[] {
  let findings = scanned.get(definition);
  if (findings === undefined) {
    findings = scanTool(definition);
    scanned.set(definition, findings);
  }
  return findings;
}

/**
 * A most severe finding as a number, 0 for none (null), LOW 1, MEDIUM 2, HIGH 3: what the store
 * keeps of a tool's findings so that `maxFindingSeverity` filters with one comparison.
 */
export const findingRank = (highest: FindingSeverity | null): number => (highest === null ? 0 : severityRank(highest) + 1);

/** Whether `refusal` refuses a write for `finding`: its severity is at or above it. */
export const refuses = (refusal: FindingRefusal, finding: ToolFinding): boolean => refusal !== null && severityRank(finding.severity) >= severityRank(refusal);

/**
 * UNSAFE_CONTENT, one issue per finding at or above `refusal`, at the finding's path as the input
 * spells it (`pathOf`: config keys for an import or a restore), its message naming the rule and
 * ending with `because` (by default, the write policy's reason).
 */
export function unsafeContentIssues(
  findings: readonly ToolFinding[],
  refusal: FindingRefusal,
  options: { pathOf?: (path: string) => string; because?: string } = {},
): Issue[] {
  const { pathOf = (path: string) => path, because = `This registry refuses ${refusal} findings and above (TOOLGRAPH_REFUSE_FINDINGS).` } = options;
  return findings
    .filter((finding) => refuses(refusal, finding))
    .map((finding) => ({
      path: pathOf(finding.path),
      code: 'UNSAFE_CONTENT' as const,
      message: `${finding.code} (${finding.severity}): ${finding.message}. ${because}`,
    }));
}
