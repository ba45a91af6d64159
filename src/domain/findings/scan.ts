import { FINDING_RULES, FINDING_SEVERITIES, type FindingSeverity } from './rules';
import { contextOf, textsOf, type ScannableTool } from './texts';

/** What a rule found, and where (spec section 8). */
export interface ToolFinding {
  /** The rule's code (rules.ts), stable and documented. */
  code: string;
  severity: FindingSeverity;
  /** Where in the definition, as issue paths are written: `description`, `inputSchema.properties.note.description`. */
  path: string;
  message: string;
}

/**
 * The findings of one definition: every rule over every text a model reads, at most one finding
 * per rule and path, in the order of the texts (texts.ts) and, at one path, of the rules. Pure and
 * offline: equal definitions have equal findings. Reads any input without throwing; a field of
 * the wrong type is read as absent.
 */
export function scanTool(tool: ScannableTool): ToolFinding[] {
  if (typeof tool !== 'object' || tool === null) return [];
  const context = contextOf(tool);
  const findings: ToolFinding[] = [];
  for (const text of textsOf(tool)) {
    for (const rule of FINDING_RULES) {
      if (!rule.reads.includes(text.kind)) continue;
      const evidence = rule.find(text, context);
      if (evidence !== null)
        findings.push({ code: rule.code, severity: rule.severity, path: text.path, message: `${rule.looksFor}: ${JSON.stringify(evidence)}` });
    }
  }
  return findings;
}

/** The rank of a severity, LOW lowest. */
export function severityRank(severity: FindingSeverity): number {
  return FINDING_SEVERITIES.indexOf(severity);
}

/** The most severe of `findings`, or null when there are none. */
export function highestSeverity(findings: readonly ToolFinding[]): FindingSeverity | null {
  let highest: FindingSeverity | null = null;
  for (const { severity } of findings) if (highest === null || severityRank(severity) > severityRank(highest)) highest = severity;
  return highest;
}
