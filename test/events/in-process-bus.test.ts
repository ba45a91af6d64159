import { EventsUnavailable } from '../../src/domain/events';
import { InProcessToolEventBus } from '../../src/server/events';
import { MAX_BUFFERED_EVENTS } from '../../src/server/events/subscription';
import { fullTool, stored } from '../support/fixtures';
import { deletedEvent, failureOf, nextWithin } from './streams';

describe('the in-process event bus', () => {
  let bus: InProcessToolEventBus;
  beforeEach(() => {
    bus = new InProcessToolEventBus();
  });
  afterEach(() => bus.close());

  it('delivers every event to every subscriber, in publishing order', async () => {
    const a = bus.subscribe({});
    const b = bus.subscribe({ namespace: null });
    const now = new Date();
    const tool = stored(fullTool('x/one'), now);
    const created = {
      position: 1,
      kind: 'created' as const,
      name: 'x/one',
      tool,
      occurredAt: now,
      actor: 'tester',
      revision: 1,
      contentHash: tool.contentHash,
      renamedFrom: null,
      safetyDowngrades: [],
    };
    bus.publish([created]);
    bus.publish([deletedEvent('y/two')]);
    for (const stream of [a, b]) {
      expect(await stream.next()).toEqual({ value: created, done: false });
      expect(((await stream.next()).value as { name: string }).name).toBe('y/two');
    }
  });

  it('filters by exact namespace', async () => {
    const files = bus.subscribe({ namespace: 'files' });
    bus.publish([deletedEvent('filesystem/a')]);
    bus.publish([deletedEvent('other/files')]);
    bus.publish([deletedEvent('files/b')]);
    // A marker published last: whatever the filter let through comes before it.
    bus.publish([deletedEvent('files/marker')]);
    const received: string[] = [];
    for (;;) {
      const result = await nextWithin(files, 5000);
      if (result === 'timeout' || result.done) throw new Error(`no marker event; received ${received.join(', ')}`);
      if (result.value.name === 'files/marker') break;
      received.push(result.value.name);
    }
    expect(received).toEqual(['files/b']);
  });

  it('forgets a subscriber that returns, and ends open streams on close', async () => {
    const leaving = bus.subscribe({});
    const staying = bus.subscribe({});
    expect(bus.subscriberCount).toBe(2);
    await leaving.return();
    expect(bus.subscriberCount).toBe(1);
    expect(await leaving.next()).toEqual({ value: undefined, done: true });
    const pending = staying.next();
    await bus.close();
    expect(await pending).toEqual({ value: undefined, done: true });
    expect(bus.subscriberCount).toBe(0);
  });

  it('tells a subscriber that falls too far behind, after the events it has', async () => {
    const slow = bus.subscribe({});
    for (let i = 0; i <= MAX_BUFFERED_EVENTS; i++) bus.publish([deletedEvent(`n/t${i}`)]);
    let read = 0;
    const error = await failureOf({
      next: async () => {
        const r = await slow.next();
        if (!r.done) read++;
        return r;
      },
    });
    expect(error).toBeInstanceOf(EventsUnavailable);
    expect(read).toBe(MAX_BUFFERED_EVENTS);
    expect(bus.subscriberCount).toBe(0);
  });
});
