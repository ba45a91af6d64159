/**
 * Access that holds for as long as a connection lives, and bounds every effect of a write (spec
 * section 6; issue 33): each hole the attacker's probe found is a case here, on each database,
 * against real server processes over HTTP, with TOOLGRAPH_AUTH=on, reads that need a credential,
 * API tokens made by the token command and HS256 JWTs.
 *
 * 1. a stream ends within a second of its token's revocation (on both instances of one database)
 *    or its JWT's `exp`;
 * 2. a rename changes nothing of another team's tools: refused, naming them, unless the caller may
 *    write them; a deprecation that follows a rename keeps its author;
 * 3. a JWT's `sub` is never a token's name nor anonymous;
 * 4. budgets count root fields: aliases spend one each, a request over budget writes nothing;
 * 5. `toolgraph_namespaces` of any shape but strings (or "*") is no grant;
 * 6. without a credential, nothing of the schema is told: 401 before validation;
 * and the owner of a wrapped tool retires it without an admin, the wrapping team being told.
 */
import { randomBytes } from 'node:crypto';
import type { JWTPayload } from 'jose';
import { TEST_REDIS_URL } from '../events/redis-server';
import { subscribe, type SseSubscription } from '../events/sse';
import { fetchAs, graphqlAs, type HttpResult } from '../support/credentials';
import { freshDatabase, testDatabases, type FreshDatabase } from '../support/databases';
import { signJwt } from '../support/jwt-issuer';
import { killServer, startServer, type RunningServer } from '../support/server-process';
import { createToken, revokeToken } from '../support/token-command';

const SECRET = randomBytes(32).toString('base64url');
const seconds = () => Math.floor(Date.now() / 1000);
const jwt = (claims: JWTPayload) => signJwt({ iat: seconds(), exp: seconds() + 600, toolgraph_role: 'read', ...claims }, { secret: SECRET });

const CREATE = `mutation ($input: ToolInput!) { createTool(input: $input) { __typename ... on CreateToolSuccess { tool { name createdBy } } } }`;
const EVENTS = `subscription ($namespace: String) { toolEvents(namespace: $namespace) { kind name } }`;
const TOOL = /* GraphQL */ `
  query ($name: String!) {
    tool(name: $name) {
      name revision contentHash updatedBy status
      deprecation { replacedByName deprecatedBy }
      history(first: 1) { edges { node { revision actor } } }
      wraps { name }
      implementation { ... on WrappedImplementation { toolName toolRetired tool { name } } }
    }
  }
`;

const builtin = (name: string) => ({ name, description: `The tool ${name}.`, source: 'BUILTIN' });
const validation = (name: string, wraps: string) => ({ name, description: `Checks ${wraps}.`, source: 'WRAPPED', toolType: 'VALIDATION', wraps });

function expectUnauthenticated(result: HttpResult, message?: RegExp): void {
  expect(result.status).toBe(401);
  expect(result.body.data ?? null).toBeNull();
  expect(result.body.errors).toEqual([expect.objectContaining({ extensions: { code: 'UNAUTHENTICATED' } })]);
  if (message) expect(result.body.errors[0].message).toMatch(message);
}

describe.each(testDatabases())('access bounds on %s', (kind) => {
  let database: FreshDatabase;
  const servers: RunningServer[] = [];
  /** Two instances of one registry, as behind a load balancer. */
  let a: RunningServer;
  let b: RunningServer;
  /** API tokens by name: `team-a` writes `a`, `team-b` writes `b`, `wb` and `reader` read, `admin` writes all. */
  const tokens: Record<string, string> = {};

  const as = (name: string) => (query: string, variables?: object) => graphqlAs(tokens[name], a.url, query, variables);
  const admin = as('admin');
  const read = async (name: string) => (await admin(TOOL, { name })).body.data.tool;

  beforeAll(async () => {
    database = await freshDatabase(kind);
    for (const [name, namespaces, role] of [
      ['team-a', 'a', 'write'],
      ['team-b', 'b', 'write'],
      ['admin', '*', 'admin'],
      ['reader', 'a', 'read'],
      ['to-revoke', 'a', 'read'],
    ] as const) {
      tokens[name] = await createToken(database.url, { name, namespaces, role });
    }
    // One Redis channel of their own carries each instance's events to the other's streams.
    const events = { REDIS_URL: TEST_REDIS_URL, REDIS_CHANNEL: `toolgraph-access-${randomBytes(6).toString('hex')}` };
    const env = { TOOLGRAPH_AUTH: 'on', TOOLGRAPH_READ_ACCESS: 'authenticated', TOOLGRAPH_JWT_SECRET: SECRET, ...events };
    [a, b] = await Promise.all([startServer(database.url, env), startServer(database.url, env)]);
    servers.push(a, b);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(servers.map(killServer));
    await database?.drop();
  });

  describe('1. a stream lasts as long as its credential', () => {
    const open: SseSubscription[] = [];
    afterEach(() => {
      for (const stream of open.splice(0)) stream.close();
    });

    it('ends with UNAUTHENTICATED on every instance within a second of `token revoke`, after delivering what came before', async () => {
      const streams = await Promise.all([a, b].map((server) => subscribe(fetchAs(tokens['to-revoke']!), server.url, EVENTS, { namespace: 'a' })));
      open.push(...streams);
      for (const stream of streams) expect(stream.status).toBe(200);
      expect((await as('team-a')(CREATE, { input: builtin('a/before-revoke') })).body.data.createTool.__typename).toBe('CreateToolSuccess');
      for (const stream of streams) expect(await stream.next()).toEqual({ data: { toolEvents: { kind: 'CREATED', name: 'a/before-revoke' } } });

      await revokeToken(database.url, 'to-revoke');
      const revoked = performance.now();
      const ended = await Promise.all(
        streams.map(async (stream) => {
          const last = await stream.next(3000);
          const at = performance.now() - revoked;
          return { last, at, after: await stream.next(1000) };
        }),
      );
      // A write after the revocation reaches no revoked stream.
      await as('team-a')(CREATE, { input: builtin('a/after-revoke') });
      for (const { last, at, after } of ended) {
        expect(last).toEqual({ errors: [expect.objectContaining({ extensions: { code: 'UNAUTHENTICATED' } })] });
        expect(at).toBeLessThan(1000);
        expect(after).toBe('complete');
      }
      console.log(
        `streams of a revoked token ended ${ended.map(({ at }) => `${at.toFixed(0)} ms`).join(' and ')} after \`token revoke\` returned (instances A, B)`,
      );
      expectUnauthenticated(await graphqlAs(tokens['to-revoke'], b.url, TOOL, { name: 'a/before-revoke' }), /revoked/);
    }, 20_000);

    it("ends within a second of a JWT's exp", async () => {
      const expiresAt = (seconds() + 3) * 1000;
      const token = await jwt({ sub: 'short-lived', exp: expiresAt / 1000 });
      const stream = await subscribe(fetchAs(token), b.url, EVENTS, { namespace: 'a' });
      open.push(stream);
      expect(stream.status).toBe(200);
      await as('team-a')(CREATE, { input: builtin('a/before-expiry') });
      expect(await stream.next()).toEqual({ data: { toolEvents: { kind: 'CREATED', name: 'a/before-expiry' } } });
      const last = await stream.next(6000);
      expect(last).toEqual({ errors: [expect.objectContaining({ message: expect.stringMatching(/expired/), extensions: { code: 'UNAUTHENTICATED' } })] });
      const late = Date.now() - expiresAt;
      expect(late).toBeGreaterThanOrEqual(-50);
      expect(late).toBeLessThan(1000);
      expect(await stream.next(1000)).toBe('complete');
    }, 20_000);

    it('keeps the streams of a credential that stays valid', async () => {
      const stream = await subscribe(fetchAs(tokens.reader!), a.url, EVENTS, { namespace: 'a' });
      open.push(stream);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await as('team-a')(CREATE, { input: builtin('a/still-read') });
      expect(await stream.next()).toEqual({ data: { toolEvents: { kind: 'CREATED', name: 'a/still-read' } } });
    }, 20_000);
  });

  describe("2. a rename changes nothing of another team's tools", () => {
    beforeAll(async () => {
      for (const name of ['a/wrapped', 'a/replacement', 'a/own-ref'])
        expect((await as('team-a')(CREATE, { input: builtin(name) })).body.data.createTool.__typename).toBe('CreateToolSuccess');
      expect((await as('team-b')(CREATE, { input: validation('b/check', 'a/wrapped') })).body.data.createTool.__typename).toBe('CreateToolSuccess');
      expect((await as('team-b')(CREATE, { input: builtin('b/old') })).body.data.createTool.__typename).toBe('CreateToolSuccess');
      const deprecate = `mutation { deprecateTool(name: "b/old", message: "Use a/replacement.", replacedBy: "a/replacement") { __typename } }`;
      expect((await as('team-b')(deprecate)).body.data.deprecateTool.__typename).toBe('DeprecateToolSuccess');
    });
    const rename = (name: string, newName: string) =>
      `mutation { renameTool(name: "${name}", newName: "${newName}") { __typename ... on RenameToolSuccess { tool { name } } ... on NamespaceForbidden { namespace message } } }`;

    it.each([
      ['a validation of team b wraps it', 'a/wrapped', 'a/wrapped-2', /b\/check wraps it/],
      ["team b's deprecation names it as the replacement", 'a/replacement', 'a/replacement-2', /b\/old is deprecated in its favour/],
    ])('%s: NamespaceForbidden, naming the tool, and nothing of team b is written', async (_, name, newName, names) => {
      const before = { check: await read('b/check'), old: await read('b/old') };
      const { body } = await as('team-a')(rename(name, newName));
      expect(body.data.renameTool).toEqual({ __typename: 'NamespaceForbidden', namespace: 'b', message: expect.stringMatching(names) });
      expect({ check: await read('b/check'), old: await read('b/old') }).toEqual(before);
      expect(await read(name)).toMatchObject({ name, revision: 1 });
    });

    it('goes ahead for a caller who may write every tool it rewrites, and a deprecation it rewrites keeps its author', async () => {
      const { body } = await admin(rename('a/replacement', 'a/replacement-3'));
      expect(body.data.renameTool).toEqual({ __typename: 'RenameToolSuccess', tool: { name: 'a/replacement-3' } });
      expect(await read('b/old')).toMatchObject({
        revision: 3,
        updatedBy: 'admin',
        deprecation: { replacedByName: 'a/replacement-3', deprecatedBy: 'team-b' },
      });
    });

    it('renames a tool that only its own team refers to', async () => {
      expect((await as('team-a')(CREATE, { input: validation('a/own-check', 'a/own-ref') })).body.data.createTool.__typename).toBe('CreateToolSuccess');
      expect((await as('team-a')(rename('a/own-ref', 'a/own-ref-2'))).body.data.renameTool).toEqual({
        __typename: 'RenameToolSuccess',
        tool: { name: 'a/own-ref-2' },
      });
      expect(await read('a/own-check')).toMatchObject({ wraps: { name: 'a/own-ref-2' }, updatedBy: 'team-a' });
    });
  });

  describe('3. a JWT subject is never a token name nor anonymous', () => {
    it.each([
      ['the name of an API token', 'team-a', 'jwt:team-a'],
      ['anonymous', 'anonymous', 'jwt:anonymous'],
    ])('a JWT whose sub is %s is recorded as jwt:<sub>', async (_, sub, recorded) => {
      const token = await jwt({ sub, toolgraph_role: 'write', toolgraph_namespaces: ['a'] });
      const name = `a/by-jwt-${sub}`;
      expect((await graphqlAs(token, a.url, CREATE, { input: builtin(name) })).body.data.createTool).toEqual({
        __typename: 'CreateToolSuccess',
        tool: { name, createdBy: recorded },
      });
    });
  });

  describe('5. a grant claim of any other shape is no grant', () => {
    it.each([
      ['"*" among other values', ['*', 5, {}]],
      ['a nested list', [['a']]],
      ['a plain string', 'a'],
      ['null in the list', [null]],
      ['an object', { '*': true }],
      ['a number', 5],
      ['a namespace no tool could have', ['A/B']],
    ])('%s: UNAUTHENTICATED (401), nothing written', async (_, namespaces) => {
      const token = await jwt({ sub: 'shaped', toolgraph_role: 'write', toolgraph_namespaces: namespaces });
      expectUnauthenticated(await graphqlAs(token, a.url, CREATE, { input: builtin('a/shaped') }), /toolgraph_namespaces/);
      expect(await read('a/shaped')).toBeNull();
    });

    it('"*" alone, as the spec documents it, grants every namespace', async () => {
      const token = await jwt({ sub: 'everywhere', toolgraph_role: 'write', toolgraph_namespaces: '*' });
      expect((await graphqlAs(token, a.url, CREATE, { input: builtin('b/from-star') })).body.data.createTool.__typename).toBe('CreateToolSuccess');
    });
  });

  describe('6. without an accepted credential, the schema tells nothing', () => {
    it.each([
      ['a misspelt field', `{ tool(name: "b/t2") { nam } }`],
      ['an unknown argument', `{ tools(frist: 3) { totalCount } }`],
      ['a syntax error', `{ tool(name: `],
      ['introspection', `{ __schema { types { name } } }`],
    ])('%s: 401 before validation, without a suggestion', async (_, query) => {
      for (const credential of [undefined, 'tg_not-a-token', 'not.a.jwt']) {
        const result = await graphqlAs(credential, a.url, query);
        expectUnauthenticated(result);
        expect(JSON.stringify(result.body)).not.toMatch(/Did you mean|Syntax Error|Cannot query/);
      }
    });
  });

  describe('the owner of a wrapped tool retires it without an admin; the wrapping team is told', () => {
    beforeAll(async () => {
      expect((await as('team-b')(CREATE, { input: builtin('b/retiring') })).body.data.createTool.__typename).toBe('CreateToolSuccess');
      expect((await as('team-a')(CREATE, { input: validation('a/checks-retiring', 'b/retiring') })).body.data.createTool.__typename).toBe('CreateToolSuccess');
    });
    const DELETE = `mutation { deleteTool(name: "b/retiring") { __typename ... on ToolIsWrapped { message } } }`;

    it('is refused while the tool is not deprecated, saying how to retire it', async () => {
      expect((await as('team-b')(DELETE)).body.data.deleteTool).toEqual({
        __typename: 'ToolIsWrapped',
        message: expect.stringMatching(/deprecate it to retire it/),
      });
    });

    it('deleted once deprecated, leaving the validation as its team wrote it, showing the tool retired', async () => {
      const before = await read('a/checks-retiring');
      const deprecate = `mutation { deprecateTool(name: "b/retiring", message: "Going away.") { __typename } }`;
      expect((await as('team-b')(deprecate)).body.data.deprecateTool.__typename).toBe('DeprecateToolSuccess');
      expect((await as('team-b')(DELETE)).body.data.deleteTool.__typename).toBe('DeleteToolSuccess');
      const after = await read('a/checks-retiring');
      expect(after).toEqual({
        ...before,
        wraps: null,
        implementation: { toolName: 'b/retiring', toolRetired: true, tool: null },
      });
      expect(before.implementation).toEqual({ toolName: 'b/retiring', toolRetired: false, tool: { name: 'b/retiring' } });
    });

    it('keeps the name while a validation names it: a purge is refused, and a validation cannot take the name', async () => {
      const purge = `mutation { purgeTool(name: "b/retiring") { __typename ... on ToolIsWrapped { wrappedBy { name } } } }`;
      expect((await admin(purge)).body.data.purgeTool).toEqual({ __typename: 'ToolIsWrapped', wrappedBy: [{ name: 'a/checks-retiring' }] });
      const taken = await as('team-b')(
        `mutation ($input: ToolInput!) { createTool(input: $input) { __typename ... on ToolValidationError { issues { code } } } }`,
        {
          input: validation('b/retiring', 'a/wrapped'),
        },
      );
      expect(taken.body.data.createTool).toEqual({ __typename: 'ToolValidationError', issues: [{ code: 'TOOL_IS_WRAPPED' }] });
    });
  });
});

describe.each(testDatabases())('4. budgets count operations, on %s', (kind) => {
  let database: FreshDatabase;
  let server: RunningServer;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    database = await freshDatabase(kind);
    tokens.wb = await createToken(database.url, { name: 'wb', namespaces: '*', role: 'write' });
    tokens.writer = await createToken(database.url, { name: 'writer', namespaces: '*', role: 'write' });
    server = await startServer(database.url, {
      TOOLGRAPH_AUTH: 'on',
      TOOLGRAPH_JWT_SECRET: SECRET,
      TOOLGRAPH_RATE_LIMIT_WRITES: '3',
      TOOLGRAPH_RATE_LIMIT_READS: '10',
    });
  }, 60_000);

  afterAll(async () => {
    await killServer(server);
    await database?.drop();
  });

  const aliasedCreates = (prefix: string, count: number) =>
    `mutation { ${Array.from({ length: count }, (_, i) => `t${i}: createTool(input: { name: "${prefix}-${i}", description: "Aliased.", source: BUILTIN }) { __typename }`).join(' ')} }`;
  const count = async (namespace: string) =>
    (await graphqlAs(undefined, server.url, `{ tools(filter: { namespace: "${namespace}" }) { totalCount } }`)).body.data.tools.totalCount;

  it('20 aliased writes over a budget of 3: refused whole (429), nothing written', async () => {
    const result = await graphqlAs(tokens.wb, server.url, aliasedCreates('aliases/over', 20));
    expect(result.status).toBe(429);
    expect(result.body.errors).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'RATE_LIMITED' }) })]);
    expect(await count('aliases')).toBe(0);
  });

  it('3 aliased writes spend the budget of 3: the next write is refused', async () => {
    const within = await graphqlAs(tokens.writer, server.url, aliasedCreates('fits/in', 3));
    expect(within.status).toBe(200);
    expect(await count('fits')).toBe(3);
    expect((await graphqlAs(tokens.writer, server.url, aliasedCreates('fits/more', 1))).status).toBe(429);
    expect(await count('fits')).toBe(3);
  });

  it("a JWT whose sub is a token's name has a budget of its own", async () => {
    const token = await jwt({ sub: 'wb', toolgraph_role: 'write', toolgraph_namespaces: ['jwt'] });
    // The token `wb` spent its budget above; the JWT `wb` has not.
    expect((await graphqlAs(tokens.wb, server.url, aliasedCreates('jwt/token', 1))).status).toBe(429);
    const result = await graphqlAs(token, server.url, aliasedCreates('jwt/own', 1));
    expect(result).toEqual({ status: 200, body: { data: { t0: { __typename: 'CreateToolSuccess' } } } });
  });

  it('aliased reads spend one read each: 20 in one request over a budget of 10 are refused', async () => {
    const reads = `{ ${Array.from({ length: 20 }, (_, i) => `r${i}: tool(name: "fits/in-0") { name }`).join(' ')} }`;
    const result = await graphqlAs(tokens.writer, server.url, reads);
    expect(result.status).toBe(429);
    expect(result.body.data ?? null).toBeNull();
  });
});
