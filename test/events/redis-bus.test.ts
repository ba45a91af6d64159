import { EventsUnavailable, type ToolEvent } from '../../src/domain/events';
import { RedisToolEventBus } from '../../src/server/events';
import { MAX_UNACKNOWLEDGED_BYTES } from '../../src/server/events/redis';
import { fullTool, stored } from '../support/fixtures';
import { freePort, privateRedis, requireTestRedis, TEST_REDIS_URL, type PrivateRedis } from './redis-server';
import { deletedEvent, failureOf, nextWithin } from './streams';

/** The Redis event bus against real redis-server processes: delivery across buses, outages, recovery. */

const quiet = () => undefined;

describe('the Redis event bus', () => {
  const buses: RedisToolEventBus[] = [];
  const bus = (url: string, channel: string, log: (message: string) => void = quiet) => {
    const created = new RedisToolEventBus(url, { channel, log });
    buses.push(created);
    return created;
  };
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((b) => b.close()));
  });

  describe('with Redis up', () => {
    beforeAll(requireTestRedis);
    const channel = `toolgraph-test:${process.pid}:${Date.now()}`;

    it('delivers an event published on one bus to the subscribers of another, tool and instants intact', async () => {
      const a = bus(TEST_REDIS_URL, channel);
      const b = bus(TEST_REDIS_URL, channel);
      expect(await a.ready(5000)).toBe(true);
      expect(await b.ready(5000)).toBe(true);
      const onB = b.subscribe({ namespace: 'devops' });
      const onA = a.subscribe({});
      const now = new Date();
      const event: ToolEvent = {
        position: 1,
        kind: 'updated',
        name: 'devops/docker-build',
        tool: stored(fullTool('devops/docker-build'), new Date(now.getTime() - 1000), now),
        occurredAt: now,
        actor: 'tester',
        revision: 2,
        contentHash: stored(fullTool('devops/docker-build')).contentHash,
        renamedFrom: null,
        safetyDowngrades: [],
      };
      a.publish([deletedEvent('other/x')]);
      a.publish([event]);
      const onBFirst = await nextWithin(onB, 10_000);
      expect(onBFirst !== 'timeout' && onBFirst.value).toEqual(event);
      const onAFirst = await nextWithin(onA, 10_000);
      expect(onAFirst !== 'timeout' && onAFirst.value?.name).toBe('other/x');
    });

    it('keeps buses of other channels apart', async () => {
      const a = bus(TEST_REDIS_URL, channel);
      const other = bus(TEST_REDIS_URL, `${channel}:other`);
      await Promise.all([a.ready(5000), other.ready(5000)]);
      const stream = other.subscribe({});
      a.publish([deletedEvent('x/y')]);
      // A marker on the other channel, published after a's event was taken by Redis: Redis
      // delivers in the order it took the publishes, so the stream's first event would be x/y if
      // the channels leaked into each other.
      other.publish([deletedEvent('marker/other')]);
      const first = await nextWithin(stream, 10_000);
      expect(first !== 'timeout' && first.value?.name).toBe('marker/other');
    });
  });

  describe('with no Redis listening', () => {
    it('returns from publishing at once and fails new subscriptions with EventsUnavailable', async () => {
      const logs: string[] = [];
      const dead = bus(`redis://127.0.0.1:${await freePort()}`, 'c', (m) => logs.push(m));
      expect(await dead.ready(300)).toBe(false);
      const started = performance.now();
      dead.publish([deletedEvent('x/y')]);
      expect(performance.now() - started).toBeLessThan(50);
      expect(await failureOf(dead.subscribe({}), 1000)).toBeInstanceOf(EventsUnavailable);
      expect(logs.filter((m) => m.includes('unreachable'))).toHaveLength(1);
    });
  });

  describe('while Redis hangs', () => {
    let redis: PrivateRedis;
    beforeAll(async () => {
      redis = await privateRedis();
    });
    afterAll(async () => {
      redis?.resume();
      await redis?.stop();
    });

    it(`holds at most ${MAX_UNACKNOWLEDGED_BYTES / 2 ** 20} MiB of unacknowledged messages, drops the rest, and frees them`, async () => {
      const a = bus(redis.url, 'hang');
      expect(await a.ready(5000)).toBe(true);
      const open = a.subscribe({});
      redis.pause();
      // 40 writes of 1 MiB each: more than the bound, published faster than any probe notices the hang.
      const large = stored({ ...fullTool('big/tool'), description: 'x'.repeat(2 ** 20) });
      const started = performance.now();
      for (let i = 0; i < 40; i++)
        a.publish([
          {
            position: i + 1,
            kind: 'updated',
            name: 'big/tool',
            tool: large,
            occurredAt: new Date(),
            actor: 'tester',
            revision: 2,
            contentHash: large.contentHash,
            renamedFrom: null,
            safetyDowngrades: [],
          },
        ]);
      expect(performance.now() - started).toBeLessThan(1000);
      expect(a.unacknowledged).toBeGreaterThan(0);
      expect(a.unacknowledged).toBeLessThanOrEqual(MAX_UNACKNOWLEDGED_BYTES);
      expect(await failureOf(open, 1000)).toBeInstanceOf(EventsUnavailable);
      // Unanswered commands time out; their messages are let go, Redis or not.
      for (let i = 0; i < 50 && a.unacknowledged > 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(a.unacknowledged).toBe(0);
    });
  });

  describe('through an outage', () => {
    let redis: PrivateRedis;
    beforeAll(async () => {
      redis = await privateRedis();
    });
    afterAll(async () => redis?.stop());

    it('ends open streams with EventsUnavailable when Redis goes, and works again when it is back', async () => {
      const logs: string[] = [];
      const a = bus(redis.url, 'outage', (m) => logs.push(m));
      const b = bus(redis.url, 'outage');
      expect(await a.ready(5000)).toBe(true);
      expect(await b.ready(5000)).toBe(true);
      const open = b.subscribe({});

      await redis.stop();
      expect(await failureOf(open, 5000)).toBeInstanceOf(EventsUnavailable);
      expect(await failureOf(b.subscribe({}), 1000)).toBeInstanceOf(EventsUnavailable);
      a.publish([deletedEvent('x/lost')]);
      for (let i = 0; i < 50 && a.available; i++) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(a.available).toBe(false);
      expect(logs.filter((m) => m.includes('unreachable'))).toHaveLength(1);

      await redis.start();
      expect(await a.ready(10_000)).toBe(true);
      expect(await b.ready(10_000)).toBe(true);
      expect(logs.some((m) => m.includes('reachable again'))).toBe(true);
      // x/lost never arrives. The first message that gets through says so, which ends the streams
      // opened around the time of the loss; a stream opened later then gets the events again.
      let received: string | undefined;
      for (let i = 0; i < 100 && received === undefined; i++) {
        const again = b.subscribe({});
        a.publish([deletedEvent(`x/back-${i}`)]);
        const result = await nextWithin(again, 1000).catch((error: unknown) => error);
        if (result instanceof EventsUnavailable || result === 'timeout') {
          await again.return?.();
          await new Promise((resolve) => setTimeout(resolve, 200));
        } else {
          received = (result as IteratorResult<ToolEvent>).value?.name;
        }
      }
      expect(received).toMatch(/^x\/back-\d+$/);
    });
  });
});
