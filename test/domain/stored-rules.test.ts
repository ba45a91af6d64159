/**
 * The rules of spec section 2 that need stored data, decided by the registry's use cases on a real
 * store (both databases): NAME_TAKEN, WRAPPED_TOOL_NOT_FOUND and TOOL_IS_WRAPPED, through create,
 * update, delete and import alike, plus the rules an import adds (a name twice in one import) and
 * the one an update adds (a tool cannot be renamed).
 */
import { OPEN_ACCESS } from '../../src/domain/access';
import type { ToolStore } from '../../src/domain/ports';
import { ToolRegistry, type ImportOutcome, type WriteOutcome } from '../../src/domain/registry';
import { createToolStore } from '../../src/store';
import { freshDatabase, testDatabases, type FreshDatabase } from '../support/databases';

const tool = (name: string, extra: Record<string, unknown> = {}) => ({ name, description: `The ${name} tool.`, source: 'builtin', ...extra });
const validation = (name: string, wraps: string) => tool(name, { toolType: 'validation', source: 'wrapped', wraps });

/** `CODE path` of each issue of a write, or its kind when it has no issues. */
function problems(outcome: WriteOutcome): string[] {
  return outcome.kind === 'invalid' ? outcome.issues.map((issue) => `${issue.code} ${issue.path}`) : [outcome.kind];
}

/** `index: CODE path` of each issue of an import, or 'ok'. */
function importProblems(outcome: ImportOutcome): string[] {
  if (outcome.kind !== 'invalid') return [outcome.kind];
  return [
    ...outcome.issues.map((issue) => `-: ${issue.code} ${issue.path}`),
    ...outcome.tools.flatMap((t) => t.issues.map((issue) => `${t.index}: ${issue.code} ${issue.path}`)),
  ];
}

const configOf = (...tools: Record<string, unknown>[]) => JSON.stringify({ tools: tools.map(toConfigKeys) });
function toConfigKeys(draft: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(draft).map(([key, value]) => [key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), value]));
}

describe.each(testDatabases())('rules on stored data, on %s', (kind) => {
  let database: FreshDatabase;
  let store: ToolStore;
  let registry: ToolRegistry;

  beforeAll(async () => {
    database = await freshDatabase(kind);
    store = await createToolStore(database.url);
    registry = new ToolRegistry(store);
    expect((await registry.create(OPEN_ACCESS, tool('base/tool'))).kind).toBe('ok');
    expect((await registry.create(OPEN_ACCESS, tool('base/other'))).kind).toBe('ok');
    expect((await registry.create(OPEN_ACCESS, validation('base/check', 'base/tool'))).kind).toBe('ok');
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  describe('NAME_TAKEN: names are unique across tools and validations', () => {
    it('a taken name alone is nameTaken; with other issues it joins them', async () => {
      expect(problems(await registry.create(OPEN_ACCESS, tool('base/tool')))).toEqual(['nameTaken']);
      expect(problems(await registry.create(OPEN_ACCESS, tool('base/check')))).toEqual(['nameTaken']);
      expect(problems(await registry.create(OPEN_ACCESS, tool('base/tool', { timeout: 0 })))).toEqual(['INVALID_TIMEOUT timeout', 'NAME_TAKEN name']);
    });

    it('a name twice in one import: the second is NAME_TAKEN, and nothing is written', async () => {
      const outcome = await registry.importTools(OPEN_ACCESS, configOf(tool('twice/a'), tool('twice/b'), tool('twice/a')), { dryRun: false });
      expect(importProblems(outcome)).toEqual(['2: NAME_TAKEN name']);
      expect(await registry.getMany(['twice/a', 'twice/b'])).toEqual([]);
    });
  });

  describe('WRAPPED_TOOL_NOT_FOUND: a validation wraps an existing tool, not a validation', () => {
    it('through create', async () => {
      expect(problems(await registry.create(OPEN_ACCESS, validation('v/missing', 'base/nothing')))).toEqual(['WRAPPED_TOOL_NOT_FOUND wraps']);
      expect(problems(await registry.create(OPEN_ACCESS, validation('v/of-validation', 'base/check')))).toEqual(['WRAPPED_TOOL_NOT_FOUND wraps']);
    });

    it('through update', async () => {
      expect(problems(await registry.update(OPEN_ACCESS, 'base/check', { wraps: 'base/nothing' }))).toEqual(['WRAPPED_TOOL_NOT_FOUND wraps']);
      expect((await registry.get('base/check'))?.wraps).toBe('base/tool');
    });

    it('through import: a tool of the same import may be wrapped, a missing one may not', async () => {
      const ok = await registry.importTools(OPEN_ACCESS, configOf(validation('imp/check', 'imp/tool'), tool('imp/tool')), { dryRun: false });
      expect(importProblems(ok)).toEqual(['ok']);
      const missing = await registry.importTools(OPEN_ACCESS, configOf(tool('imp/fine'), validation('imp/check-missing', 'imp/nothing')), { dryRun: false });
      expect(importProblems(missing)).toEqual(['1: WRAPPED_TOOL_NOT_FOUND wraps']);
      expect(await registry.get('imp/fine')).toBeNull();
    });
  });

  describe('TOOL_IS_WRAPPED: a wrapped tool stays a tool while validations wrap it', () => {
    it('through delete', async () => {
      const outcome = await registry.delete(OPEN_ACCESS, 'base/tool');
      expect(outcome.kind === 'wrapped' && outcome.wrappedBy.map((t) => t.name)).toEqual(['base/check']);
      expect(await registry.get('base/tool')).not.toBeNull();
    });

    it('through update: turning a wrapped tool into a validation', async () => {
      expect(problems(await registry.update(OPEN_ACCESS, 'base/tool', { toolType: 'validation', source: 'wrapped', wraps: 'base/other' }))).toEqual([
        'TOOL_IS_WRAPPED toolType',
      ]);
      expect((await registry.get('base/tool'))?.toolType).toBe('tool');
    });

    it('through import: refused, unless the same import makes its validations wrap something else', async () => {
      const refused = await registry.importTools(OPEN_ACCESS, configOf(validation('base/tool', 'base/other')), { dryRun: false });
      expect(importProblems(refused)).toEqual(['0: TOOL_IS_WRAPPED tool_type']);
      const rewired = await registry.importTools(OPEN_ACCESS, configOf(validation('base/tool', 'base/other'), validation('base/check', 'base/other')), {
        dryRun: true,
      });
      expect(importProblems(rewired)).toEqual(['ok']);
    });
  });

  describe('a tool cannot be renamed', () => {
    it('updateTool with another name is FIELD_NOT_ALLOWED at name, and nothing changes', async () => {
      expect(problems(await registry.update(OPEN_ACCESS, 'base/other', { name: 'base/renamed' }))).toEqual(['FIELD_NOT_ALLOWED name']);
      expect(await registry.get('base/renamed')).toBeNull();
      expect(await registry.get('base/other')).not.toBeNull();
    });
  });
});
