/**
 * `npm run bench:findings [-- --show missed|flagged]`: how well the findings scanner
 * (src/domain/findings) tells poisoned tool definitions from real ones, beside the naive regular
 * expression the issue measured first.
 *
 * Reads, at run time and never from the repository:
 * - `poisoned.jsonl` and `benign.jsonl` in TOOLGRAPH_POISONING_DATA (default `../shared/data/poisoning`,
 *   from the project root): attack definitions from public benchmarks and scanners' test suites, with
 *   `category`, and tools of published MCP servers;
 * - `tools.jsonl` in TOOLGRAPH_RETRIEVAL_DATA (default `../shared/data/retrieval`): ordinary tools of
 *   an API catalogue, skipped when absent.
 * Each line is one tool (`name`, `description`, `inputSchema`), scanned as the registry would.
 *
 * A poisoned tool counts as detected at a severity when it has a finding at or above it; a benign
 * tool counts as a false positive the same way. `--show missed` lists the attacks with no MEDIUM or
 * HIGH finding, `--show flagged` the benign tools with one, with their findings. Numbers, not a test.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  FINDING_RULES,
  FINDING_SEVERITIES,
  highestSeverity,
  scanTool,
  severityRank,
  type FindingSeverity,
  type ScannableTool,
  type ToolFinding,
} from '../../src/domain/findings';

const { values: options } = parseArgs({ options: { show: { type: 'string' } } });
const ROOT = resolve(__dirname, '../..');
const POISONING = resolve(ROOT, process.env.TOOLGRAPH_POISONING_DATA ?? '../shared/data/poisoning');
const RETRIEVAL = resolve(ROOT, process.env.TOOLGRAPH_RETRIEVAL_DATA ?? '../shared/data/retrieval');

interface Row extends ScannableTool {
  name: string;
  category?: string;
}

function readRows(file: string): Row[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Row);
}

/**
 * The first scan the issue measured: a tool is flagged when its description or input schema holds
 * `<important>`, "do not tell", `~/.ssh`, `.env` or an invisible character, in any case.
 */
const NAIVE = /<important>|do not tell|~\/\.ssh|\.env|[\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff\u{e0000}-\u{e007f}]/iu;
const naiveFlags = (row: Row): boolean => NAIVE.test(`${row.description ?? ''}\n${JSON.stringify(row.inputSchema ?? null)}`);

interface Scanned {
  row: Row;
  findings: ToolFinding[];
  highest: FindingSeverity | null;
}

function scanAll(rows: Row[]): { scanned: Scanned[]; milliseconds: number } {
  const started = performance.now();
  const scanned = rows.map((row) => {
    const findings = scanTool(row);
    return { row, findings, highest: highestSeverity(findings) };
  });
  return { scanned, milliseconds: performance.now() - started };
}

const atLeast = (item: Scanned, severity: FindingSeverity): boolean => item.highest !== null && severityRank(item.highest) >= severityRank(severity);
const share = (count: number, total: number): string => (total === 0 ? '-' : `${((100 * count) / total).toFixed(1)} %`);
const cell = (text: string, width: number): string => text.padStart(width);

/** One line per group: its size, then the share flagged at each severity, then the naive scan's. */
function report(title: string, groups: Map<string, Scanned[]>): void {
  const header = ['', 'tools', ...[...FINDING_SEVERITIES].reverse().map((severity) => (severity === 'HIGH' ? 'HIGH' : `${severity}+`)), 'naive'];
  const width = Math.max(...[...groups.keys()].map((key) => key.length), 8);
  console.log(`\n${title}`);
  console.log([header[0]!.padEnd(width), ...header.slice(1).map((text) => cell(text, 8))].join(' '));
  for (const [group, items] of groups) {
    const bySeverity = [...FINDING_SEVERITIES].reverse().map((severity) => share(items.filter((item) => atLeast(item, severity)).length, items.length));
    const naive = share(items.filter((item) => naiveFlags(item.row)).length, items.length);
    console.log([group.padEnd(width), cell(String(items.length), 8), ...bySeverity.map((text) => cell(text, 8)), cell(naive, 8)].join(' '));
  }
}

function byCategory(scanned: Scanned[]): Map<string, Scanned[]> {
  const groups = new Map<string, Scanned[]>([['all', scanned]]);
  const categories = [...new Set(scanned.map((item) => item.row.category ?? 'none'))].sort();
  for (const category of categories)
    groups.set(
      category,
      scanned.filter((item) => (item.row.category ?? 'none') === category),
    );
  return groups;
}

/** For each rule: how many attacks and benign tools it fires on (a tool counts once per rule). */
function rulesReport(poisoned: Scanned[], benign: Scanned[], retrieval: Scanned[]): void {
  const firing = (items: Scanned[], code: string): string => String(items.filter((item) => item.findings.some((finding) => finding.code === code)).length);
  const width = Math.max(...FINDING_RULES.map((rule) => rule.code.length));
  console.log(`\nTools each rule fires on`);
  console.log(['rule'.padEnd(width), 'severity'.padStart(8), 'poisoned'.padStart(9), 'benign'.padStart(7), 'retrieval'.padStart(10)].join(' '));
  for (const { code, severity } of FINDING_RULES) {
    console.log(
      [
        code.padEnd(width),
        severity.padStart(8),
        firing(poisoned, code).padStart(9),
        firing(benign, code).padStart(7),
        firing(retrieval, code).padStart(10),
      ].join(' '),
    );
  }
}

function list(title: string, items: Scanned[]): void {
  console.log(`\n${title} (${items.length})`);
  for (const { row, findings } of items) {
    console.log(`- ${row.name}${row.category === undefined ? '' : ` [${row.category}]`}`);
    for (const finding of findings) console.log(`    ${finding.severity} ${finding.code} at ${finding.path}: ${finding.message.slice(0, 220)}`);
  }
}

function main(): void {
  const poisonedFile = join(POISONING, 'poisoned.jsonl');
  const benignFile = join(POISONING, 'benign.jsonl');
  if (!existsSync(poisonedFile) || !existsSync(benignFile)) {
    console.error(`No poisoned.jsonl and benign.jsonl in ${POISONING}; set TOOLGRAPH_POISONING_DATA to their folder.`);
    process.exit(1);
  }
  const poisoned = scanAll(readRows(poisonedFile));
  const benign = scanAll(readRows(benignFile));
  const retrievalFile = join(RETRIEVAL, 'tools.jsonl');
  const retrieval = existsSync(retrievalFile) ? scanAll(readRows(retrievalFile)) : null;

  console.log('Share of tools with a finding at or above each severity.');
  console.log(
    '"naive": the list of issue 24 read literally (<important>, "do not tell", ~/.ssh, .env, invisible characters); the issue reported 17.3 % of the attacks and 1.1 % of the benign tools for its own reading of it.',
  );
  report(`Poisoned (${poisonedFile}): detection`, byCategory(poisoned.scanned));
  const benignGroups = new Map([['mcp servers', benign.scanned]]);
  if (retrieval !== null) benignGroups.set('retrieval', retrieval.scanned);
  report('Benign: false positives', benignGroups);

  const all = [poisoned, benign, ...(retrieval === null ? [] : [retrieval])];
  const tools = all.reduce((sum, set) => sum + set.scanned.length, 0);
  const milliseconds = all.reduce((sum, set) => sum + set.milliseconds, 0);
  console.log(`\nScanned ${tools} tools in ${milliseconds.toFixed(0)} ms (${((1000 * milliseconds) / tools).toFixed(0)} µs per tool, first run included).`);

  rulesReport(poisoned.scanned, benign.scanned, retrieval?.scanned ?? []);

  if (options.show === 'missed')
    list(
      'Attacks with no MEDIUM or HIGH finding',
      poisoned.scanned.filter((item) => !atLeast(item, 'MEDIUM')),
    );
  if (options.show === 'flagged') {
    const flagged = [...benign.scanned, ...(retrieval?.scanned ?? [])].filter((item) => atLeast(item, 'MEDIUM'));
    list('Benign tools with a MEDIUM or HIGH finding', flagged);
  }
  if (options.show === 'low')
    list(
      'Benign tools with only LOW findings',
      [...benign.scanned, ...(retrieval?.scanned ?? [])].filter((item) => item.highest === 'LOW'),
    );
}

main();
