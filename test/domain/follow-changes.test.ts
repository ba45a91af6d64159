/**
 * `followChanges` (src/domain/registry/changes.ts) against a real store on each database, with a
 * live stream this test feeds by hand: the events a bus delivers late, out of order, twice, not at
 * all, or from another registry still come out in the log's order, each once.
 */
import { OPEN_ACCESS } from '../../src/domain/access';
import type { ToolEvent } from '../../src/domain/events';
import type { ToolStore } from '../../src/domain/ports';
import { ToolRegistry } from '../../src/domain/registry';
import { CommittedLogReads, followChanges } from '../../src/domain/registry/changes';
import { EventSubscription } from '../../src/server/events/subscription';
import { createToolStore } from '../../src/store';
import { freshDatabase, testDatabases, type FreshDatabase } from '../support/databases';

describe.each(testDatabases())('following the change log on %s', (kind) => {
  let database: FreshDatabase;
  let store: ToolStore;
  let registry: ToolRegistry;
  /** The events the registry published, as a bus would have carried them. */
  const published: ToolEvent[] = [];

  beforeAll(async () => {
    database = await freshDatabase(kind);
    store = await createToolStore(database.url);
    registry = new ToolRegistry(store, { events: { publish: (events) => published.push(...events) } });
    for (const name of ['f/one', 'f/two', 'f/three', 'f/four', 'g/five']) {
      expect((await registry.create(OPEN_ACCESS, { name, description: `The ${name} tool.`, source: 'builtin' })).kind).toBe('ok');
    }
    expect((await registry.update(OPEN_ACCESS, 'f/one', { description: 'Changed.' })).kind).toBe('ok');
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  /** The first `count` events of following from `after` while `arrive` are the live events. */
  async function follow(after: number, arrive: readonly ToolEvent[], count: number, filter = {}): Promise<ToolEvent[]> {
    const live = new EventSubscription({}, () => undefined);
    for (const event of arrive) live.push(event);
    const stream = followChanges(store, new CommittedLogReads(store), live, after, filter);
    const got: ToolEvent[] = [];
    while (got.length < count) got.push((await stream.next()).value as ToolEvent);
    await stream.return!();
    return got;
  }
  const at = (position: number) => published.find((event) => event.position === position)!;
  const positions = (events: readonly ToolEvent[]) => events.map((event) => event.position);

  it('numbers the changes 1, 2, 3… in the order committed', () => {
    expect(positions(published)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('replays from a position to the end of the log, then takes live events in order, each once', async () => {
    const live = new EventSubscription({}, () => undefined);
    const stream = followChanges(store, new CommittedLogReads(store), live, 2, {});
    const got: ToolEvent[] = [];
    const take = async (count: number) => {
      for (let i = 0; i < count; i++) got.push((await stream.next()).value as ToolEvent);
    };
    await take(4);
    for (const name of ['h/seven', 'h/eight']) {
      expect((await registry.create(OPEN_ACCESS, { name, description: `The ${name} tool.`, source: 'builtin' })).kind).toBe('ok');
    }
    for (const event of [at(8), at(4), at(7), at(8)]) live.push(event);
    await take(2);
    await stream.return!();
    expect(positions(got)).toEqual([3, 4, 5, 6, 7, 8]);
    // A live event keeps the tool it carried (the tool as the change left it); 7, read from the log
    // because 8 came first, has the tool as it is when read.
    expect(got[5]).toBe(at(8));
    expect(got[4]).toEqual(at(7));
  });

  /** Creates tools of `names`; the events published for them. */
  async function create(...names: string[]): Promise<ToolEvent[]> {
    const before = published.length;
    for (const name of names) expect((await registry.create(OPEN_ACCESS, { name, description: `The ${name} tool.`, source: 'builtin' })).kind).toBe('ok');
    return published.slice(before);
  }

  it('reads from the log the changes a lost or late event leaves out', async () => {
    const head = await store.lastChangePosition();
    const live = new EventSubscription({}, () => undefined);
    const stream = followChanges(store, new CommittedLogReads(store), live, head, {});
    // Asked for before the writes: the stream has read the log to its end and waits for live events.
    const first = stream.next();
    const [lost, arrived] = await create('l/lost', 'l/arrived');
    live.push(arrived!);
    const got = [(await first).value, (await stream.next()).value] as ToolEvent[];
    await stream.return!();
    expect(got.map((event) => `${event.position} ${event.name}`)).toEqual([`${head + 1} l/lost`, `${head + 2} l/arrived`]);
    expect(got[0]).toEqual(lost);
    expect(got[1]).toBe(arrived);
  });

  it('ignores an event the log does not have at its position (another registry’s)', async () => {
    const head = await store.lastChangePosition();
    const live = new EventSubscription({}, () => undefined);
    const stream = followChanges(store, new CommittedLogReads(store), live, head, {});
    const next = stream.next();
    const [first] = await create('o/first');
    live.push({ ...first!, name: 'other/registry' });
    live.push({ ...first!, position: head + 50 });
    live.push(first!);
    const [second] = await create('o/second');
    live.push(second!);
    const got = [(await next).value, (await stream.next()).value] as ToolEvent[];
    await stream.return!();
    expect(got.map((event) => `${event.position} ${event.name}`)).toEqual([`${head + 1} o/first`, `${head + 2} o/second`]);
    expect(got).toEqual([first, second]);
  });

  it('checks a live event with one read of the log for all the streams of a registry', async () => {
    const head = await store.lastChangePosition();
    const checks: string[] = [];
    // The real store, its reads of the log counted.
    const counted: ToolStore = Object.assign(Object.create(store) as ToolStore, {
      changesAfter: (after: number, limit: number) => {
        checks.push(`${after}+${limit}`);
        return store.changesAfter(after, limit);
      },
    });
    const shared = new CommittedLogReads(counted);
    const lives = [1, 2, 3].map(() => new EventSubscription({}, () => undefined));
    const streams = lives.map((live) => followChanges(counted, shared, live, head, {}));
    const firsts = streams.map((stream) => stream.next());
    const [made] = await create('s/shared');
    for (const live of lives) live.push(made!);
    expect((await Promise.all(firsts)).map((result) => (result.value as ToolEvent).name)).toEqual(['s/shared', 's/shared', 's/shared']);
    for (const stream of streams) await stream.return!();
    expect(checks.filter((check) => check === `${head}+1`)).toHaveLength(1);
  });

  it('passes on only what the filter lets through, and still keeps the order', async () => {
    const got = await follow(0, [], 5, { namespace: 'f' });
    expect(got.map((event) => event.name)).toEqual(['f/one', 'f/two', 'f/three', 'f/four', 'f/one']);
  });

  it('refuses a position the log does not have', async () => {
    const live = new EventSubscription({}, () => undefined);
    await expect(followChanges(store, new CommittedLogReads(store), live, 99, {}).next()).rejects.toMatchObject({
      name: 'UnknownChangePosition',
      position: 99,
    });
  });
});
