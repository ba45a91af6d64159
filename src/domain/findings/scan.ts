import { LRUCache } from 'lru-cache';
import { FINDING_RULES, FINDING_SEVERITIES, type FindingSeverity } from './rules';
import { contextOf, readText, textsOf, type LocatedText, type ScannableTool, type ScannedText, type TextReading, type ToolContext } from './texts';

/** What a rule found, and where (spec section 8). */
export interface ToolFinding {
  /** The rule's code (rules.ts), stable and documented. */
  code: string;
  severity: FindingSeverity;
  /** Where in the definition, as issue paths are written: `description`, `inputSchema.properties.note.description`. */
  path: string;
  message: string;
}

/** What the scanner keeps of a text it has read: its reading, and each rule's evidence unless the rule reads beyond the text (null for those). */
interface RememberedText extends TextReading {
  evidence: readonly (string | null)[];
}

/**
 * The texts remembered: a registry's tools repeat their parameters' names and descriptions (an MCP
 * server's `owner`, `repo`, `limit`), so most texts of an import's schemas were read before (of the schema texts of
 * 10,000 generated tools, 1 in 20 is new). A tool's own name and description rarely recur:
 * remembering them would only push out the texts that do.
 */
const OWN_TEXTS = new Set(['name', 'mcpToolName', 'description']);
const LONGEST_REMEMBERED = 1_000;
/** In characters of the texts and their readings; full, with the sentences and evidence kept beside them, about 17 MB of heap (a snapshot after importing 20,000 tools). */
const REMEMBERED_CHARACTERS = 4_000_000;
const remembered = new LRUCache<string, RememberedText>({
  maxSize: REMEMBERED_CHARACTERS,
  sizeCalculation: (reading, key) => key.length + reading.normalized.length,
});
/** What the rules that read only the text are given for the tool: nothing. */
const NO_CONTEXT: ToolContext = { ownNames: new Set(), parameterNames: new Set() };

/** `text` as the rules read it, with the evidence of the rules that read nothing else: remembered per kind and content. */
function recall(text: LocatedText): { scanned: ScannedText; evidence: readonly (string | null)[] | null } {
  const key = !OWN_TEXTS.has(text.path) && text.raw.length <= LONGEST_REMEMBERED ? `${text.kind}\u0000${text.raw}` : null;
  const known = key === null ? undefined : remembered.get(key);
  const { normalized, sentences } = known ?? readText(text.kind, text.raw);
  // One shape for every scanned text, as the rules' property reads expect.
  const scanned: ScannedText = { path: text.path, kind: text.kind, raw: text.raw, normalized, sentences };
  if (known !== undefined) return { scanned, evidence: known.evidence };
  if (key === null) return { scanned, evidence: null };
  const evidence = FINDING_RULES.map((rule) => (rule.readsBeyondText || !rule.reads.includes(text.kind) ? null : rule.find(scanned, NO_CONTEXT)));
  remembered.set(key, { normalized: scanned.normalized, sentences: scanned.sentences, evidence });
  return { scanned, evidence };
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
  for (const located of textsOf(tool)) {
    const { scanned: text, evidence: known } = recall(located);
    for (let index = 0; index < FINDING_RULES.length; index++) {
      const rule = FINDING_RULES[index]!;
      if (!rule.reads.includes(text.kind)) continue;
      const evidence = known !== null && !rule.readsBeyondText ? known[index]! : rule.find(text, context);
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
