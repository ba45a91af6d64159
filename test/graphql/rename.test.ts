/**
 * renameTool through the API on each database: the history moves with the tool, the validations
 * wrapping it and the deprecations naming it follow in the same transaction, the old name keeps a
 * tombstone that says where the tool went and stays reserved until purged; refusals name the
 * input at fault; concurrent renames and writes of the names involved leave one consistent
 * registry; subscribers hear RENAMED in both namespaces.
 */
import { InProcessToolEventBus } from '../../src/server/events';
import { subscribe } from '../events/sse';
import { testDatabases } from '../support/databases';
import { useTestServer } from '../support/test-server';
import { data } from './helpers';

const CREATE = `mutation ($input: ToolInput!) {
  createTool(input: $input) { __typename ... on CreateToolSuccess { revision } ... on ToolValidationError { issues { path code } } }
}`;
const UPDATE = `mutation ($name: String!, $input: ToolPatch!) { updateTool(name: $name, input: $input) { __typename } }`;
const RENAME = `mutation ($name: String!, $newName: String!) {
  renameTool(name: $name, newName: $newName) {
    __typename
    ... on RenameToolSuccess { changed changedFields revision tool { name revision contentHash createdAt } }
    ... on ToolValidationError { issues { path code message } }
    ... on RegistryError { message code }
  }
}`;
const DELETE = `mutation ($name: String!) { deleteTool(name: $name) { __typename } }`;
const PURGE = `mutation ($name: String!) { purgeTool(name: $name) { __typename ... on PurgeToolSuccess { revisions } } }`;
const TOMBSTONE = `query ($name: String!) {
  toolTombstone(name: $name) { name renamedTo purged lastRevision history { edges { node { revision } } } }
}`;

const builtin = (name: string, description = `The ${name} tool.`) => ({ name, description, source: 'BUILTIN' });
const validation = (name: string, wraps: string) => ({ name, description: `Checks ${wraps}.`, source: 'WRAPPED', toolType: 'VALIDATION', wraps });

describe.each(testDatabases())('renameTool on %s', (kind) => {
  const server = useTestServer(kind, { events: () => new InProcessToolEventBus() });
  const rename = async (name: string, newName: string) => (await data(server.yoga, RENAME, { name, newName })).renameTool;
  const tombstone = async (name: string) => (await data(server.yoga, TOMBSTONE, { name })).toolTombstone;
  /** Where each of `names` went: the name it renamed to, or itself when it holds a tool. */
  const whereNow = (names: string[]) => Promise.all(names.map(async (name) => [name, (await tombstone(name))?.renamedTo ?? name]));

  it('keeps the history and the creation, moves the wrapping validations and leaves a tombstone that says where the tool went', async () => {
    await data(server.yoga, CREATE, { input: builtin('old/counter', 'Counts lines.') });
    await data(server.yoga, UPDATE, { name: 'old/counter', input: { description: 'Counts lines and words.' } });
    await data(server.yoga, CREATE, { input: validation('old/counter-check', 'old/counter') });
    await data(server.yoga, CREATE, { input: validation('other/counter-check', 'old/counter') });
    const before = (await data(server.yoga, `{ tool(name: "old/counter") { createdAt contentHash } }`)).tool;

    const renamed = await rename('old/counter', 'new/line-counter');
    expect(renamed).toEqual({
      __typename: 'RenameToolSuccess',
      changed: true,
      changedFields: ['NAME'],
      revision: 3,
      tool: {
        name: 'new/line-counter',
        revision: 3,
        contentHash: expect.stringMatching(/^[0-9a-f]{64}$/),
        createdAt: before.createdAt,
      },
    });
    expect(renamed.tool.contentHash).not.toBe(before.contentHash);

    const tool = await data(
      server.yoga,
      `{
      tool(name: "new/line-counter") {
        status description cliDict
        wrappedBy { name wraps { name } history(first: 1) { edges { node { kind changedFields } } } }
        history { edges { node { name revision kind changedFields definition } } }
      }
      gone: tool(name: "old/counter") { name }
      search: tools(filter: { search: "line-counter" }) { totalCount edges { node { name } } }
      namespaces { name toolCount }
      revision1: toolRevision(name: "new/line-counter", revision: 1) { name definition }
      byOldName: toolRevision(name: "old/counter", revision: 1) { name }
    }`,
    );
    expect(tool.gone).toBeNull();
    expect(tool.tool.cliDict).toMatchObject({ name: 'new/line-counter', namespace: 'new', short_name: 'line-counter' });
    expect(tool.tool.history.edges.map((edge: any) => [edge.node.name, edge.node.revision, edge.node.kind, edge.node.changedFields])).toEqual([
      ['new/line-counter', 3, 'RENAMED', ['NAME']],
      ['old/counter', 2, 'UPDATED', ['DESCRIPTION']],
      ['old/counter', 1, 'CREATED', []],
    ]);
    expect(tool.tool.history.edges[0].node.definition).toEqual(tool.tool.cliDict);
    expect(tool.tool.wrappedBy).toEqual([
      { name: 'old/counter-check', wraps: { name: 'new/line-counter' }, history: { edges: [{ node: { kind: 'UPDATED', changedFields: ['WRAPS'] } }] } },
      { name: 'other/counter-check', wraps: { name: 'new/line-counter' }, history: { edges: [{ node: { kind: 'UPDATED', changedFields: ['WRAPS'] } }] } },
    ]);
    expect(tool.search).toEqual({ totalCount: 1, edges: [{ node: { name: 'new/line-counter' } }] });
    expect(tool.namespaces).toEqual(
      expect.arrayContaining([
        { name: 'new', toolCount: 1 },
        { name: 'old', toolCount: 1 },
      ]),
    );
    expect(tool.revision1).toEqual({ name: 'old/counter', definition: expect.objectContaining({ name: 'old/counter', description: 'Counts lines.' }) });
    expect(tool.byOldName).toBeNull();

    // The history moved with the tool: the old name keeps none.
    expect(await tombstone('old/counter')).toEqual({
      name: 'old/counter',
      renamedTo: 'new/line-counter',
      purged: false,
      lastRevision: 2,
      history: { edges: [] },
    });
    expect(await tombstone('old/counter-check')).toBeNull();
    // The wrapped tool cannot go while the validations, now wrapping its new name, exist.
    expect((await data(server.yoga, DELETE, { name: 'new/line-counter' })).deleteTool.__typename).toBe('ToolIsWrapped');
  });

  it('keeps the old name reserved until purged, lets the tool take it back, and points every tombstone at the current name', async () => {
    await data(server.yoga, CREATE, { input: builtin('keep/a') });
    expect((await rename('keep/a', 'keep/b')).tool.name).toBe('keep/b');

    const taken = await data(server.yoga, CREATE, { input: builtin('keep/a') });
    expect(taken.createTool).toEqual({ __typename: 'ToolValidationError', issues: [{ path: ['input', 'name'], code: 'NAME_TAKEN' }] });
    const imported = await data(
      server.yoga,
      `mutation ($config: String!) { importTools(config: $config) { __typename ... on ImportValidationError { invalidTools { issues { path configPath code } } } } }`,
      {
        config: JSON.stringify({ name: 'keep/a', description: 'Again.', source: 'builtin' }),
      },
    );
    expect(imported.importTools).toEqual({
      __typename: 'ImportValidationError',
      invalidTools: [{ issues: [{ path: ['config'], configPath: ['name'], code: 'NAME_TAKEN' }] }],
    });
    await data(server.yoga, CREATE, { input: builtin('keep/other') });
    expect(await rename('keep/other', 'keep/a')).toEqual({
      __typename: 'ToolValidationError',
      code: 'VALIDATION_FAILED',
      message: expect.any(String),
      issues: [{ path: ['newName'], code: 'NAME_TAKEN', message: expect.stringContaining('"keep/b"') }],
    });

    // A chain a → b → c: both tombstones say c; c takes a back, and b's tombstone then says a.
    expect((await rename('keep/b', 'keep/c')).revision).toBe(3);
    const names = ['keep/a', 'keep/b', 'keep/c', 'keep/other'];
    expect(await whereNow(names)).toEqual([
      ['keep/a', 'keep/c'],
      ['keep/b', 'keep/c'],
      ['keep/c', 'keep/c'],
      ['keep/other', 'keep/other'],
    ]);
    expect(await rename('keep/c', 'keep/a')).toMatchObject({ __typename: 'RenameToolSuccess', revision: 4, tool: { name: 'keep/a', revision: 4 } });
    expect(await whereNow(names)).toEqual([
      ['keep/a', 'keep/a'],
      ['keep/b', 'keep/a'],
      ['keep/c', 'keep/a'],
      ['keep/other', 'keep/other'],
    ]);
    expect((await data(server.yoga, `{ tools(filter: { namespace: "keep" }) { edges { node { name } } } }`)).tools.edges).toEqual([
      { node: { name: 'keep/a' } },
      { node: { name: 'keep/other' } },
    ]);
    const history = (await data(server.yoga, `{ tool(name: "keep/a") { history { edges { node { name kind } } } } }`)).tool.history.edges.map(
      (edge: any) => edge.node,
    );
    expect(history).toEqual([
      { name: 'keep/a', kind: 'RENAMED' },
      { name: 'keep/c', kind: 'RENAMED' },
      { name: 'keep/b', kind: 'RENAMED' },
      { name: 'keep/a', kind: 'CREATED' },
    ]);

    // Purging a rename's tombstone (which has no history) frees the name.
    expect((await data(server.yoga, PURGE, { name: 'keep/b' })).purgeTool).toEqual({ __typename: 'PurgeToolSuccess', revisions: 0 });
    expect((await data(server.yoga, PURGE, { name: 'keep/b' })).purgeTool.__typename).toBe('ToolNotFound');
    expect((await data(server.yoga, CREATE, { input: builtin('keep/b') })).createTool).toEqual({ __typename: 'CreateToolSuccess', revision: 1 });
  });

  it('says why a reserved name is taken, dry runs included, and frees the old names when the tool itself is purged', async () => {
    await data(server.yoga, CREATE, { input: builtin('res/a') });
    await rename('res/a', 'res/b');
    await rename('res/b', 'res/c');
    const withOtherIssue = await data(
      server.yoga,
      `mutation { createTool(input: { name: "res/a", description: "", source: BUILTIN }) { __typename ... on ToolValidationError { issues { path code message } } } }`,
    );
    expect(withOtherIssue.createTool.issues).toEqual([
      { path: ['input', 'description'], code: 'INVALID_DESCRIPTION', message: expect.any(String) },
      { path: ['input', 'name'], code: 'NAME_TAKEN', message: expect.stringContaining('renamed to "res/c"') },
    ]);
    expect((await data(server.yoga, CREATE, { input: builtin('res/b') })).createTool).toEqual({
      __typename: 'ToolValidationError',
      issues: [{ path: ['input', 'name'], code: 'NAME_TAKEN' }],
    });
    const alone = await data(
      server.yoga,
      `mutation { createTool(input: { name: "res/b", description: "B.", source: BUILTIN }) { ... on ToolValidationError { code issues { path code message } } } }`,
    );
    expect(alone.createTool).toEqual({
      code: 'VALIDATION_FAILED',
      issues: [{ path: ['input', 'name'], code: 'NAME_TAKEN', message: expect.stringContaining('renamed to "res/c"') }],
    });
    const dryRun = await data(
      server.yoga,
      `mutation ($config: String!) { importTools(config: $config, dryRun: true) { __typename ... on ImportValidationError { invalidTools { name issues { path configPath line column code message } } } } }`,
      {
        config: JSON.stringify({
          tools: [
            { name: 'res/a', description: 'A.', source: 'builtin' },
            { name: 'res/new', description: 'New.', source: 'builtin' },
          ],
        }),
      },
    );
    expect(dryRun.importTools).toEqual({
      __typename: 'ImportValidationError',
      invalidTools: [
        {
          name: 'res/a',
          issues: [
            {
              path: ['config'],
              configPath: ['tools', '0', 'name'],
              line: 1,
              column: 19,
              code: 'NAME_TAKEN',
              message: expect.stringContaining('renamed to "res/c"'),
            },
          ],
        },
      ],
    });

    await data(server.yoga, DELETE, { name: 'res/c' });
    const purged = await data(server.yoga, `mutation { purgeTool(name: "res/c") { __typename ... on PurgeToolSuccess { revisions freedNames } } }`);
    expect(purged.purgeTool).toEqual({ __typename: 'PurgeToolSuccess', revisions: 4, freedNames: ['res/a', 'res/b'] });

    // Freed names come ordered by name, not in the order their tombstones were stored.
    await data(server.yoga, CREATE, { input: builtin('ord/zed') });
    await rename('ord/zed', 'ord/mid');
    await rename('ord/mid', 'ord/alpha');
    await data(server.yoga, DELETE, { name: 'ord/alpha' });
    const freed = await data(server.yoga, `mutation { purgeTool(name: "ord/alpha") { ... on PurgeToolSuccess { freedNames } } }`);
    expect(freed.purgeTool).toEqual({ freedNames: ['ord/mid', 'ord/zed'] });
    // Nothing of the purged names is left but the change log's record of the purge.
    for (const name of ['res/a', 'res/b', 'res/c'])
      expect(await tombstone(name)).toMatchObject({ name, renamedTo: null, purged: true, history: { edges: [] } });
    // A new tool under the last name cannot claim the old ones: they went with the purge.
    expect((await data(server.yoga, CREATE, { input: builtin('res/c') })).createTool).toEqual({ __typename: 'CreateToolSuccess', revision: 1 });
    expect((await data(server.yoga, CREATE, { input: builtin('res/a') })).createTool).toEqual({ __typename: 'CreateToolSuccess', revision: 1 });
  });

  it('refuses what it cannot do, at the input at fault, and writes nothing', async () => {
    await data(server.yoga, CREATE, { input: builtin('no/tool') });
    await data(server.yoga, CREATE, { input: builtin('no/taken') });
    await data(server.yoga, CREATE, { input: builtin('no/deleted') });
    await data(server.yoga, DELETE, { name: 'no/deleted' });
    const issue = (result: any) => [result.__typename, result.issues?.map((found: any) => [found.path.join('.'), found.code])];

    expect(await rename('no/missing', 'no/other')).toMatchObject({ __typename: 'ToolNotFound', code: 'TOOL_NOT_FOUND' });
    expect(await rename('no/deleted', 'no/other')).toMatchObject({ __typename: 'ToolNotFound', code: 'TOOL_NOT_FOUND' });
    expect(await rename('no/tool', 'no/taken')).toEqual({
      __typename: 'ToolValidationError',
      code: 'VALIDATION_FAILED',
      message: expect.any(String),
      issues: [{ path: ['newName'], code: 'NAME_TAKEN', message: expect.stringContaining('"no/taken"') }],
    });
    expect(issue(await rename('no/tool', 'no/tool'))).toEqual(['ToolValidationError', [['newName', 'INVALID_VALUE']]]);
    expect(issue(await rename('no/tool', 'no/deleted'))).toEqual(['ToolValidationError', [['newName', 'NAME_TAKEN']]]);
    for (const bad of ['No/Upper', 'no-slash', 'no/', '/x', 'a/b/c', `no/${'x'.repeat(65)}`, 'no/tool\u0000', 'no/ünï', '']) {
      expect(issue(await rename('no/tool', bad))).toEqual(['ToolValidationError', [['newName', 'INVALID_NAME']]]);
    }
    // Deprecated in favour of a name that is free again (its tool was deleted and purged): not a name for itself.
    await data(server.yoga, `mutation { deprecateTool(name: "no/tool", message: "Use no/taken.", replacedBy: "no/taken") { __typename } }`);
    await data(server.yoga, DELETE, { name: 'no/taken' });
    await data(server.yoga, PURGE, { name: 'no/taken' });
    expect(issue(await rename('no/tool', 'no/taken'))).toEqual(['ToolValidationError', [['newName', 'INVALID_VALUE']]]);
    await data(server.yoga, `mutation { undeprecateTool(name: "no/tool") { __typename } }`);
    await data(server.yoga, CREATE, { input: builtin('no/taken') });
    const state = await data(
      server.yoga,
      `{ tool(name: "no/tool") { revision } tools(filter: { namespace: "no" }) { totalCount } toolTombstone(name: "no/deleted") { renamedTo } }`,
    );
    expect(state).toEqual({ tool: { revision: 3 }, tools: { totalCount: 2 }, toolTombstone: { renamedTo: null } });
  });

  it('points deprecations at the new name, and restores an earlier revision under the name the tool has now', async () => {
    await data(server.yoga, CREATE, { input: builtin('dep/new-way', 'First description.') });
    await data(server.yoga, UPDATE, { name: 'dep/new-way', input: { description: 'Second description.' } });
    await data(server.yoga, CREATE, { input: builtin('dep/old-way') });
    await data(server.yoga, `mutation { deprecateTool(name: "dep/old-way", message: "Use the new way.", replacedBy: "dep/new-way") { __typename } }`);
    await rename('dep/new-way', 'dep/the-way');

    const old = (await data(server.yoga, `{ tool(name: "dep/old-way") { revision deprecation { message replacedByName replacedBy { name } } } }`)).tool;
    expect(old).toEqual({ revision: 3, deprecation: { message: 'Use the new way.', replacedByName: 'dep/the-way', replacedBy: { name: 'dep/the-way' } } });

    const restored = await data(
      server.yoga,
      `mutation { restoreTool(name: "dep/the-way", revision: 1) {
        __typename ... on RestoreToolSuccess { changedFields tool { name revision description history(first: 1) { edges { node { kind changedFields } } } } }
      } }`,
    );
    expect(restored.restoreTool).toEqual({
      __typename: 'RestoreToolSuccess',
      changedFields: ['DESCRIPTION'],
      tool: {
        name: 'dep/the-way',
        revision: 4,
        description: 'First description.',
        history: { edges: [{ node: { kind: 'RESTORED', changedFields: ['DESCRIPTION'] } }] },
      },
    });
  });

  it('under concurrent renames and writes of the names involved, does each exactly once and leaves no validation wrapping a tombstone', async () => {
    await data(server.yoga, CREATE, { input: builtin('race/tool') });
    const renames = Array.from({ length: 10 }, (_, i) => rename('race/tool', `race/renamed-${i}`));
    const validations = Array.from({ length: 10 }, (_, i) => data(server.yoga, CREATE, { input: validation(`race/check-${i}`, 'race/tool') }));
    const [renamed, created] = await Promise.all([Promise.all(renames), Promise.all(validations)]);
    const won = renamed.filter((result) => result.__typename === 'RenameToolSuccess');
    expect(won).toHaveLength(1);
    expect(renamed.filter((result) => result.__typename !== 'RenameToolSuccess').map((result) => result.__typename)).toEqual(Array(9).fill('ToolNotFound'));
    const newName = won[0].tool.name;

    const state = await data<{
      tools: { edges: { node: { name: string; toolType: string; wraps: { name: string } | null } }[] };
      toolTombstone: { renamedTo: string };
    }>(
      server.yoga,
      `{
      tools(filter: { namespace: "race" }) { edges { node { name toolType wraps { name } } } }
      toolTombstone(name: "race/tool") { renamedTo }
    }`,
    );
    const checks = state.tools.edges.map((edge) => edge.node).filter((tool) => tool.toolType === 'VALIDATION');
    // A validation made before the rename was moved with it, one made after it was refused (its tool was gone).
    expect(checks.length).toBe(created.filter((result) => result.createTool.__typename === 'CreateToolSuccess').length);
    for (const check of checks) expect(check.wraps).toEqual({ name: newName });
    expect(state.tools.edges).toHaveLength(checks.length + 1);
    expect(state.toolTombstone).toEqual({ renamedTo: newName });

    // Writes of a wrapper while the tool it wraps is renamed: each answers, one after the other.
    await data(server.yoga, CREATE, { input: builtin('race/wrapped') });
    await data(server.yoga, CREATE, { input: validation('race/wrapper', 'race/wrapped') });
    const [, ...updates] = await Promise.all([
      rename('race/wrapped', 'race/wrapped-2'),
      ...Array.from({ length: 10 }, (_, i) => data(server.yoga, UPDATE, { name: 'race/wrapper', input: { description: `Update ${i}.` } })),
    ]);
    expect(updates.map((result) => result.updateTool.__typename)).toEqual(Array(10).fill('UpdateToolSuccess'));
    const wrapper = (await data(server.yoga, `{ tool(name: "race/wrapper") { revision wraps { name } history(first: 100) { edges { node { revision } } } } }`))
      .tool;
    expect(wrapper.wraps).toEqual({ name: 'race/wrapped-2' });
    expect(wrapper.history.edges.map((edge: any) => edge.node.revision)).toEqual(Array.from({ length: 12 }, (_, i) => 12 - i));

    // Two tools renamed to one free name at once: one gets it.
    await data(server.yoga, CREATE, { input: builtin('race/x') });
    await data(server.yoga, CREATE, { input: builtin('race/y') });
    const both = await Promise.all([rename('race/x', 'race/z'), rename('race/y', 'race/z')]);
    expect(both.map((result) => result.__typename).sort()).toEqual(['RenameToolSuccess', 'ToolValidationError']);
    expect(both.find((result) => result.__typename === 'ToolValidationError').issues).toEqual([
      { path: ['newName'], code: 'NAME_TAKEN', message: expect.stringContaining('"race/z"') },
    ]);
  });

  it('tells subscribers of both namespaces: RENAMED with the old name, then the moved validations', async () => {
    await data(server.yoga, CREATE, { input: builtin('from/tool') });
    await data(server.yoga, CREATE, { input: validation('from/check', 'from/tool') });
    const query = (namespace: string) => `subscription { toolEvents(namespace: "${namespace}") { kind name renamedFrom revision tool { name } } }`;
    const out = await subscribe((url, init) => server.yoga.fetch(url, init), 'http://yoga/graphql', query('from'), {});
    const into = await subscribe((url, init) => server.yoga.fetch(url, init), 'http://yoga/graphql', query('into'), {});
    try {
      await rename('from/tool', 'into/tool');
      await data(server.yoga, CREATE, { input: builtin('from/marker') });
      await data(server.yoga, CREATE, { input: builtin('into/marker') });
      const renamedEvent = { kind: 'RENAMED', name: 'into/tool', renamedFrom: 'from/tool', revision: 2, tool: { name: 'into/tool' } };
      const moved = { kind: 'UPDATED', name: 'from/check', renamedFrom: null, revision: 2, tool: { name: 'from/check' } };
      expect((await out.until((result) => result.data?.toolEvents?.name === 'from/marker')).map((result) => result.data.toolEvents)).toEqual([
        renamedEvent,
        moved,
      ]);
      expect((await into.until((result) => result.data?.toolEvents?.name === 'into/marker')).map((result) => result.data.toolEvents)).toEqual([renamedEvent]);
    } finally {
      out.close();
      into.close();
    }
  });
});
