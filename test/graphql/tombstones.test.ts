/**
 * Deleted tools leave tombstones, through the API on each database: hidden from `tool`, `tools`,
 * `toolStats` and `namespaces`, listed by `tools(filter: { updatedSince, includeDeleted: true })`
 * so that a sync client learns of deletes, with their history readable; creating the name again
 * replaces the tombstone and continues the history; a validation's tombstone holds nothing back.
 */
import { testDatabases } from '../support/databases';
import { useTestServer } from '../support/test-server';
import { data, execute } from './helpers';

const CREATE = `mutation ($input: ToolInput!) { createTool(input: $input) { __typename ... on CreateToolSuccess { revision tool { revision } } } }`;
const DELETE = `mutation ($name: String!) { deleteTool(name: $name) { __typename } }`;
const LIST = `query ($filter: ToolFilter) {
  tools(filter: $filter, first: 100) { totalCount edges { node { name status revision updatedAt updatedBy } } }
}`;

const builtin = (name: string, description = `The ${name} tool.`) => ({ name, description, source: 'BUILTIN' });
const names = (tools: any) => tools.edges.map((edge: any) => edge.node.name);

describe.each(testDatabases())('tombstones on %s', (kind) => {
  const server = useTestServer(kind);

  it('hides a deleted tool from every read but a list that includes deleted tools, which a sync uses', async () => {
    await data(server.yoga, CREATE, { input: builtin('sync/kept') });
    await data(server.yoga, CREATE, { input: builtin('sync/gone', 'Soon terraformed away.') });
    const since = new Date().toISOString();
    expect((await data(server.yoga, DELETE, { name: 'sync/gone' })).deleteTool.__typename).toBe('DeleteToolSuccess');

    expect((await data(server.yoga, `{ tool(name: "sync/gone") { name } }`)).tool).toBeNull();
    const live = (await data(server.yoga, LIST, { filter: { namespace: 'sync' } })).tools;
    expect([names(live), live.totalCount]).toEqual([['sync/kept'], 1]);
    expect((await data(server.yoga, LIST, { filter: { search: 'terraformed' } })).tools.totalCount).toBe(0);
    const stats = await data(server.yoga, `{ toolStats(filter: { namespace: "sync" }) { total } namespaces { name toolCount } }`);
    expect(stats.toolStats.total).toBe(1);
    expect(stats.namespaces).toContainEqual({ name: 'sync', toolCount: 1 });

    const changed = (await data(server.yoga, LIST, { filter: { updatedSince: since, includeDeleted: true } })).tools;
    expect(changed.edges.map((edge: any) => edge.node)).toEqual([
      { name: 'sync/gone', status: 'DELETED', revision: 2, updatedAt: expect.any(String), updatedBy: 'anonymous' },
    ]);
    expect(Date.parse(changed.edges[0].node.updatedAt)).toBeGreaterThanOrEqual(Date.parse(since));
    expect((await data(server.yoga, LIST, { filter: { namespace: 'sync', includeDeleted: true } })).tools.totalCount).toBe(2);
    expect((await data(server.yoga, LIST, { filter: { search: 'terraformed', includeDeleted: true } })).tools.totalCount).toBe(1);
    const stats2 = await data(server.yoga, `{ toolStats(filter: { namespace: "sync", includeDeleted: true }) { total } }`);
    expect(stats2.toolStats.total).toBe(2);
  });

  it("reads a tombstone's history, and continues it when the name is created again", async () => {
    await data(server.yoga, CREATE, { input: builtin('again/tool', 'First life.') });
    await data(server.yoga, DELETE, { name: 'again/tool' });
    const tombstone = (
      await data(
        server.yoga,
        `{ tools(filter: { namespace: "again", includeDeleted: true }) { edges { node { status description history { edges { node { revision kind } } } } } } }`,
      )
    ).tools.edges[0].node;
    expect(tombstone).toEqual({
      status: 'DELETED',
      description: 'First life.',
      history: { edges: [{ node: { revision: 2, kind: 'DELETED' } }, { node: { revision: 1, kind: 'CREATED' } }] },
    });
    expect((await data(server.yoga, DELETE, { name: 'again/tool' })).deleteTool.__typename).toBe('ToolNotFound');
    expect((await data(server.yoga, CREATE, { input: builtin('again/tool', 'Second life.') })).createTool).toEqual({
      __typename: 'CreateToolSuccess',
      revision: 3,
      tool: { revision: 3 },
    });
    const listed = (await data(server.yoga, LIST, { filter: { namespace: 'again', includeDeleted: true } })).tools;
    expect(listed.edges.map((edge: any) => edge.node.status)).toEqual(['ACTIVE']);
  });

  it('lets a deleted validation hold nothing back, and shows its tombstone even once its wrapped tool is gone', async () => {
    await data(server.yoga, CREATE, { input: builtin('wrap/tool') });
    await data(server.yoga, CREATE, { input: { name: 'wrap/check', description: 'Checks.', source: 'WRAPPED', toolType: 'VALIDATION', wraps: 'wrap/tool' } });
    expect((await data(server.yoga, DELETE, { name: 'wrap/tool' })).deleteTool.__typename).toBe('ToolIsWrapped');
    await data(server.yoga, DELETE, { name: 'wrap/check' });
    expect((await data(server.yoga, `{ tool(name: "wrap/tool") { wrappedBy { name } } }`)).tool.wrappedBy).toEqual([]);
    expect((await data(server.yoga, DELETE, { name: 'wrap/tool' })).deleteTool.__typename).toBe('DeleteToolSuccess');
    const result = await execute(
      server.yoga,
      `{ tools(filter: { namespace: "wrap", includeDeleted: true }) { edges { node { name status implementation { ... on WrappedImplementation { tool { name } } } } } } }`,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.tools.edges.map((edge: any) => edge.node)).toEqual([
      { name: 'wrap/check', status: 'DELETED', implementation: { tool: null } },
      { name: 'wrap/tool', status: 'DELETED', implementation: {} },
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
});
