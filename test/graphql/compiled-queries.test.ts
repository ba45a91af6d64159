/**
 * Queries run compiled (graphql-jit, src/server/plugins/use-compiled-queries.ts) answer exactly as
 * graphql-js answers them: every query below goes to one store through two servers, one compiling
 * and one not, and the two HTTP answers (status and body) must be identical. The cases are what
 * the compiler could get wrong: defaults of arguments and input fields, variables of every kind
 * (missing, null, wrong type, coerced), fragments, aliases, directives, abstract types, errors in
 * the middle of a list, custom scalars, introspection and the federation fields.
 */
import type { ToolgraphServer } from '../../src/server/yoga';
import { testDatabases } from '../support/databases';
import { builtinTool, fullTool, revisedAll, validationOf } from '../support/fixtures';
import { useTestServer } from '../support/test-server';

const TOOL_FIELDS = `name namespace shortName description source toolType code mcpServer mcpToolName agentSkillPath timeout
  inputSchema outputSchema cliDict createdBy updatedBy
  implementation { __typename ... on McpImplementation { server toolName } ... on CustomImplementation { code } ... on AgentSkillImplementation { path } }
  capability { readOnly writes writeScope checkpointable checkpointScope idempotent unsafe humanApprovalRequired sideEffects costProfile }
  resourceSlots { name resourceType access description binding staticResource required }
  lifecycle { discover activate deactivate }
  wraps { name } wrappedBy { name }`;

const CASES: [string, string, Record<string, unknown>?][] = [
  ['one tool, every field', `query ($name: String!) { tool(name: $name) { ${TOOL_FIELDS} } }`, { name: 'devops/docker-build' }],
  ['a missing tool', '{ tool(name: "no/such") { name } }'],
  ['a missing required variable', 'query ($name: String!) { tool(name: $name) { name } }', {}],
  ['a variable of the wrong type', 'query ($name: String!) { tool(name: $name) { name } }', { name: 42 }],
  ['a null for a non-null variable', 'query ($name: String!) { tool(name: $name) { name } }', { name: null }],
  ['the default page size', '{ tools { edges { cursor node { name } } pageInfo { hasNextPage endCursor } totalCount } }'],
  [
    'first from a variable, and null',
    'query ($first: Int) { a: tools(first: $first) { totalCount edges { node { name } } } b: tools(first: null) { edges { node { name } } } }',
    { first: 2 },
  ],
  ['first as a string', 'query ($first: Int) { tools(first: $first) { totalCount } }', { first: '2' }],
  ['an order with its defaults, literal', '{ tools(orderBy: {}) { edges { node { name } } } }'],
  ['an order with one default, literal', '{ tools(orderBy: { direction: DESC }) { edges { node { name } } } }'],
  [
    'an order from a variable, defaults filled',
    'query ($orderBy: ToolOrder) { tools(orderBy: $orderBy) { edges { node { name } } } }',
    { orderBy: { field: 'UPDATED_AT' } },
  ],
  [
    'a filter from a variable',
    'query ($filter: ToolFilter) { tools(filter: $filter) { totalCount edges { node { name } } } }',
    { filter: { namespace: 'devops', readOnly: false, source: 'BUILTIN' } },
  ],
  ['a filter with an unknown field', 'query ($filter: ToolFilter) { tools(filter: $filter) { totalCount } }', { filter: { nope: 1 } }],
  ['an enum given as a lowercase string', 'query ($filter: ToolFilter) { tools(filter: $filter) { totalCount } }', { filter: { source: 'builtin' } }],
  [
    'updatedSince as a DateTime variable',
    'query ($since: DateTime) { tools(filter: { updatedSince: $since }) { totalCount } }',
    { since: '2000-01-01T00:00:00Z' },
  ],
  ['updatedSince that is no date', 'query ($since: DateTime) { tools(filter: { updatedSince: $since }) { totalCount } }', { since: 'yesterday' }],
  [
    'a search with quotes and operators',
    'query ($s: String) { tools(filter: { search: $s }) { totalCount edges { node { name } } } }',
    { s: '"docker" OR NEAR(a b) %_\\' },
  ],
  ['a cursor the server never issued', '{ tools(after: "nonsense") { edges { node { name } } } }'],
  ['a negative page size', '{ tools(first: -1) { totalCount } }'],
  [
    'fragments, aliases, __typename',
    'query { x: tool(name: "devops/docker-build") { ...F __typename } y: tool(name: "devops/check-build") { ...F } } fragment F on Tool { n: name wraps { ...G } } fragment G on Tool { name capability { readOnly } }',
  ],
  [
    '@include and @skip from variables',
    'query ($yes: Boolean!, $no: Boolean!) { tool(name: "devops/docker-build") { name description @include(if: $yes) timeout @skip(if: $yes) code @include(if: $no) } }',
    { yes: true, no: false },
  ],
  [
    'toolStats and namespaces',
    '{ toolStats { total byNamespace { name toolCount } bySource { source count } byToolType { toolType count } capabilities { readOnly writes unsafe } } namespaces { name toolCount } }',
  ],
  ['a field that does not exist', '{ tool(name: "a/b") { nope } }'],
  ['an introspection query', '{ __schema { queryType { name } types { name kind } } __type(name: "ToolOrder") { inputFields { name defaultValue } } }'],
  [
    'the federation fields',
    'query ($r: [_Any!]!) { _service { sdl } _entities(representations: $r) { ... on Tool { name toolType } } }',
    {
      r: [
        { __typename: 'Tool', name: 'devops/docker-build' },
        { __typename: 'Tool', name: 'no/such' },
      ],
    },
  ],
  ['named query among none other', 'query Only { tools(first: 1) { totalCount } }'],
];

describe.each(testDatabases())('compiled queries on %s', (kind) => {
  const server = useTestServer(kind);
  let compiling: ToolgraphServer;
  let interpreting: ToolgraphServer;

  beforeAll(async () => {
    await server.store.write(async (writer) => {
      await writer.insert(
        revisedAll([
          fullTool('devops/docker-build'),
          builtinTool('devops/lint'),
          builtinTool('local/line-counter'),
          validationOf('devops/check-build', 'devops/docker-build'),
        ]),
        'tester',
      );
    });
    compiling = server.serve({});
    interpreting = server.serve({ compileQueries: false });
  });

  const answer = async (yoga: ToolgraphServer, query: string, variables?: Record<string, unknown>) => {
    const response = await yoga.fetch('http://yoga/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, body: await response.json() };
  };

  it.each(CASES.map(([label, query, variables]) => ({ label, query, variables })))('$label', async ({ query, variables }) => {
    // Twice each: the second run uses the compilation (or decision) the first one made.
    for (let run = 0; run < 2; run++) {
      expect(await answer(compiling, query, variables)).toEqual(await answer(interpreting, query, variables));
    }
  });
});
