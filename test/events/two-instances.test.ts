/**
 * Several instances behind one load balancer: two real server processes on one database (Postgres
 * when reachable), sharing a real Redis. A client subscribed over SSE to instance B sees the writes
 * made on instance A, and the delay from A's commit to B's client is measured and printed.
 */
import { randomBytes } from 'node:crypto';
import { freshDatabase, testDatabases, type FreshDatabase } from '../support/databases';
import { killServer, post, startServer, type RunningServer } from '../support/server-process';
import { requireTestRedis, TEST_REDIS_URL } from './redis-server';
import { subscribe, type SseSubscription } from './sse';

const EVENTS = `subscription ($namespace: String) { toolEvents(namespace: $namespace) { kind name occurredAt tool { name timeout } } }`;
const CREATE = `mutation ($input: ToolInput!) { createTool(input: $input) { __typename } }`;
const UPDATE = `mutation ($name: String!, $input: ToolPatch!) { updateTool(name: $name, input: $input) { __typename } }`;
const DELETE = `mutation ($name: String!) { deleteTool(name: $name) { __typename } }`;

// Postgres is what several instances share in production; SQLite (one file, several processes)
// stands in only where no Postgres server is reachable (testDatabases() fails that in CI).
const kind = testDatabases().includes('postgres') ? 'postgres' : 'sqlite';

describe(`two instances on one ${kind} database and one Redis`, () => {
  let database: FreshDatabase;
  let a: RunningServer | undefined;
  let b: RunningServer | undefined;
  let events: SseSubscription | undefined;
  // A namespace of this run only: other test runs on the same Redis publish on the same channel.
  const namespace = `two-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    await requireTestRedis();
    database = await freshDatabase(kind);
    [a, b] = await Promise.all([startServer(database.url, { REDIS_URL: TEST_REDIS_URL }), startServer(database.url, { REDIS_URL: TEST_REDIS_URL })]);
  }, 60_000);
  afterAll(async () => {
    events?.close();
    await Promise.all([killServer(a), killServer(b)]);
    await database?.drop();
  });

  it('delivers a write made on instance A to a subscriber of instance B, once, in order', async () => {
    events = await subscribe(fetch, b!.url, EVENTS, { namespace });
    expect(events.status).toBe(200);

    const delays: number[] = [];
    const roundTrips: number[] = [];
    const writes = 20;
    for (let i = 0; i < writes; i++) {
      const name = `${namespace}/tool-${i}`;
      const sent = performance.now();
      const sentAt = Date.now();
      expect((await post(a!.url, CREATE, { input: { name, description: `Tool ${i}.`, source: 'BUILTIN' } })).data.createTool.__typename).toBe(
        'CreateToolSuccess',
      );
      const event = await events.next(5000);
      const receivedAt = Date.now();
      if (event === 'timeout' || event === 'complete') throw new Error(`no event on B for ${name}: ${event}\nA:\n${a!.output()}\nB:\n${b!.output()}`);
      expect(event.errors).toBeUndefined();
      expect(event.data.toolEvents).toMatchObject({ kind: 'CREATED', name, tool: { name, timeout: 300 } });
      roundTrips.push(performance.now() - sent);
      // occurredAt is stamped by A right after its commit; both processes share this machine's clock.
      delays.push(receivedAt - Date.parse(event.data.toolEvents.occurredAt));
      expect(receivedAt).toBeGreaterThanOrEqual(sentAt);
    }

    expect((await post(a!.url, UPDATE, { name: `${namespace}/tool-0`, input: { timeout: 9 } })).data.updateTool.__typename).toBe('UpdateToolSuccess');
    expect((await post(b!.url, DELETE, { name: `${namespace}/tool-1` })).data.deleteTool.__typename).toBe('DeleteToolSuccess');
    // A marker write on A: once B's client has its event, it has every event before it.
    const marker = `${namespace}/marker`;
    expect((await post(a!.url, CREATE, { input: { name: marker, description: 'Marker.', source: 'BUILTIN' } })).data.createTool.__typename).toBe(
      'CreateToolSuccess',
    );
    const rest = await events.until((r) => r.data?.toolEvents?.name === marker, 15_000);
    expect(rest.map((r) => `${r.data.toolEvents.kind} ${r.data.toolEvents.name}`)).toEqual([`UPDATED ${namespace}/tool-0`, `DELETED ${namespace}/tool-1`]);

    const sorted = (values: number[]) => [...values].sort((x, y) => x - y);
    const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)]!;
    const max = (values: number[]) => sorted(values)[values.length - 1]!;
    console.log(
      `two-instance event delay over ${writes} writes (${kind}, Redis ${TEST_REDIS_URL}): ` +
        `A's commit → B's SSE client median ${median(delays)} ms, max ${max(delays)} ms; ` +
        `mutation sent to A → event read from B median ${median(roundTrips).toFixed(1)} ms, max ${max(roundTrips).toFixed(1)} ms`,
    );
    expect(max(delays)).toBeLessThan(2000);
  });
});
