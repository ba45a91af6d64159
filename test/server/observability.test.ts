/**
 * Seeing into a running server (issue 12, points 1 to 4): its JSON log lines, /metrics, spans, and
 * the probes' endpoints. Logs and probes through a real server process; metrics and spans through
 * yoga.fetch on real databases, with the collectors' own code (prom-client's text, an in-memory
 * span exporter, and a fake OTLP collector for the process).
 */
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { promisify } from 'node:util';
import { context, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { InProcessToolEventBus } from '../../src/server/events';
import { createLogger } from '../../src/server/logger';
import { MAX_LABEL_VALUES, ServerMetrics } from '../../src/server/metrics';
import { tracingHooks } from '../../src/server/plugins/use-tracing';
import { createToolgraphServer, type ToolgraphServer } from '../../src/server/yoga';
import { createStores, type Stores } from '../../src/store';
import { freshDatabase, testDatabases, type FreshDatabase } from '../support/databases';
import { freePort } from '../events/redis-server';
import { killServer, launch, logLines, startServer, type RunningServer } from '../support/server-process';
import { createToken } from '../support/token-command';

const SECRET_IN_VARIABLE = 'sk_live_9f8e7d6c5b4a39281706';
const SECRET_CODE = 'def run():\n    return "TOP-SECRET-CODE-4711"';
const CREATE = `mutation CreateSecretive($input: ToolInput!) { createTool(input: $input) { __typename ... on CreateToolSuccess { tool { createdBy } } } }`;
const customTool = (name: string) => ({ input: { name, description: `Holds ${SECRET_IN_VARIABLE}.`, source: 'CUSTOM', code: SECRET_CODE } });

const until = async <T>(probe: () => T | undefined, what: string, timeoutMs = 10_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const graphql = (url: string, body: object, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('the log of a server process', () => {
  let database: FreshDatabase;
  let server: RunningServer | undefined;
  let token: string;
  beforeAll(async () => {
    database = await freshDatabase('sqlite');
    token = await createToken(database.url, { name: 'team-ops', namespaces: 'logs', role: 'write' });
    server = await startServer(database.url, { TOOLGRAPH_AUTH: 'on' });
  });
  afterAll(async () => {
    await killServer(server);
    await database?.drop();
  });

  const lineOf = (reqId: string) => until(() => logLines(server!.output()).find((line) => line.reqId === reqId), `the log line of ${reqId}`);

  it('is one JSON object a line, and says the server listens', () => {
    const lines = server!.output().trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(logLines(server!.output())).toContainEqual(
      expect.objectContaining({
        level: 'info',
        service: 'toolgraph',
        msg: expect.stringMatching(/^toolgraph listening on http:\/\//),
        time: expect.any(Number),
      }),
    );
  });

  it('logs a write with its request id, operation, actor, outcome and duration, and never the token, a variable or the code', async () => {
    const response = await graphql(
      server!.url,
      { query: CREATE, variables: customTool('logs/secretive') },
      { authorization: `Bearer ${token}`, 'x-request-id': 'deploy-42.a:b' },
    );
    expect(await response.json()).toEqual({ data: { createTool: { __typename: 'CreateToolSuccess', tool: { createdBy: 'team-ops' } } } });
    expect(response.headers.get('x-request-id')).toBe('deploy-42.a:b');
    expect(await lineOf('deploy-42.a:b')).toEqual({
      level: 'info',
      time: expect.any(Number),
      service: 'toolgraph',
      pid: server!.child.pid,
      hostname: expect.any(String),
      reqId: 'deploy-42.a:b',
      method: 'POST',
      status: 200,
      durationMs: expect.any(Number),
      operation: 'CreateSecretive',
      operationType: 'mutation',
      outcome: 'ok',
      actor: 'team-ops',
      msg: 'graphql request',
    });
    // A refused credential is logged too, without the credential.
    const refused = await graphql(
      server!.url,
      { query: CREATE, variables: customTool('logs/other') },
      { authorization: `Bearer ${token}x`, 'x-request-id': 'refused-1' },
    );
    expect(refused.status).toBe(401);
    expect(await lineOf('refused-1')).toMatchObject({ status: 401, outcome: 'error', errorCodes: ['UNAUTHENTICATED'] });
    const output = server!.output();
    for (const secret of [token, SECRET_IN_VARIABLE, 'TOP-SECRET-CODE-4711', 'Holds']) expect(output).not.toContain(secret);
  });

  it('makes up a request id when the client sends none or an unusable one, and logs error codes', async () => {
    for (const sent of [undefined, 'has spaces in it', 'x'.repeat(129), '']) {
      const response = await graphql(server!.url, { query: '{ tools { totalCount } ' }, sent === undefined ? {} : { 'x-request-id': sent });
      const id = response.headers.get('x-request-id')!;
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(await lineOf(id)).toMatchObject({ outcome: 'error', errorCodes: ['GRAPHQL_PARSE_FAILED'], operationType: null });
    }
  });

  it('logs a read answered from the response cache like the one that filled it', async () => {
    const read = { query: 'query Counted { tools { totalCount } }', operationName: 'Counted' };
    for (const id of ['read-computed', 'read-cached']) {
      expect((await graphql(server!.url, read, { 'x-request-id': id })).status).toBe(200);
      expect(await lineOf(id)).toMatchObject({ status: 200, operation: 'Counted', operationType: 'query', outcome: 'ok', actor: 'anonymous' });
    }
  });

  it('keeps probes at debug level, below the default', async () => {
    const response = await fetch(new URL('/health', server!.url), { headers: { 'x-request-id': 'probe-1' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('probe-1');
    await graphql(server!.url, { query: '{ tools { totalCount } }' }, { 'x-request-id': 'after-probe' });
    await lineOf('after-probe');
    expect(logLines(server!.output()).find((line) => line.reqId === 'probe-1')).toBeUndefined();
  });
});

describe('LOG_LEVEL and a terminal', () => {
  it('logs nothing below LOG_LEVEL', async () => {
    const database = await freshDatabase('sqlite');
    const server = await startServer(database.url, { LOG_LEVEL: 'debug' }).catch(async (error: unknown) => {
      await database.drop();
      throw error;
    });
    try {
      await fetch(new URL('/health', server.url), { headers: { 'x-request-id': 'probe-2' } });
      expect(await until(() => logLines(server.output()).find((line) => line.reqId === 'probe-2'), 'the probe at debug')).toMatchObject({
        level: 'debug',
        path: '/health',
        status: 200,
      });
    } finally {
      await killServer(server);
      await database.drop();
    }
  });

  it('refuses an unknown LOG_LEVEL, in a JSON line', async () => {
    const server = launch({ LOG_LEVEL: 'chatty' });
    expect(await server.exit).toBe(1);
    expect(logLines(server.output())).toEqual([
      expect.objectContaining({ level: 'fatal', msg: expect.stringMatching(/^toolgraph: LOG_LEVEL must be fatal or error or warn/) }),
    ]);
  });

  it('prints lines for people when stdout is a terminal', async () => {
    const database = await freshDatabase('sqlite');
    const port = await freePort();
    try {
      // `script` runs the server on a pseudo-terminal; `timeout` stops it once it has started.
      const command = `PORT=${port} DATABASE_URL=${database.url} timeout -s INT 12 ${process.execPath} --import tsx src/server/main.ts`;
      const { stdout } = await promisify(execFile)('script', ['-qefc', command, '/dev/null'], { cwd: `${__dirname}/../..` }).catch(
        (error: unknown) => error as { stdout: string },
      );
      // eslint-disable-next-line no-control-regex -- the escape sequences of colours are what is taken out
      const plain = stdout.replace(/\x1b\[[0-9;]*m/g, '');
      expect(plain).toMatch(/\[\d\d:\d\d:\d\d\.\d{3}\] INFO: toolgraph listening on http:\/\/127\.0\.0\.1:\d+\/graphql/);
      expect(plain).not.toContain('{"level"');
    } finally {
      await database.drop();
    }
  }, 30_000);
});

describe('/health and /ready of a server process', () => {
  it('answers /health while alive and /ready once it serves', async () => {
    const database = await freshDatabase('sqlite', { migrated: false });
    const server = await startServer(database.url).catch(async (error: unknown) => {
      await database.drop();
      throw error;
    });
    try {
      const health = await fetch(new URL('/health', server.url));
      expect(health.status).toBe(200);
      const ready = await fetch(new URL('/ready', server.url));
      expect({ status: ready.status, body: await ready.json() }).toEqual({ status: 200, body: { ready: true, database: 'up', events: 'in-process' } });
    } finally {
      await killServer(server);
      await database.drop();
    }
  });
});

/** The value of every sample of `metric` in a Prometheus text, by its labels as written. */
function samples(text: string, metric: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = new RegExp(`^${metric}(\\{[^}]*\\})? (\\S+)$`).exec(line);
    if (match) found.set(match[1] ?? '', Number(match[2]));
  }
  return found;
}

describe.each(testDatabases())('/metrics on %s', (kind) => {
  let database: FreshDatabase;
  let stores: Stores;
  let events: InProcessToolEventBus;
  let metrics: ServerMetrics;
  let yoga: ToolgraphServer;
  beforeAll(async () => {
    database = await freshDatabase(kind);
    metrics = new ServerMetrics();
    stores = await createStores(database.url, { observeQuery: metrics.observeQuery });
    events = new InProcessToolEventBus();
    metrics.watch({ poolUse: stores.poolUse, events });
    yoga = createToolgraphServer({ store: stores.tools, events, logger: createLogger({ level: 'silent' }), metrics: { registry: metrics } });
  });
  afterAll(async () => {
    await events?.close();
    await stores?.tools.close();
    await database?.drop();
  });

  const scrape = async (server = yoga, headers: Record<string, string> = {}) => {
    const response = await server.fetch('http://yoga/metrics', { headers });
    return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
  };
  const run = (query: string, variables?: object) =>
    yoga.fetch('http://yoga/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });

  it('counts operations by name, type and outcome, errors by code, and times the database', async () => {
    await run('query Listing { tools { totalCount } }');
    await run('mutation Adding { createTool(input: { name: "metrics/one", description: "One.", source: BUILTIN }) { __typename } }');
    await run('query Broken { tool(name: "metrics/one") { colour } }');
    const { status, type, text } = await scrape();
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    const operations = samples(text, 'toolgraph_graphql_operation_duration_seconds_count');
    expect(operations.get('{operation="Listing",type="query",outcome="ok"}')).toBe(1);
    expect(operations.get('{operation="Adding",type="mutation",outcome="ok"}')).toBe(1);
    expect(operations.get('{operation="none",type="none",outcome="error"}')).toBe(1);
    expect(samples(text, 'toolgraph_graphql_errors_total').get('{code="GRAPHQL_VALIDATION_FAILED"}')).toBe(1);
    const statements = samples(text, 'toolgraph_db_query_duration_seconds_count');
    expect(statements.get('{statement="select"}')).toBeGreaterThan(0);
    expect(statements.get('{statement="insert"}')).toBeGreaterThan(0);
    // The instance's change tracker listens to the bus (it tells the kept search matches of writes).
    expect(samples(text, 'toolgraph_event_subscribers').get('')).toBe(1);
    expect(samples(text, 'toolgraph_event_bus_available').get('')).toBe(1);
    expect(samples(text, 'process_resident_memory_bytes').get('')).toBeGreaterThan(0);
    const pool = samples(text, 'toolgraph_db_pool_connections');
    if (kind === 'postgres') {
      expect(pool.get('{state="total"}')).toBeGreaterThan(0);
      expect(pool.get('{state="waiting"}')).toBe(0);
    } else {
      expect(pool.size).toBe(0);
    }
  });

  it('counts a live subscriber while it listens', async () => {
    const abort = new AbortController();
    const response = await yoga.fetch('http://yoga/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query: 'subscription { toolEvents { name } }' }),
      signal: abort.signal,
    });
    const reader = response.body!.getReader();
    try {
      await until(() => (events.subscriberCount === 2 ? true : undefined), 'the subscription');
      expect(samples((await scrape()).text, 'toolgraph_event_subscribers').get('')).toBe(2);
    } finally {
      abort.abort();
      await reader.cancel().catch(() => undefined);
    }
  });

  // The bound is the same whatever the database: checked once.
  (kind === 'sqlite' ? it : it.skip)(
    'keeps 10,000 distinct operation names to a bounded number of series',
    async () => {
      for (let index = 0; index < 10_000; index++) await run(`query Op${index} { __typename }`);
      const names = new Set(
        [...samples((await scrape()).text, 'toolgraph_graphql_operation_duration_seconds_count').keys()].map(
          (labels) => /operation="([^"]*)"/.exec(labels)![1],
        ),
      );
      // The first names seen, and `other`, `anonymous` and `none` (no operation ran).
      expect(names.size).toBeLessThanOrEqual(MAX_LABEL_VALUES + 3);
      expect(names).toContain('other');
    },
    60_000,
  );

  it('asks for the bearer token when one is configured, and is absent when metrics are off', async () => {
    const guarded = createToolgraphServer({ store: stores.tools, metrics: { registry: metrics, token: 'scrape-token-0123456789' }, logging: false });
    expect((await scrape(guarded)).status).toBe(401);
    expect((await scrape(guarded, { authorization: 'Bearer scrape-token-012345678' })).status).toBe(401);
    expect((await scrape(guarded, { authorization: 'Bearer scrape-token-0123456789' })).status).toBe(200);
    const off = createToolgraphServer({ store: stores.tools, logging: false });
    expect((await scrape(off)).status).toBe(404);
  });
});

describe.each(testDatabases())('spans on %s', (kind) => {
  const exporter = new InMemorySpanExporter();
  const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  let database: FreshDatabase;
  let stores: Stores;
  let yoga: ToolgraphServer;
  beforeAll(async () => {
    provider.register();
    database = await freshDatabase(kind);
    const hooks = tracingHooks(provider.getTracer('test'), kind);
    stores = await createStores(database.url, { observeQuery: hooks.observeQuery });
    yoga = createToolgraphServer({ store: stores.tools, tracing: hooks, logging: false });
  });
  afterAll(async () => {
    await stores?.tools.close();
    await database?.drop();
    await provider.shutdown();
    trace.disable();
    context.disable();
  });

  it('trace a request: HTTP, the GraphQL phases and each database statement, in the caller’s trace', async () => {
    const parentTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
    const response = await yoga.fetch('http://yoga/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', traceparent: `00-${parentTrace}-00f067aa0ba902b7-01` },
      body: JSON.stringify({ query: 'query ToolByName($name: String!) { tool(name: $name) { name } }', variables: { name: 'spans/secret-variable' } }),
    });
    expect(await response.json()).toEqual({ data: { tool: null } });
    await provider.forceFlush();
    const spans = exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === parentTrace);
    const named = (name: string) => spans.find((span) => span.name === name)!;
    const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
    const http = named('POST /graphql');
    expect(http.attributes).toMatchObject({ 'http.request.method': 'POST', 'url.path': '/graphql', 'http.response.status_code': 200 });
    expect(parentOf(http)).toBe('00f067aa0ba902b7');
    for (const phase of ['graphql.parse', 'graphql.validate', 'graphql.context', 'query ToolByName']) expect(named(phase)).toBeDefined();
    const execute = named('query ToolByName');
    expect(execute.attributes).toEqual({ 'graphql.operation.type': 'query', 'graphql.operation.name': 'ToolByName' });
    const select = named('SELECT');
    expect(select.attributes).toEqual({ 'db.system.name': kind === 'sqlite' ? 'sqlite' : 'postgresql', 'db.query.text': expect.stringMatching(/^SELECT /) });
    // Statement under execute under the request: a trace reads as the request went.
    const ancestors = (span: ReadableSpan): string[] => {
      const parent = spans.find((candidate) => candidate.spanContext().spanId === parentOf(span));
      return parent ? [parent.name, ...ancestors(parent)] : [];
    };
    expect(ancestors(select)[0]).toBe('query ToolByName');
    expect(ancestors(select).at(-1)).toBe('POST /graphql');
    expect(JSON.stringify(spans.map((span) => span.attributes))).not.toContain('secret-variable');
  });
});

describe('a server process with OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  let collector: Server;
  const received: any[] = [];
  beforeAll(async () => {
    collector = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        if (request.url === '/v1/traces') received.push(JSON.parse(body));
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise((resolve) => collector.close(resolve)));

  it('sends its spans over OTLP', async () => {
    const database = await freshDatabase('sqlite');
    const address = collector.address() as { port: number };
    const server = await startServer(database.url, { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${address.port}`, OTEL_BSP_SCHEDULE_DELAY: '100' }).catch(
      async (error: unknown) => {
        await database.drop();
        throw error;
      },
    );
    try {
      expect(server.output()).toContain('traces over OTLP');
      await graphql(server.url, { query: 'query Counting { tools { totalCount } }' });
      const names = await until(() => {
        const spans = received.flatMap((batch) => batch.resourceSpans.flatMap((resource: any) => resource.scopeSpans.flatMap((scope: any) => scope.spans)));
        const all = spans.map((span: any) => span.name as string);
        return all.includes('query Counting') ? all : undefined;
      }, 'spans at the collector');
      expect(names).toEqual(expect.arrayContaining(['POST /graphql', 'graphql.parse', 'query Counting', 'SELECT']));
      const service = received[0].resourceSpans[0].resource.attributes.find((attribute: any) => attribute.key === 'service.name');
      expect(service.value.stringValue).toBe('toolgraph');
    } finally {
      await killServer(server);
      await database.drop();
    }
  });
});
