/**
 * Spec section 9, "Reads": a value the client got wrong refuses the whole request before anything
 * runs. An argument out of range, written in the document or sent as a variable, and every variable
 * graphql-js cannot coerce, answer HTTP 400 (whatever the client accepts) with one BAD_USER_INPUT
 * error per bad value, each naming it, and no `data`: the database is not asked anything. Through
 * the real server on each database.
 */
import { MAX_PAGE_SIZE } from '../../src/domain/limits';
import { ARGUMENT_RANGES } from '../../src/graphql/argument-ranges';
import { createToolgraphSchema } from '../../src/graphql/schema';
import type { ToolgraphServer } from '../../src/server/yoga';
import { subscribe } from '../events/sse';
import { testDatabases } from '../support/databases';
import { useTestServer } from '../support/test-server';
import { data, exchange } from './helpers';

interface Answer {
  status: number;
  body: { data?: unknown; errors?: { message: string; locations?: unknown; extensions?: Record<string, unknown> }[] };
}

const ACCEPTS = ['application/graphql-response+json', 'application/json'] as const;

const post = (yoga: ToolgraphServer, query: string, variables?: Record<string, unknown>, accept: string = ACCEPTS[0]): Promise<Answer> =>
  exchange(yoga, query, variables, accept);

const DASHBOARD = '{ toolStats { total } tools(first: 500) { totalCount } }';
const DASHBOARD_WITH_VARIABLE = 'query ($first: Int) { toolStats { total } tools(first: $first) { totalCount } }';
const CREATE = 'mutation ($i: ToolInput!) { createTool(input: $i) { __typename } }';
const valid = { name: 'bad/input', description: 'A tool.', source: 'BUILTIN' };

describe('the ranged arguments', () => {
  it('are arguments of the schema, so that a renamed one cannot escape its check', () => {
    const schema = createToolgraphSchema();
    for (const [coordinate, ranges] of Object.entries(ARGUMENT_RANGES)) {
      const [type, field] = coordinate.split('.');
      const definition = (schema.getType(type!) as { getFields?: () => Record<string, { args: { name: string }[] }> }).getFields?.()[field!];
      expect(definition?.args.map((arg) => arg.name)).toEqual(expect.arrayContaining(Object.keys(ranges)));
    }
  });
});

describe.each(testDatabases())('a request with a bad value (%s)', (kind) => {
  const server = useTestServer(kind, { recordSql: true });

  beforeAll(async () => {
    await data(server.yoga, CREATE, { i: valid });
  });
  beforeEach(() => {
    server.sql.length = 0;
  });

  /** The request was refused whole, before any resolver ran: 400, no data, and not one SQL statement. */
  function expectRefused(answer: Answer): NonNullable<Answer['body']['errors']> {
    expect(answer.status).toBe(400);
    expect(answer.body).not.toHaveProperty('data');
    expect(answer.body.errors?.length).toBeGreaterThan(0);
    for (const error of answer.body.errors!) expect(error.extensions?.code).toBe('BAD_USER_INPUT');
    expect(server.sql).toEqual([]);
    return answer.body.errors!;
  }

  it.each(ACCEPTS)('refuses the dashboard with `tools(first: 500)` as a whole, naming tools.first (accept: %s)', async (accept) => {
    const errors = expectRefused(await post(server.yoga, DASHBOARD, undefined, accept));
    expect(errors).toEqual([
      {
        message: `\`tools.first\` must be between 1 and ${MAX_PAGE_SIZE}; got 500.`,
        locations: [{ line: 1, column: 29 }],
        extensions: { code: 'BAD_USER_INPUT', argument: 'tools.first' },
      },
    ]);
  });

  it('refuses the same dashboard with 500 sent as a variable, naming the argument and the variable', async () => {
    const errors = expectRefused(await post(server.yoga, DASHBOARD_WITH_VARIABLE, { first: 500 }));
    expect(errors).toEqual([
      {
        message: `\`tools.first\` (the variable \`$first\`) must be between 1 and ${MAX_PAGE_SIZE}; got 500.`,
        locations: [expect.any(Object)],
        extensions: { code: 'BAD_USER_INPUT', argument: 'tools.first', variable: 'first' },
      },
    ]);
  });

  it('names every bad argument of the request, by its place in the answer, through aliases and fragments', async () => {
    const query = `query ($hits: Int) {
      page: tools(first: 0) { ...Histories }
      searchTools(query: "count", first: $hits) { score }
      tool(name: "bad/input") { history(first: -1) { pageInfo { hasNextPage } } }
    }
    fragment Histories on ToolConnection { edges { node { history(first: 101) { pageInfo { hasNextPage } } } } }`;
    const errors = expectRefused(await post(server.yoga, query, { hits: 1000 }));
    expect(errors.map((error) => error.extensions?.argument)).toEqual([
      'page.first',
      'page.edges.node.history.first',
      'searchTools.first',
      'tool.history.first',
    ]);
  });

  it('answers the bounds themselves, and null (the default), as usual', async () => {
    const query = `query ($first: Int) {
      tools(first: $first) { totalCount }
      searchTools(query: "tool", first: $first) { score }
      tool(name: "bad/input") { history(first: $first) { edges { node { revision } } } }
    }`;
    for (const first of [1, MAX_PAGE_SIZE, null]) {
      expect(await data(server.yoga, query, { first })).toEqual({
        tools: { totalCount: 1 },
        searchTools: [{ score: expect.any(Number) }],
        tool: { history: { edges: [{ node: { revision: 1 } }] } },
      });
    }
  });

  it('refuses a subscription whose selection has an argument out of range, before it starts', async () => {
    const subscription = await subscribe(
      (url, init) => server.yoga.fetch(url, init),
      'http://yoga/graphql',
      'subscription { toolEvents { tool { history(first: 500) { pageInfo { hasNextPage } } } } }',
    );
    try {
      expect(await subscription.next(5_000)).toEqual({
        errors: [expect.objectContaining({ extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', argument: 'toolEvents.tool.history.first' }) })],
      });
    } finally {
      subscription.close();
    }
  });

  it.each([
    ['an enum value that does not exist', { ...valid, source: 'FOO' }, /"i\.source"/],
    ['an Int above 32 bits', { ...valid, timeout: 2147483648 }, /"i\.timeout"/],
    ['a fraction for an Int', { ...valid, timeout: 1.5 }, /"i\.timeout"/],
    ['a value of the wrong type', { ...valid, description: 5 }, /"i\.description"/],
    ['an unknown input field', { ...valid, colour: 'red' }, /"colour"/],
    ['a missing required field', { description: 'A tool.', source: 'BUILTIN' }, /"name"/],
  ])('refuses a variable with %s: 400, BAD_USER_INPUT at its path, nothing written', async (_what, input, named) => {
    const errors = expectRefused(await post(server.yoga, CREATE, { i: input }));
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(/^Variable "\$i" got invalid value/);
    expect(errors[0]!.message).toMatch(named);
    expect(errors[0]!.locations).toEqual([{ line: 1, column: 11 }]);
  });

  it('refuses a required variable left out, and names each bad variable of one request', async () => {
    expectRefused(await post(server.yoga, CREATE, {}));
    const query = 'query ($name: String!, $first: Int) { tool(name: $name) { name } tools(first: $first) { totalCount } }';
    const errors = expectRefused(await post(server.yoga, query, { first: 'ten' }));
    expect(errors.map((error) => error.message)).toEqual([
      'Variable "$name" of required type "String!" was not provided.',
      expect.stringMatching(/^Variable "\$first" got invalid value "ten"; Int cannot represent non-integer value/),
    ]);
  });

  it('refuses the same bad values written inline with the same code, 400 whatever the client accepts', async () => {
    for (const accept of ACCEPTS) {
      const answer = await post(
        server.yoga,
        'mutation { createTool(input: { name: "bad/inline", description: "A tool.", source: FOO, timeout: 1.5 }) { __typename } }',
        undefined,
        accept,
      );
      expect(expectRefused(answer).map((error) => error.message)).toEqual([expect.stringMatching(/FOO/), expect.stringMatching(/1\.5/)]);
    }
  });

  it('keeps GRAPHQL_VALIDATION_FAILED for a document that asks for what the schema does not have', async () => {
    const answer = await post(server.yoga, '{ tools { colour } }');
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.map((error) => error.extensions?.code)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
  });
});
