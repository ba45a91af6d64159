import type { StoredTool, ToolDefinition } from '../../src/domain/model';
import { StoreConflict, type ToolFilter, type ToolStore } from '../../src/domain/ports';
import { createToolStore, parseDatabaseUrl } from '../../src/store';
import { createPrismaClient } from '../../src/store/prisma-client';
import { freshDatabase, testDatabases, type FreshDatabase } from '../support/databases';
import { builtinTool, fullTool, q, revised, revisedAll, validationOf } from '../support/fixtures';

const definitionOf = ({
  id: _id,
  createdAt: _c,
  updatedAt: _u,
  createdBy: _cb,
  updatedBy: _ub,
  revision: _r,
  contentHash: _h,
  findings: _f,
  deprecation: _d,
  deletion: _x,
  ...definition
}: StoredTool): ToolDefinition => definition;
const namesOf = (tools: StoredTool[]) => tools.map((tool) => tool.name);

function expectConflict(error: unknown, rule: StoreConflict['rule'], toolName: string): void {
  expect(error).toBeInstanceOf(StoreConflict);
  expect(error).toMatchObject({ rule, toolName });
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe.each(testDatabases())('ToolStore on %s', (kind) => {
  let database: FreshDatabase;
  let store: ToolStore;
  const queries: string[] = [];

  /** Runs `action` and returns the SQL statements it executed. */
  async function sqlOf(action: () => Promise<unknown>): Promise<string[]> {
    queries.length = 0;
    await action();
    return [...queries];
  }

  async function insert(...tools: ToolDefinition[]): Promise<void> {
    await store.write(async (writer) => {
      await writer.insert(revisedAll(tools), 'tester');
    });
  }

  async function clear(): Promise<void> {
    const client = createPrismaClient(parseDatabaseUrl(database.url));
    try {
      await client.tool.deleteMany({ where: { toolType: 'validation' } });
      await client.tool.deleteMany({});
      // Cleared behind the store's back: the facet counts of the tools go with them.
      await client.toolFacet.deleteMany({});
    } finally {
      await client.$disconnect();
    }
  }

  beforeAll(async () => {
    database = await freshDatabase(kind);
    store = await createToolStore(database.url, { onQuery: (sql) => queries.push(sql) });
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });
  beforeEach(clear);

  describe('insert and read back', () => {
    it('round-trips every field of a full definition, slots in their given order', async () => {
      const before = Date.now();
      const stored = (await store.write((writer) => writer.insert(revisedAll([fullTool('devops/docker-build')]), 'tester')))[0]!;
      expect(definitionOf(stored)).toEqual(fullTool('devops/docker-build'));
      const [read] = await store.findByNames(['devops/docker-build']);
      expect(definitionOf(read!)).toEqual(fullTool('devops/docker-build'));
      expect(read!.resourceSlots.map((slot) => slot.name)).toEqual(['workspace', 'registry', 'cache']);
      expect(read!.createdAt).toBeInstanceOf(Date);
      expect(read!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(read!.updatedAt.getTime()).toBe(read!.createdAt.getTime());
    });

    it('tells "no lifecycle" from a lifecycle whose hooks are all null, and keeps null schemas null', async () => {
      const allNull = builtinTool('local/all-null', { lifecycle: { discover: null, activate: null, deactivate: null } });
      await insert(builtinTool('local/none'), allNull);
      const [all, none] = await store.findByNames(['local/none', 'local/all-null']);
      expect(all!.lifecycle).toEqual({ discover: null, activate: null, deactivate: null });
      expect(none!.lifecycle).toBeNull();
      expect(none!.inputSchema).toBeNull();
      expect(none!.outputSchema).toBeNull();
      expect(none!.capability.sideEffects).toEqual([]);
    });

    it('reads schemas as plain values however the tool is copied, serialized or changed, though they are parsed only when read', async () => {
      await insert(fullTool('devops/copied'));
      const { inputSchema, outputSchema } = fullTool('devops/copied');
      const copies = async () => {
        const [read] = await store.findByNames(['devops/copied']);
        return read!;
      };
      expect({ ...(await copies()) }).toMatchObject({ inputSchema, outputSchema });
      expect(JSON.parse(JSON.stringify(await copies()))).toMatchObject({ inputSchema, outputSchema });
      expect(structuredClone(await copies())).toMatchObject({ inputSchema, outputSchema });
      const { inputSchema: taken, ...rest } = await copies();
      expect([taken, rest.outputSchema]).toEqual([inputSchema, outputSchema]);
      const changed = await copies();
      changed.inputSchema = null;
      expect(changed.inputSchema).toBeNull();
      expect(Object.keys(changed)).toEqual(Object.keys(await copies()));
      const read = await copies();
      expect(read.inputSchema).toBe(read.inputSchema);
    });

    it('stores custom code and agent skill paths verbatim', async () => {
      const custom = builtinTool('local/custom', { source: 'custom', code: 'def run(x):\n    return "%_\\\\"\n' });
      const skill = builtinTool('local/skill', { source: 'agent_skill', agentSkillPath: 'skills/lint' });
      await insert(custom, skill);
      const read = await store.findByNames(['local/custom', 'local/skill']);
      expect(read.map(definitionOf)).toEqual([custom, skill]);
    });

    it('finds nothing for unknown names, and reads an empty name list without a query', async () => {
      expect(await store.findByNames(['nobody/here'])).toEqual([]);
      expect(await sqlOf(() => store.findByNames([]))).toEqual([]);
      expect(await store.findWrappersOf([])).toEqual([]);
    });
  });

  describe('replace', () => {
    it('rewrites the row and its slots, keeps createdAt and createdBy, bumps updatedAt and records updatedBy', async () => {
      const original = (await store.write((writer) => writer.insert(revisedAll([fullTool('devops/docker-build')]), 'tester')))[0]!;
      expect([original.createdBy, original.updatedBy]).toEqual(['tester', 'tester']);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const changed: ToolDefinition = {
        ...builtinTool('devops/docker-build', { description: 'Now builtin' }),
        resourceSlots: [{ ...fullTool('x/y').resourceSlots[2]!, name: 'cache' }, fullTool('x/y').resourceSlots[0]!],
      };
      const replaced = await store.write((writer) => writer.replace(revised(changed), 'other-team'));
      expect(definitionOf(replaced)).toEqual(changed);
      expect([replaced.createdBy, replaced.updatedBy]).toEqual(['tester', 'other-team']);
      const [read] = await store.findByNames(['devops/docker-build']);
      expect(definitionOf(read!)).toEqual(changed);
      expect(read!.createdAt.getTime()).toBe(original.createdAt.getTime());
      expect(read!.updatedAt.getTime()).toBeGreaterThan(original.updatedAt.getTime());
    });
  });

  describe('delete', () => {
    it('leaves a tombstone that every read of tools leaves out, read by its name alone; deleting again is a no-op', async () => {
      await insert(fullTool('devops/docker-build'));
      await store.write((writer) => writer.delete('devops/docker-build', 2, 'remover'));
      await store.write((writer) => writer.delete('devops/docker-build', 3, 'someone-else'));
      expect(await store.findByNames(['devops/docker-build'])).toEqual([]);
      expect(await store.count(q({}))).toBe(0);
      expect((await store.listPage({ query: q({}), first: 10 })).tools).toEqual([]);
      expect(await store.tombstones(['devops/docker-build', 'devops/never'])).toEqual([
        { name: 'devops/docker-build', deletedAt: expect.any(Date), deletedBy: 'remover', renamedTo: null, purged: false, lastRevision: 2 },
      ]);
      const [tombstone] = await store.write((writer) => writer.findTombstones(['devops/docker-build']));
      expect(tombstone).toMatchObject({ name: 'devops/docker-build', revision: 2, updatedBy: 'remover', deletion: { deletedBy: 'remover' } });
    });

    it('replaces a tombstone with the tool created under its name', async () => {
      await insert(fullTool('devops/docker-build'));
      await store.write((writer) => writer.delete('devops/docker-build', 2, 'tester'));
      const [created] = await store.write((writer) => writer.insert(revisedAll([builtinTool('devops/docker-build', { description: 'Anew.' })]), 'creator'));
      expect(created).toMatchObject({ description: 'Anew.', createdBy: 'creator', deletion: null, deprecation: null });
      expect(await store.tombstones(['devops/docker-build'])).toEqual([]);
      expect((await store.listPage({ query: q({}), first: 10 })).tools.map((tool) => tool.description)).toEqual(['Anew.']);
    });
  });

  describe('listPage, count and filters', () => {
    // Bytewise name order on both databases: '-' < '.' < digits < '_' < letters.
    const names = ['ab/x', 'a/z', 'a_b/x', 'a.b/x', 'a-b/x', 'a/b', 'a/a-1', 'b/q', 'a0/k'];
    const sorted = [...names].sort();

    beforeEach(async () => {
      await insert(...names.map((name) => builtinTool(name)));
    });

    it('orders by name bytewise and pages by keyset with hasNextPage', async () => {
      const seen: string[] = [];
      let after: { name: string } | null = null;
      for (;;) {
        const page = await store.listPage({ query: q({}), first: 4, after });
        seen.push(...namesOf(page.tools));
        expect(page.tools.length).toBeLessThanOrEqual(4);
        if (!page.hasNextPage) break;
        after = { name: page.tools[page.tools.length - 1]!.name };
      }
      expect(seen).toEqual(sorted);
    });

    it('has no next page when the last page is exactly full, and an empty page after the end', async () => {
      const all = await store.listPage({ query: q({}), first: names.length, after: null });
      expect(all.hasNextPage).toBe(false);
      expect(namesOf(all.tools)).toEqual(sorted);
      const after = await store.listPage({ query: q({}), first: 3, after: { name: sorted[sorted.length - 1]! } });
      expect(after).toEqual({ tools: [], hasNextPage: false });
      const none = await store.listPage({ query: q({}), first: 0, after: null });
      expect(none).toEqual({ tools: [], hasNextPage: true });
    });

    it('filters by exact namespace (not by name prefix)', async () => {
      const page = await store.listPage({ query: q({ namespace: 'a' }), first: 50, after: null });
      expect(namesOf(page.tools)).toEqual(['a/a-1', 'a/b', 'a/z']);
      expect(await store.count(q({ namespace: 'a' }))).toBe(3);
      expect(await store.count(q({ namespace: 'a_b' }))).toBe(1);
      expect(await store.count(q({ namespace: 'nope' }))).toBe(0);
    });

    it('counts with one COUNT query, whatever the filter', async () => {
      const sql = await sqlOf(() => store.count(q({ namespace: 'a', search: 'x', unsafe: false })));
      expect(sql).toHaveLength(1);
      expect(sql[0]).toMatch(/COUNT/i);
      expect(await store.count(q({}))).toBe(names.length);
    });
  });

  describe('each filter', () => {
    beforeEach(async () => {
      const cap = builtinTool('x/x').capability;
      await insert(
        builtinTool('files/read', { description: 'Reads a FILE', capability: { ...cap, readOnly: true } }),
        builtinTool('files/write', { source: 'custom', code: 'pass', capability: { ...cap, writes: true } }),
        builtinTool('net/Fetch', { source: 'mcp', mcpServer: 's', mcpToolName: 't', description: 'Fetches 100% of_it' }),
        builtinTool('ops/deploy', { capability: { ...cap, unsafe: true, humanApprovalRequired: true } }),
        builtinTool('docs/fr', { description: 'Écrit la documentation, avec une barre \\ oblique inverse' }),
      );
      await insert(validationOf('files/check-write', 'files/write'));
    });

    const cases: [string, ToolFilter, string[]][] = [
      ['source', { source: 'mcp' }, ['net/Fetch']],
      ['toolType', { toolType: 'validation' }, ['files/check-write']],
      ['readOnly', { readOnly: true }, ['files/read']],
      ['writes', { writes: true }, ['files/write']],
      ['unsafe', { unsafe: true }, ['ops/deploy']],
      ['humanApprovalRequired', { humanApprovalRequired: true }, ['ops/deploy']],
      ['readOnly false', { readOnly: false }, ['docs/fr', 'files/check-write', 'files/write', 'net/Fetch', 'ops/deploy']],
      ['search folding non-ASCII case', { search: 'éCRIT LA' }, ['docs/fr']],
      ['search with \\ taken literally', { search: 'barre \\ obl' }, ['docs/fr']],
      ['search in the name, case-insensitively', { search: 'FETCH' }, ['net/Fetch']],
      ['search in the description, case-insensitively', { search: 'READS a' }, ['files/read']],
      ['search matching names and descriptions', { search: 'WRITE' }, ['files/check-write', 'files/write']],
      ['search with % taken literally', { search: '1%0' }, []],
      ['search with % taken literally, matching', { search: '0% of' }, ['net/Fetch']],
      ['search with _ taken literally', { search: 'h_s' }, []],
      ['search with _ taken literally, matching', { search: 'OF_IT' }, ['net/Fetch']],
      ['namespace with other filters', { namespace: 'files', toolType: 'tool', readOnly: false }, ['files/write']],
      [
        'null filters meaning no filter',
        { source: null, namespace: null, search: null },
        ['docs/fr', 'files/check-write', 'files/read', 'files/write', 'net/Fetch', 'ops/deploy'],
      ],
    ];

    it.each(cases)('%s', async (_label, filter, expected) => {
      const page = await store.listPage({ query: q(filter), first: 50, after: null });
      expect(namesOf(page.tools)).toEqual(expected);
      expect(await store.count(q(filter))).toBe(expected.length);
    });
  });

  describe('namespaces', () => {
    it('counts tools and validations per namespace with one GROUP BY query, ordered by namespace', async () => {
      await insert(builtinTool('b/one'), builtinTool('a/one'), builtinTool('a/two'), builtinTool('a_b/x'));
      await insert(validationOf('a/check', 'b/one'));
      let summaries: Awaited<ReturnType<ToolStore['namespaces']>> = [];
      const sql = await sqlOf(async () => {
        summaries = await store.namespaces();
      });
      expect(sql).toHaveLength(1);
      expect(sql[0]).toMatch(/GROUP BY/i);
      expect(summaries).toEqual([
        { name: 'a', toolCount: 3 },
        { name: 'a_b', toolCount: 1 },
        { name: 'b', toolCount: 1 },
      ]);
    });
  });

  describe('validations and findWrappersOf', () => {
    it('finds the validations wrapping any of the names, ordered by name', async () => {
      await insert(builtinTool('t/one'), builtinTool('t/two'), builtinTool('t/three'));
      await insert(validationOf('v/z', 't/one'), validationOf('v/a', 't/two'), validationOf('v/m', 't/three'));
      const wrappers = await store.findWrappersOf(['t/one', 't/two', 'v/a']);
      expect(namesOf(wrappers)).toEqual(['v/a', 'v/z']);
      expect(wrappers.map((tool) => tool.wraps)).toEqual(['t/two', 't/one']);
    });
  });

  describe('the database enforces names and the wrapped reference', () => {
    it('lets exactly one of two concurrent inserts of one name succeed; the other is NAME_TAKEN', async () => {
      const results = await Promise.allSettled([
        store.write((writer) => writer.insert(revisedAll([builtinTool('race/same', { description: 'first' })]), 'tester')),
        store.write((writer) => writer.insert(revisedAll([builtinTool('race/same', { description: 'second' })]), 'tester')),
      ]);
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
      expect(rejected).toHaveLength(1);
      expectConflict(rejected[0]!.reason, 'NAME_TAKEN', 'race/same');
      expect(await store.count(q({ namespace: 'race' }))).toBe(1);
    });

    it('refuses a validation named like an existing tool (one namespace of names)', async () => {
      await insert(builtinTool('n/tool'), builtinTool('n/other'));
      const error = await rejection(store.write((writer) => writer.insert(revisedAll([validationOf('n/tool', 'n/other')]), 'tester')));
      expectConflict(error, 'NAME_TAKEN', 'n/tool');
    });

    it('holds back nothing by the tombstone of a validation: the tool it wrapped may become a validation, or be purged', async () => {
      await insert(builtinTool('w/tool'));
      await insert(validationOf('w/check', 'w/tool'));
      await store.write((writer) => writer.delete('w/check', 2, 'tester'));
      expect(await store.findWrappersOf(['w/tool'])).toEqual([]);
      await store.write((writer) => writer.replace(revised(builtinTool('w/tool', { toolType: 'validation', source: 'wrapped', wraps: null })), 'tester'));
      await store.write((writer) => writer.delete('w/tool', 2, 'tester'));
      // Written without revisions (the store alone): the tombstone's own revision is the last one purged.
      expect(await store.write((writer) => writer.purgeHistory('w/tool'))).toEqual({
        revisions: 0,
        last: { revision: 2, contentHash: expect.any(String) },
        freed: [],
      });
      expect(await store.write((writer) => writer.purgeHistory('w/tool'))).toEqual({ revisions: 0, last: null, freed: [] });
      expect(namesOf(await store.write((writer) => writer.findTombstones(['w/check', 'w/tool'])))).toEqual(['w/check']);
    });

    it('refuses a validation wrapping a missing tool: WRAPPED_TOOL_NOT_FOUND', async () => {
      const error = await rejection(store.write((writer) => writer.insert(revisedAll([validationOf('w/check', 'w/missing')]), 'tester')));
      expectConflict(error, 'WRAPPED_TOOL_NOT_FOUND', 'w/missing');
      expect(await store.findByNames(['w/check'])).toEqual([]);
    });

    it('refuses a validation wrapping another validation: WRAPPED_TOOL_NOT_FOUND', async () => {
      await insert(builtinTool('w/tool'));
      await insert(validationOf('w/check', 'w/tool'));
      const error = await rejection(store.write((writer) => writer.insert(revisedAll([validationOf('w/meta', 'w/check')]), 'tester')));
      expectConflict(error, 'WRAPPED_TOOL_NOT_FOUND', 'w/check');
    });

    it('refuses turning a wrapped tool into something other than a tool: TOOL_IS_WRAPPED', async () => {
      await insert(builtinTool('w/tool'));
      await insert(validationOf('w/check', 'w/tool'));
      const error = await rejection(
        store.write((writer) => writer.replace(revised(builtinTool('w/tool', { toolType: 'validation', source: 'wrapped' })), 'tester')),
      );
      expectConflict(error, 'TOOL_IS_WRAPPED', 'w/tool');
    });
  });

  describe('write transactions', () => {
    it('roll back everything when the work throws, and rethrow its error', async () => {
      const failure = new Error('domain said no');
      const error = await rejection(
        store.write(async (writer) => {
          await writer.insert(revisedAll([fullTool('tx/one')]), 'tester');
          await writer.insert(revisedAll([builtinTool('tx/two')]), 'tester');
          throw failure;
        }),
      );
      expect(error).toBe(failure);
      expect(await store.findByNames(['tx/one', 'tx/two'])).toEqual([]);
      expect(await store.count(q({}))).toBe(0);
    });

    it('roll back the earlier writes of a transaction when a later write conflicts', async () => {
      await insert(builtinTool('tx/taken'));
      const error = await rejection(insert(builtinTool('tx/new'), builtinTool('tx/taken')));
      expectConflict(error, 'NAME_TAKEN', 'tx/taken');
      expect(await store.findByNames(['tx/new'])).toEqual([]);
    });

    it('insert many tools in one statement, a validation with the tool it wraps, and name the one a constraint refuses', async () => {
      const batch = [builtinTool('batch/a'), validationOf('batch/check-b', 'batch/b'), builtinTool('batch/b')];
      const sql = await sqlOf(async () => {
        const stored = await store.write((writer) => writer.insert(revisedAll(batch), 'tester'));
        expect(namesOf(stored)).toEqual(['batch/a', 'batch/check-b', 'batch/b']);
      });
      expect(sql.filter((statement) => statement.startsWith('INSERT INTO "Tool"'))).toHaveLength(1);

      const error = await rejection(insert(builtinTool('batch/c'), builtinTool('batch/a'), builtinTool('batch/d')));
      expectConflict(error, 'NAME_TAKEN', 'batch/a');
      const missing = await rejection(insert(builtinTool('batch/e'), validationOf('batch/check-x', 'batch/x')));
      expectConflict(missing, 'WRAPPED_TOOL_NOT_FOUND', 'batch/x');
      expect(await store.findByNames(['batch/c', 'batch/d', 'batch/e'])).toEqual([]);
      expect(await store.count(q({ namespace: 'batch' }))).toBe(3);
    });

    it('are invisible to reads until they commit, and a rolled-back one never was', async () => {
      await insert(builtinTool('tx/committed'));
      const seenDuring: string[][] = [];
      const readAll = async () => namesOf((await store.listPage({ query: q({ namespace: 'tx' }), first: 10 })).tools);
      await rejection(
        store.write(async (writer) => {
          await writer.insert(revisedAll([builtinTool('tx/pending')]), 'tester');
          await writer.replace(revised(builtinTool('tx/committed', { description: 'changed, then rolled back' })), 'tester');
          seenDuring.push(await readAll(), namesOf(await store.findByNames(['tx/pending'])));
          const [committed] = await store.findByNames(['tx/committed']);
          seenDuring.push([committed!.description]);
          throw new Error('rolled back');
        }),
      );
      expect(seenDuring).toEqual([['tx/committed'], [], ['The tx/committed tool']]);
      expect(await store.count(q({ namespace: 'tx' }))).toBe(1);
      expect((await store.stats(q({ namespace: 'tx' }))).total).toBe(1);

      let readDuringCommittedWrite: string[] = [];
      await store.write(async (writer) => {
        await writer.insert(revisedAll([builtinTool('tx/later')]), 'tester');
        readDuringCommittedWrite = await readAll();
      });
      expect(readDuringCommittedWrite).toEqual(['tx/committed']);
      expect(await readAll()).toEqual(['tx/committed', 'tx/later']);
    });

    it('see their own writes through the writer', async () => {
      const seen = await store.write(async (writer) => {
        await writer.insert(revisedAll([builtinTool('tx/base')]), 'tester');
        await writer.insert(revisedAll([validationOf('tx/check', 'tx/base')]), 'tester');
        return { found: await writer.findByNames(['tx/base']), wrappers: await writer.findWrappersOf(['tx/base']) };
      });
      expect(namesOf(seen.found)).toEqual(['tx/base']);
      expect(namesOf(seen.wrappers)).toEqual(['tx/check']);
    });
  });

  describe('query counts', () => {
    /** The statements other than the write transaction's own BEGIN / COMMIT / ROLLBACK. */
    const withoutTransactionControl = (statements: string[]) => statements.filter((sql) => !/^\s*(BEGIN|COMMIT|ROLLBACK)\b/i.test(sql));

    it('reads 1 or 50 tools with their slots in one SQL statement', async () => {
      const tools = Array.from({ length: 50 }, (_, i) => fullTool(`bulk/tool-${String(i).padStart(2, '0')}`));
      await insert(...tools);
      const one = await sqlOf(() => store.findByNames(['bulk/tool-00']));
      let found: StoredTool[] = [];
      const fifty = await sqlOf(async () => {
        found = await store.findByNames(tools.map((tool) => tool.name));
      });
      expect(found).toHaveLength(50);
      expect(found.every((tool) => tool.resourceSlots.length === 3)).toBe(true);
      expect(found.map(definitionOf)).toEqual(tools);
      expect(one).toHaveLength(1);
      expect(fifty).toHaveLength(1);
      expect(fifty[0]).toMatch(/^SELECT\b[\s\S]*\bFROM\s+\S*Tool\W/);
    });

    it('lists a page with its slots, and reads wrappers, in one SQL statement whatever the size', async () => {
      const tools = Array.from({ length: 30 }, (_, i) => fullTool(`bulk/tool-${String(i).padStart(2, '0')}`));
      await insert(...tools);
      await insert(...tools.map((tool, i) => validationOf(`check/v-${i}`, tool.name)));
      expect(await sqlOf(() => store.listPage({ query: q({}), first: 2, after: null }))).toHaveLength(1);
      expect(await sqlOf(() => store.listPage({ query: q({}), first: 40, after: null }))).toHaveLength(1);
      expect(await sqlOf(() => store.findWrappersOf([tools[0]!.name]))).toHaveLength(1);
      expect(await sqlOf(() => store.findWrappersOf(tools.map((tool) => tool.name)))).toHaveLength(1);
    });

    it('reads 1,200 names in one statement, all found, in name order', async () => {
      // SQLite refuses a statement of more than 999 bound values; the store binds the whole list as
      // one parameter (a JSON array on SQLite, a text[] on Postgres).
      const names = Array.from({ length: 1200 }, (_, i) => `many/t-${String(i).padStart(4, '0')}`);
      await insert(...names.map((name) => builtinTool(name)));
      const asked = [...names].reverse().concat(names.slice(0, 10), ['many/absent']);
      let found: StoredTool[] = [];
      const sql = await sqlOf(async () => {
        found = await store.findByNames(asked);
      });
      expect(sql).toHaveLength(1);
      expect(sql.every((statement) => /^SELECT\b/.test(statement))).toBe(true);
      expect(namesOf(found)).toEqual(names);

      await insert(...names.slice(0, 600).map((name, i) => validationOf(`many-check/v-${String(599 - i).padStart(4, '0')}`, name)));
      let wrappers: StoredTool[] = [];
      const wrapperSql = await sqlOf(async () => {
        wrappers = await store.findWrappersOf(names);
      });
      expect(wrapperSql).toHaveLength(1);
      expect(namesOf(wrappers)).toEqual(Array.from({ length: 600 }, (_, i) => `many-check/v-${String(i).padStart(4, '0')}`));
      expect(wrappers[0]!.wraps).toBe('many/t-0599');

      // Inside a write transaction too (imports read through the writer).
      const inTransaction = await store.write(async (writer) => ({
        found: await writer.findByNames(names),
        wrappers: await writer.findWrappersOf(names),
      }));
      expect(namesOf(inTransaction.found)).toEqual(names);
      expect(inTransaction.wrappers).toHaveLength(600);
    });

    it('writes a tool with its slots in one statement, and the facet counts it changes in one more (plus the COMMIT)', async () => {
      const inserted = withoutTransactionControl(await sqlOf(() => store.write((writer) => writer.insert(revisedAll([fullTool('bulk/one')]), 'tester'))));
      expect(inserted).toHaveLength(2);
      expect(inserted[0]).toMatch(/^INSERT\b/);
      expect(inserted[1]).toMatch(/^INSERT INTO "ToolFacet"/);
      // As the domain writes: read (and lock) first, then replace.
      const writes = (statements: string[]) => statements.filter((statement) => !/^SELECT\b/.test(statement));
      const sameFacets = withoutTransactionControl(
        await sqlOf(() => store.write(async (writer) => writer.replace(revised((await writer.findByNames(['bulk/one']))[0]!), 'tester'))),
      );
      expect(writes(sameFacets)).toHaveLength(1);
      expect(writes(sameFacets)[0]).toMatch(/^UPDATE\b/);
      const otherFacets = withoutTransactionControl(
        await sqlOf(() =>
          store.write(async (writer) => {
            const [current] = await writer.findByNames(['bulk/one']);
            return writer.replace(revised({ ...current!, capability: { ...current!.capability, unsafe: !current!.capability.unsafe } }), 'tester');
          }),
        ),
      );
      expect(writes(otherFacets)).toHaveLength(2);
      expect(writes(otherFacets)[1]).toMatch(/^INSERT INTO "ToolFacet"/);
    });
  });

  describe('the resourceSlots JSON column', () => {
    async function storeRawSlots(name: string, value: unknown): Promise<void> {
      const client = createPrismaClient(parseDatabaseUrl(database.url));
      try {
        await client.tool.update({ where: { name }, data: { resourceSlots: value as never } });
      } finally {
        await client.$disconnect();
      }
    }

    it('stores each slot with the same keys in the same order, slots in their given order', async () => {
      await insert(fullTool('json/tool'));
      const client = createPrismaClient(parseDatabaseUrl(database.url));
      try {
        const row = await client.tool.findUniqueOrThrow({ where: { name: 'json/tool' } });
        expect(row.resourceSlots).toEqual(fullTool('json/tool').resourceSlots);
        const [read] = await store.findByNames(['json/tool']);
        for (const slot of read!.resourceSlots) {
          expect(Object.keys(slot)).toEqual(['name', 'resourceType', 'access', 'description', 'binding', 'staticResource', 'required']);
        }
      } finally {
        await client.$disconnect();
      }
    });

    it.each([
      ['not a list', { name: 'x' }],
      ['a slot that is not an object', ['workspace']],
      ['an unknown access mode', [{ ...fullTool('x/y').resourceSlots[0]!, access: 'write_only' }]],
      ['a missing field', [{ ...fullTool('x/y').resourceSlots[0]!, required: undefined }]],
      ['required as a number', [{ ...fullTool('x/y').resourceSlots[0]!, required: 1 }]],
    ])('refuses to read a stored value that is %s', async (_what, value) => {
      await insert(builtinTool('json/bad'));
      await storeRawSlots('json/bad', JSON.parse(JSON.stringify(value)));
      await expect(store.findByNames(['json/bad'])).rejects.toThrow(/resource ?slot/i);
    });
  });
});
