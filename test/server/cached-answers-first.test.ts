/**
 * Reads the response cache holds are answered as soon as the request's params are read
 * (src/server/plugins/use-cached-answers-first.ts), and only where the full path would answer the
 * same: spans show which path a request took (an early answer has no context, parse or execute
 * span). The early path never reads the database, so one database is enough here; the cache's
 * behaviour on both, and across instances, is tested in ./response-cache.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { context, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { Authenticator } from '../../src/server/auth/authenticator';
import { createJwtVerifier } from '../../src/server/auth/jwt';
import { TokenVerifier } from '../../src/server/auth/tokens';
import { InProcessToolEventBus } from '../../src/server/events';
import { tracingHooks } from '../../src/server/plugins/use-tracing';
import { RateLimits } from '../../src/server/rate-limits';
import { createToolgraphServer, type ToolgraphServer, type ToolgraphServerOptions } from '../../src/server/yoga';
import { createStores, type Stores } from '../../src/store';
import { signJwt } from '../support/jwt-issuer';
import { freshDatabase, type FreshDatabase } from '../support/databases';

const READ = { query: 'query OneTool($name: String!) { tool(name: $name) { name description } }', variables: { name: 'early/one' } };

describe('answers from the response cache before a request is parsed', () => {
  const exporter = new InMemorySpanExporter();
  const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const hooks = tracingHooks(provider.getTracer('test'), 'sqlite');
  const secret = randomBytes(32).toString('base64url');
  let database: FreshDatabase;
  let stores: Stores;
  let tokens: TokenVerifier;
  const buses: InProcessToolEventBus[] = [];

  /** A server with a response cache over the suite's store, configured as `options` say. */
  const serve = (options: Partial<ToolgraphServerOptions> = {}): ToolgraphServer => {
    const events = new InProcessToolEventBus();
    buses.push(events);
    return createToolgraphServer({ store: stores.tools, events, responseCacheTtlSeconds: 60, tracing: hooks, logging: false, ...options });
  };
  const secured = (reads: 'public' | 'authenticated', rateLimits?: RateLimits) =>
    serve({ authenticator: new Authenticator({ control: 'on', reads }, tokens, createJwtVerifier({ secret })), rateLimits });

  /** Sends the read (with `authorization`, if given) and says which path answered it, by its spans. */
  async function read(yoga: ToolgraphServer, authorization?: string, request: { query: string; variables?: object; operationName?: string } = READ) {
    exporter.reset();
    const response = await yoga.fetch('http://yoga/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      body: JSON.stringify(request),
    });
    await provider.forceFlush();
    const spans = exporter.getFinishedSpans().map((span) => span.name);
    return { status: response.status, body: await response.text(), executed: spans.includes('graphql.context') || spans.includes('query OneTool') };
  }

  beforeAll(async () => {
    provider.register();
    database = await freshDatabase('sqlite');
    stores = await createStores(database.url);
    tokens = new TokenVerifier(stores.tokens);
    const writer = serve();
    const created = await writer.fetch('http://yoga/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'mutation { createTool(input: { name: "early/one", description: "One.", source: BUILTIN }) { __typename } }' }),
    });
    expect(await created.json()).toEqual({ data: { createTool: { __typename: 'CreateToolSuccess' } } });
  });
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    await tokens?.close();
    await stores?.tools.close();
    await database?.drop();
    await provider.shutdown();
    trace.disable();
    context.disable();
  });

  it('answers a repeated read without building a context, parsing or executing it, byte for byte as the first time', async () => {
    const yoga = serve();
    const first = await read(yoga);
    expect(first).toMatchObject({ status: 200, executed: true });
    expect(JSON.parse(first.body)).toEqual({ data: { tool: { name: 'early/one', description: 'One.' } } });
    expect(await read(yoga)).toEqual({ ...first, executed: false });
  });

  it('answers early only the same document, operation and variables: another operation or other variables are executed', async () => {
    const yoga = serve();
    const twoOperations = 'query Named { tool(name: "early/one") { name } } query Missing { tool(name: "early/none") { name } }';
    expect(await read(yoga, undefined, { query: twoOperations, operationName: 'Named' })).toMatchObject({ executed: true });
    expect(await read(yoga, undefined, { query: twoOperations, operationName: 'Named' })).toMatchObject({ executed: false });
    const other = await read(yoga, undefined, { query: twoOperations, operationName: 'Missing' });
    expect({ executed: other.executed, body: JSON.parse(other.body) }).toEqual({ executed: true, body: { data: { tool: null } } });
    expect(await read(yoga)).toMatchObject({ executed: true });
    const missing = await read(yoga, undefined, { ...READ, variables: { name: 'early/none' } });
    expect({ executed: missing.executed, body: JSON.parse(missing.body) }).toEqual({ executed: true, body: { data: { tool: null } } });
    // The same read with the body's keys in another order is the same params: answered early, the same.
    const first = await read(yoga);
    expect(await read(yoga, undefined, { variables: READ.variables, query: READ.query })).toEqual({ ...first, executed: false });
  });

  it('takes the full path for a request with a credential, so that a bad one is refused even when the answer is cached', async () => {
    const yoga = secured('public');
    await read(yoga);
    expect((await read(yoga)).executed).toBe(false);
    const refused = await read(yoga, 'Bearer tg_not-a-token');
    expect({ status: refused.status, code: JSON.parse(refused.body).errors?.[0]?.extensions?.code }).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
    const jwt = await signJwt({ sub: 'reader', exp: Math.floor(Date.now() / 1000) + 600, toolgraph_role: 'read', toolgraph_namespaces: ['*'] }, { secret });
    // A good credential gets the same answer, checked on the full path.
    const good = await read(yoga, `Bearer ${jwt}`);
    expect({ status: good.status, body: good.body, executed: good.executed }).toEqual({
      status: 200,
      body: expect.stringContaining('"early/one"'),
      executed: true,
    });
  });

  it('never answers a reader without a credential when reads need one', async () => {
    const yoga = secured('authenticated');
    const jwt = await signJwt({ sub: 'reader', exp: Math.floor(Date.now() / 1000) + 600, toolgraph_role: 'read', toolgraph_namespaces: ['*'] }, { secret });
    expect((await read(yoga, `Bearer ${jwt}`)).status).toBe(200);
    const anonymous = await read(yoga);
    expect({ status: anonymous.status, code: JSON.parse(anonymous.body).errors?.[0]?.extensions?.code }).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
  });

  it("charges each early answer to the client's read budget", async () => {
    const yoga = secured('public', new RateLimits({ readsPerMinute: 3, writesPerMinute: 0 }));
    expect((await read(yoga)).executed).toBe(true);
    expect(await read(yoga)).toMatchObject({ status: 200, executed: false });
    expect(await read(yoga)).toMatchObject({ status: 200, executed: false });
    const fourth = await read(yoga);
    expect({ status: fourth.status, code: JSON.parse(fourth.body).errors?.[0]?.extensions?.code }).toEqual({ status: 429, code: 'RATE_LIMITED' });
  });

  it('answers nothing early once a write empties the cache, and the next read sees the write', async () => {
    const yoga = serve();
    await read(yoga);
    expect((await read(yoga)).executed).toBe(false);
    const updated = await yoga.fetch('http://yoga/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'mutation { updateTool(name: "early/one", input: { description: "Changed." }) { __typename } }' }),
    });
    expect(await updated.json()).toEqual({ data: { updateTool: { __typename: 'UpdateToolSuccess' } } });
    const after = await read(yoga);
    expect(after.executed).toBe(true);
    expect(JSON.parse(after.body)).toEqual({ data: { tool: { name: 'early/one', description: 'Changed.' } } });
  });
});
