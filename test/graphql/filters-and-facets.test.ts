/**
 * Spec section 9, "Reads" (issue 31, point 5): `ToolFilter` takes lists (`namespaceIn`, `sourceIn`,
 * `statusIn`) and every capability flag the counts show; `toolStats` counts each facet under the
 * filter without its own criterion (disjunctive facets); one `Namespace` type serves `namespaces`
 * and `ToolStats.byNamespace`. Through yoga.fetch on each database.
 */
import { isInputObjectType } from 'graphql';
import { MAX_FILTER_LIST_LENGTH } from '../../src/domain/limits';
import { INPUT_RULES } from '../../src/graphql/argument-ranges';
import { createToolgraphSchema } from '../../src/graphql/schema';
import type { ToolgraphServer } from '../../src/server/yoga';
import { testDatabases } from '../support/databases';
import { useTestServer } from '../support/test-server';
import { data, exchange } from './helpers';

const NAMES = /* GraphQL */ `
  query Names($filter: ToolFilter) {
    tools(filter: $filter, first: 100) { totalCount edges { node { name } } }
  }
`;

const STATS = /* GraphQL */ `
  query Stats($filter: ToolFilter) {
    toolStats(filter: $filter) {
      total
      byNamespace { __typename name toolCount }
      bySource { source count }
      byToolType { toolType count }
      capabilities { readOnly writes checkpointable idempotent unsafe humanApprovalRequired }
    }
  }
`;

const FLAGS = ['readOnly', 'writes', 'checkpointable', 'idempotent', 'unsafe', 'humanApprovalRequired'] as const;

type Filter = Record<string, unknown>;

/** The tools of the suite: name, source (with what it needs), capability, deprecated. */
const TOOLS: { input: Record<string, unknown>; deprecated?: boolean }[] = [
  { input: { name: 'files/read', source: 'BUILTIN', capability: { readOnly: true, idempotent: true } } },
  { input: { name: 'files/write', source: 'MCP', mcpServer: 'fs', mcpToolName: 'write', capability: { writes: true, checkpointable: true } } },
  { input: { name: 'files/old-write', source: 'CUSTOM', code: 'pass', capability: { writes: true } }, deprecated: true },
  { input: { name: 'files/check-write', source: 'WRAPPED', toolType: 'VALIDATION', wraps: 'files/write', capability: { readOnly: true, idempotent: true } } },
  { input: { name: 'ops/deploy', source: 'BUILTIN', capability: { writes: true, unsafe: true, humanApprovalRequired: true, idempotent: true } } },
  { input: { name: 'ops/rollback', source: 'CUSTOM', code: 'pass', capability: { writes: true, checkpointable: true } }, deprecated: true },
  { input: { name: 'net/fetch', source: 'MCP', mcpServer: 'net', mcpToolName: 'fetch', capability: { readOnly: true } } },
  { input: { name: 'net/post', source: 'MCP', mcpServer: 'net', mcpToolName: 'post', capability: { writes: true, checkpointable: true, idempotent: true } } },
];

async function names(yoga: ToolgraphServer, filter: Filter): Promise<string[]> {
  const { tools } = await data(yoga, NAMES, { filter });
  expect(tools.totalCount).toBe(tools.edges.length);
  return tools.edges.map((edge: { node: { name: string } }) => edge.node.name);
}

/** `filter` without one facet's criterion, in both its forms. */
function without(filter: Filter, facet: string): Filter {
  const { [facet]: _single, [`${facet}In`]: _list, ...rest } = filter;
  return rest;
}

describe.each(testDatabases())('ToolFilter lists, flags and disjunctive facets on %s', (kind) => {
  const server = useTestServer(kind);

  beforeAll(async () => {
    const create = `mutation ($input: ToolInput!) { createTool(input: $input) { __typename } }`;
    const deprecate = `mutation ($name: String!) { deprecateTool(name: $name, message: "Use another.") { __typename } }`;
    for (const { input, deprecated } of TOOLS) {
      expect((await data(server.yoga, create, { input: { description: `The ${input.name as string} tool.`, ...input } })).createTool.__typename).toBe(
        'CreateToolSuccess',
      );
      if (deprecated) expect((await data(server.yoga, deprecate, { name: input.name })).deprecateTool.__typename).toBe('DeprecateToolSuccess');
    }
    // A tombstone in `files`: never selected by a status.
    await data(server.yoga, create, { input: { name: 'files/gone', description: 'Deleted.', source: 'BUILTIN' } });
    await data(server.yoga, `mutation { deleteTool(name: "files/gone") { __typename } }`);
  });

  describe('list criteria', () => {
    it('namespaceIn selects the tools of any of its namespaces; an unknown or invalid one adds nothing', async () => {
      expect(await names(server.yoga, { namespaceIn: ['ops', 'net'] })).toEqual(['net/fetch', 'net/post', 'ops/deploy', 'ops/rollback']);
      expect(await names(server.yoga, { namespaceIn: ['ops', 'nope', 'Not A Namespace', 'a/b'] })).toEqual(['ops/deploy', 'ops/rollback']);
      expect(await names(server.yoga, { namespaceIn: ['nope'] })).toEqual([]);
      expect(await names(server.yoga, { namespaceIn: ['ops', 'ops'] })).toEqual(['ops/deploy', 'ops/rollback']);
    });

    it('sourceIn selects the tools of any of its sources', async () => {
      expect(await names(server.yoga, { sourceIn: ['CUSTOM', 'WRAPPED'] })).toEqual(['files/check-write', 'files/old-write', 'ops/rollback']);
      expect(await names(server.yoga, { sourceIn: ['AGENT_SKILL'] })).toEqual([]);
    });

    it('statusIn selects tools by deprecation, never a tombstone', async () => {
      const all = TOOLS.map((tool) => tool.input.name as string).sort();
      const deprecated = ['files/old-write', 'ops/rollback'];
      expect(await names(server.yoga, { statusIn: ['DEPRECATED'] })).toEqual(deprecated);
      expect(await names(server.yoga, { statusIn: ['ACTIVE'] })).toEqual(all.filter((name) => !deprecated.includes(name)));
      expect(await names(server.yoga, { statusIn: ['ACTIVE', 'DEPRECATED'] })).toEqual(all);
      expect(await names(server.yoga, { statusIn: ['ACTIVE'], namespaceIn: ['files'] })).toEqual(['files/check-write', 'files/read', 'files/write']);
      expect(await names(server.yoga, { namespaceIn: ['files'] })).not.toContain('files/gone');
    });

    it('combines lists with each other and with the other criteria: every criterion must hold', async () => {
      expect(await names(server.yoga, { namespaceIn: ['files', 'ops'], sourceIn: ['CUSTOM', 'MCP'] })).toEqual([
        'files/old-write',
        'files/write',
        'ops/rollback',
      ]);
      expect(await names(server.yoga, { namespaceIn: ['files', 'ops'], sourceIn: ['CUSTOM', 'MCP'], statusIn: ['DEPRECATED'] })).toEqual([
        'files/old-write',
        'ops/rollback',
      ]);
      expect(await names(server.yoga, { namespaceIn: ['files', 'net'], sourceIn: ['MCP'], writes: true, search: 'POST' })).toEqual(['net/post']);
      expect(await names(server.yoga, { namespaceIn: ['files', 'net'], toolType: 'VALIDATION', statusIn: ['ACTIVE'] })).toEqual(['files/check-write']);
    });

    it('keeps the deprecated single values working, alone and beside other lists', async () => {
      expect(await names(server.yoga, { namespace: 'net' })).toEqual(['net/fetch', 'net/post']);
      expect(await names(server.yoga, { source: 'MCP', namespaceIn: ['files', 'ops'] })).toEqual(['files/write']);
      expect(await names(server.yoga, { namespace: 'ops', sourceIn: ['BUILTIN'] })).toEqual(['ops/deploy']);
    });

    it('filters searchTools by the lists too', async () => {
      const query = `query ($filter: ToolFilter) { searchTools(query: "tool", first: 20, filter: $filter) { tool { name } } }`;
      const found = async (filter: Filter) =>
        (await data(server.yoga, query, { filter })).searchTools.map((hit: { tool: { name: string } }) => hit.tool.name).sort();
      expect(await found({ namespaceIn: ['net', 'ops'], statusIn: ['ACTIVE'] })).toEqual(['net/fetch', 'net/post', 'ops/deploy']);
      expect(await found({ sourceIn: ['CUSTOM'], checkpointable: true })).toEqual(['ops/rollback']);
    });
  });

  describe('capability flags', () => {
    it.each(FLAGS)('%s: true and false each select the tools with that value', async (flag) => {
      const having = TOOLS.filter((tool) => (tool.input.capability as Record<string, boolean>)[flag] === true)
        .map((tool) => tool.input.name as string)
        .sort();
      const lacking = TOOLS.map((tool) => tool.input.name as string)
        .filter((name) => !having.includes(name))
        .sort();
      expect(await names(server.yoga, { [flag]: true })).toEqual(having);
      expect(await names(server.yoga, { [flag]: false })).toEqual(lacking);
      const { capabilities } = (await data(server.yoga, STATS, { filter: {} })).toolStats;
      expect(capabilities[flag]).toBe(having.length);
    });

    it('checkpointable and idempotent combine with each other and with the lists', async () => {
      expect(await names(server.yoga, { checkpointable: true, idempotent: true })).toEqual(['net/post']);
      expect(await names(server.yoga, { checkpointable: false, idempotent: true, sourceIn: ['BUILTIN', 'WRAPPED'] })).toEqual([
        'files/check-write',
        'files/read',
        'ops/deploy',
      ]);
    });
  });

  describe('toolStats: disjunctive facets', () => {
    const filters: [string, Filter][] = [
      ['no filter', {}],
      ['one source', { sourceIn: ['MCP'] }],
      ['two namespaces and a source', { namespaceIn: ['files', 'ops'], sourceIn: ['CUSTOM'] }],
      ['a tool type and flags', { toolType: 'TOOL', writes: true, checkpointable: true }],
      ['every flag', { readOnly: false, writes: true, checkpointable: false, idempotent: true, unsafe: true, humanApprovalRequired: true }],
      ['ACTIVE (ToolFacet less the deprecated tools)', { statusIn: ['ACTIVE'] }],
      ['ACTIVE and lists', { statusIn: ['ACTIVE'], sourceIn: ['MCP', 'BUILTIN'], idempotent: true }],
      ['DEPRECATED (the deprecated tools, by their index)', { statusIn: ['DEPRECATED'], namespaceIn: ['ops'] }],
      ['a search (counted from Tool)', { search: 'the', namespaceIn: ['net'], sourceIn: ['MCP'], readOnly: false }],
      ['the deprecated single values', { namespace: 'files', source: 'MCP' }],
      ['nothing passes the whole filter', { namespaceIn: ['net'], sourceIn: ['CUSTOM'] }],
    ];

    it.each(filters)('counts each facet as tools(filter:).totalCount under the filter without its own criterion: %s', async (_label, filter) => {
      const { toolStats } = await data(server.yoga, STATS, { filter });
      const count = async (under: Filter) => (await data(server.yoga, NAMES, { filter: under })).tools.totalCount as number;
      expect(toolStats.total).toBe(await count(filter));
      for (const { name, toolCount } of toolStats.byNamespace)
        expect([name, toolCount]).toEqual([name, await count({ ...without(filter, 'namespace'), namespaceIn: [name] })]);
      for (const { source, count: n } of toolStats.bySource)
        expect([source, n]).toEqual([source, await count({ ...without(filter, 'source'), sourceIn: [source] })]);
      for (const { toolType, count: n } of toolStats.byToolType) expect([toolType, n]).toEqual([toolType, await count({ ...filter, toolType })]);
      for (const flag of FLAGS) expect([flag, toolStats.capabilities[flag]]).toEqual([flag, await count({ ...filter, [flag]: true })]);
      // Every value with a tool under the reduced filter is listed, and no other.
      const namespaces = new Set((await names(server.yoga, without(filter, 'namespace'))).map((name) => name.split('/')[0]));
      expect(toolStats.byNamespace.map((entry: { name: string }) => entry.name).sort()).toEqual([...namespaces].sort());
      const sum = (list: { toolCount?: number; count?: number }[]) => list.reduce((total, entry) => total + (entry.toolCount ?? entry.count ?? 0), 0);
      expect(sum(toolStats.bySource)).toBe(await count(without(filter, 'source')));
      expect(sum(toolStats.byToolType)).toBe(await count(without(filter, 'toolType')));
    });

    it('keeps the other sources in the source facet when one is picked, while the other facets count the picked one', async () => {
      const picked = (await data(server.yoga, STATS, { filter: { sourceIn: ['MCP'] } })).toolStats;
      const whole = (await data(server.yoga, STATS, { filter: {} })).toolStats;
      expect(picked.bySource).toEqual(whole.bySource);
      expect(picked.bySource.map((entry: { source: string }) => entry.source)).toEqual(['MCP', 'BUILTIN', 'CUSTOM', 'WRAPPED']);
      expect(picked.total).toBe(3);
      expect(picked.byNamespace).toEqual([
        { __typename: 'Namespace', name: 'net', toolCount: 2 },
        { __typename: 'Namespace', name: 'files', toolCount: 1 },
      ]);
      expect(picked.capabilities).toEqual({ readOnly: 1, writes: 2, checkpointable: 2, idempotent: 1, unsafe: 0, humanApprovalRequired: 0 });
    });

    it('leaves out of a facet a value whose tools are all deprecated, under statusIn: [ACTIVE]', async () => {
      const { bySource, total } = (await data(server.yoga, STATS, { filter: { statusIn: ['ACTIVE'] } })).toolStats;
      expect(total).toBe(TOOLS.length - 2);
      // Both CUSTOM tools are deprecated.
      expect(bySource.map((entry: { source: string }) => entry.source)).toEqual(['MCP', 'BUILTIN', 'WRAPPED']);
    });

    it('counts a flag under the filter without that flag: readOnly: false still shows how many are read-only', async () => {
      const { capabilities, total } = (await data(server.yoga, STATS, { filter: { readOnly: false, namespaceIn: ['files'] } })).toolStats;
      expect(total).toBe(2);
      expect(capabilities.readOnly).toBe(2);
      expect(capabilities.writes).toBe(2);
    });
  });

  describe('one Namespace type', () => {
    it('serves namespaces and ToolStats.byNamespace alike', async () => {
      const answer = await data(server.yoga, `{ namespaces { __typename name toolCount } toolStats { byNamespace { __typename name toolCount } } }`);
      const expected = [
        { __typename: 'Namespace', name: 'files', toolCount: 4 },
        { __typename: 'Namespace', name: 'net', toolCount: 2 },
        { __typename: 'Namespace', name: 'ops', toolCount: 2 },
      ];
      expect(answer.namespaces).toEqual(expected);
      expect(answer.toolStats.byNamespace).toEqual(expected);
    });
  });
});

describe('the input rules', () => {
  it('are rules of input types of the schema, naming fields those types have', () => {
    const schema = createToolgraphSchema();
    for (const typeName of Object.keys(INPUT_RULES)) expect(isInputObjectType(schema.getType(typeName))).toBe(true);
    const filter = schema.getType('ToolFilter');
    if (!isInputObjectType(filter)) throw new Error('no ToolFilter');
    const named = INPUT_RULES.ToolFilter!({ namespace: 'a', namespaceIn: [], source: 'MCP', sourceIn: [], statusIn: [] } as never).map(
      (problem) => problem.field,
    );
    expect(new Set(named)).toEqual(new Set(['namespaceIn', 'sourceIn', 'statusIn']));
    for (const field of named) expect(Object.keys(filter.getFields())).toContain(field);
  });
});

describe.each(testDatabases())('ToolFilter refusals on %s', (kind) => {
  const server = useTestServer(kind, { recordSql: true });

  const post = (query: string, variables?: Record<string, unknown>) => exchange(server.yoga, query, variables);

  /** Refused whole before anything ran: HTTP 400, BAD_USER_INPUT errors, no data, no SQL. Answers [argument, message] of each error. */
  async function refused(query: string, variables?: Record<string, unknown>): Promise<[unknown, string][]> {
    server.sql.length = 0;
    const { status, body } = await post(query, variables);
    expect(status).toBe(400);
    expect(body).not.toHaveProperty('data');
    expect(server.sql).toEqual([]);
    for (const error of body.errors ?? []) expect(error.extensions?.code).toBe('BAD_USER_INPUT');
    return (body.errors ?? []).map((error) => [error.extensions?.argument, error.message]);
  }

  const LIST = `query ($filter: ToolFilter) { tools(filter: $filter) { totalCount } }`;
  const tooMany = (make: (i: number) => string) => Array.from({ length: MAX_FILTER_LIST_LENGTH + 1 }, (_, i) => make(i));

  it.each([
    ['namespace and namespaceIn', { namespace: 'a', namespaceIn: ['b'] }, 'tools.filter.namespaceIn', /`namespace` or `namespaceIn`, not both/],
    ['source and sourceIn', { source: 'MCP', sourceIn: ['MCP'] }, 'tools.filter.sourceIn', /`source` or `sourceIn`, not both/],
    ['an empty namespaceIn', { namespaceIn: [] }, 'tools.filter.namespaceIn', /must not be empty/],
    ['an empty sourceIn', { sourceIn: [] }, 'tools.filter.sourceIn', /must not be empty/],
    ['an empty statusIn', { statusIn: [] }, 'tools.filter.statusIn', /must not be empty/],
    [
      'too many namespaces',
      { namespaceIn: tooMany((i) => `ns-${i}`) },
      'tools.filter.namespaceIn',
      new RegExp(`at most ${MAX_FILTER_LIST_LENGTH} values; got ${MAX_FILTER_LIST_LENGTH + 1}`),
    ],
    ['too many sources', { sourceIn: tooMany(() => 'MCP') }, 'tools.filter.sourceIn', /at most/],
  ])('refuses %s as BAD_USER_INPUT naming the argument and the variable', async (_label, filter, argument, message) => {
    server.sql.length = 0;
    const { body } = await post(LIST, { filter });
    expect(body.errors).toHaveLength(1);
    expect(body.errors![0]!.extensions).toEqual({ code: 'BAD_USER_INPUT', argument, variable: 'filter' });
    expect(await refused(LIST, { filter })).toEqual([[argument, expect.stringMatching(message)]]);
  });

  it('accepts the longest list', async () => {
    const { status, body } = await post(LIST, { filter: { namespaceIn: tooMany((i) => `ns-${i}`).slice(1) } });
    expect([status, body]).toEqual([200, { data: { tools: { totalCount: 0 } } }]);
  });

  it('names every bad criterion of every field, inline or in variables, aliases as written', async () => {
    const query = `query ($sources: [ToolSource!]) {
      tools(filter: { namespace: "a", namespaceIn: ["a"], statusIn: [] }) { totalCount }
      mcp: toolStats(filter: { sourceIn: $sources }) { total }
      searchTools(query: "x", filter: { statusIn: [] }) { score }
    }`;
    expect(await refused(query, { sources: [] })).toEqual([
      ['tools.filter.namespaceIn', expect.stringContaining('not both')],
      ['tools.filter.statusIn', expect.stringContaining('must not be empty')],
      ['mcp.filter.sourceIn', expect.stringContaining('must not be empty')],
      ['searchTools.filter.statusIn', expect.stringContaining('must not be empty')],
    ]);
  });

  it('takes a null list or single value as left out', async () => {
    const { status } = await post(LIST, { filter: { namespace: null, namespaceIn: ['a'], source: 'MCP', sourceIn: null, statusIn: null } });
    expect(status).toBe(200);
  });
});
