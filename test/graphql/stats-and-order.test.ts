/**
 * `toolStats`, `tools(orderBy:)` and `ToolFilter.updatedSince` through yoga.fetch on each database.
 */
import { parseDatabaseUrl } from '../../src/store';
import { createPrismaClient } from '../../src/store/prisma-client';
import { testDatabases } from '../support/databases';
import { useTestServer } from '../support/test-server';
import { data, execute } from './helpers';

const TOOLS = /* GraphQL */ `
  query Tools($filter: ToolFilter, $orderBy: ToolOrder, $first: Int, $after: String) {
    tools(filter: $filter, orderBy: $orderBy, first: $first, after: $after) {
      totalCount
      edges { cursor node { name updatedAt } }
      pageInfo { hasNextPage endCursor }
    }
  }
`;

const STATS = /* GraphQL */ `
  query Stats($filter: ToolFilter) {
    toolStats(filter: $filter) {
      total
      byNamespace { name toolCount }
      bySource { source count }
      byToolType { toolType count }
      capabilities { readOnly writes checkpointable idempotent unsafe humanApprovalRequired }
    }
  }
`;

const instant = (second: number) => new Date(Date.UTC(2026, 5, 1, 12, 0, second));

describe.each(testDatabases())('toolStats, orderBy and updatedSince on %s', (kind) => {
  const server = useTestServer(kind, { recordSql: true });
  const times: Record<string, Date> = {
    'ops/deploy': instant(5),
    'ops/rollback': instant(5),
    'files/read': instant(1),
    'files/write': instant(9),
    'files/check-write': instant(5),
    'net/fetch': instant(3),
  };

  beforeAll(async () => {
    const create = `mutation ($input: ToolInput!) { createTool(input: $input) { __typename ... on ToolValidationError { issues { path code } } } }`;
    const inputs = [
      { name: 'ops/deploy', description: 'Deploys.', source: 'BUILTIN', capability: { writes: true, unsafe: true, humanApprovalRequired: true } },
      { name: 'ops/rollback', description: 'Rolls back.', source: 'CUSTOM', code: 'pass', capability: { writes: true, checkpointable: true } },
      { name: 'files/read', description: 'Reads a file.', source: 'BUILTIN', capability: { readOnly: true, idempotent: true } },
      { name: 'files/write', description: 'Writes a file.', source: 'MCP', mcpServer: 'fs', mcpToolName: 'write', capability: { writes: true } },
      { name: 'files/check-write', description: 'Checks writes.', source: 'WRAPPED', toolType: 'VALIDATION', wraps: 'files/write' },
      { name: 'net/fetch', description: 'Fetches a URL.', source: 'MCP', mcpServer: 'net', mcpToolName: 'fetch', capability: { readOnly: true } },
    ];
    for (const input of inputs) expect((await data(server.yoga, create, { input })).createTool.__typename).toBe('CreateToolSuccess');
    const admin = createPrismaClient(parseDatabaseUrl(server.database.url));
    for (const [name, updatedAt] of Object.entries(times)) await admin.tool.update({ where: { name }, data: { updatedAt } });
    await admin.$disconnect();
  });

  async function pageThrough(orderBy: object | undefined, first: number, filter: object = {}): Promise<string[]> {
    const names: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 20; i++) {
      const page: any = (await data(server.yoga, TOOLS, { filter, orderBy, first, after })).tools;
      names.push(...page.edges.map((edge: any) => edge.node.name));
      if (!page.pageInfo.hasNextPage) return names;
      after = page.pageInfo.endCursor;
    }
    throw new Error('paging did not end');
  }

  describe('tools(orderBy:)', () => {
    const byName = Object.keys(times).sort();
    const byUpdated = Object.keys(times).sort((a, b) => times[a]!.getTime() - times[b]!.getTime() || (a < b ? -1 : 1));

    it.each([1, 2, 4])('pages every ordering, both directions, in pages of %i', async (first) => {
      expect(await pageThrough(undefined, first)).toEqual(byName);
      expect(await pageThrough({}, first)).toEqual(byName);
      expect(await pageThrough({ field: 'NAME', direction: 'DESC' }, first)).toEqual([...byName].reverse());
      expect(await pageThrough({ field: 'UPDATED_AT' }, first)).toEqual(byUpdated);
      expect(await pageThrough({ field: 'UPDATED_AT', direction: 'DESC' }, first)).toEqual([...byUpdated].reverse());
    });

    it('refuses a cursor of one ordering used with another: BAD_USER_INPUT', async () => {
      const orders = [undefined, { field: 'NAME', direction: 'DESC' }, { field: 'UPDATED_AT' }, { field: 'UPDATED_AT', direction: 'DESC' }];
      const cursors = [];
      for (const orderBy of orders) cursors.push((await data(server.yoga, TOOLS, { orderBy, first: 1 })).tools.pageInfo.endCursor as string);
      for (const [i, cursor] of cursors.entries()) {
        for (const [j, orderBy] of orders.entries()) {
          const result = await execute(server.yoga, TOOLS, { orderBy, first: 1, after: cursor });
          if (i === j) expect(result.errors).toBeUndefined();
          else expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
        }
      }
    });

    it('refuses a cursor it did not issue: BAD_USER_INPUT', async () => {
      // The last three in the form it issues, at an instant no database holds.
      const forged = ['0000-01-01T00:00:00.000Z', '-000001-01-01T00:00:00.000Z', '+275760-09-13T00:00:00.000Z'].map((time) =>
        Buffer.from(`tool@updatedAt-asc:${time}|files/read`).toString('base64url'),
      );
      for (const after of ['nonsense', Buffer.from('tool:files/read').toString('base64url') + 'x', ...forged]) {
        const result = await execute(server.yoga, TOOLS, { orderBy: { field: 'UPDATED_AT' }, after });
        expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      }
    });
  });

  describe('tools.totalCount', () => {
    const orders = [undefined, { field: 'NAME', direction: 'DESC' }, { field: 'UPDATED_AT' }, { field: 'UPDATED_AT', direction: 'DESC' }];

    it.each([
      ['a search through the index', { search: 'write' }],
      ['a search too short for it', { search: 'e' }],
      ['a search and a namespace', { search: 'e', namespace: 'files' }],
      ['updatedSince', { updatedSince: instant(4).toISOString() }],
      ['a search nothing matches', { search: 'nowhere' }],
    ])('is the same on every page of every order, and past the end: %s', async (_label, filter) => {
      const { total } = (await data(server.yoga, STATS, { filter })).toolStats;
      for (const orderBy of orders) {
        let after: string | null = null;
        let pages = 0;
        for (;;) {
          const page: any = (await data(server.yoga, TOOLS, { filter, orderBy, first: 2, after })).tools;
          expect(page.totalCount).toBe(total);
          after = page.pageInfo.endCursor ?? after;
          if (!page.pageInfo.hasNextPage || ++pages > 10) break;
        }
        if (after === null) continue;
        // After the last tool: an empty page, still counted.
        const beyond: any = (await data(server.yoga, TOOLS, { filter, orderBy, first: 1, after })).tools;
        expect({ edges: beyond.edges, totalCount: beyond.totalCount }).toEqual({ edges: [], totalCount: total });
      }
    });

    it('comes with a searched page in one statement, selected by alias or fragment; not at all when skipped', async () => {
      const filter = { search: 'write' };
      const queries = [
        `query ($filter: ToolFilter) { tools(filter: $filter, first: 1) { totalCount edges { node { name } } } }`,
        `query ($filter: ToolFilter) { tools(filter: $filter, first: 1) { ...Counted edges { node { name } } } } fragment Counted on ToolConnection { howMany: totalCount }`,
        `query ($filter: ToolFilter) { tools(filter: $filter, first: 1) { ... on ToolConnection { totalCount } edges { node { name } } } }`,
      ];
      for (const query of queries) {
        server.sql.length = 0;
        const { tools } = await data(server.yoga, query, { filter });
        expect(server.sql).toHaveLength(1);
        expect(tools.totalCount ?? tools.howMany).toBe(2);
        expect(tools.edges).toEqual([{ node: { name: 'files/check-write' } }]);
      }
      server.sql.length = 0;
      const skipped = `query ($filter: ToolFilter, $skip: Boolean!) { tools(filter: $filter, first: 1) { totalCount @skip(if: $skip) edges { node { name } } } }`;
      expect((await data(server.yoga, skipped, { filter, skip: true })).tools).toEqual({ edges: [{ node: { name: 'files/check-write' } }] });
      expect(server.sql).toHaveLength(1);
      expect(server.sql[0]).not.toMatch(/COUNT/i);
    });
  });

  describe('ToolFilter.updatedSince', () => {
    it('keeps tools updated at or after the instant, in tools and toolStats alike', async () => {
      const filter = { updatedSince: instant(5).toISOString() };
      const page = (await data(server.yoga, TOOLS, { filter, orderBy: { field: 'UPDATED_AT' } })).tools;
      expect(page.edges.map((edge: any) => edge.node.name)).toEqual(['files/check-write', 'ops/deploy', 'ops/rollback', 'files/write']);
      expect(page.totalCount).toBe(4);
      expect((await data(server.yoga, STATS, { filter })).toolStats.total).toBe(4);
    });

    it.each(['0000-01-01T00:00:00Z', '0001-01-01T00:00:00+01:00'])(
      'refuses %s, before the year 1 (UTC), as BAD_USER_INPUT: no database holds it',
      async (updatedSince) => {
        for (const query of [TOOLS, STATS]) {
          const result = await execute(server.yoga, query, { filter: { updatedSince } });
          expect(result.errors?.map((error) => [error.extensions?.code, error.message])).toEqual([
            ['BAD_USER_INPUT', expect.stringContaining('years 0001 to 9999')],
          ]);
        }
      },
    );

    it('takes the first and last instants of the years 0001 to 9999', async () => {
      expect((await data(server.yoga, STATS, { filter: { updatedSince: '0001-01-01T00:00:00Z' } })).toolStats.total).toBeGreaterThan(0);
      expect((await data(server.yoga, STATS, { filter: { updatedSince: '9999-12-31T23:59:59.999Z' } })).toolStats.total).toBe(0);
    });
  });

  describe('toolStats', () => {
    it('counts every facet, each ordered by count then value', async () => {
      expect((await data(server.yoga, STATS)).toolStats).toEqual({
        total: 6,
        byNamespace: [
          { name: 'files', toolCount: 3 },
          { name: 'ops', toolCount: 2 },
          { name: 'net', toolCount: 1 },
        ],
        bySource: [
          { source: 'BUILTIN', count: 2 },
          { source: 'MCP', count: 2 },
          { source: 'CUSTOM', count: 1 },
          { source: 'WRAPPED', count: 1 },
        ],
        byToolType: [
          { toolType: 'TOOL', count: 5 },
          { toolType: 'VALIDATION', count: 1 },
        ],
        capabilities: { readOnly: 2, writes: 3, checkpointable: 1, idempotent: 1, unsafe: 1, humanApprovalRequired: 1 },
      });
    });

    it.each([
      ['no filter', {}],
      ['namespace', { namespace: 'files' }],
      ['source and flags', { source: 'MCP', readOnly: false }],
      ['toolType', { toolType: 'VALIDATION' }],
      ['search', { search: 'WRITE' }],
      ['updatedSince', { updatedSince: instant(4).toISOString() }],
      ['nothing matches', { namespace: 'nope' }],
    ])('total equals tools.totalCount: %s', async (_label, filter) => {
      const result = await data(server.yoga, `query ($filter: ToolFilter) { tools(filter: $filter) { totalCount } toolStats(filter: $filter) { total } }`, {
        filter,
      });
      expect(result.toolStats.total).toBe(result.tools.totalCount);
    });

    it('asks the database one query for every facet together', async () => {
      server.sql.length = 0;
      await data(server.yoga, STATS, { filter: { namespace: 'files', search: 'e' } });
      expect(server.sql).toHaveLength(1);
      expect(server.sql[0]).toMatch(/GROUP BY/);
    });
  });
});
