/**
 * Findings: what in a tool definition is unsafe to hand to a model (spec section 8). A pure
 * domain module: the table of rules (rules.ts), what the scanner reads of a definition
 * (texts.ts, text.ts) and the scan itself (scan.ts).
 */
export { FINDING_RULES, FINDING_RULE_BY_CODE, FINDING_SEVERITIES, type FindingRule, type FindingSeverity } from './rules';
export { highestSeverity, scanTool, severityRank, type ToolFinding } from './scan';
export type { ScannableTool } from './texts';
export {
  DEFAULT_FINDING_REFUSAL,
  findingsOf,
  findingRank,
  refuses,
  unsafeContentIssues,
  MOST_SEVERE_OFFERED,
  WITHHELD_FROM_AGENTS,
  type FindingRefusal,
} from './policy';
