import type { StoredTool, ToolDefinition } from '../../src/domain/model';
import { namespaceOf } from '../../src/domain/model';
import {
  CAPABILITY_FLAGS,
  type CapabilityFlag,
  type ToolFilter,
  type ToolOrder,
  type ToolPosition,
  type ToolStats,
  type ToolStore,
} from '../../src/domain/ports';
import { createToolStore, parseDatabaseUrl } from '../../src/store';
import { dialectFor } from '../../src/store/dialect';
import { createPrismaClient, type StoreClient } from '../../src/store/prisma-client';
import { countSql } from '../../src/store/tool-sql';
import { freshDatabase, testDatabases, type FreshDatabase } from '../support/databases';
import { builtinTool, validationOf, q, revised, revisedAll } from '../support/fixtures';

const namesOf = (tools: StoredTool[]) => tools.map((tool) => tool.name);
const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds, seconds % 7));

describe.each(testDatabases())('ToolStore ordering, updatedSince and stats on %s', (kind) => {
  let database: FreshDatabase;
  let store: ToolStore;
  let admin: StoreClient;
  const queries: string[] = [];

  async function insert(...tools: ToolDefinition[]): Promise<void> {
    await store.write(async (writer) => {
      await writer.insert(revisedAll(tools), 'tester');
    });
  }

  /** Sets `updatedAt` of each tool directly, to build ties and known instants. */
  async function touch(times: Record<string, Date>): Promise<void> {
    for (const [name, updatedAt] of Object.entries(times)) await admin.tool.update({ where: { name }, data: { updatedAt } });
  }

  /** Every tool of `order` by keyset pages of `size`; checks that no page is larger than asked. */
  async function pageThrough(order: ToolOrder, size: number, filter: ToolFilter = {}): Promise<string[]> {
    const seen: string[] = [];
    let after: ToolPosition | null = null;
    for (let pages = 0; pages < 100; pages++) {
      const page = await store.listPage({ query: q(filter), first: size, order, after });
      expect(page.tools.length).toBeLessThanOrEqual(size);
      seen.push(...namesOf(page.tools));
      const last = page.tools[page.tools.length - 1];
      if (!page.hasNextPage || !last) return seen;
      after = { name: last.name, updatedAt: last.updatedAt };
    }
    throw new Error('paging did not end');
  }

  beforeAll(async () => {
    database = await freshDatabase(kind);
    store = await createToolStore(database.url, { onQuery: (sql) => queries.push(sql) });
    admin = createPrismaClient(parseDatabaseUrl(database.url));
  });
  afterAll(async () => {
    await admin?.$disconnect();
    await store?.close();
    await database?.drop();
  });
  beforeEach(async () => {
    await admin.tool.deleteMany({ where: { toolType: 'validation' } });
    await admin.tool.deleteMany({});
    // Cleared behind the store's back: the facet counts of the tools go with them.
    await admin.toolFacet.deleteMany({});
  });

  describe('orderings with keyset paging', () => {
    // Three tools share one instant, two share another: ties must page stably by name.
    const times: Record<string, Date> = {
      'a/one': at(30),
      'b/two': at(10),
      'a/three': at(20),
      'c/four': at(20),
      'b/five': at(20),
      'a/six': at(40),
      'c/seven': at(10),
    };
    const byName = Object.keys(times).sort();
    const byUpdated = Object.keys(times).sort((a, b) => times[a]!.getTime() - times[b]!.getTime() || (a < b ? -1 : 1));

    beforeEach(async () => {
      await insert(...Object.keys(times).map((name) => builtinTool(name)));
      await touch(times);
    });

    it.each([1, 2, 3, 7])('name ascending and descending, pages of %i', async (size) => {
      expect(await pageThrough({ field: 'name', direction: 'asc' }, size)).toEqual(byName);
      expect(await pageThrough({ field: 'name', direction: 'desc' }, size)).toEqual([...byName].reverse());
    });

    it.each([1, 2, 3, 7])('updatedAt ascending and descending, ties by name in the same direction, pages of %i', async (size) => {
      expect(await pageThrough({ field: 'updatedAt', direction: 'asc' }, size)).toEqual(byUpdated);
      expect(await pageThrough({ field: 'updatedAt', direction: 'desc' }, size)).toEqual([...byUpdated].reverse());
    });

    it('pages a filtered list in updatedAt order', async () => {
      const expected = byUpdated.filter((name) => namespaceOf(name) === 'a');
      expect(await pageThrough({ field: 'updatedAt', direction: 'asc' }, 2, { namespace: 'a' })).toEqual(expected);
    });

    it('starts after a position that sits inside a group of ties', async () => {
      const page = await store.listPage({
        query: q({}),
        first: 10,
        order: { field: 'updatedAt', direction: 'asc' },
        after: { name: 'a/three', updatedAt: at(20) },
      });
      expect(namesOf(page.tools)).toEqual(['b/five', 'c/four', 'a/one', 'a/six']);
    });

    it('orders by name ascending when no order is given', async () => {
      const page = await store.listPage({ query: q({}), first: 3, after: { name: 'a/six' } });
      expect(namesOf(page.tools)).toEqual(byName.slice(byName.indexOf('a/six') + 1, byName.indexOf('a/six') + 4));
    });

    it('lists a page, slots included, in one SQL statement whatever the order', async () => {
      queries.length = 0;
      await store.listPage({ query: q({}), first: 2, order: { field: 'updatedAt', direction: 'desc' }, after: { name: 'b/five', updatedAt: at(20) } });
      expect(queries).toHaveLength(1);
      expect(queries[0]).toMatch(/^SELECT\b/);
    });

    it('has an index on (updatedAt, name) for the updatedAt order', async () => {
      const sql =
        kind === 'postgres'
          ? `SELECT indexdef AS "definition" FROM pg_indexes WHERE tablename = 'Tool'`
          : `SELECT sql AS "definition" FROM sqlite_master WHERE type = 'index' AND tbl_name = 'Tool' AND sql IS NOT NULL`;
      const rows = await admin.$queryRawUnsafe<{ definition: string }[]>(sql);
      expect(rows.map((row) => row.definition).join('\n')).toMatch(/\("updatedAt", "?name"?\)/);
    });
  });

  it('searches names and descriptions through the search index, which lookups by name never use', async () => {
    await insert(builtinTool('infra/plan', { description: 'Plans terraform changes' }));
    const { sql, params } = countSql(q({ search: 'terraform' }), dialectFor(kind));
    const byNameSql = kind === 'postgres' ? `SELECT "id" FROM "Tool" WHERE "name" = ANY($1::text[])` : `SELECT "id" FROM "Tool" WHERE "name" IN (?)`;
    // On Postgres planned as on a large table: a handful of rows would be scanned whatever the indexes.
    const planOf = async (statement: string, ...values: unknown[]) => {
      if (kind === 'sqlite') {
        const rows = await admin.$queryRawUnsafe<{ detail: string }[]>(`EXPLAIN QUERY PLAN ${statement}`, ...values);
        return rows.map((row) => row.detail).join('\n');
      }
      const [, rows] = await admin.$transaction([
        admin.$executeRawUnsafe('SET LOCAL enable_seqscan = off'),
        admin.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(`EXPLAIN ${statement}`, ...values),
      ]);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    };
    expect(await planOf(sql, ...params)).toMatch(kind === 'postgres' ? /Bitmap Index Scan on "Tool_search_trgm_idx"/ : /SCAN ToolSearch VIRTUAL TABLE/);
    expect(await store.count(q({ search: 'terraform' }))).toBe(1);
    expect(await planOf(byNameSql, kind === 'postgres' ? ['infra/plan'] : 'infra/plan')).not.toMatch(/trgm|ToolSearch/);
  });

  it('finds what a tool says now: search follows creates, updates, renames of the text and deletes', async () => {
    const found = async (search: string) => namesOf((await store.listPage({ query: q({ search }), first: 50 })).tools);
    await insert(builtinTool('infra/plan', { description: 'Plans terraform changes' }), builtinTool('infra/apply', { description: 'Applies them' }));
    expect(await found('terraform')).toEqual(['infra/plan']);
    await store.write(async (writer) => {
      const [plan] = await writer.findByNames(['infra/plan']);
      await writer.replace(revised({ ...plan!, description: 'Plans pulumi changes' }), 'tester');
    });
    expect([await found('terraform'), await found('pulumi'), await found('infra/p')]).toEqual([[], ['infra/plan'], ['infra/plan']]);
    await store.write((writer) => writer.delete('infra/plan', 2, 'tester'));
    expect([await found('pulumi'), await found('infra/')]).toEqual([[], ['infra/apply']]);
    if (kind === 'sqlite') {
      // FTS5's own check that the index holds exactly what Tool's columns say; it throws if not.
      await admin.$executeRawUnsafe(`INSERT INTO "ToolSearch" ("ToolSearch", "rank") VALUES ('integrity-check', 1)`);
    }
  });

  describe('updatedSince', () => {
    beforeEach(async () => {
      await insert(builtinTool('a/old'), builtinTool('a/edge'), builtinTool('a/new'));
      await touch({ 'a/old': at(1), 'a/edge': at(5), 'a/new': at(9) });
    });

    it('keeps tools updated at or after the instant (inclusive, to the millisecond)', async () => {
      const page = await store.listPage({ query: q({ updatedSince: at(5) }), first: 10 });
      expect(namesOf(page.tools)).toEqual(['a/edge', 'a/new']);
      expect(await store.count(q({ updatedSince: at(5) }))).toBe(2);
      expect(await store.count(q({ updatedSince: new Date(at(5).getTime() + 1) }))).toBe(1);
      expect((await store.stats(q({ updatedSince: at(5) }))).total).toBe(2);
      expect((await store.stats(q({ updatedSince: new Date(at(5).getTime() + 1) }))).total).toBe(1);
    });

    it('sees a replaced tool as updated now', async () => {
      const since = new Date();
      await store.write(async (writer) => {
        await writer.replace(revised(builtinTool('a/old', { description: 'changed' })), 'tester');
      });
      const page = await store.listPage({ query: q({ updatedSince: since }), first: 10 });
      expect(namesOf(page.tools)).toEqual(['a/old']);
    });
  });

  describe('stats', () => {
    const cap = builtinTool('x/x').capability;
    beforeEach(async () => {
      await insert(
        builtinTool('files/read', { description: 'Reads a FILE', capability: { ...cap, readOnly: true, idempotent: true } }),
        builtinTool('files/write', { source: 'custom', code: 'pass', capability: { ...cap, writes: true, checkpointable: true } }),
        builtinTool('files/list', { capability: { ...cap, readOnly: true } }),
        builtinTool('net/Fetch', { source: 'mcp', mcpServer: 's', mcpToolName: 't', description: 'Fetches 100% of_it' }),
        builtinTool('ops/deploy', { capability: { ...cap, unsafe: true, humanApprovalRequired: true, writes: true } }),
        builtinTool('docs/fr', { description: 'Écrit la documentation, avec une barre \\ oblique inverse' }),
      );
      await insert(validationOf('files/check-write', 'files/write'));
      await touch({ 'files/read': at(1), 'files/write': at(2), 'net/Fetch': at(3) });
      // Deprecated behind the store's back: a status is no facet, so ToolFacet does not change.
      for (const name of ['files/list', 'net/Fetch']) {
        await admin.tool.update({ where: { name }, data: { deprecationMessage: 'Use another.', deprecatedAt: at(4), deprecatedBy: 'tester' } });
      }
    });

    /** `filter` without the criterion of one facet (both its forms): what that facet is counted under. */
    const without = (filter: ToolFilter, facet: string): ToolFilter => {
      const { [facet]: _single, [`${facet}In`]: _list, ...rest } = filter as Record<string, unknown>;
      return rest;
    };

    /** The facets computed from the listed tools themselves, each under the filter without its own criterion. */
    async function expectedStats(filter: ToolFilter): Promise<ToolStats> {
      const listed = async (under: ToolFilter) => (await store.listPage({ query: q(under), first: 1000 })).tools;
      const facet = async (name: string, key: (tool: StoredTool) => string, as: string, countAs = 'count') => {
        const counts = new Map<string, number>();
        for (const tool of await listed(without(filter, name))) counts.set(key(tool), (counts.get(key(tool)) ?? 0) + 1);
        return [...counts].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1)).map(([value, count]) => ({ [as]: value, [countAs]: count }));
      };
      const flag = async (name: CapabilityFlag) => (await listed(without(filter, name))).filter((tool) => tool.capability[name]).length;
      const capabilities = Object.fromEntries(await Promise.all(CAPABILITY_FLAGS.map(async (name) => [name, await flag(name)])));
      return {
        total: (await listed(filter)).length,
        byNamespace: await facet('namespace', (tool) => namespaceOf(tool.name), 'name', 'toolCount'),
        bySource: await facet('source', (tool) => tool.source, 'source'),
        byToolType: await facet('toolType', (tool) => tool.toolType, 'toolType'),
        capabilities,
      } as unknown as ToolStats;
    }

    it('counts every facet of the whole registry, each ordered by count then value', async () => {
      expect(await store.stats(q({}))).toEqual({
        total: 7,
        byNamespace: [
          { name: 'files', toolCount: 4 },
          { name: 'docs', toolCount: 1 },
          { name: 'net', toolCount: 1 },
          { name: 'ops', toolCount: 1 },
        ],
        bySource: [
          { source: 'builtin', count: 4 },
          { source: 'custom', count: 1 },
          { source: 'mcp', count: 1 },
          { source: 'wrapped', count: 1 },
        ],
        byToolType: [
          { toolType: 'tool', count: 6 },
          { toolType: 'validation', count: 1 },
        ],
        capabilities: { readOnly: 2, writes: 2, checkpointable: 1, idempotent: 1, unsafe: 1, humanApprovalRequired: 1 },
      });
    });

    it('counts nothing, with zero flags, when no tool passes the filter', async () => {
      expect(await store.stats(q({ namespace: 'nope', search: 'nothing at all' }))).toEqual({
        total: 0,
        byNamespace: [],
        bySource: [],
        byToolType: [],
        capabilities: { readOnly: 0, writes: 0, checkpointable: 0, idempotent: 0, unsafe: 0, humanApprovalRequired: 0 },
      });
    });

    const filters: [string, ToolFilter][] = [
      ['no filter', {}],
      ['namespace', { namespace: 'files' }],
      ['source', { source: 'builtin' }],
      ['toolType', { toolType: 'validation' }],
      ['readOnly', { readOnly: true }],
      ['writes false', { writes: false }],
      ['unsafe', { unsafe: true }],
      ['humanApprovalRequired false', { humanApprovalRequired: false }],
      ['search, non-ASCII case folded', { search: 'éCRIT LA' }],
      ['search with \\ literal', { search: 'barre \\ obl' }],
      ['search with % literal', { search: '0% of' }],
      ['search with _ literal', { search: 'h_s' }],
      ['search in names and descriptions', { search: 'WRITE' }],
      ['updatedSince', { updatedSince: at(2) }],
      ['everything at once', { namespace: 'files', toolType: 'tool', readOnly: false, search: 'i', updatedSince: at(0) }],
      ['nulls meaning no filter', { namespace: null, source: null, search: null, updatedSince: null }],
      ['namespaceIn and sourceIn', { namespaceIn: ['files', 'net', 'nope'], sourceIn: ['builtin', 'mcp'] }],
      ['lists with a search', { namespaceIn: ['files', 'ops'], sourceIn: ['custom', 'wrapped'], search: 'e' }],
      ['checkpointable', { checkpointable: true }],
      ['idempotent false, writes', { idempotent: false, writes: true }],
      ['every flag', { readOnly: false, writes: true, checkpointable: false, idempotent: false, unsafe: true, humanApprovalRequired: true }],
      ['statusIn ACTIVE', { statusIn: ['active'], readOnly: true }],
      ['statusIn DEPRECATED', { statusIn: ['deprecated'] }],
    ];

    it.each(filters)('agrees with count and with the listed tools: %s', async (_label, filter) => {
      const stats = await store.stats(q(filter));
      expect(stats.total).toBe(await store.count(q(filter)));
      expect(stats).toEqual(await expectedStats(filter));
    });

    /** ToolFacet's non-zero rows, and the same counted from Tool itself, as comparable lists. */
    async function facetsAndScan(): Promise<[string[], string[]]> {
      const columns = '"source", "toolType", "readOnly", "writes", "checkpointable", "idempotent", "unsafe", "humanApprovalRequired"';
      const line = (row: Record<string, unknown>) => JSON.stringify(Object.values(row).map((value) => (typeof value === 'bigint' ? Number(value) : value)));
      const facets = await admin.$queryRawUnsafe<Record<string, unknown>[]>(
        `SELECT "namespace", ${columns}, CAST("count" AS INTEGER) AS "n" FROM "ToolFacet" WHERE "count" <> 0`,
      );
      const tools = await admin.$queryRawUnsafe<{ name: string }[]>(`SELECT "name", ${columns} FROM "Tool" WHERE "deletedAt" IS NULL`);
      const scanned = new Map<string, number>();
      for (const { name, ...rest } of tools) {
        const key = line({ namespace: namespaceOf(name), ...rest });
        scanned.set(key, (scanned.get(key) ?? 0) + 1);
      }
      const fromFacets = facets.map(({ n, ...key }) => `${line(key)} ${Number(n)}`).sort();
      return [fromFacets, [...scanned].map(([key, n]) => `${key} ${n}`).sort()];
    }

    it('keeps the facet counts equal to the tools through concurrent creates, replaces, deletes and rollbacks', async () => {
      let seed = 7;
      const random = (n: number) => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return seed % n;
      };
      const names = Array.from({ length: 24 }, (_, i) => `${['ns-a', 'ns-b', 'ns-c'][i % 3]}/tool-${i}`);
      const variant = (name: string): ToolDefinition =>
        builtinTool(name, {
          source: random(2) === 0 ? 'builtin' : 'custom',
          code: 'pass',
          capability: { ...cap, readOnly: random(2) === 0, unsafe: random(3) === 0, humanApprovalRequired: random(4) === 0 },
        });
      const fix = (tool: ToolDefinition): ToolDefinition => (tool.source === 'builtin' ? { ...tool, code: null } : tool);
      const writer = async (rounds: number) => {
        for (let round = 0; round < rounds; round++) {
          const picked = [...new Set(Array.from({ length: 1 + random(4) }, () => names[random(names.length)]!))];
          const rollBack = random(6) === 0;
          await store
            .write(async (w) => {
              const known = new Set((await w.findByNames(picked)).map((tool) => tool.name));
              for (const name of picked) {
                if (!known.has(name)) await w.insert(revisedAll([fix(variant(name))]), 'tester');
                else if (random(3) === 0) await w.delete(name, 2, 'tester');
                else await w.replace(revised(fix(variant(name))), 'tester');
              }
              if (rollBack) throw new Error('rolled back on purpose');
            })
            .catch((error: unknown) => {
              if (!(error instanceof Error) || error.message !== 'rolled back on purpose') throw error;
            });
        }
      };
      await Promise.all(Array.from({ length: 8 }, () => writer(15)));
      const [fromFacets, fromScan] = await facetsAndScan();
      expect(fromFacets).toEqual(fromScan);
      expect(await store.stats(q({}))).toEqual(await expectedStats({}));
      expect(await store.namespaces()).toEqual(
        [...new Set((await store.listPage({ query: q({}), first: 1000 })).tools.map((tool) => namespaceOf(tool.name)))]
          .sort()
          .map((name) => ({ name, toolCount: expect.any(Number) })),
      );
    });

    it('runs one SQL statement for all facets, whatever the filter', async () => {
      for (const [, filter] of filters) {
        queries.length = 0;
        await store.stats(q(filter));
        expect(queries).toHaveLength(1);
        expect(queries[0]).toMatch(/GROUP BY/);
      }
    });
  });
});
