/**
 * Deleted tools leave tombstones, through the API on each database. A tombstone is no tool: `tool`,
 * `tools`, `toolStats`, `namespaces` and `searchTools` never answer one, and `ToolFilter` has no way
 * to ask for them. `toolTombstone(name:)` reads what a name has left (its history after a delete,
 * where the tool went after a rename, the change log's record after a purge), as
 * `ToolEvent.tombstone` does. Creating the name again replaces the tombstone and continues the
 * history; a validation's tombstone holds nothing back.
 */
import { testDatabases } from '../support/databases';
import { useTestServer } from '../support/test-server';
import { data, exchange, execute } from './helpers';

const CREATE = `mutation ($input: ToolInput!) { createTool(input: $input) { __typename ... on CreateToolSuccess { revision tool { revision } } } }`;
const UPDATE = `mutation ($name: String!, $input: ToolPatch!) { updateTool(name: $name, input: $input) { __typename } }`;
const DELETE = `mutation ($name: String!) { deleteTool(name: $name) { __typename } }`;
const RENAME = `mutation ($name: String!, $newName: String!) { renameTool(name: $name, newName: $newName) { __typename } }`;
const PURGE = `mutation ($name: String!) { purgeTool(name: $name) { __typename } }`;
const LIST = `query ($filter: ToolFilter) {
  tools(filter: $filter, first: 100) { totalCount edges { node { name status revision updatedAt updatedBy } } }
}`;
const HISTORY_FIELDS = `edges { cursor node { name revision kind contentHash definition actor committedAt } } pageInfo { hasNextPage endCursor }`;
const TOMBSTONE = `query ($name: String!, $first: Int, $after: String) {
  tool(name: $name) { name }
  toolTombstone(name: $name) { name deletedAt deletedBy renamedTo purged lastRevision history(first: $first, after: $after) { ${HISTORY_FIELDS} } }
}`;

const builtin = (name: string, description = `The ${name} tool.`) => ({ name, description, source: 'BUILTIN' });
const names = (tools: any) => tools.edges.map((edge: any) => edge.node.name);

describe.each(testDatabases())('tombstones on %s', (kind) => {
  const server = useTestServer(kind);
  const read = (name: string, page: { first?: number; after?: string } = {}) => data(server.yoga, TOMBSTONE, { name, ...page });

  it('leaves a deleted tool out of every list, count and search', async () => {
    await data(server.yoga, CREATE, { input: builtin('sync/kept') });
    await data(server.yoga, CREATE, { input: builtin('sync/gone', 'Soon terraformed away.') });
    const since = new Date(Date.now() - 1000).toISOString();
    expect((await data(server.yoga, DELETE, { name: 'sync/gone' })).deleteTool.__typename).toBe('DeleteToolSuccess');

    expect((await data(server.yoga, `{ tool(name: "sync/gone") { name } }`)).tool).toBeNull();
    const live = (await data(server.yoga, LIST, { filter: { namespace: 'sync' } })).tools;
    expect([names(live), live.totalCount]).toEqual([['sync/kept'], 1]);
    expect((await data(server.yoga, LIST, { filter: { search: 'terraformed' } })).tools.totalCount).toBe(0);
    expect(names((await data(server.yoga, LIST, { filter: { updatedSince: since } })).tools)).not.toContain('sync/gone');
    const counts = await data(
      server.yoga,
      `{
        toolStats(filter: { namespaceIn: ["sync"] }) { total byNamespace { name toolCount } }
        active: toolStats(filter: { namespaceIn: ["sync"], statusIn: [ACTIVE, DEPRECATED] }) { total }
        namespaces { name toolCount }
        searchTools(query: "terraformed away") { tool { name } }
      }`,
    );
    expect(counts).toEqual({
      toolStats: { total: 1, byNamespace: [{ name: 'sync', toolCount: 1 }] },
      active: { total: 1 },
      namespaces: expect.arrayContaining([{ name: 'sync', toolCount: 1 }]),
      searchTools: [],
    });
  });

  it('counts no tombstone in a namespace whose every tool is deleted', async () => {
    await data(server.yoga, CREATE, { input: builtin('empty/one') });
    await data(server.yoga, DELETE, { name: 'empty/one' });
    const counts = await data(server.yoga, `{ namespaces { name } toolStats(filter: { namespaceIn: ["empty"] }) { total byNamespace { name } } }`);
    expect(counts.namespaces).not.toContainEqual({ name: 'empty' });
    // Disjunctive: the other namespaces are counted, and this one, with no tool, is not among them.
    expect(counts.toolStats.total).toBe(0);
    expect(counts.toolStats.byNamespace).not.toContainEqual({ name: 'empty' });
  });

  describe('toolTombstone', () => {
    it("reads a deleted tool's tombstone: when, by whom, and its history, which is the tool's plus the DELETED revision", async () => {
      await data(server.yoga, CREATE, { input: builtin('past/tool', 'First.') });
      await data(server.yoga, UPDATE, { name: 'past/tool', input: { description: 'Second.' } });
      await data(server.yoga, UPDATE, { name: 'past/tool', input: { description: 'Third.' } });
      const before = (await data(server.yoga, `{ tool(name: "past/tool") { revision contentHash cliDict history { ${HISTORY_FIELDS} } } }`)).tool;
      expect((await read('past/tool')).toolTombstone).toBeNull();

      await data(server.yoga, DELETE, { name: 'past/tool' });
      const { tool, toolTombstone } = await read('past/tool');
      expect(tool).toBeNull();
      expect(toolTombstone).toEqual({
        name: 'past/tool',
        deletedAt: expect.any(String),
        deletedBy: 'anonymous',
        renamedTo: null,
        purged: false,
        lastRevision: 4,
        history: { edges: expect.any(Array), pageInfo: { hasNextPage: false, endCursor: before.history.pageInfo.endCursor } },
      });
      const [deleted, ...rest] = toolTombstone.history.edges;
      expect(rest).toEqual(before.history.edges);
      expect(deleted.node).toEqual({
        name: 'past/tool',
        revision: 4,
        kind: 'DELETED',
        contentHash: before.contentHash,
        definition: before.cliDict,
        actor: 'anonymous',
        committedAt: expect.any(String),
      });

      // Paged as a tool's history is: newest first, a page at a time.
      const first = (await read('past/tool', { first: 2 })).toolTombstone.history;
      expect(first.edges.map((edge: any) => edge.node.revision)).toEqual([4, 3]);
      expect(first.pageInfo.hasNextPage).toBe(true);
      const second = (await read('past/tool', { first: 2, after: first.pageInfo.endCursor })).toolTombstone.history;
      expect(second.edges.map((edge: any) => edge.node.revision)).toEqual([2, 1]);
      expect(second.pageInfo.hasNextPage).toBe(false);
    });

    it('says where a renamed tool went, through a second rename too, and keeps no history under the old name', async () => {
      await data(server.yoga, CREATE, { input: builtin('moves/a') });
      await data(server.yoga, RENAME, { name: 'moves/a', newName: 'moves/b' });
      expect((await read('moves/a')).toolTombstone).toMatchObject({ name: 'moves/a', renamedTo: 'moves/b', purged: false, lastRevision: 1 });
      await data(server.yoga, RENAME, { name: 'moves/b', newName: 'moves/c' });
      const [a, b, c] = await Promise.all(['moves/a', 'moves/b', 'moves/c'].map((name) => read(name)));
      expect(a.toolTombstone).toEqual({
        name: 'moves/a',
        deletedAt: expect.any(String),
        deletedBy: 'anonymous',
        renamedTo: 'moves/c',
        purged: false,
        lastRevision: 1,
        history: { edges: [], pageInfo: { hasNextPage: false, endCursor: null } },
      });
      expect(b.toolTombstone).toMatchObject({ renamedTo: 'moves/c', lastRevision: 2, history: { edges: [] } });
      expect(c).toEqual({ tool: { name: 'moves/c' }, toolTombstone: null });
    });

    it('reads what the change log knows of a purged name', async () => {
      await data(server.yoga, CREATE, { input: builtin('purge/tool') });
      await data(server.yoga, DELETE, { name: 'purge/tool' });
      const deleted = (await read('purge/tool')).toolTombstone;
      expect((await data(server.yoga, PURGE, { name: 'purge/tool' })).purgeTool.__typename).toBe('PurgeToolSuccess');
      const purged = (await read('purge/tool')).toolTombstone;
      expect(purged).toEqual({
        name: 'purge/tool',
        deletedAt: expect.any(String),
        deletedBy: 'anonymous',
        renamedTo: null,
        purged: true,
        lastRevision: 2,
        history: { edges: [], pageInfo: { hasNextPage: false, endCursor: null } },
      });
      expect(Date.parse(purged.deletedAt)).toBeGreaterThanOrEqual(Date.parse(deleted.deletedAt));
      // The name is free again: a tool created there has no tombstone.
      await data(server.yoga, CREATE, { input: builtin('purge/tool') });
      expect((await read('purge/tool')).toolTombstone).toBeNull();
    });

    it('is null for a live tool and for a name never used, and for any text that is no tool name, with no error', async () => {
      await data(server.yoga, CREATE, { input: builtin('here/tool') });
      expect(await read('here/tool')).toEqual({ tool: { name: 'here/tool' }, toolTombstone: null });
      expect(await read('never/used')).toEqual({ tool: null, toolTombstone: null });
      for (const name of ['', 'x'.repeat(10_000), `here/tool\u0000`, '\u0000', 'here/\uD800', 'Here/Tool', 'here/tool/x']) {
        const answer = await execute(server.yoga, TOMBSTONE, { name });
        expect(answer).toEqual({ data: { tool: null, toolTombstone: null } });
      }
    });

    it('refuses a history page size out of range before anything runs, as Tool.history does', async () => {
      const answer = await server.yoga.fetch('http://yoga/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
        body: JSON.stringify({ query: TOMBSTONE, variables: { name: 'past/tool', first: 101 } }),
      });
      expect(answer.status).toBe(400);
      expect((await answer.json()).errors).toEqual([
        expect.objectContaining({ extensions: { code: 'BAD_USER_INPUT', argument: 'toolTombstone.history.first', variable: 'first' } }),
      ]);
    });

    it('is the tombstone the change feed gives for the same name', async () => {
      await data(server.yoga, CREATE, { input: builtin('feed/tool') });
      await data(server.yoga, DELETE, { name: 'feed/tool' });
      const fields = 'name deletedAt deletedBy renamedTo purged lastRevision';
      const answer = await data(
        server.yoga,
        `{ toolTombstone(name: "feed/tool") { ${fields} } changes(first: 1000) { edges { node { kind name tombstone { ${fields} } } } } }`,
      );
      const event = answer.changes.edges.map((edge: any) => edge.node).find((node: any) => node.name === 'feed/tool' && node.kind === 'DELETED');
      expect(event.tombstone).toEqual(answer.toolTombstone);
    });
  });

  it('continues the history when the name is created again, and then has no tombstone', async () => {
    await data(server.yoga, CREATE, { input: builtin('again/tool', 'First life.') });
    await data(server.yoga, DELETE, { name: 'again/tool' });
    expect((await data(server.yoga, DELETE, { name: 'again/tool' })).deleteTool.__typename).toBe('ToolNotFound');
    expect((await data(server.yoga, CREATE, { input: builtin('again/tool', 'Second life.') })).createTool).toEqual({
      __typename: 'CreateToolSuccess',
      revision: 3,
      tool: { revision: 3 },
    });
    const again = await data(
      server.yoga,
      `{ tool(name: "again/tool") { status history { edges { node { revision kind } } } } toolTombstone(name: "again/tool") { name } }`,
    );
    expect(again).toEqual({
      tool: {
        status: 'ACTIVE',
        history: {
          edges: [{ node: { revision: 3, kind: 'CREATED' } }, { node: { revision: 2, kind: 'DELETED' } }, { node: { revision: 1, kind: 'CREATED' } }],
        },
      },
      toolTombstone: null,
    });
  });

  it('lets a deleted validation hold nothing back, and keeps its tombstone once its wrapped tool is gone', async () => {
    await data(server.yoga, CREATE, { input: builtin('wrap/tool') });
    await data(server.yoga, CREATE, { input: { name: 'wrap/check', description: 'Checks.', source: 'WRAPPED', toolType: 'VALIDATION', wraps: 'wrap/tool' } });
    expect((await data(server.yoga, DELETE, { name: 'wrap/tool' })).deleteTool.__typename).toBe('ToolIsWrapped');
    await data(server.yoga, DELETE, { name: 'wrap/check' });
    expect((await data(server.yoga, `{ tool(name: "wrap/tool") { wrappedBy { name } } }`)).tool.wrappedBy).toEqual([]);
    expect((await data(server.yoga, DELETE, { name: 'wrap/tool' })).deleteTool.__typename).toBe('DeleteToolSuccess');
    const check = (await read('wrap/check')).toolTombstone;
    expect(check.history.edges.map((edge: any) => [edge.node.kind, edge.node.definition.wraps])).toEqual([
      ['DELETED', 'wrap/tool'],
      ['CREATED', 'wrap/tool'],
    ]);
    // A new validation cannot wrap a tombstone.
    const wrapsTombstone = await data(
      server.yoga,
      `mutation { createTool(input: { name: "wrap/check-2", description: "Checks.", source: WRAPPED, toolType: VALIDATION, wraps: "wrap/tool" }) { __typename ... on ToolValidationError { issues { path code } } } }`,
    );
    expect(wrapsTombstone.createTool).toEqual({ __typename: 'ToolValidationError', issues: [{ path: ['input', 'wraps'], code: 'WRAPPED_TOOL_NOT_FOUND' }] });
  });

  it('imports over tombstones: a deleted tool imported again is created, continuing its history', async () => {
    await data(server.yoga, CREATE, { input: builtin('imp/one') });
    await data(server.yoga, DELETE, { name: 'imp/one' });
    const config = `tools:\n  - { name: imp/one, description: Back., source: builtin }\n  - { name: imp/two, description: New., source: builtin }\n`;
    const imported = await data(
      server.yoga,
      `mutation ($config: String!) { importTools(config: $config) { __typename ... on ImportToolsSuccess { created updated tools { name change tool { revision } } } } }`,
      { config },
    );
    expect(imported.importTools).toEqual({
      __typename: 'ImportToolsSuccess',
      created: 2,
      updated: 0,
      tools: [
        { name: 'imp/one', change: 'CREATED', tool: { revision: 3 } },
        { name: 'imp/two', change: 'CREATED', tool: { revision: 1 } },
      ],
    });
  });

  describe('the 1.0 removals', () => {
    const post = (query: string, variables?: Record<string, unknown>) => exchange(server.yoga, query, variables);
    const refusal = async (query: string, variables?: Record<string, unknown>) => {
      const { status, body } = await post(query, variables);
      expect(status).toBe(400);
      expect(body).not.toHaveProperty('data');
      return body.errors!.map((error) => [error.extensions?.code, error.message]);
    };

    it('refuses includeDeleted, inline or in a variable, as an unknown input field', async () => {
      expect(await refusal(`{ tools(filter: { includeDeleted: true }) { totalCount } }`)).toEqual([
        ['BAD_USER_INPUT', expect.stringMatching(/Field "includeDeleted" is not defined by type "ToolFilter"/)],
      ]);
      expect(await refusal(LIST, { filter: { includeDeleted: true } })).toEqual([
        ['BAD_USER_INPUT', expect.stringMatching(/^Variable "\$filter" got invalid value.*Field "includeDeleted" is not defined by type "ToolFilter"/)],
      ]);
    });

    it('refuses DELETED as a status, inline or in a variable: no such value of ToolStatus', async () => {
      expect(await refusal(`{ toolStats(filter: { statusIn: [ACTIVE, DELETED] }) { total } }`)).toEqual([
        ['BAD_USER_INPUT', expect.stringMatching(/"DELETED".*"ToolStatus"/)],
      ]);
      expect(await refusal(LIST, { filter: { statusIn: ['DELETED'] } })).toEqual([['BAD_USER_INPUT', expect.stringMatching(/"DELETED".*"ToolStatus"/)]]);
    });

    it('refuses Tool.renamedTo as a field the schema does not have', async () => {
      expect(await refusal(`{ tool(name: "a/b") { renamedTo } }`)).toEqual([['GRAPHQL_VALIDATION_FAILED', expect.stringMatching(/"renamedTo".*"Tool"/)]]);
    });
  });
});
