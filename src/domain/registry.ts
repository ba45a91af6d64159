import { parseToolConfigs } from './config';
import {
  EventsUnavailable,
  type ToolEvent,
  type ToolEventFilter,
  type ToolEventPublisher,
  type ToolEventSubscriber,
} from './events';
import type { Issue } from './issues';
import type { StoredTool, ToolDefinition } from './model';
import {
  StoreConflict,
  type NamespaceSummary,
  type ToolFilter,
  type ToolPage,
  type ToolPageRequest,
  type ToolReader,
  type ToolStats,
  type ToolStore,
  type ToolWriter,
} from './ports';
import { applyPatch, validateTool, type ToolDraft } from './validation';
import { sameJsonValue } from './values';

export type { ToolDraft };

export type WriteOutcome =
  | { kind: 'ok'; tool: StoredTool }
  | { kind: 'invalid'; issues: Issue[] }
  | { kind: 'nameTaken'; name: string }
  | { kind: 'notFound'; name: string };

export type DeleteOutcome =
  | { kind: 'deleted'; tool: StoredTool }
  | { kind: 'notFound'; name: string }
  | { kind: 'wrapped'; name: string; wrappedBy: StoredTool[] };

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

/** Paths of rule issues found against stored data, in the two spellings inputs use. */
interface FieldPaths {
  name: string;
  wraps: string;
  toolType: string;
}
const API_PATHS: FieldPaths = { name: 'name', wraps: 'wraps', toolType: 'toolType' };
const CONFIG_PATHS: FieldPaths = { name: 'name', wraps: 'wraps', toolType: 'tool_type' };

export interface ToolRegistryOptions {
  /** Where committed writes are announced, and where subscribers listen. None: no live events. */
  events?: ToolEventPublisher & Partial<ToolEventSubscriber>;
  /** Told when publishing an event failed; the write itself has succeeded. Default: console.error. */
  onPublishError?: (error: unknown, event: ToolEvent) => void;
}

const logPublishError = (error: unknown, event: ToolEvent) =>
  console.error(`toolgraph: could not publish the ${event.kind} event of ${event.name}:`, error instanceof Error ? error.message : error);

/**
 * The registry's use cases. Decides every rule that needs stored data (NAME_TAKEN,
 * WRAPPED_TOOL_NOT_FOUND, TOOL_IS_WRAPPED) inside the write's transaction, on top of the pure
 * rules of validation.ts; the database backs the same rules up against concurrent writers.
 * Talks to persistence only through the ToolStore port, and announces every committed write
 * (exactly one event per tool written, after the commit) through the ToolEventPublisher port.
 */
export class ToolRegistry {
  private readonly events: ToolRegistryOptions['events'];
  private readonly onPublishError: NonNullable<ToolRegistryOptions['onPublishError']>;

  constructor(
    private readonly store: ToolStore,
    options: ToolRegistryOptions = {},
  ) {
    this.events = options.events;
    this.onPublishError = options.onPublishError ?? logPublishError;
  }

  async get(name: string): Promise<StoredTool | null> {
    const [tool] = await this.store.findByNames([name]);
    return tool ?? null;
  }

  getMany(names: readonly string[]): Promise<StoredTool[]> {
    return this.store.findByNames(names);
  }

  wrappersOf(names: readonly string[]): Promise<StoredTool[]> {
    return this.store.findWrappersOf(names);
  }

  list(request: ToolPageRequest): Promise<ToolPage> {
    return this.store.listPage(request);
  }

  count(filter: ToolFilter): Promise<number> {
    return this.store.count(filter);
  }

  namespaces(): Promise<NamespaceSummary[]> {
    return this.store.namespaces();
  }

  /** Facet counts of the tools that pass `filter` (the same tools `list` pages through). */
  stats(filter: ToolFilter): Promise<ToolStats> {
    return this.store.stats(filter);
  }

  /** Live events of committed writes from now on; throws EventsUnavailable when they cannot be delivered. */
  subscribe(filter: ToolEventFilter): AsyncIterableIterator<ToolEvent> {
    if (this.events?.subscribe) return this.events.subscribe(filter);
    return unavailableStream(new EventsUnavailable('This server has no event bus.'));
  }

  async create(input: ToolDraft): Promise<WriteOutcome> {
    const outcome = await this.createUnannounced(input);
    if (outcome.kind === 'ok') await this.announce([{ kind: 'created', name: outcome.tool.name, tool: outcome.tool }]);
    return outcome;
  }

  async update(name: string, patch: ToolDraft): Promise<WriteOutcome> {
    const outcome = await this.updateUnannounced(name, patch);
    if (outcome.kind === 'ok') await this.announce([{ kind: 'updated', name: outcome.tool.name, tool: outcome.tool }]);
    return outcome;
  }

  async delete(name: string): Promise<DeleteOutcome> {
    const outcome = await this.deleteUnannounced(name);
    if (outcome.kind === 'deleted') await this.announce([{ kind: 'deleted', name: outcome.tool.name, tool: null }]);
    return outcome;
  }

  /**
   * All or nothing: every tool of the text is checked against the rules and against the registry
   * as it will be after the import (a validation may wrap a tool of the same import), and only
   * when no tool has an issue is anything written, in one transaction. After the commit, one
   * event per created or updated tool; unchanged tools and dry runs announce nothing.
   * A text over MAX_CONFIG_BYTES, or holding more than MAX_IMPORT_TOOLS tools (config.ts), is
   * refused with INVALID_CONFIG before the database is touched.
   */
  async importTools(configText: string, options: { dryRun: boolean }): Promise<ImportOutcome> {
    const outcome = await this.importUnannounced(configText, options);
    if (outcome.kind === 'ok' && !outcome.dryRun) {
      await this.announce(
        outcome.tools.flatMap((t) => (t.change !== 'unchanged' && t.tool ? [{ kind: t.change, name: t.name, tool: t.tool }] : [])),
      );
    }
    return outcome;
  }

  /**
   * Publishes one event per committed change, in order. Called only after the write's transaction
   * has committed; a publish that fails is reported to onPublishError and never fails the write.
   */
  private async announce(changes: Omit<ToolEvent, 'occurredAt'>[]): Promise<void> {
    if (!this.events) return;
    for (const change of changes) {
      const event: ToolEvent = { ...change, occurredAt: new Date() };
      try {
        await this.events.publish(event);
      } catch (error) {
        try {
          this.onPublishError(error, event);
        } catch {
          // A broken logger must not fail a committed write either.
        }
      }
    }
  }

  private async createUnannounced(input: ToolDraft): Promise<WriteOutcome> {
    const checked = validateTool(input);
    return this.writeOne(async (writer) => {
      const name = typeof input.name === 'string' ? input.name : null;
      const issues = checked.ok ? [] : [...checked.issues];
      const wraps = draftWraps(input, issues);
      // The name and the wrapped tool, in one read.
      const known = byName(await writer.findByNames([name, wraps].filter((n): n is string => n !== null)));
      const existing = name === null ? undefined : known.get(name);
      issues.push(...wrapsIssues(wraps, known, API_PATHS));
      if (existing) {
        if (issues.length === 0) return { kind: 'nameTaken', name: existing.name };
        issues.push(nameTakenIssue(existing.name, API_PATHS));
      }
      if (!checked.ok || issues.length > 0) return { kind: 'invalid', issues };
      return { kind: 'ok', tool: await writer.insert(checked.value) };
    });
  }

  private async updateUnannounced(name: string, patch: ToolDraft): Promise<WriteOutcome> {
    return this.writeOne(async (writer) => {
      const [current] = await writer.findByNames([name]);
      if (!current) return { kind: 'notFound', name };
      const renameIssues: Issue[] =
        patch.name === undefined || patch.name === current.name
          ? []
          : [{ path: 'name', code: 'FIELD_NOT_ALLOWED', message: 'A tool cannot be renamed; create the new name and delete the old one.' }];
      const { name: _ignored, ...rest } = patch;
      const draft = applyPatch(current, rest);
      const checked = validateTool(draft);
      const issues = [...renameIssues, ...(checked.ok ? [] : checked.issues)];
      const wraps = draftWraps(draft, issues);
      if (wraps !== null) issues.push(...wrapsIssues(wraps, byName(await writer.findByNames([wraps])), API_PATHS));
      if (checked.ok) {
        const wrapped = await wrappedTypeIssues(writer, [checked.value], [current], API_PATHS);
        issues.push(...wrapped.map((found) => found.issue));
      }
      if (!checked.ok || issues.length > 0) return { kind: 'invalid', issues };
      return { kind: 'ok', tool: await writer.replace(checked.value) };
    });
  }

  private async deleteUnannounced(name: string): Promise<DeleteOutcome> {
    try {
      return await this.store.write(async (writer): Promise<DeleteOutcome> => {
        const [current] = await writer.findByNames([name]);
        if (!current) return { kind: 'notFound', name };
        const wrappedBy = await writer.findWrappersOf([name]);
        if (wrappedBy.length > 0) return { kind: 'wrapped', name, wrappedBy };
        await writer.delete(name);
        return { kind: 'deleted', tool: current };
      });
    } catch (error) {
      if (!(error instanceof StoreConflict) || error.rule !== 'TOOL_IS_WRAPPED') throw error;
      // A validation wrapping this tool was committed after our check; the database refused.
      return { kind: 'wrapped', name, wrappedBy: await this.store.findWrappersOf([name]) };
    }
  }

  private async importUnannounced(configText: string, options: { dryRun: boolean }): Promise<ImportOutcome> {
    const parsed = parseToolConfigs(configText);
    if (!parsed.ok) return { kind: 'invalid', tools: [], issues: parsed.issues };
    const entries = parsed.value;
    const invalid = new Map<number, InvalidImportedTool>();
    const report = (index: number, name: string | null, issues: Issue[]) => {
      if (issues.length === 0) return;
      const entry = invalid.get(index) ?? { index, name, issues: [] };
      entry.issues.push(...issues);
      invalid.set(index, entry);
    };

    const valid: { index: number; definition: ToolDefinition }[] = [];
    const firstIndexOfName = new Map<string, number>();
    for (const entry of entries) {
      if (!entry.checked.ok) report(entry.index, entry.name, entry.checked.issues);
      if (entry.name !== null && firstIndexOfName.has(entry.name)) {
        report(entry.index, entry.name, [
          { path: 'name', code: 'NAME_TAKEN', message: `"${entry.name}" appears more than once in this import.` },
        ]);
      } else if (entry.name !== null) {
        firstIndexOfName.set(entry.name, entry.index);
      }
      if (entry.checked.ok) valid.push({ index: entry.index, definition: entry.checked.value });
    }

    const run = async (writer: ToolWriter): Promise<ImportOutcome> => {
      const definitions = valid.map((v) => v.definition);
      // Every tool of the import and every tool they wrap, in one read; a wrapped tool is judged
      // as it will be after the import.
      const wrapped = definitions.flatMap((d) => (d.wraps === null ? [] : [d.wraps]));
      const stored = await writer.findByNames([...definitions.map((d) => d.name), ...wrapped]);
      const names = new Set(definitions.map((d) => d.name));
      const existing = stored.filter((tool) => names.has(tool.name));
      const known = new Map<string, ToolDefinition>([...byName(stored), ...byName(definitions)]);
      for (const { index, definition } of valid) {
        report(index, definition.name, wrapsIssues(definition.wraps, known, CONFIG_PATHS));
      }
      for (const issue of await wrappedTypeIssues(writer, definitions, existing, CONFIG_PATHS)) {
        const index = firstIndexOfName.get(issue.name) ?? 0;
        report(index, issue.name, [issue.issue]);
      }
      if (invalid.size > 0) return invalidImport(invalid);

      const existingByName = byName(existing);
      const changes = definitions.map((definition) => {
        const stored = existingByName.get(definition.name);
        const change: ToolChange = !stored ? 'created' : sameDefinition(stored, definition) ? 'unchanged' : 'updated';
        return { definition, change, stored: stored ?? null };
      });
      if (options.dryRun) {
        return { kind: 'ok', dryRun: true, tools: changes.map((c) => ({ name: c.definition.name, change: c.change, tool: c.stored })) };
      }
      const written = new Map<string, StoredTool>();
      for (const c of [...changes].sort((a, b) => writeOrder(a) - writeOrder(b))) {
        if (c.change === 'created') written.set(c.definition.name, await writer.insert(c.definition));
        if (c.change === 'updated') written.set(c.definition.name, await writer.replace(c.definition));
      }
      return {
        kind: 'ok',
        dryRun: false,
        tools: changes.map((c) => ({ name: c.definition.name, change: c.change, tool: written.get(c.definition.name) ?? c.stored })),
      };
    };

    if (invalid.size > 0 && valid.length === 0) return invalidImport(invalid);
    try {
      return await this.store.write(run);
    } catch (error) {
      if (!(error instanceof StoreConflict)) throw error;
      const index = firstIndexOfName.get(error.toolName) ?? 0;
      return invalidImport(new Map([[index, { index, name: error.toolName, issues: [conflictIssue(error, CONFIG_PATHS)] }]]));
    }
  }

  /** Runs one tool's write; a rule the database enforced under concurrency becomes its outcome. */
  private async writeOne(work: (writer: ToolWriter) => Promise<WriteOutcome>): Promise<WriteOutcome> {
    try {
      return await this.store.write(work);
    } catch (error) {
      if (!(error instanceof StoreConflict)) throw error;
      if (error.rule === 'NAME_TAKEN') return { kind: 'nameTaken', name: error.toolName };
      return { kind: 'invalid', issues: [conflictIssue(error, API_PATHS)] };
    }
  }
}

/** A stream that fails on its first read: subscribing while events cannot be delivered. */
function unavailableStream(error: EventsUnavailable): AsyncIterableIterator<ToolEvent> {
  return {
    next: () => Promise.reject(error),
    return: () => Promise.resolve({ done: true, value: undefined }),
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

/** Tools are written before validations so that a validation's wrapped tool exists when it lands. */
function writeOrder(change: { definition: ToolDefinition; stored: StoredTool | null }): number {
  if (change.definition.toolType !== 'validation') return 0;
  return change.stored?.toolType === 'tool' ? 2 : 1;
}

function invalidImport(invalid: Map<number, InvalidImportedTool>): ImportOutcome {
  return { kind: 'invalid', tools: [...invalid.values()].sort((a, b) => a.index - b.index), issues: [] };
}

/** The wrapped tool's name, when the input is a validation naming one and its `wraps` has no issue yet. */
function draftWraps(draft: ToolDraft, issues: readonly Issue[]): string | null {
  const wraps = draft.wraps;
  if (typeof wraps !== 'string' || wraps === '' || draft.toolType !== 'validation') return null;
  return issues.some((issue) => issue.path === 'wraps') ? null : wraps;
}

/** WRAPPED_TOOL_NOT_FOUND: the wrapped tool must be among the `known` tools and not be a validation. */
function wrapsIssues(wraps: string | null, known: ReadonlyMap<string, ToolDefinition>, paths: FieldPaths): Issue[] {
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

function byName<T extends ToolDefinition>(tools: readonly T[]): Map<string, T> {
  return new Map(tools.map((tool) => [tool.name, tool]));
}

/**
 * TOOL_IS_WRAPPED: a tool that validations wrap cannot itself become a validation, unless every
 * validation wrapping it is rewritten by the same write to wrap something else.
 */
async function wrappedTypeIssues(
  reader: ToolReader,
  definitions: readonly ToolDefinition[],
  stored: readonly StoredTool[],
  paths: FieldPaths,
): Promise<{ name: string; issue: Issue }[]> {
  const storedTypes = new Map(stored.map((t) => [t.name, t.toolType]));
  const becomingValidations = definitions
    .filter((d) => d.toolType === 'validation' && storedTypes.get(d.name) === 'tool')
    .map((d) => d.name);
  if (becomingValidations.length === 0) return [];
  const pendingWraps = new Map(definitions.map((d) => [d.name, d.wraps]));
  const wrapsAfterWrite = (wrapper: StoredTool) =>
    pendingWraps.has(wrapper.name) ? pendingWraps.get(wrapper.name) : wrapper.wraps;
  const wrappers = await reader.findWrappersOf(becomingValidations);
  return becomingValidations.flatMap((name) => {
    const by = wrappers.filter((w) => wrapsAfterWrite(w) === name).map((w) => w.name);
    if (by.length === 0) return [];
    const message = `"${name}" is wrapped by ${by.join(', ')}; it cannot become a validation.`;
    return [{ name, issue: { path: paths.toolType, code: 'TOOL_IS_WRAPPED' as const, message } }];
  });
}

function nameTakenIssue(name: string, paths: FieldPaths): Issue {
  return { path: paths.name, code: 'NAME_TAKEN', message: `A tool or validation named "${name}" already exists.` };
}

function conflictIssue(conflict: StoreConflict, paths: FieldPaths): Issue {
  switch (conflict.rule) {
    case 'NAME_TAKEN':
      return nameTakenIssue(conflict.toolName, paths);
    case 'WRAPPED_TOOL_NOT_FOUND':
      return { path: paths.wraps, code: 'WRAPPED_TOOL_NOT_FOUND', message: `No tool named "${conflict.toolName}" exists to be wrapped.` };
    case 'TOOL_IS_WRAPPED':
      return { path: paths.name, code: 'TOOL_IS_WRAPPED', message: `"${conflict.toolName}" is wrapped by a validation.` };
  }
}

function sameDefinition(stored: StoredTool, definition: ToolDefinition): boolean {
  const { createdAt: _created, updatedAt: _updated, ...storedDefinition } = stored;
  // Every field of a definition is a JSON value; compared without prototypes (see sameJsonValue).
  return sameJsonValue(storedDefinition, definition);
}
