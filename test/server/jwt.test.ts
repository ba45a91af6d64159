/**
 * Bearer JWTs (spec section 6, "JWT") on the real server process over HTTP, with access control on
 * (TOOLGRAPH_AUTH=on): keys published by a JWKS endpoint this test runs, or a shared HS256 secret.
 * A token's grant claims decide where it writes and its `sub`, behind `jwt:`, is the recorded actor; every kind of
 * token that must not be accepted is UNAUTHENTICATED with HTTP 401 and writes nothing; the JWKS is
 * cached and fetched again for a key id it does not know; an issuer that cannot be reached is an
 * outage (503), not the client's fault.
 *
 * One SQLite database per server: a credential is checked before the database is touched, and the
 * writes it allows are the same on both kinds (the store suites run both).
 */
import { randomBytes } from 'node:crypto';
import { exportSPKI, UnsecuredJWT, type JWTPayload } from 'jose';
import { subscribe, type SseSubscription } from '../events/sse';
import { fetchAs, graphqlAs } from '../support/credentials';
import { freshDatabase, type FreshDatabase } from '../support/databases';
import { signingKey, signJwt, startJwksEndpoint, type JwksEndpoint, type SigningKey } from '../support/jwt-issuer';
import { killServer, startServer, type RunningServer } from '../support/server-process';

const ISSUER = 'https://issuer.toolgraph.test';
const AUDIENCE = 'toolgraph';

const CREATE = /* GraphQL */ `
  mutation ($input: ToolInput!) {
    createTool(input: $input) { __typename ... on CreateToolSuccess { tool { name createdBy updatedBy } } ... on NamespaceForbidden { namespace } }
  }
`;
const TOOL = `query ($name: String!) { tool(name: $name) { name createdBy } }`;
const LIST = `{ tools(first: 50) { edges { node { name } } } }`;
const EVENTS = `subscription ($namespace: String) { toolEvents(namespace: $namespace) { kind name actor } }`;

const seconds = () => Math.floor(Date.now() / 1000);

/** Claims of a token that this registry's configuration accepts, writing in `namespaces`; `overrides` set or (undefined) drop claims. */
function claims(namespaces: string[], overrides: JWTPayload = {}): JWTPayload {
  return {
    iss: ISSUER,
    aud: AUDIENCE,
    sub: `bot@${namespaces.join('+')}`,
    iat: seconds(),
    exp: seconds() + 600,
    toolgraph_role: 'write',
    toolgraph_namespaces: namespaces,
    ...overrides,
  };
}

/** The server process with access control on, and a fresh database dropped with it. */
function useServer(env: () => Record<string, string>) {
  const handle: { url: string; server?: RunningServer; database?: FreshDatabase } = { url: '' };
  beforeAll(async () => {
    handle.database = await freshDatabase('sqlite');
    handle.server = await startServer(handle.database.url, { TOOLGRAPH_AUTH: 'on', ...env() });
    handle.url = handle.server.url;
  }, 30_000);
  afterAll(async () => {
    await killServer(handle.server);
    await handle.database?.drop();
  });
  const create = (token: string | undefined, name: string) =>
    graphqlAs(token, handle.url, CREATE, { input: { name, description: 'Written in the JWT tests.', source: 'BUILTIN' } });
  /** The tool as stored, read without a credential; null when there is none. */
  const stored = async (name: string) => (await graphqlAs(undefined, handle.url, TOOL, { name })).body.data.tool;
  return { handle, create, stored };
}

/** The refusal of a credential: GraphQL's UNAUTHENTICATED with HTTP 401, no data. */
function expectUnauthenticated(result: { status: number; body: any }): void {
  expect(result.status).toBe(401);
  expect(result.body.data ?? null).toBeNull();
  expect(result.body.errors).toEqual([expect.objectContaining({ extensions: { code: 'UNAUTHENTICATED' } })]);
}

describe('JWTs verified with keys from a JWKS endpoint (TOOLGRAPH_JWT_JWKS_URL, issuer and audience set)', () => {
  const keys = {} as Record<'RS256' | 'ES256', SigningKey>;
  let jwks: JwksEndpoint;
  // Before useServer's hooks: the server is started with the endpoint's URL.
  beforeAll(async () => {
    keys.RS256 = await signingKey('RS256', 'rsa-1');
    keys.ES256 = await signingKey('ES256', 'ec-1');
    jwks = await startJwksEndpoint([keys.RS256.jwk, keys.ES256.jwk]);
  });
  afterAll(() => jwks?.close());
  const { handle, create, stored } = useServer(() => ({
    TOOLGRAPH_JWT_JWKS_URL: jwks.url,
    TOOLGRAPH_JWT_ISSUER: ISSUER,
    TOOLGRAPH_JWT_AUDIENCE: AUDIENCE,
  }));
  const open: SseSubscription[] = [];
  afterEach(() => {
    for (const subscription of open.splice(0)) subscription.close();
  });

  it.each(['RS256', 'ES256'] as const)('%s: a token with role write writes in its namespace as its sub, and gets NamespaceForbidden elsewhere', async (alg) => {
    const namespace = alg.toLowerCase();
    const token = await signJwt(claims([namespace], { sub: `deployer-${namespace}` }), keys[alg]);

    const own = await create(token, `${namespace}/build`);
    expect(own).toEqual({
      status: 200,
      body: {
        data: {
          createTool: {
            __typename: 'CreateToolSuccess',
            tool: { name: `${namespace}/build`, createdBy: `jwt:deployer-${namespace}`, updatedBy: `jwt:deployer-${namespace}` },
          },
        },
      },
    });
    expect(await stored(`${namespace}/build`)).toEqual({ name: `${namespace}/build`, createdBy: `jwt:deployer-${namespace}` });

    const elsewhere = await create(token, 'elsewhere/build');
    expect(elsewhere).toEqual({ status: 200, body: { data: { createTool: { __typename: 'NamespaceForbidden', namespace: 'elsewhere' } } } });
    expect(await stored('elsewhere/build')).toBeNull();
  });

  it('a token for every namespace (toolgraph_namespaces: ["*"]) writes in any of them', async () => {
    const token = await signJwt(claims(['*'], { sub: 'platform-admin' }), keys.RS256);
    for (const name of ['star-a/tool', 'star-b/tool']) {
      expect((await create(token, name)).body.data.createTool).toEqual({
        __typename: 'CreateToolSuccess',
        tool: { name, createdBy: 'jwt:platform-admin', updatedBy: 'jwt:platform-admin' },
      });
    }
  });

  it('a token with role read cannot write, even in the namespaces it names', async () => {
    const token = await signJwt(claims(['readers'], { toolgraph_role: 'read' }), keys.RS256);
    expect((await create(token, 'readers/tool')).body.data.createTool).toEqual({ __typename: 'NamespaceForbidden', namespace: 'readers' });
    expect(await stored('readers/tool')).toBeNull();
  });

  it('a token without the toolgraph claims is a reader: it reads, and its writes are NamespaceForbidden', async () => {
    const token = await signJwt(claims([], { toolgraph_role: undefined, toolgraph_namespaces: undefined }), keys.ES256);
    expect((await graphqlAs(token, handle.url, TOOL, { name: 'rs256/build' })).body).toEqual({
      data: { tool: { name: 'rs256/build', createdBy: 'jwt:deployer-rs256' } },
    });
    expect((await create(token, 'claimless/tool')).body.data.createTool).toEqual({ __typename: 'NamespaceForbidden', namespace: 'claimless' });
    expect(await stored('claimless/tool')).toBeNull();
  });

  const refusals: [string, () => Promise<string>][] = [
    ['an expired token', () => signJwt(claims(['refused'], { iat: seconds() - 3600, exp: seconds() - 60 }), keys.RS256)],
    ['a token not valid yet (nbf)', () => signJwt(claims(['refused'], { nbf: seconds() + 60 }), keys.RS256)],
    ['a token of another issuer', () => signJwt(claims(['refused'], { iss: 'https://elsewhere.test' }), keys.ES256)],
    ['a token for another audience', () => signJwt(claims(['refused'], { aud: 'another-api' }), keys.ES256)],
    ['a token signed by another key under a published kid', async () => signJwt(claims(['refused']), await signingKey('RS256', 'rsa-1'))],
    ['an unsigned token (alg: none)', async () => new UnsecuredJWT(claims(['refused'])).encode()],
    [
      'an HS256 token whose secret is the published public key (algorithm confusion)',
      async () => signJwt(claims(['refused']), { secret: await exportSPKI(keys.RS256.publicKey) }),
    ],
    [
      'a signed token whose claims were changed afterwards',
      async () => {
        const [header, , signature] = (await signJwt(claims(['refused'], { toolgraph_role: 'read' }), keys.RS256)).split('.');
        return [header, Buffer.from(JSON.stringify(claims(['refused']))).toString('base64url'), signature].join('.');
      },
    ],
    ['a token without sub', () => signJwt(claims(['refused'], { sub: undefined }), keys.RS256)],
    ['a token that never expires (no exp)', () => signJwt(claims(['refused'], { exp: undefined }), keys.RS256)],
    ['a token whose grant claims are no grant', () => signJwt(claims(['refused'], { toolgraph_role: 'owner' }), keys.RS256)],
    ['garbage', async () => 'not.a.jwt'],
  ];

  it.each(refusals)('refuses %s: UNAUTHENTICATED, HTTP 401, nothing written, the token not repeated', async (_what, make) => {
    const token = await make();
    const name = `refused/${randomBytes(4).toString('hex')}`;
    const refused = await create(token, name);
    expectUnauthenticated(refused);
    expect(JSON.stringify(refused.body)).not.toContain(token);
    expect(await stored(name)).toBeNull();
    // The same write with an accepted token does write: what refused it was the credential alone.
    expect((await create(await signJwt(claims(['refused']), keys.RS256), name)).body.data.createTool.__typename).toBe('CreateToolSuccess');
  });

  it('refuses a credential that cannot be accepted on a read as well, though reads are public', async () => {
    const expired = await signJwt(claims(['rs256'], { exp: seconds() - 60 }), keys.RS256);
    expectUnauthenticated(await graphqlAs(expired, handle.url, TOOL, { name: 'rs256/build' }));
  });

  it('keeps reads public: one tool, a list and the event stream need no credential', async () => {
    expect((await graphqlAs(undefined, handle.url, TOOL, { name: 'rs256/build' })).body.data.tool).toEqual({
      name: 'rs256/build',
      createdBy: 'jwt:deployer-rs256',
    });
    const list = await graphqlAs(undefined, handle.url, LIST);
    expect(list.status).toBe(200);
    expect(list.body.data.tools.edges.map((edge: { node: { name: string } }) => edge.node.name)).toContain('rs256/build');

    const events = await subscribe(fetch, handle.url, EVENTS, { namespace: 'public-events' });
    open.push(events);
    expect(events.status).toBe(200);
    await create(await signJwt(claims(['public-events'], { sub: 'event-writer' }), keys.ES256), 'public-events/tool');
    expect(await events.next()).toEqual({ data: { toolEvents: { kind: 'CREATED', name: 'public-events/tool', actor: 'jwt:event-writer' } } });
  });

  it('fetches the JWKS once for many requests, not per request nor per unknown kid, and again for the kid of a rotated key', async () => {
    const accepted = await signJwt(claims(['cache']), keys.RS256);
    for (let i = 0; i < 20; i++) expect((await create(accepted, `cache/tool-${i}`)).status).toBe(200);
    // Every token so far named a published kid (or was refused before its key was looked up).
    expect(jwks.fetches).toBe(1);

    // Tokens naming key ids nobody published: the issuer is asked at most once for all of them.
    for (let i = 0; i < 10; i++) {
      const stranger = await signingKey('RS256', `unknown-${i}`);
      expectUnauthenticated(await create(await signJwt(claims(['cache']), stranger), 'cache/stranger'));
    }
    expect(jwks.fetches).toBeLessThanOrEqual(2);

    // The issuer rotates: a new key appears in its JWKS and signs new tokens.
    const rotated = await signingKey('RS256', 'rsa-2');
    jwks.publish([keys.RS256.jwk, keys.ES256.jwk, rotated.jwk]);
    const before = jwks.fetches;
    const published = Date.now();
    const token = await signJwt(claims(['cache'], { sub: 'rotated-signer' }), rotated);
    let attempts = 0;
    let result = await create(token, 'cache/rotated');
    // Until the refetch cooldown after the last fetch has passed (jwt.ts, JWKS_COOLDOWN_MS), the new kid is unknown: 401.
    while (result.status === 401 && Date.now() - published < 20_000) {
      attempts += 1;
      await new Promise((resolve) => setTimeout(resolve, 500));
      result = await create(token, 'cache/rotated');
    }
    expect(result.body.data.createTool).toEqual({
      __typename: 'CreateToolSuccess',
      tool: {
        name: 'cache/rotated',
        createdBy: 'jwt:rotated-signer',
        updatedBy: 'jwt:rotated-signer',
      },
    });
    expect(jwks.fetches).toBe(before + 1);
    const waited = Date.now() - published;

    for (let i = 0; i < 10; i++) expect((await graphqlAs(token, handle.url, TOOL, { name: 'cache/rotated' })).status).toBe(200);
    expect(jwks.fetches).toBe(before + 1);
    console.log(
      `JWKS fetches over the whole suite: ${jwks.fetches} (${before} before the rotation); the rotated key's token was accepted ` +
        `${waited} ms after the key was published, after ${attempts} refusals and with one fetch`,
    );
  }, 60_000);
});

describe('an issuer whose JWKS cannot be fetched', () => {
  let key: SigningKey;
  let jwks: JwksEndpoint;
  beforeAll(async () => {
    key = await signingKey('ES256', 'ec-outage');
    jwks = await startJwksEndpoint([key.jwk]);
  });
  afterAll(() => jwks?.close());
  const { create, stored } = useServer(() => ({ TOOLGRAPH_JWT_JWKS_URL: jwks.url }));

  /** A write with a token the issuer did sign: refused only because its key cannot be had. */
  const expectUnavailable = async (name: string) => {
    const result = await create(await signJwt(claims(['outage']), key), name);
    expect(result.status).toBe(503);
    expect(result.body.errors).toEqual([expect.objectContaining({ extensions: { code: 'SERVICE_UNAVAILABLE' } })]);
    expect(await stored(name)).toBeNull();
  };

  it('answers SERVICE_UNAVAILABLE (503), not 401, while the endpoint refuses connections, fails, answers no JSON or hangs', async () => {
    await jwks.stop();
    await expectUnavailable('outage/refused');
    await jwks.restart();
    for (const behaviour of ['fail', 'garble', 'hang'] as const) {
      jwks.behave(behaviour);
      await expectUnavailable(`outage/${behaviour}`);
    }
    expect(jwks.fetches).toBe(3);
  }, 20_000);

  // jose keeps fetched keys for 10 minutes; an outage longer than that refuses every JWT with 503.
  it('accepts the token once the issuer answers again, and keeps using the keys it fetched while the issuer is away', async () => {
    jwks.behave('serve');
    const token = await signJwt(claims(['outage'], { sub: 'patient' }), key);
    expect((await create(token, 'outage/back')).body.data.createTool).toEqual({
      __typename: 'CreateToolSuccess',
      tool: {
        name: 'outage/back',
        createdBy: 'jwt:patient',
        updatedBy: 'jwt:patient',
      },
    });
    await jwks.stop();
    expect((await create(token, 'outage/cached')).body.data.createTool.__typename).toBe('CreateToolSuccess');
  });
});

describe('JWTs with a shared secret (TOOLGRAPH_JWT_SECRET, HS256)', () => {
  const secret = randomBytes(32).toString('hex');
  const { create, stored } = useServer(() => ({ TOOLGRAPH_JWT_SECRET: secret }));

  it('accepts an HS256 token signed with the secret: it writes in its namespace as its sub', async () => {
    const token = await signJwt(claims(['shared'], { sub: 'hmac-bot', iss: undefined, aud: undefined }), { secret });
    expect((await create(token, 'shared/tool')).body.data.createTool).toEqual({
      __typename: 'CreateToolSuccess',
      tool: {
        name: 'shared/tool',
        createdBy: 'jwt:hmac-bot',
        updatedBy: 'jwt:hmac-bot',
      },
    });
  });

  it.each([
    ['an RS256 token', async () => signJwt(claims(['shared']), await signingKey('RS256', 'rsa-1'))],
    ['an HS256 token signed with another secret', () => signJwt(claims(['shared']), { secret: randomBytes(32).toString('hex') })],
  ])('refuses %s: UNAUTHENTICATED, HTTP 401, nothing written', async (_what, make) => {
    expectUnauthenticated(await create(await make(), 'shared/refused'));
    expect(await stored('shared/refused')).toBeNull();
  });
});

describe('reads that need a credential (TOOLGRAPH_READ_ACCESS=authenticated)', () => {
  const secret = randomBytes(32).toString('hex');
  const { handle, create } = useServer(() => ({ TOOLGRAPH_JWT_SECRET: secret, TOOLGRAPH_READ_ACCESS: 'authenticated' }));
  const reader = () => signJwt(claims([], { sub: 'reader', toolgraph_role: 'read', toolgraph_namespaces: [] }), { secret });
  const writer = () => signJwt(claims(['private'], { sub: 'writer' }), { secret });
  const open: SseSubscription[] = [];
  afterEach(() => {
    for (const subscription of open.splice(0)) subscription.close();
  });

  beforeAll(async () => {
    expect((await create(await writer(), 'private/tool')).body.data.createTool.__typename).toBe('CreateToolSuccess');
  });

  it.each([
    ['one tool', TOOL, { name: 'private/tool' }, { tool: { name: 'private/tool', createdBy: 'jwt:writer' } }],
    ['a list', LIST, undefined, { tools: { edges: [{ node: { name: 'private/tool' } }] } }],
  ])('%s: refused without a credential (401), answered with a read token', async (_what, query, variables, expected) => {
    expectUnauthenticated(await graphqlAs(undefined, handle.url, query, variables));
    expect(await graphqlAs(await reader(), handle.url, query, variables)).toEqual({ status: 200, body: { data: expected } });
  });

  it('the event stream: refused without a credential (401), delivered with a read token', async () => {
    const anonymous = await subscribe(fetch, handle.url, EVENTS, { namespace: 'private' });
    open.push(anonymous);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.next()).toEqual({ errors: [expect.objectContaining({ extensions: { code: 'UNAUTHENTICATED' } })] });

    const events = await subscribe(fetchAs(await reader()), handle.url, EVENTS, { namespace: 'private' });
    open.push(events);
    expect(events.status).toBe(200);
    await create(await writer(), 'private/second');
    expect(await events.next()).toEqual({ data: { toolEvents: { kind: 'CREATED', name: 'private/second', actor: 'jwt:writer' } } });
  });
});
