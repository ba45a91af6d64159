import { OPEN_ACCESS } from '../../src/domain/access';
import { EventsUnavailable, type ToolEvent, type ToolEventBus } from '../../src/domain/events';
import type { ToolStore } from '../../src/domain/ports';
import { ToolRegistry } from '../../src/domain/registry';
import { InProcessToolEventBus, RedisToolEventBus } from '../../src/server/events';
import { createToolStore } from '../../src/store';
import { freePort } from '../events/redis-server';
import { freshDatabase, testDatabases, type FreshDatabase } from '../support/databases';
import { q } from '../support/fixtures';

/**
 * Live changes at the registry: exactly one event per committed write (create, update, delete,
 * each created or updated tool of an import), published after the commit; none for invalid,
 * refused, rolled-back or dry-run writes; a failing publish never fails the write.
 */

const draft = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: `The ${name} tool.`,
  source: 'builtin',
  ...extra,
});

const yamlOf = (...tools: { name: string; description: string }[]) =>
  `tools:\n${tools.map((t) => `  - name: ${t.name}\n    description: ${t.description}\n    source: builtin\n`).join('')}`;

describe.each(testDatabases())('registry events on %s', (kind) => {
  let database: FreshDatabase;
  let store: ToolStore;
  /** A second store on the same database: what another connection sees when an event arrives. */
  let observer: ToolStore;
  let bus: InProcessToolEventBus;
  let registry: ToolRegistry;
  let received: { event: ToolEvent; visible: boolean }[];
  let stream: AsyncIterableIterator<ToolEvent>;
  let pump: Promise<void>;
  /** Told whenever `received` grows. */
  let arrivals: (() => void)[] = [];

  beforeAll(async () => {
    database = await freshDatabase(kind);
    store = await createToolStore(database.url);
    observer = await createToolStore(database.url);
  });
  afterAll(async () => {
    await store?.close();
    await observer?.close();
    await database?.drop();
  });

  beforeEach(async () => {
    bus = new InProcessToolEventBus();
    registry = new ToolRegistry(store, { events: bus });
    for (const tool of await store.listPage({ query: q({ toolType: 'validation' }), first: 1000 }).then((p) => p.tools)) {
      await store.write((w) => w.delete(tool.name, tool.revision + 1, 'tester'));
    }
    for (const tool of await store.listPage({ query: q({}), first: 1000 }).then((p) => p.tools)) {
      await store.write((w) => w.delete(tool.name, tool.revision + 1, 'tester'));
    }
    received = [];
    arrivals = [];
    stream = bus.subscribe({});
    // For each event, ask another connection at once whether the write is visible: it must be,
    // since the event is published only after the commit.
    pump = (async () => {
      for await (const event of stream) {
        const [seen] = await observer.findByNames([event.name]);
        const visible = event.kind === 'deleted' ? seen === undefined : seen?.updatedAt.getTime() === event.tool?.updatedAt.getTime();
        received.push({ event, visible });
        for (const wake of arrivals.splice(0)) wake();
      }
    })();
  });
  afterEach(async () => {
    await bus.close();
    await pump;
  });

  /**
   * Resolves once `condition` holds, checked whenever an event has been received and observed.
   * The timeout only fails a test that would otherwise hang; it never decides what was received.
   */
  async function until(condition: () => boolean, what: string, ms = 15_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!condition()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}; received ${JSON.stringify(received.map((r) => r.event.name))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        arrivals.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  let markers = 0;

  /**
   * The events received once every write so far has been announced and observed. A marker proves
   * it: one more committed write (a tool created, then deleted again so that no test sees it) whose
   * events come after every earlier one. The marker's events are removed from `received`.
   */
  async function events(): Promise<{ kind: string; name: string }[]> {
    const marker = `zz-marker/m-${++markers}`;
    const start = received.length;
    expect((await registry.create(OPEN_ACCESS, draft(marker))).kind).toBe('ok');
    await until(() => received.some((r) => r.event.name === marker), `the event of the marker ${marker}`);
    // Deleted only once its created event has been observed, so that the observer sees it stored.
    expect((await registry.delete(OPEN_ACCESS, marker)).kind).toBe('deleted');
    await until(() => received.filter((r) => r.event.name === marker).length === 2, `the deleted event of ${marker}`);
    const markerAt = received.findIndex((r, i) => i >= start && r.event.name === marker);
    const markerEvents = received.splice(markerAt);
    expect(markerEvents.map((r) => `${r.event.kind} ${r.event.name}`)).toEqual([`created ${marker}`, `deleted ${marker}`]);
    expect(received.every((r) => r.visible)).toBe(true);
    return received.map(({ event }) => ({ kind: event.kind, name: event.name }));
  }

  /** Waits until `count` events have been received and checked. */
  async function observed(count: number): Promise<void> {
    await until(() => received.length >= count, `${count} events`);
    expect(received).toHaveLength(count);
  }

  /** Waits for the events of the writes so far, then forgets them. */
  async function settle(): Promise<void> {
    await events();
    received.length = 0;
  }

  describe('create, update, delete', () => {
    it('publish one event each, after the commit, with the tool as stored (null after a delete)', async () => {
      // One write at a time: each event is checked against the database before the next write.
      const created = await registry.create(OPEN_ACCESS, draft('a/one'));
      await observed(1);
      const updated = await registry.update(OPEN_ACCESS, 'a/one', { timeout: 5 });
      await observed(2);
      await registry.delete(OPEN_ACCESS, 'a/one');
      await observed(3);
      expect(await events()).toEqual([
        { kind: 'created', name: 'a/one' },
        { kind: 'updated', name: 'a/one' },
        { kind: 'deleted', name: 'a/one' },
      ]);
      expect(received[0]!.event.tool).toEqual(created.kind === 'ok' ? created.tool : null);
      expect(received[1]!.event.tool).toEqual(updated.kind === 'ok' ? updated.tool : null);
      expect(received[2]!.event.tool).toBeNull();
      for (const { event } of received) expect(event.occurredAt).toBeInstanceOf(Date);
    });

    it('publish nothing for invalid input, a taken name, a missing tool or a wrapped tool', async () => {
      await registry.create(OPEN_ACCESS, draft('a/one'));
      await registry.create(OPEN_ACCESS, draft('a/check', { toolType: 'validation', source: 'wrapped', wraps: 'a/one' }));
      await settle();
      expect((await registry.create(OPEN_ACCESS, draft('BAD NAME'))).kind).toBe('invalid');
      expect((await registry.create(OPEN_ACCESS, draft('a/one'))).kind).toBe('nameTaken');
      expect((await registry.update(OPEN_ACCESS, 'a/one', { timeout: -1 })).kind).toBe('invalid');
      expect((await registry.update(OPEN_ACCESS, 'a/missing', { timeout: 5 })).kind).toBe('notFound');
      expect((await registry.delete(OPEN_ACCESS, 'a/missing')).kind).toBe('notFound');
      expect((await registry.delete(OPEN_ACCESS, 'a/one')).kind).toBe('wrapped');
      expect(await events()).toEqual([]);
    });

    it('publish one event for concurrent creates of one name: only the committed one', async () => {
      const outcomes = await Promise.all([1, 2, 3, 4, 5].map(() => registry.create(OPEN_ACCESS, draft('a/raced'))));
      expect(outcomes.filter((o) => o.kind === 'ok')).toHaveLength(1);
      expect(await events()).toEqual([{ kind: 'created', name: 'a/raced' }]);
    });
  });

  describe('importTools', () => {
    it('publishes one event per created or updated tool, none for unchanged ones', async () => {
      await registry.importTools(OPEN_ACCESS, yamlOf({ name: 'i/a', description: 'A.' }, { name: 'i/b', description: 'B.' }), { dryRun: false });
      await settle();
      const outcome = await registry.importTools(
        OPEN_ACCESS,
        yamlOf({ name: 'i/a', description: 'A.' }, { name: 'i/b', description: 'B, changed.' }, { name: 'i/c', description: 'C.' }),
        { dryRun: false },
      );
      expect(outcome.kind === 'ok' && outcome.tools.map((t) => t.change)).toEqual(['unchanged', 'updated', 'created']);
      expect(await events()).toEqual([
        { kind: 'updated', name: 'i/b' },
        { kind: 'created', name: 'i/c' },
      ]);
    });

    it('publishes nothing on a dry run', async () => {
      const outcome = await registry.importTools(OPEN_ACCESS, yamlOf({ name: 'i/a', description: 'A.' }), { dryRun: true });
      expect(outcome.kind).toBe('ok');
      expect(await events()).toEqual([]);
      expect(await observer.count(q({}))).toBe(0);
    });

    it('publishes nothing when one tool is invalid (nothing is written)', async () => {
      const outcome = await registry.importTools(
        OPEN_ACCESS,
        `${yamlOf({ name: 'i/a', description: 'A.' })}  - name: i/b\n    description: ''\n    source: builtin\n`,
        { dryRun: false },
      );
      expect(outcome.kind).toBe('invalid');
      expect(await events()).toEqual([]);
    });

    it('publishes nothing for an import the database rolled back', async () => {
      // Two imports race to create the same new tools; the database lets one commit, rolls the other back.
      const text = yamlOf({ name: 'r/a', description: 'A.' }, { name: 'r/b', description: 'B.' });
      const outcomes = await Promise.all([1, 2, 3].map(() => registry.importTools(OPEN_ACCESS, text, { dryRun: false })));
      const committedCreates = outcomes.flatMap((o) => (o.kind === 'ok' ? o.tools.filter((t) => t.change === 'created') : []));
      expect(committedCreates).toHaveLength(2);
      expect(await events()).toEqual([
        { kind: 'created', name: 'r/a' },
        { kind: 'created', name: 'r/b' },
      ]);
    });
  });

  describe('when events cannot be delivered', () => {
    let deadBus: ToolEventBus;
    afterEach(async () => deadBus?.close());

    it('every write succeeds, and subscribers are told instead', async () => {
      // A real Redis bus whose Redis is not there: nothing it publishes is delivered.
      deadBus = new RedisToolEventBus(`redis://127.0.0.1:${await freePort()}`, { log: () => undefined });
      const failing = new ToolRegistry(store, { events: deadBus });
      expect((await failing.create(OPEN_ACCESS, draft('f/one'))).kind).toBe('ok');
      expect((await failing.update(OPEN_ACCESS, 'f/one', { timeout: 9 })).kind).toBe('ok');
      expect((await failing.importTools(OPEN_ACCESS, yamlOf({ name: 'f/two', description: 'Two.' }), { dryRun: false })).kind).toBe('ok');
      expect((await failing.delete(OPEN_ACCESS, 'f/one')).kind).toBe('deleted');
      expect((await observer.findByNames(['f/two'])).map((t) => t.name)).toEqual(['f/two']);
      await expect((await failing.subscribe({})).next()).rejects.toBeInstanceOf(EventsUnavailable);
    });
  });
});
