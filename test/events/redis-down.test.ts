/**
 * A server whose Redis is down: writes succeed, subscribers are told (EVENTS_UNAVAILABLE), the
 * process stays up; and once Redis is back, live events work again without a restart.
 */
import { freshDatabase, type FreshDatabase } from '../support/databases';
import { killServer, post, startServer, type RunningServer } from '../support/server-process';
import { freePort, privateRedis, type PrivateRedis } from './redis-server';
import { subscribe } from './sse';

const EVENTS = `subscription { toolEvents { kind name } }`;
const CREATE = `mutation ($input: ToolInput!) { createTool(input: $input) { __typename } }`;
const builtin = (name: string) => ({ input: { name, description: 'A tool.', source: 'BUILTIN' } });

describe('a server whose Redis is down', () => {
  let database: FreshDatabase;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    database = await freshDatabase('sqlite');
  });
  afterEach(async () => killServer(server));
  afterAll(async () => database?.drop());

  it('starts, takes writes, tells subscribers EVENTS_UNAVAILABLE, and stays up', async () => {
    server = await startServer(database.url, { REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    expect((await post(server.url, CREATE, builtin('down/one'))).data.createTool.__typename).toBe('CreateToolSuccess');
    const events = await subscribe(fetch, server.url, EVENTS);
    const first = await events.next(5000);
    expect(first).not.toBe('timeout');
    expect(first).toMatchObject({ errors: [{ extensions: { code: 'EVENTS_UNAVAILABLE' } }] });
    expect(await events.next(2000)).toBe('complete');
    expect((await post(server.url, CREATE, builtin('down/two'))).data.createTool.__typename).toBe('CreateToolSuccess');
    expect((await post(server.url, '{ tools { totalCount } }')).data.tools.totalCount).toBe(2);
    expect(server.child.exitCode).toBeNull();
    expect(server.output()).toMatch(/Redis is unreachable/);
    expect(server.output()).not.toMatch(/Unhandled|ECONNREFUSED.*\n\s+at /);
  });

  describe('when Redis goes away and comes back', () => {
    let redis: PrivateRedis | undefined;
    afterAll(async () => redis?.stop());

    it('ends open subscriptions with EVENTS_UNAVAILABLE, keeps writing, then delivers again', async () => {
      redis = await privateRedis();
      server = await startServer(database.url, { REDIS_URL: redis.url });
      const open = await subscribe(fetch, server.url, EVENTS);
      expect((await post(server.url, CREATE, builtin('outage/before'))).data.createTool.__typename).toBe('CreateToolSuccess');
      expect(await open.next(3000)).toMatchObject({ data: { toolEvents: { kind: 'CREATED', name: 'outage/before' } } });

      await redis.stop();
      expect(await open.next(5000)).toMatchObject({ data: null, errors: [{ extensions: { code: 'EVENTS_UNAVAILABLE' } }] });
      expect(await open.next(2000)).toBe('complete');
      expect((await post(server.url, CREATE, builtin('outage/during'))).data.createTool.__typename).toBe('CreateToolSuccess');
      const refused = await subscribe(fetch, server.url, EVENTS);
      expect(await refused.next(3000)).toMatchObject({ errors: [{ extensions: { code: 'EVENTS_UNAVAILABLE' } }] });

      await redis.start();
      let again: Awaited<ReturnType<typeof subscribe>> | undefined;
      for (let attempt = 0; attempt < 50 && !again; attempt++) {
        const candidate = await subscribe(fetch, server.url, EVENTS);
        const write = await post(server.url, CREATE, builtin(`outage/after-${attempt}`));
        expect(write.data.createTool.__typename).toBe('CreateToolSuccess');
        const got = await candidate.next(1000);
        if (got !== 'timeout' && got !== 'complete' && !got.errors) {
          expect(got.data.toolEvents).toEqual({ kind: 'CREATED', name: `outage/after-${attempt}` });
          again = candidate;
        } else {
          candidate.close();
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
      expect(again).toBeDefined();
      again!.close();
      expect(server.child.exitCode).toBeNull();
    }, 60_000);
  });
});
