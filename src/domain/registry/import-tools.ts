import { forbiddenIssue, mayWrite, namespaceToWrite, type Caller } from '../access';
import type { ConfigEntry } from '../config';
import type { Checked, Issue } from '../issues';
import { contentHashOf } from '../history';
import type { StoredTool, ToolDefinition } from '../model';
import { StoreConflict } from '../ports';
import { byName, CONFIG_PATHS, conflictIssue, reservedNameIssue, reservedNames, wrappedTypeIssues, wrapsIssues } from './stored-rules';
import type { Commit, UnitWriter } from './unit-of-work';

export type ToolChange = 'created' | 'updated' | 'unchanged';

export interface ImportedTool {
  name: string;
  change: ToolChange;
  /** The tool as stored after the import; on a dry run, as stored now (null when it would be created). */
  tool: StoredTool | null;
}

export interface InvalidImportedTool {
  /** Position of the tool in the config (0 for a single-tool file). */
  index: number;
  name: string | null;
  /** Paths are snake_case config keys, relative to that tool. */
  issues: Issue[];
}

export type ImportOutcome =
  | { kind: 'ok'; dryRun: boolean; tools: ImportedTool[] }
  | { kind: 'invalid'; tools: InvalidImportedTool[]; issues: Issue[] };

/** Reads a config text into its tools, each checked against the rules (config.ts `parseToolConfigs`). */
export type ConfigReader = (text: string) => Promise<Checked<ConfigEntry[]>>;

/**
 * How often an import runs again after a tool it was about to create was created meanwhile by
 * another write: the next run finds that tool and updates it instead, as an import does with any
 * existing name. Only a storm of writes creating the very names an import creates can exhaust it.
 */
const NAME_RACE_ATTEMPTS = 5;

/**
 * `importTools`: all or nothing. Who may: a caller whose grant covers the namespace of every tool
 * of the text; each tool outside it is FORBIDDEN (at its `name`), dry runs included. What makes it
 * valid: every tool of the text is checked against the rules and against the registry as it will
 * be after the import (a validation may wrap a tool of the same import), and only when no tool has
 * an issue is anything written, in one transaction. Existing names are updated, new ones created,
 * tools that would not change are left alone; a dry run writes nothing.
 */
export async function importTools(
  commit: Commit,
  readConfig: ConfigReader,
  caller: Caller,
  configText: string,
  options: { dryRun: boolean },
): Promise<ImportOutcome> {
  const parsed = await readConfig(configText);
  if (!parsed.ok) return { kind: 'invalid', tools: [], issues: parsed.issues };
  const plan = planImport(parsed.value, caller);
  if (plan.valid.length === 0 && plan.invalid.size > 0) return invalidImport(plan.invalid);

  for (let attempt = 1; ; attempt++) {
    try {
      return await commit(caller.actor, (writer) => applyImport(writer, plan, options));
    } catch (error) {
      if (!(error instanceof StoreConflict)) throw error;
      if (error.rule === 'NAME_TAKEN' && attempt < NAME_RACE_ATTEMPTS) continue;
      const index = plan.firstIndexOfName.get(error.toolName) ?? 0;
      return invalidImport(new Map([[index, { index, name: error.toolName, issues: [conflictIssue(error, CONFIG_PATHS)] }]]));
    }
  }
}

/** What the rules decided without stored data; read-only, so every run of the transaction starts from it. */
interface ImportPlan {
  valid: { index: number; definition: ToolDefinition }[];
  invalid: ReadonlyMap<number, InvalidImportedTool>;
  firstIndexOfName: ReadonlyMap<string, number>;
}

function planImport(entries: readonly ConfigEntry[], caller: Caller): ImportPlan {
  const invalid = new IssuesByTool();
  const valid: ImportPlan['valid'] = [];
  const firstIndexOfName = new Map<string, number>();
  for (const entry of entries) {
    const namespace = namespaceToWrite(entry.name);
    if (namespace !== null && !mayWrite(caller.grant, namespace)) {
      // Only that it may not be written: its other issues are none of this caller's business.
      invalid.report(entry.index, entry.name, [forbiddenIssue(namespace)]);
      continue;
    }
    if (!entry.checked.ok) invalid.report(entry.index, entry.name, entry.checked.issues);
    if (entry.name !== null && firstIndexOfName.has(entry.name)) {
      invalid.report(entry.index, entry.name, [
        { path: 'name', code: 'NAME_TAKEN', message: `"${entry.name}" appears more than once in this import.` },
      ]);
    } else if (entry.name !== null) {
      firstIndexOfName.set(entry.name, entry.index);
    }
    if (entry.checked.ok) valid.push({ index: entry.index, definition: entry.checked.value });
  }
  return { valid, invalid: invalid.byIndex, firstIndexOfName };
}

/** One run of the import's transaction; its issues start from the plan's on every run. */
async function applyImport(writer: UnitWriter, plan: ImportPlan, options: { dryRun: boolean }): Promise<ImportOutcome> {
  const invalid = new IssuesByTool(plan.invalid);
  const definitions = plan.valid.map((v) => v.definition);
  // Every tool of the import and every tool they wrap, in one read; a wrapped tool is judged as it
  // will be after the import.
  const wrapped = definitions.flatMap((d) => (d.wraps === null ? [] : [d.wraps]));
  const stored = await writer.findByNames([...definitions.map((d) => d.name), ...wrapped]);
  const names = new Set(definitions.map((d) => d.name));
  const existing = stored.filter((tool) => names.has(tool.name));
  const known = new Map<string, ToolDefinition>([...byName(stored), ...byName(definitions)]);
  const existingNames = new Set(existing.map((tool) => tool.name));
  const reserved = await reservedNames(writer, [...names].filter((name) => !existingNames.has(name)));
  for (const { index, definition } of plan.valid) {
    invalid.report(index, definition.name, wrapsIssues(definition.wraps, known, CONFIG_PATHS));
    const reservedFor = reserved.get(definition.name);
    if (reservedFor !== undefined) invalid.report(index, definition.name, [reservedNameIssue(definition.name, reservedFor, CONFIG_PATHS.name)]);
  }
  for (const found of await wrappedTypeIssues(writer, definitions, existing, CONFIG_PATHS)) {
    invalid.report(plan.firstIndexOfName.get(found.name) ?? 0, found.name, [found.issue]);
  }
  if (invalid.byIndex.size > 0) return invalidImport(invalid.byIndex);

  const existingByName = byName(existing);
  const changes = definitions.map((definition) => {
    const current = existingByName.get(definition.name) ?? null;
    const change: ToolChange = !current ? 'created' : current.contentHash === contentHashOf(definition) ? 'unchanged' : 'updated';
    return { definition, change, stored: current };
  });
  if (options.dryRun) {
    return { kind: 'ok', dryRun: true, tools: changes.map((c) => ({ name: c.definition.name, change: c.change, tool: c.stored })) };
  }
  // In write order, each run of creates as one insert.
  const written = new Map<string, StoredTool>();
  let creates: ToolDefinition[] = [];
  const insertCreates = async () => {
    if (creates.length > 0) for (const tool of await writer.insert(creates)) written.set(tool.name, tool);
    creates = [];
  };
  for (const c of [...changes].sort(byWriteOrder)) {
    if (c.change === 'created') creates.push(c.definition);
    if (c.change === 'updated' && c.stored) {
      await insertCreates();
      written.set(c.definition.name, await writer.replace(c.stored, c.definition));
    }
  }
  await insertCreates();
  return {
    kind: 'ok',
    dryRun: false,
    tools: changes.map((c) => ({ name: c.definition.name, change: c.change, tool: written.get(c.definition.name) ?? c.stored })),
  };
}

/** The issues found so far, per tool of the config. */
class IssuesByTool {
  readonly byIndex: Map<number, InvalidImportedTool>;

  constructor(from: ReadonlyMap<number, InvalidImportedTool> = new Map()) {
    this.byIndex = new Map([...from].map(([index, tool]) => [index, { ...tool, issues: [...tool.issues] }]));
  }

  report(index: number, name: string | null, issues: readonly Issue[]): void {
    if (issues.length === 0) return;
    const entry = this.byIndex.get(index) ?? { index, name, issues: [] };
    entry.issues.push(...issues);
    this.byIndex.set(index, entry);
  }
}

/**
 * Tools are written before validations so that a validation's wrapped tool exists when it lands,
 * and by name within each group, so that concurrent imports of overlapping names take the names'
 * locks in one order and do not deadlock.
 */
function byWriteOrder(
  a: { definition: ToolDefinition; stored: StoredTool | null },
  b: { definition: ToolDefinition; stored: StoredTool | null },
): number {
  const group = (change: typeof a) => {
    if (change.definition.toolType !== 'validation') return 0;
    return change.stored?.toolType === 'tool' ? 2 : 1;
  };
  const name = (change: typeof a) => change.definition.name;
  return group(a) - group(b) || (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0);
}

function invalidImport(invalid: ReadonlyMap<number, InvalidImportedTool>): ImportOutcome {
  return { kind: 'invalid', tools: [...invalid.values()].sort((a, b) => a.index - b.index), issues: [] };
}
