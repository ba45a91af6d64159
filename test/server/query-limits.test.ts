/**
 * The request limits of src/server/limits.ts against the hostile documents of issue 7: each is
 * refused before any resolver runs (no SQL), in milliseconds, with its own `extensions.code` and
 * HTTP 400 whatever the client accepts, never a 500; over POST, GET and SSE alike. And no
 * "Did you mean …" in production.
 */
import { InProcessToolEventBus } from '../../src/server/events';
import { LIMIT_CODES, REQUEST_LIMITS } from '../../src/server/limits';
import type { ToolgraphServer } from '../../src/server/yoga';
import { data } from '../graphql/helpers';
import { useTestServer } from '../support/test-server';

const ACCEPTS = ['application/json', 'application/graphql-response+json'];

/** `n` levels of `wrappedBy { wraps { … } }` under the tool x/y. */
const wrappedByFanOut = (n: number) => `{ tool(name: "x/y") { ${'wrappedBy { wraps { '.repeat(n)}name${' } }'.repeat(n)} } }`;
const deepSelection = (n: number) => `{ ${'tool(name: "x/y") { wraps { '.repeat(1)}${'wraps { '.repeat(n)}name${' }'.repeat(n)} } } }`;
const deepInputLiteral = (n: number) => `{ tools(filter: { search: ${'['.repeat(n)}"x"${']'.repeat(n)} }) { totalCount } }`;
const fragmentChain = (n: number) =>
  `{ ...F0 }\n${Array.from({ length: n }, (_, i) => `fragment F${i} on Query { ${i + 1 < n ? `...F${i + 1}` : 'namespaces { name }'} }`).join('\n')}`;
/** Each fragment spreads the next one twice: 2^n spreads in a few hundred tokens. */
const fragmentBomb = (n: number) =>
  `{ ...F0 }\n${Array.from({ length: n }, (_, i) => `fragment F${i} on Query { namespaces { name } ${i + 1 < n ? `...F${i + 1} ...F${i + 1}` : ''} }`).join('\n')}`;
const aliasedPages = (n: number, first = 100) =>
  `{ ${Array.from({ length: n }, (_, i) => `p${i}: tools(first: ${first}) { edges { node { name } } }`).join(' ')} }`;

interface Answer {
  status: number;
  ms: number;
  body: { data?: unknown; errors?: { message: string; extensions?: { code?: string } }[] };
}

async function post(yoga: ToolgraphServer, query: string, variables?: object, accept = ACCEPTS[1]!): Promise<Answer> {
  const started = performance.now();
  const response = await yoga.fetch('http://yoga/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept },
    body: JSON.stringify({ query, variables }),
  });
  const body = await response.json();
  return { status: response.status, ms: performance.now() - started, body };
}

const refusedWith = (code: string) => ({ status: 400, body: { errors: expect.arrayContaining([expect.objectContaining({ extensions: { code } })]) } });

describe('request limits', () => {
  const server = useTestServer('sqlite', { recordSql: true, events: () => new InProcessToolEventBus() });

  beforeAll(async () => {
    const create = 'mutation ($input: ToolInput!) { createTool(input: $input) { __typename } }';
    expect(await data(server.yoga, create, { input: { name: 'x/y', description: 'The wrapped one.', source: 'BUILTIN' } })).toEqual({
      createTool: { __typename: 'CreateToolSuccess' },
    });
    for (let i = 0; i < 10; i += 1) {
      const input = { name: `x/check-${i}`, description: 'A validation.', source: 'WRAPPED', toolType: 'VALIDATION', wraps: 'x/y' };
      expect(await data(server.yoga, create, { input })).toEqual({ createTool: { __typename: 'CreateToolSuccess' } });
    }
  });

  /** Sends `query` with each media type and expects a refusal with `code`, fast and before any SQL. */
  const expectRefused = async (yoga: ToolgraphServer, query: string, code: string, variables?: object) => {
    for (const accept of ACCEPTS) {
      server.sql.length = 0;
      const answer = await post(yoga, query, variables, accept);
      expect(answer).toMatchObject(refusedWith(code));
      expect(answer.body.data).toBeUndefined();
      expect(server.sql).toEqual([]);
      // Milliseconds in fact; the bound leaves room for a busy CI machine.
      expect(answer.ms).toBeLessThan(1000);
    }
  };

  describe('parser and validation recursion: 400 with a code, never 500', () => {
    it.each([
      ['a 10,000-deep selection', deepSelection(10_000)],
      ['a 10,000-deep input literal', deepInputLiteral(10_000)],
      ['a 5,000-fragment chain', fragmentChain(5000)],
    ])('refuses %s by its tokens (MAX_QUERY_TOKENS)', async (_what, query) => {
      await expectRefused(server.yoga, query, LIMIT_CODES.maxTokens);
    });

    it('stays safe at the highest MAX_QUERY_TOKENS it accepts: the parser never runs out of stack', async () => {
      const yoga = server.serve({ limits: { maxTokens: REQUEST_LIMITS.maxTokens.max } });
      await expectRefused(yoga, deepInputLiteral(10_000), LIMIT_CODES.maxTokens);
      await expectRefused(yoga, deepSelection(10_000), LIMIT_CODES.maxTokens);
      // The deepest literal that fits is parsed, then refused by validation as a value of the wrong type.
      const fits = await post(yoga, deepInputLiteral(REQUEST_LIMITS.maxTokens.max / 2 - 20));
      expect(fits.status).toBe(400);
      expect(fits.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    });
  });

  describe('the fan-outs of issue 7', () => {
    it('refuses 12 levels of wrappedBy { wraps } by depth (MAX_QUERY_DEPTH)', async () => {
      await expectRefused(server.yoga, wrappedByFanOut(12), LIMIT_CODES.maxDepth);
    });

    it('refuses them by cost too, wrappedBy counting 10 each level, when depth would allow them', async () => {
      const deepAllowed = server.serve({ limits: { maxDepth: 100 } });
      await expectRefused(deepAllowed, wrappedByFanOut(12), LIMIT_CODES.maxCost);
      // Two levels are cheap enough, and run.
      expect((await post(deepAllowed, wrappedByFanOut(2))).body).toMatchObject({ data: { tool: { wrappedBy: expect.any(Array) } } });
    });

    it('refuses 2,000 aliased tools(first: 100) by tokens, and 40 by aliases (MAX_QUERY_ALIASES)', async () => {
      await expectRefused(server.yoga, aliasedPages(2000), LIMIT_CODES.maxTokens);
      await expectRefused(server.yoga, aliasedPages(40), LIMIT_CODES.maxAliases);
    });

    it("weighs tools(first:) with the request's variables: one document runs with first: 1 and is refused with first: 100", async () => {
      const query = 'query ($first: Int) { tools(first: $first) { edges { node { wrappedBy { wrappedBy { wrappedBy { name } } } } } } }';
      expect((await post(server.yoga, query, { first: 1 })).body).toMatchObject({ data: { tools: { edges: expect.any(Array) } } });
      await expectRefused(server.yoga, query, LIMIT_CODES.maxCost, { first: 100 });
      // Estimates are remembered per document and variables: each answer stays what it was.
      expect((await post(server.yoga, query, { first: 1 })).body).toMatchObject({ data: { tools: { edges: expect.any(Array) } } });
      await expectRefused(server.yoga, query, LIMIT_CODES.maxCost, { first: 100 });
    });

    it('remembers an estimate by the variables the cost reads only, telling an omitted first from a null one', async () => {
      // 1,116 at first: 1, about 22,000 at the schema's default of 20 (a null first); 4 a tool without wrappedBy.
      const query =
        'query ($first: Int = 1, $deep: Boolean!, $text: String) { tools(first: $first, filter: { search: $text }) { edges { node { name wrappedBy @include(if: $deep) { wrappedBy { wrappedBy { name } } } } } } }';
      const runs = async (variables: object) =>
        expect((await post(server.yoga, query, variables)).body).toMatchObject({ data: { tools: { edges: expect.any(Array) } } });
      await runs({ deep: true, text: 'a' });
      await expectRefused(server.yoga, query, LIMIT_CODES.maxCost, { first: null, deep: true, text: 'b' });
      await runs({ deep: true, text: 'c' });
      await runs({ first: null, deep: false, text: 'd' });
      await expectRefused(server.yoga, query, LIMIT_CODES.maxCost, { first: null, deep: true, text: 'e' });
    });

    it('weighs _entities by the number of representations', async () => {
      const query = 'query ($r: [_Any!]!) { _entities(representations: $r) { ... on Tool { name wrappedBy { name } } } }';
      const representations = (n: number) => ({ r: Array.from({ length: n }, (_, i) => ({ __typename: 'Tool', name: `x/check-${i % 10}` })) });
      expect((await post(server.yoga, query, representations(10))).body).toMatchObject({ data: { _entities: expect.any(Array) } });
      // 13 per reference (name 1, wrappedBy 1 + 10 × name): 2,000 references cost 26,001.
      await expectRefused(server.yoga, query, LIMIT_CODES.maxCost, representations(2000));
    });

    it('weighs nodes by the number of ids', async () => {
      const query = 'query ($ids: [ID!]!) { nodes(ids: $ids) { ... on Tool { name wrappedBy { name wrappedBy { name wrappedBy { name } } } } } }';
      const { tool } = await data(server.yoga, '{ tool(name: "x/y") { id } }');
      const ids = (n: number) => ({ ids: Array.from({ length: n }, () => tool.id) });
      expect((await post(server.yoga, query, ids(10))).body).toMatchObject({ data: { nodes: expect.any(Array) } });
      // 1,222 per id (name 1, wrappedBy 1 + 10 × (name 1, wrappedBy 1 + 10 × (name 1, wrappedBy 11))): 20 ids cost 24,441.
      await expectRefused(server.yoga, query, LIMIT_CODES.maxCost, ids(20));
    });

    it('refuses fragments that spread each other twice (2^40 fields in 400 tokens) by cost, quickly', async () => {
      await expectRefused(server.yoga, fragmentBomb(40), LIMIT_CODES.maxCost);
    });

    it('refuses too many directives (MAX_QUERY_DIRECTIVES)', async () => {
      const query = `{ namespaces { name ${'@include(if: true) '.repeat(60)}} }`;
      await expectRefused(server.yoga, query, LIMIT_CODES.maxDirectives);
    });
  });

  describe('over GET and SSE', () => {
    const get = (query: string) => server.yoga.fetch(`http://yoga/graphql?query=${encodeURIComponent(query)}`, { headers: { accept: 'text/event-stream' } });

    it('refuses a subscription over SSE by depth and by cost, with the code in the event', async () => {
      const deep = `subscription { toolEvents { tool { ${'wrappedBy { wraps { '.repeat(6)}name${' } }'.repeat(6)} } } }`;
      const costly = `subscription { toolEvents { tool { ${'wrappedBy { '.repeat(5)}name${' }'.repeat(5)} } } }`;
      for (const [query, code] of [
        [deep, LIMIT_CODES.maxDepth],
        [costly, LIMIT_CODES.maxCost],
      ] as const) {
        const response = await get(query);
        expect(response.status).toBe(400);
        const text = await response.text();
        expect(text).toContain('event: next');
        expect(text).toContain(`"code":"${code}"`);
      }
    });

    it('refuses a 10,000-deep selection over GET with 400', async () => {
      const response = await server.yoga.fetch(`http://yoga/graphql?query=${encodeURIComponent(deepSelection(10_000))}`, {
        headers: { accept: 'application/json' },
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ errors: [{ extensions: { code: LIMIT_CODES.maxTokens } }] });
    });
  });

  describe('field suggestions', () => {
    // Every row has its three values: jest takes a missing last one for a `done` callback.
    const probes: [string, string, object | undefined][] = [
      ['a field', '{ tools { edges { node { nam } } } }', undefined],
      ['an argument', '{ tools(frist: 2) { totalCount } }', undefined],
      ['an enum literal', '{ tools(filter: { source: MPC }) { totalCount } }', undefined],
      ['an input field of a variable', 'query ($filter: ToolFilter) { tools(filter: $filter) { totalCount } }', { filter: { namespac: 'x' } }],
    ];

    it.each(probes)('are made for %s by default (development)', async (_what, query, variables) => {
      expect(JSON.stringify((await post(server.yoga, query, variables)).body.errors)).toMatch(/Did you mean/);
    });

    it.each(probes)('are never made for %s in production', async (_what, query, variables) => {
      const production = server.serve({ fieldSuggestions: false });
      const { body } = await post(production, query, variables);
      expect(body.errors?.length).toBeGreaterThan(0);
      expect(JSON.stringify(body.errors)).not.toMatch(/Did you mean/);
    });
  });
});
