/**
 * Deprecation through the API on each database: a deprecated tool stays listed and readable with
 * its message and replacement, keeps its definition and content hash, and appends a revision and
 * an event; invalid requests come back as ToolValidationError; an update or an import keeps the
 * deprecation; undeprecating makes it active again.
 */
import { InProcessToolEventBus } from '../../src/server/events';
import { subscribe } from '../events/sse';
import { testDatabases } from '../support/databases';
import { useTestServer } from '../support/test-server';
import { data } from './helpers';

const CREATE = `mutation ($input: ToolInput!) { createTool(input: $input) { __typename } }`;
/** What every mutation here answers, whichever its union: ToolWriteSuccess, or an error. */
const RESULT = `__typename
  ... on ToolWriteSuccess {
    changed changedFields revision
    tool { name status revision contentHash updatedBy deprecation { message replacedByName replacedBy { name } deprecatedAt deprecatedBy } }
  }
  ... on RegistryError { code }
  ... on ToolNotFound { name }`;
const DEPRECATE = `mutation ($name: String!, $message: String!, $replacedBy: String) {
  deprecateTool(name: $name, message: $message, replacedBy: $replacedBy) { ${RESULT} ... on ToolValidationError { message issues { path code message } } }
}`;
const UNDEPRECATE = `mutation ($name: String!) { undeprecateTool(name: $name) { ${RESULT} } }`;
const TOOL = `query ($name: String!) { tool(name: $name) { status revision contentHash cliDict deprecation { message replacedByName } } }`;
const HISTORY = `query ($name: String!) { tool(name: $name) { history { edges { node { revision kind contentHash changedFields } } } } }`;

const builtin = (name: string, description = `The ${name} tool.`) => ({ name, description, source: 'BUILTIN' });

describe.each(testDatabases())('deprecation on %s', (kind) => {
  const server = useTestServer(kind, { events: () => new InProcessToolEventBus() });

  beforeAll(async () => {
    for (const name of ['old/fetch', 'new/fetch', 'old/other'])
      expect((await data(server.yoga, CREATE, { input: builtin(name) })).createTool.__typename).toBe('CreateToolSuccess');
  });

  it('keeps a deprecated tool listed and readable, with its message and replacement, its definition and its hash', async () => {
    const before = (await data(server.yoga, TOOL, { name: 'old/fetch' })).tool;
    const { deprecateTool } = await data(server.yoga, DEPRECATE, { name: 'old/fetch', message: 'Sends cookies; use new/fetch.', replacedBy: 'new/fetch' });
    expect(deprecateTool).toMatchObject({
      __typename: 'DeprecateToolSuccess',
      changed: true,
      changedFields: [],
      revision: 2,
      tool: {
        status: 'DEPRECATED',
        revision: 2,
        contentHash: before.contentHash,
        deprecation: { message: 'Sends cookies; use new/fetch.', replacedByName: 'new/fetch', replacedBy: { name: 'new/fetch' }, deprecatedBy: 'anonymous' },
      },
    });
    expect(Date.now() - Date.parse(deprecateTool.tool.deprecation.deprecatedAt)).toBeLessThan(60_000);
    const after = (await data(server.yoga, TOOL, { name: 'old/fetch' })).tool;
    expect(after.cliDict).toEqual(before.cliDict);
    const listed = (await data(server.yoga, `{ tools(filter: { namespace: "old" }) { edges { node { name status } } } }`)).tools.edges;
    expect(listed.map((edge: any) => edge.node)).toEqual([
      { name: 'old/fetch', status: 'DEPRECATED' },
      { name: 'old/other', status: 'ACTIVE' },
    ]);
    const revisions = (await data(server.yoga, HISTORY, { name: 'old/fetch' })).tool.history.edges.map((edge: any) => edge.node);
    expect(revisions).toEqual([
      { revision: 2, kind: 'DEPRECATED', contentHash: before.contentHash, changedFields: [] },
      { revision: 1, kind: 'CREATED', contentHash: before.contentHash, changedFields: [] },
    ]);
  });

  it('changes nothing when asked for the deprecation that stands; replaces message and replacement otherwise', async () => {
    const name = 'old/other';
    const first = (await data(server.yoga, DEPRECATE, { name, message: 'Going away.' })).deprecateTool;
    expect(first).toMatchObject({
      __typename: 'DeprecateToolSuccess',
      changed: true,
      revision: 2,
      tool: { status: 'DEPRECATED', revision: 2, deprecation: { replacedByName: null, replacedBy: null } },
    });
    expect((await data(server.yoga, DEPRECATE, { name, message: 'Going away.' })).deprecateTool).toEqual({ ...first, changed: false });
    const changed = (await data(server.yoga, DEPRECATE, { name, message: 'Gone in June.', replacedBy: 'new/fetch' })).deprecateTool;
    expect(changed).toMatchObject({
      changed: true,
      changedFields: [],
      revision: 3,
      tool: { revision: 3, deprecation: { message: 'Gone in June.', replacedByName: 'new/fetch' } },
    });
  });

  it('keeps the deprecation through an update and an import, which change the definition only', async () => {
    const name = 'old/fetch';
    const updated = (await data(server.yoga, `mutation { updateTool(name: "${name}", input: { timeout: 30 }) { ${RESULT} } }`)).updateTool;
    expect(updated).toMatchObject({
      __typename: 'UpdateToolSuccess',
      changed: true,
      changedFields: ['TIMEOUT'],
      tool: { status: 'DEPRECATED', deprecation: { replacedByName: 'new/fetch' } },
    });
    const config = `tools:\n  - { name: ${name}, description: Fetches again., source: builtin }\n`;
    expect(
      (await data(server.yoga, `mutation ($config: String!) { importTools(config: $config) { __typename ... on ImportToolsSuccess { updated } } }`, { config }))
        .importTools.updated,
    ).toBe(1);
    expect((await data(server.yoga, TOOL, { name })).tool).toMatchObject({ status: 'DEPRECATED', deprecation: { message: 'Sends cookies; use new/fetch.' } });
  });

  it('refuses a blank or too long message and a replacement that is no other tool: ToolValidationError, nothing written', async () => {
    const name = 'new/fetch';
    const cases: [object, { path: string[]; code: string }[]][] = [
      [{ message: '   ' }, [{ path: ['message'], code: 'INVALID_VALUE' }]],
      [{ message: 'x'.repeat(1_001) }, [{ path: ['message'], code: 'VALUE_TOO_LARGE' }]],
      [{ message: 'Use it.', replacedBy: 'nowhere/tool' }, [{ path: ['replacedBy'], code: 'REPLACEMENT_NOT_FOUND' }]],
      [{ message: 'Use it.', replacedBy: name }, [{ path: ['replacedBy'], code: 'REPLACEMENT_NOT_FOUND' }]],
      [{ message: 'Use it.', replacedBy: 'Not a name!' }, [{ path: ['replacedBy'], code: 'INVALID_NAME' }]],
      [
        { message: '', replacedBy: 'nowhere/tool' },
        [
          { path: ['message'], code: 'INVALID_VALUE' },
          { path: ['replacedBy'], code: 'REPLACEMENT_NOT_FOUND' },
        ],
      ],
      [{ message: 'Gone.\u0000' }, [{ path: ['message'], code: 'INVALID_VALUE' }]],
      [{ message: 'Gone \ud800.' }, [{ path: ['message'], code: 'INVALID_VALUE' }]],
    ];
    for (const [request, issues] of cases) {
      const result = (await data(server.yoga, DEPRECATE, { name, ...request })).deprecateTool;
      expect(result).toMatchObject({ __typename: 'ToolValidationError', code: 'VALIDATION_FAILED' });
      expect(result.message).toMatch(/^The deprecation breaks \d rules?; nothing was written\.$/);
      expect(result.issues.map(({ path, code }: any) => ({ path, code }))).toEqual(issues);
    }
    expect((await data(server.yoga, TOOL, { name })).tool).toMatchObject({ status: 'ACTIVE', revision: 1, deprecation: null });
    // Characters, not UTF-16 units: 1,000 emoji are 1,000 characters; every other character is kept as given.
    const stranger = `${'🐳'.repeat(999)}\t`;
    expect((await data(server.yoga, DEPRECATE, { name, message: stranger })).deprecateTool.tool.deprecation.message).toBe(stranger);
    await data(server.yoga, UNDEPRECATE, { name });
    expect((await data(server.yoga, DEPRECATE, { name: 'nowhere/tool', message: 'Gone.' })).deprecateTool).toEqual({
      __typename: 'ToolNotFound',
      code: 'TOOL_NOT_FOUND',
      name: 'nowhere/tool',
    });
    expect((await data(server.yoga, UNDEPRECATE, { name: 'nowhere/tool' })).undeprecateTool).toEqual({
      __typename: 'ToolNotFound',
      code: 'TOOL_NOT_FOUND',
      name: 'nowhere/tool',
    });
  });

  it('makes a tool active again, once; a replacement that is deleted reads as null', async () => {
    await data(server.yoga, CREATE, { input: builtin('tmp/replacement') });
    await data(server.yoga, CREATE, { input: builtin('tmp/retired') });
    await data(server.yoga, DEPRECATE, { name: 'tmp/retired', message: 'Use tmp/replacement.', replacedBy: 'tmp/replacement' });
    await data(server.yoga, `mutation { deleteTool(name: "tmp/replacement") { __typename } }`);
    expect((await data(server.yoga, TOOL, { name: 'tmp/retired' })).tool.deprecation).toEqual({
      message: 'Use tmp/replacement.',
      replacedByName: 'tmp/replacement',
    });
    const deprecated = (await data(server.yoga, `{ tool(name: "tmp/retired") { deprecation { replacedBy { name } } } }`)).tool;
    expect(deprecated.deprecation.replacedBy).toBeNull();
    const active = (await data(server.yoga, UNDEPRECATE, { name: 'tmp/retired' })).undeprecateTool;
    expect(active).toMatchObject({
      __typename: 'UndeprecateToolSuccess',
      changed: true,
      changedFields: [],
      revision: 3,
      tool: { status: 'ACTIVE', revision: 3, deprecation: null },
    });
    expect((await data(server.yoga, UNDEPRECATE, { name: 'tmp/retired' })).undeprecateTool).toEqual({ ...active, changed: false });
    const kinds = (await data(server.yoga, HISTORY, { name: 'tmp/retired' })).tool.history.edges.map((edge: any) => edge.node.kind);
    expect(kinds).toEqual(['UNDEPRECATED', 'DEPRECATED', 'CREATED']);
  });

  it('tells subscribers of a deprecation and of its withdrawal', async () => {
    const subscription = await subscribe(
      (url, init) => server.yoga.fetch(url, init),
      'http://yoga/graphql',
      'subscription { toolEvents(namespace: "live") { kind name revision tool { status deprecation { message } } } }',
      {},
    );
    try {
      await data(server.yoga, CREATE, { input: builtin('live/tool') });
      await data(server.yoga, DEPRECATE, { name: 'live/tool', message: 'Soon gone.' });
      await data(server.yoga, UNDEPRECATE, { name: 'live/tool' });
      await data(server.yoga, CREATE, { input: builtin('live/marker') });
      const events = await subscription.until((result) => result.data?.toolEvents?.name === 'live/marker');
      expect(events.map((result) => result.data.toolEvents)).toEqual([
        { kind: 'CREATED', name: 'live/tool', revision: 1, tool: { status: 'ACTIVE', deprecation: null } },
        { kind: 'DEPRECATED', name: 'live/tool', revision: 2, tool: { status: 'DEPRECATED', deprecation: { message: 'Soon gone.' } } },
        { kind: 'UNDEPRECATED', name: 'live/tool', revision: 3, tool: { status: 'ACTIVE', deprecation: null } },
      ]);
    } finally {
      subscription.close();
    }
  });
});
