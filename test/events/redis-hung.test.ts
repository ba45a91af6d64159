/**
 * A Redis that hangs (SIGSTOP: its connections stay open and nothing is answered) or is slow must
 * never slow a write: each write answers as soon as it commits, an import of 20 tools too.
 * Subscribers are told EVENTS_UNAVAILABLE, `/ready` says the events are down, and everything
 * resumes on its own when Redis answers again. One import is one Redis message.
 */
import Redis from 'ioredis';
import { freshDatabase, type FreshDatabase } from '../support/databases';
import { killServer, post, startServer, type RunningServer } from '../support/server-process';
import { privateRedis, type PrivateRedis } from './redis-server';
import { subscribe } from './sse';

const EVENTS = `subscription { toolEvents { kind name } }`;
const CREATE = `mutation ($input: ToolInput!) { createTool(input: $input) { __typename } }`;
const IMPORT = `mutation ($config: String!) { importTools(config: $config) { __typename ... on ImportToolsSuccess { created } } }`;
const builtin = (name: string) => ({ input: { name, description: 'A tool.', source: 'BUILTIN' } });
const twentyTools = (prefix: string) =>
  `tools:\n${Array.from({ length: 20 }, (_, i) => `  - { name: ${prefix}/t-${i}, description: Tool ${i}., source: builtin }`).join('\n')}`;

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

async function ready(server: RunningServer): Promise<{ status: number; body: { events?: string } }> {
  const response = await fetch(server.url.replace(/\/graphql$/, '/ready'));
  return { status: response.status, body: (await response.json()) as { events?: string } };
}

describe('a server whose Redis hangs', () => {
  let database: FreshDatabase;
  let redis: PrivateRedis;
  let server: RunningServer | undefined;
  let spy: Redis | undefined;

  beforeAll(async () => {
    database = await freshDatabase('sqlite');
    redis = await privateRedis();
    server = await startServer(database.url, { REDIS_URL: redis.url, REDIS_CHANNEL: 'hung-test' });
  }, 60_000);
  afterAll(async () => {
    spy?.disconnect();
    await killServer(server);
    redis.resume();
    await redis.stop();
    await database?.drop();
  });

  it('publishes one Redis message per write, and one for a whole import', async () => {
    spy = new Redis(redis.url);
    const messages: string[] = [];
    await spy.subscribe('hung-test');
    spy.on('message', (_channel: string, message: string) => messages.push(message));
    expect((await post(server!.url, CREATE, builtin('batch/one'))).data.createTool.__typename).toBe('CreateToolSuccess');
    expect((await post(server!.url, IMPORT, { config: twentyTools('batch') })).data.importTools.created).toBe(20);
    for (let i = 0; i < 50 && messages.length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(messages.map((m) => JSON.parse(m).events.length)).toEqual([1, 20]);
  });

  it('answers every write as soon as it commits, tells subscribers, and recovers on its own', async () => {
    const open = await subscribe(fetch, server!.url, EVENTS);
    expect((await ready(server!)).status).toBe(200);
    redis.pause();

    const writes = [];
    for (let i = 0; i < 10; i++) writes.push(await timed(() => post(server!.url, CREATE, builtin(`hung/t-${i}`))));
    const bulk = await timed(() => post(server!.url, IMPORT, { config: twentyTools('hung-import') }));
    expect(writes.map((w) => w.result.data.createTool.__typename)).toEqual(Array(10).fill('CreateToolSuccess'));
    expect(bulk.result.data.importTools.created).toBe(20);
    const slowest = Math.max(...writes.map((w) => w.ms), bulk.ms);
    console.log(`writes while Redis hangs: slowest ${slowest.toFixed(0)} ms (import of 20 tools: ${bulk.ms.toFixed(0)} ms)`);
    expect(slowest).toBeLessThan(500);

    // The health probe notices within seconds: open streams end, /ready says so, new streams are refused.
    const ended = await open.next(6000);
    expect(ended).toMatchObject({ errors: [{ extensions: { code: 'EVENTS_UNAVAILABLE' } }] });
    let status = await ready(server!);
    for (let i = 0; i < 30 && status.status === 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = await ready(server!);
    }
    expect(status).toEqual({ status: 503, body: expect.objectContaining({ events: 'down' }) });
    const refused = await subscribe(fetch, server!.url, EVENTS);
    expect(await refused.next(3000)).toMatchObject({ errors: [{ extensions: { code: 'EVENTS_UNAVAILABLE' } }] });

    redis.resume();
    for (let i = 0; i < 50 && (await ready(server!)).status !== 200; i++) await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await ready(server!)).status).toBe(200);
    let delivered: string | undefined;
    for (let attempt = 0; attempt < 30 && !delivered; attempt++) {
      const again = await subscribe(fetch, server!.url, EVENTS);
      await post(server!.url, CREATE, builtin(`hung/after-${attempt}`));
      const got = await again.next(1000);
      if (got !== 'timeout' && got !== 'complete' && !got.errors) delivered = got.data.toolEvents.name;
      again.close();
      if (!delivered) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(delivered).toMatch(/^hung\/after-\d+$/);
    expect((await post(server!.url, '{ tools(filter: { namespace: "hung" }) { totalCount } }')).data.tools.totalCount).toBeGreaterThanOrEqual(11);
  }, 60_000);
});
