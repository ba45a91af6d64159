import { forbiddenIssue, forbiddenMessage, isNamespace, mayWrite, namespaceToWrite, type Caller } from '../access';
import { configPathOf, type ConfigEntry } from '../config';
import type { IssueToLocate, LocatedConfigIssue } from '../config-source';
import { findingsOf, unsafeContentIssues } from '../findings';
import type { Checked, Issue } from '../issues';
import { contentHashOf, definitionChanges } from '../history';
import { MAX_EXPECTED_REVISIONS, MAX_PRUNE_NAMESPACES, MAX_PRUNED_TOOLS } from '../limits';
import { namespaceOf, type StoredTool, type ToolDefinition } from '../model';
import { StoreConflict } from '../ports';
import { describeValue } from '../values';
import type { ToolFieldName } from '../validation';
import { byName, CONFIG_PATHS, conflictIssue, holdsBackRemoval, reservedNameIssue, reservedNames, wrappedTypeIssues, wrapsIssues } from './stored-rules';
import type { WritePolicy } from './write-policy';
import { downgradeIssue, safetyDowngrades, type SafetyDowngrade } from '../safety';
import type { Commit, UnitWriter } from './unit-of-work';
import { conflictUnlessAt, type RevisionConflict } from './write-outcome';

export type ToolChange = 'created' | 'updated' | 'unchanged' | 'deleted';

export interface ImportedTool {
  name: string;
  change: ToolChange;
  /**
   * The tool as stored after the import; on a dry run, as stored now (null when it would be
   * created). A tool the prune deletes: as it was before.
   */
  tool: StoredTool | null;
  /** For an update, the fields of the definition it changes, in the model's order; empty otherwise. */
  changedFields: ToolFieldName[];
}

export interface ImportOptions {
  dryRun: boolean;
  /** Namespaces whose tools the config does not name are deleted by the import. */
  prune?: readonly string[];
  /**
   * A plan's reading of the registry (spec section 9, Conflicts): per name, the revision it saw, or
   * null for no live tool. Given, the import writes nothing unless every listed tool is still there
   * at it, and every tool the prune would delete was listed (the plan saw it).
   */
  expectedRevisions?: readonly ExpectedToolRevision[];
}

export interface ExpectedToolRevision {
  name: string;
  revision: number | null;
}

/** The issues of one tool of a config: paths are snake_case config keys, relative to that tool. */
interface ToolIssues<I = Issue> {
  /** Position of the tool in the config (0 for a single-tool file). */
  index: number;
  name: string | null;
  issues: I[];
}

/**
 * An issue of an import, with where it lies in the config text (`at`, config-source.ts): null for
 * an issue of another argument (`prune[i]`, `expectedRevisions[i]`), or when the text could not
 * be read again to find it.
 */
export type ImportIssue = Issue & { at: LocatedConfigIssue | null };
export type InvalidImportedTool = ToolIssues<ImportIssue>;

type Decided<I> =
  | { kind: 'ok'; dryRun: boolean; tools: ImportedTool[] }
  | RevisionConflict
  /** `issues`: of the config text as a whole (paths are config keys), of the prune (`prune[i]`) or of the expected revisions (`expectedRevisions[i]`). */
  | { kind: 'invalid'; tools: ToolIssues<I>[]; issues: I[] };
export type ImportOutcome = Decided<ImportIssue>;

/** Reads a config text into its tools, each checked against the rules (config.ts `parseToolConfigs`). */
export type ConfigReader = (text: string) => Promise<Checked<ConfigEntry[]>>;

/** Finds where issues lie in a config text (config-source.ts `locateConfigIssues`); null for one it cannot place. */
export type ConfigLocator = (text: string, issues: readonly IssueToLocate[]) => Promise<(LocatedConfigIssue | null)[]>;

/**
 * How often an import runs again after a tool it was about to create was created meanwhile by
 * another write: the next run finds that tool and updates it instead, as an import does with any
 * existing name. Only a storm of writes creating the very names an import creates can exhaust it.
 */
const NAME_RACE_ATTEMPTS = 5;

/**
 * `importTools`: all or nothing. Who may: a caller whose grant covers the namespace of every tool
 * of the text and every namespace it prunes; each tool outside it is NAMESPACE_FORBIDDEN (at its `name`),
 * each pruned namespace outside it NAMESPACE_FORBIDDEN at `prune[i]`, dry runs included. What makes it
 * valid: every tool of the text is checked against the rules (the findings policy, `policy.refuseFindings`,
 * included: UNSAFE_CONTENT at the finding's config path) and against the registry as it will
 * be after the import (a validation may wrap a tool of the same import, and not one the prune
 * deletes), a tool the prune deletes must not stay wrapped (TOOL_IS_WRAPPED), and only when there
 * is no issue is anything written, in one transaction. Existing names are updated, new ones
 * created, tools that would not change are left alone, and the live tools of the pruned
 * namespaces that the text does not name are deleted, each leaving a tombstone as deleteTool does;
 * a dry run writes nothing.
 */
export async function importTools(
  commit: Commit,
  config: { read: ConfigReader; locate: ConfigLocator },
  policy: WritePolicy,
  caller: Caller,
  configText: string,
  options: ImportOptions,
): Promise<ImportOutcome> {
  const decided = await decideImport(commit, config.read, policy, caller, configText, options);
  if (decided.kind !== 'invalid') return decided;
  return locateIssues(decided, (issues) => config.locate(configText, issues));
}

/** The issues of an invalid import, each with where it lies in the config text; one place asked for all, as reading the text again is what costs. */
async function locateIssues(
  { tools, issues }: Extract<Decided<Issue>, { kind: 'invalid' }>,
  locate: (issues: readonly IssueToLocate[]) => Promise<(LocatedConfigIssue | null)[]>,
): Promise<ImportOutcome> {
  const wanted: IssueToLocate[] = [
    ...issues.filter((issue) => !isArgumentIssue(issue)).map((issue) => ({ tool: null, issue })),
    ...tools.flatMap(({ index, issues }) => issues.map((issue) => ({ tool: index, issue }))),
  ];
  const found = wanted.length > 0 ? await locate(wanted) : [];
  // Answers come in the order asked: the text's issues, then each tool's.
  let next = 0;
  const located = (issue: Issue): ImportIssue => ({ ...issue, at: isArgumentIssue(issue) ? null : (found[next++] ?? null) });
  return { kind: 'invalid', issues: issues.map(located), tools: tools.map((tool) => ({ ...tool, issues: tool.issues.map(located) })) };
}

/** An issue of the prune or the expected revisions, not of the config text. */
export const isArgumentIssue = (issue: Issue): boolean => /^(prune|expectedRevisions)\b/.test(issue.path);

async function decideImport(
  commit: Commit,
  readConfig: ConfigReader,
  policy: WritePolicy,
  caller: Caller,
  configText: string,
  options: ImportOptions,
): Promise<Decided<Issue>> {
  const parsed = await readConfig(configText);
  if (!parsed.ok) return { kind: 'invalid', tools: [], issues: parsed.issues };
  const prune = checkPrune(options.prune ?? [], caller);
  const expected = checkExpectedRevisions(options.expectedRevisions);
  const plan: ImportPlan = {
    ...planImport(parsed.value, caller, policy),
    prune: prune.namespaces,
    expected: expected.revisions,
    downgradeIssue: (downgrades) => downgradeIssue(policy.safetyDowngrades, caller.grant, downgrades),
  };
  const issues = [...prune.issues, ...expected.issues];
  if (issues.length > 0 || (plan.valid.length === 0 && plan.invalid.size > 0)) return invalidImport(plan.invalid, issues);

  for (let attempt = 1; ; attempt++) {
    try {
      return await commit(caller, (writer) => applyImport(writer, plan, options));
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
  invalid: ReadonlyMap<number, ToolIssues>;
  firstIndexOfName: ReadonlyMap<string, number>;
  /** The namespaces to prune, each once, in the order given. */
  prune: readonly string[];
  /** The revision a plan read per name (null: no live tool); null when the import is not from a plan. */
  expected: ReadonlyMap<string, number | null> | null;
  /** SAFETY_DOWNGRADE_FORBIDDEN when the caller may not lower a tool's safety this way (safety.ts); null when they may. */
  downgradeIssue: (downgrades: readonly SafetyDowngrade[]) => Issue | null;
}

/** The plan's revisions by name; INVALID_VALUE at `expectedRevisions[i]` for a name listed twice or a revision below 1. */
function checkExpectedRevisions(expected: readonly ExpectedToolRevision[] | undefined): {
  revisions: Map<string, number | null> | null;
  issues: Issue[];
} {
  if (expected === undefined) return { revisions: null, issues: [] };
  if (expected.length > MAX_EXPECTED_REVISIONS) {
    const message = `A plan expects at most ${MAX_EXPECTED_REVISIONS.toLocaleString('en-US')} revisions, one per tool an import writes or prunes; got ${expected.length.toLocaleString('en-US')}.`;
    return { revisions: null, issues: [{ path: 'expectedRevisions', code: 'VALUE_TOO_LARGE', message }] };
  }
  const revisions = new Map<string, number | null>();
  const issues: Issue[] = [];
  expected.forEach(({ name, revision }, index) => {
    const path = `expectedRevisions[${index}]`;
    if (revisions.has(name)) issues.push({ path, code: 'INVALID_VALUE', message: `"${name}" is listed more than once.` });
    else if (revision !== null && revision < 1) issues.push({ path, code: 'INVALID_VALUE', message: `Revisions start at 1; got ${revision}.` });
    else revisions.set(name, revision);
  });
  return { revisions, issues };
}

/**
 * The first tool, in config order and then the pruned by name, that is not as the plan read it:
 * at another revision, created or deleted since, or written or pruned though the plan did not see it.
 */
function planConflict(
  plan: ImportPlan,
  definitions: readonly ToolDefinition[],
  existing: readonly StoredTool[],
  pruned: readonly StoredTool[],
): RevisionConflict | null {
  if (plan.expected === null) return null;
  const expected = plan.expected;
  const live = new Map(existing.map((tool) => [tool.name, tool]));
  // A name the plan does not list, it did not see: it expected no tool there, as for the pruned below.
  for (const { name } of definitions) {
    const conflict = conflictUnlessAt(name, expected.get(name) ?? null, live.get(name));
    if (conflict) return conflict;
  }
  for (const tool of [...pruned].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const conflict = conflictUnlessAt(tool.name, expected.get(tool.name) ?? null, tool);
    if (conflict) return conflict;
  }
  return null;
}

/** The namespaces to prune, and the issues of those the caller may not prune (INVALID_VALUE, FORBIDDEN, VALUE_TOO_LARGE at `prune…`). */
function checkPrune(prune: readonly string[], caller: Caller): { namespaces: string[]; issues: Issue[] } {
  if (prune.length > MAX_PRUNE_NAMESPACES) {
    return {
      namespaces: [],
      issues: [{ path: 'prune', code: 'VALUE_TOO_LARGE', message: `One import prunes at most ${MAX_PRUNE_NAMESPACES} namespaces; got ${prune.length}.` }],
    };
  }
  const issues: Issue[] = [];
  prune.forEach((namespace, index) => {
    const path = `prune[${index}]`;
    if (!isNamespace(namespace)) {
      issues.push({
        path,
        code: 'INVALID_VALUE',
        message: `${describeValue(namespace)} is not a namespace (a-z 0-9 . _ -, starting and ending with a letter or digit).`,
      });
    } else if (!mayWrite(caller.grant, namespace)) {
      issues.push({ path, code: 'NAMESPACE_FORBIDDEN', message: forbiddenMessage(namespace) });
    }
  });
  return { namespaces: [...new Set(prune)], issues };
}

function planImport(entries: readonly ConfigEntry[], caller: Caller, policy: WritePolicy): Omit<ImportPlan, 'prune' | 'expected' | 'downgradeIssue'> {
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
      invalid.report(entry.index, entry.name, [{ path: 'name', code: 'NAME_TAKEN', message: `"${entry.name}" appears more than once in this import.` }]);
    } else if (entry.name !== null) {
      firstIndexOfName.set(entry.name, entry.index);
    }
    if (entry.checked.ok) {
      const unsafe = unsafeContentIssues(findingsOf(entry.checked.value), policy.refuseFindings, { pathOf: configPathOf });
      if (unsafe.length > 0) invalid.report(entry.index, entry.name, unsafe);
      else valid.push({ index: entry.index, definition: entry.checked.value });
    }
  }
  return { valid, invalid: invalid.byIndex, firstIndexOfName };
}

/** One run of the import's transaction; its issues start from the plan's on every run. */
async function applyImport(writer: UnitWriter, plan: ImportPlan, options: ImportOptions): Promise<Decided<Issue>> {
  const invalid = new IssuesByTool(plan.invalid);
  const definitions = plan.valid.map((v) => v.definition);
  const names = new Set(definitions.map((d) => d.name));
  const pruning = await toolsToPrune(writer, plan, names);
  if (pruning.issues.length > 0) return invalidImport(invalid.byIndex, pruning.issues);
  const pruned = new Set(pruning.tools.map((tool) => tool.name));
  // Every tool of the import and every tool they wrap, in one read; a wrapped tool is judged as it
  // will be after the import: changed by it, or gone by its prune.
  const wrapped = definitions.flatMap((d) => (d.wraps === null ? [] : [d.wraps]));
  const stored = await writer.findByNames([...names, ...wrapped]);
  const existing = stored.filter((tool) => names.has(tool.name));
  const known = new Map<string, ToolDefinition>([...byName(stored.filter((tool) => !pruned.has(tool.name))), ...byName(definitions)]);
  const conflict = planConflict(plan, definitions, existing, pruning.tools);
  if (conflict) return conflict;
  const existingNames = new Set(existing.map((tool) => tool.name));
  const reserved = await reservedNames(
    writer,
    [...names].filter((name) => !existingNames.has(name)),
  );
  for (const { index, definition } of plan.valid) {
    invalid.report(index, definition.name, wrapsIssues(definition.wraps, known, CONFIG_PATHS));
    const reservedFor = reserved.get(definition.name);
    if (reservedFor !== undefined) invalid.report(index, definition.name, [reservedNameIssue(definition.name, reservedFor, CONFIG_PATHS.name)]);
  }
  for (const found of await wrappedTypeIssues(writer, definitions, existing, CONFIG_PATHS, pruned)) {
    invalid.report(plan.firstIndexOfName.get(found.name) ?? 0, found.name, [found.issue]);
  }
  const stillWrapped = await prunedButWrapped(writer, plan, pruning.tools, definitions);
  if (invalid.byIndex.size > 0 || stillWrapped.length > 0) return invalidImport(invalid.byIndex, stillWrapped);

  const existingByName = byName(existing);
  const changes = definitions.map((definition) => {
    const current = existingByName.get(definition.name) ?? null;
    const change: ToolChange = !current ? 'created' : current.contentHash === contentHashOf(definition) ? 'unchanged' : 'updated';
    return { definition, change, stored: current };
  });
  // A created name with a history compares with the tool it last named, as createTool does.
  const former = await writer.formerCapabilities(changes.filter((c) => c.stored === null).map((c) => c.definition.name));
  for (const { definition, stored } of changes) {
    const before = stored?.capability ?? former.get(definition.name);
    const refused = before ? plan.downgradeIssue(safetyDowngrades(before, definition.capability)) : null;
    if (refused) invalid.report(plan.firstIndexOfName.get(definition.name) ?? 0, definition.name, [refused]);
  }
  if (invalid.byIndex.size > 0) return invalidImport(invalid.byIndex);
  const report = (written: ReadonlyMap<string, StoredTool>): ImportedTool[] => [
    ...changes.map((c) => ({
      name: c.definition.name,
      change: c.change,
      tool: written.get(c.definition.name) ?? c.stored,
      changedFields: c.change === 'updated' && c.stored ? definitionChanges(c.stored, c.definition) : [],
    })),
    ...pruning.tools.map((tool) => ({ name: tool.name, change: 'deleted' as const, tool, changedFields: [] })),
  ];
  if (options.dryRun) return { kind: 'ok', dryRun: true, tools: report(new Map()) };
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
  // After the writes, so that a validation the config moves off a pruned tool no longer wraps it.
  for (const tool of [...pruning.tools].sort(byDeleteOrder)) await writer.delete(tool);
  return { kind: 'ok', dryRun: false, tools: report(written) };
}

/**
 * The live tools of the pruned namespaces that the config does not name, read (and locked) by
 * name; VALUE_TOO_LARGE at `prune` when they are more than one import may delete.
 */
async function toolsToPrune(writer: UnitWriter, plan: ImportPlan, names: ReadonlySet<string>): Promise<{ tools: StoredTool[]; issues: Issue[] }> {
  if (plan.prune.length === 0) return { tools: [], issues: [] };
  const pruned = new Set(plan.prune);
  const named = [...names].filter((name) => pruned.has(namespaceOf(name))).length;
  const candidates = (await writer.namesInNamespaces(plan.prune, named + MAX_PRUNED_TOOLS + 1)).filter((name) => !names.has(name));
  if (candidates.length > MAX_PRUNED_TOOLS) {
    const message = `The prune would delete more than ${MAX_PRUNED_TOOLS.toLocaleString('en-US')} tools, the most one import deletes. Delete some first, or prune fewer namespaces at once.`;
    return { tools: [], issues: [{ path: 'prune', code: 'VALUE_TOO_LARGE', message }] };
  }
  return { tools: await writer.findByNames(candidates), issues: [] };
}

/**
 * TOOL_IS_WRAPPED: a tool the prune deletes that a validation would still wrap after the import
 * (one the prune keeps, and the config does not name or still has wrap it), unless it is deprecated
 * (stored-rules.ts `holdsBackRemoval`), at the `prune[i]` of its namespace.
 */
async function prunedButWrapped(writer: UnitWriter, plan: ImportPlan, pruned: readonly StoredTool[], definitions: readonly ToolDefinition[]): Promise<Issue[]> {
  if (pruned.length === 0) return [];
  const gone = new Set(pruned.map((tool) => tool.name));
  const rewritten = new Map(definitions.map((d) => [d.name, d.wraps]));
  const wrappers = (await writer.findWrappersOf([...gone])).filter((wrapper) => !gone.has(wrapper.name) && !rewritten.has(wrapper.name));
  return pruned.flatMap((tool) => {
    if (!holdsBackRemoval(tool, wrappers)) return [];
    const by = wrappers.filter((wrapper) => wrapper.wraps === tool.name).map((wrapper) => wrapper.name);
    const message = `The prune would delete "${tool.name}", which no file names, but ${by.join(', ')} ${by.length === 1 ? 'wraps' : 'wrap'} it; delete or change ${by.length === 1 ? 'that validation' : 'those validations'} too.`;
    return [{ path: `prune[${plan.prune.indexOf(namespaceOf(tool.name))}]`, code: 'TOOL_IS_WRAPPED' as const, message }];
  });
}

/** Validations before the tools they may wrap, each group by name (the order names are locked in). */
function byDeleteOrder(a: StoredTool, b: StoredTool): number {
  const group = (tool: StoredTool) => (tool.toolType === 'validation' ? 0 : 1);
  return group(a) - group(b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

/** The issues found so far, per tool of the config. */
class IssuesByTool {
  readonly byIndex: Map<number, ToolIssues>;

  constructor(from: ReadonlyMap<number, ToolIssues> = new Map()) {
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
function byWriteOrder(a: { definition: ToolDefinition; stored: StoredTool | null }, b: { definition: ToolDefinition; stored: StoredTool | null }): number {
  const group = (change: typeof a) => {
    if (change.definition.toolType !== 'validation') return 0;
    return change.stored?.toolType === 'tool' ? 2 : 1;
  };
  const name = (change: typeof a) => change.definition.name;
  return group(a) - group(b) || (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0);
}

function invalidImport(invalid: ReadonlyMap<number, ToolIssues>, issues: Issue[] = []): Decided<Issue> {
  return { kind: 'invalid', tools: [...invalid.values()].sort((a, b) => a.index - b.index), issues };
}
