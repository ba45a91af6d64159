import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { configEntry, configPathOf, readToolConfigs, type ConfigEntry } from '../domain/config';
import { pathText, SourceMap } from '../domain/config-source';
import { DEFAULT_FINDING_REFUSAL, findingsOf, refuses, unsafeContentIssues } from '../domain/findings';
import type { Issue } from '../domain/issues';
import { MAX_CONFIG_BYTES } from '../domain/limits';
import type { ToolDefinition } from '../domain/model';
import { CONFIG_PATHS, wrapsIssues } from '../domain/registry/stored-rules';
import { CliError, type LocatedFinding, type LocatedIssue } from './output';

/**
 * `toolgraph validate` and what `plan` / `apply` check before they send anything: the config
 * files named on the command line (folders: their .yaml, .yml and .json files, recursively), each
 * read and checked by the domain's own rules (src/domain/config.ts), then the set as a whole:
 * a name given twice, in one file or in two, and a validation wrapping a tool of the set that is a
 * validation itself. A validation may wrap a tool of no file (the registry has it, or not: `plan`
 * asks the registry). Every issue is located in its file.
 */

/** The files a folder contributes; a file named on the command line is read whatever its name. */
export const CONFIG_EXTENSIONS = ['.yaml', '.yml', '.json'];

/** One tool of one file. */
export interface FileTool {
  file: string;
  /** Its position in the file's `tools:` list (0 for a single-tool file). */
  index: number;
  /** As parsed, before any rule: what `plan` and `apply` send. */
  config: unknown;
  entry: ConfigEntry;
  /** Where an issue of this tool lies: its path, relative to the tool, located in the file. A function of no `this`, passed to `map` as it is. */
  locate: (issue: Issue) => LocatedIssue;
}

export interface CheckedSet {
  files: string[];
  tools: FileTool[];
  issues: LocatedIssue[];
  /** The findings the server's default policy lets through, in the order of `issues`; those it refuses are UNSAFE_CONTENT issues. */
  findings: LocatedFinding[];
}

/** The config files of `paths`, in the order given, each folder's sorted; a path that does not exist is a usage error. */
export function configFiles(paths: readonly string[]): string[] {
  const files: string[] = [];
  for (const path of paths) {
    let isFolder: boolean;
    try {
      isFolder = statSync(path).isDirectory();
    } catch {
      throw new CliError(`${path}: no such file or folder`);
    }
    if (isFolder) files.push(...filesIn(path));
    else files.push(path);
  }
  return [...new Set(files)];
}

/** Config files under a folder, hidden folders and node_modules left out, symbolic links not followed. */
function filesIn(folder: string): string[] {
  const entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return entries.flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('.') || entry.name === 'node_modules' ? [] : filesIn(path);
    return entry.isFile() && CONFIG_EXTENSIONS.includes(extname(entry.name).toLowerCase()) ? [path] : [];
  });
}

export function checkFiles(paths: readonly string[]): CheckedSet {
  const files = configFiles(paths);
  const tools: FileTool[] = [];
  const issues: LocatedIssue[] = [];
  for (const file of files) {
    const read = readFile(file);
    issues.push(...read.issues);
    tools.push(...read.tools);
  }
  issues.push(...setIssues(tools));
  const findings: LocatedFinding[] = [];
  for (const tool of tools) {
    const scanned = findingsReport(tool);
    issues.push(...scanned.refused);
    findings.push(...scanned.reported);
  }
  // In file order, then as they lie in each file.
  const order = new Map(files.map((file, i) => [file, i]));
  const byPlace = (a: LocatedIssue, b: LocatedIssue) =>
    (order.get(a.file ?? '') ?? 0) - (order.get(b.file ?? '') ?? 0) || a.line - b.line || a.column - b.column;
  return { files, tools, issues: issues.sort(byPlace), findings: findings.sort(byPlace) };
}

/**
 * What a registry under its default policy (TOOLGRAPH_REFUSE_FINDINGS=high) makes of the findings
 * of a valid tool: those it refuses, as the UNSAFE_CONTENT issues it would answer, and the others,
 * reported with their own code; each located in the file. Authors see them before a server does.
 */
function findingsReport(tool: FileTool): { refused: LocatedIssue[]; reported: LocatedFinding[] } {
  if (!tool.entry.checked.ok) return { refused: [], reported: [] };
  const findings = findingsOf(tool.entry.checked.value);
  const because = `A registry with the default policy (TOOLGRAPH_REFUSE_FINDINGS=high) refuses it.`;
  const refused = unsafeContentIssues(findings, DEFAULT_FINDING_REFUSAL, { pathOf: configPathOf, because }).map(tool.locate);
  const reported = findings
    .filter((finding) => !refuses(DEFAULT_FINDING_REFUSAL, finding))
    .map((finding) => ({
      ...tool.locate({ path: configPathOf(finding.path), code: 'UNSAFE_CONTENT', message: finding.message }),
      code: finding.code,
      severity: finding.severity,
    }));
  return { refused, reported };
}

function readFile(file: string): { tools: FileTool[]; issues: LocatedIssue[] } {
  const whole = (issue: Issue, line = 1, column = 1): LocatedIssue => ({ file, line, column, tool: null, ...issue });
  let text: string;
  try {
    // Judged by its size before it is read: a file of gigabytes costs nothing.
    const size = statSync(file).size;
    if (size > MAX_CONFIG_BYTES) {
      const message = `The file is ${size.toLocaleString('en-US')} bytes; one import reads at most ${MAX_CONFIG_BYTES.toLocaleString('en-US')}. Split it into several files.`;
      return { tools: [], issues: [whole({ path: '', code: 'VALUE_TOO_LARGE', message })] };
    }
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new CliError(`${file}: ${(error as Error).message}`);
  }
  const source = new SourceMap(text);
  const read = readToolConfigs(text);
  if (!read.ok) {
    return {
      tools: [],
      issues: read.issues.map((issue) => {
        const { line, column } = source.locateIssue(null, issue);
        return whole(issue, line, column);
      }),
    };
  }
  const tools = read.value.map((config, index): FileTool => {
    const entry = configEntry(index, config);
    return {
      file,
      index,
      config,
      entry,
      locate: (issue) => {
        const { configPath, line, column } = source.locateIssue(index, issue);
        return { file, line, column, tool: entry.name, path: pathText(configPath), code: issue.code, message: issue.message };
      },
    };
  });
  return { tools, issues: tools.flatMap((tool) => (tool.entry.checked.ok ? [] : tool.entry.checked.issues.map(tool.locate))) };
}

/** The rules of the set: each name once, and a validation wraps a tool, not a validation, when the set has it. */
function setIssues(tools: readonly FileTool[]): LocatedIssue[] {
  const issues: LocatedIssue[] = [];
  const first = new Map<string, FileTool>();
  for (const tool of tools) {
    const name = tool.entry.name;
    if (name === null) continue;
    const earlier = first.get(name);
    if (earlier === undefined) {
      first.set(name, tool);
      continue;
    }
    const where = earlier.locate({ path: 'name', code: 'NAME_TAKEN', message: '' });
    issues.push(
      tool.locate({
        path: 'name',
        code: 'NAME_TAKEN',
        message: `"${name}" is also defined at ${where.file}:${where.line}:${where.column}; a name is given once.`,
      }),
    );
  }
  const known = new Map<string, ToolDefinition>();
  for (const tool of first.values()) if (tool.entry.checked.ok) known.set(tool.entry.checked.value.name, tool.entry.checked.value);
  for (const tool of tools) {
    const wraps = tool.entry.checked.ok ? tool.entry.checked.value.wraps : null;
    if (wraps !== null && known.has(wraps)) issues.push(...wrapsIssues(wraps, known, CONFIG_PATHS).map(tool.locate));
  }
  return issues;
}
