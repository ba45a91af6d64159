import type { ChangeClock } from '../domain/ports';
import type { ToolEvent, ToolEventBus, ToolEventFilter } from '../domain/events';

type EventListener = (events: readonly ToolEvent[] | null) => void;

/** How soon the tracker listens again after the event bus failed its subscription. */
const RESUBSCRIBE_MS = 1000;

/**
 * When the registry's data may have changed, for whatever this instance keeps of earlier reads (the
 * response cache, the store's search matches): a generation that grows with every committed write,
 * of this instance before the write answers (`invalidatingBus`) and of every other one when its
 * event arrives (through Redis when configured). While events may be missed (Redis away, or not
 * listening yet) there is no generation: nothing kept may be used.
 */
export class ChangeTracker implements ChangeClock {
  private count = 0;
  private listening = false;
  private closed = false;
  private readonly listeners = new Set<() => void>();
  private readonly eventListeners = new Set<EventListener>();
  /** Whether events may have been missed since the bus last failed; told to event listeners once it delivers again. */
  private missedEvents = false;

  constructor(private readonly bus: ToolEventBus & { readonly available?: boolean }) {
    void this.follow();
  }

  /** Whether reads may be kept and used right now. */
  get usable(): boolean {
    return !this.closed && this.listening && this.bus.available !== false;
  }

  generation(): number | null {
    return this.usable ? this.count : null;
  }

  /** `listener` runs on every change, and when the tracker stops being usable. */
  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  /**
   * `listener` gets the events of every instance's committed writes as they arrive, and `null`
   * when the bus delivers again after it could not: events may have been missed meanwhile.
   */
  onEvents(listener: EventListener): void {
    this.eventListeners.add(listener);
  }

  /** The bus the registry publishes to: each write is a change before it answers. */
  invalidatingBus(): ToolEventBus {
    return {
      publish: (events: readonly ToolEvent[]) => {
        this.changed();
        this.bus.publish(events);
      },
      subscribe: (filter: ToolEventFilter) => this.bus.subscribe(filter),
      close: () => this.bus.close(),
    };
  }

  private changed(): void {
    this.count += 1;
    for (const listener of this.listeners) listener();
  }

  /** A change on every event of every instance; unusable while events may be missed, and for good once the bus closes. */
  private async follow(): Promise<void> {
    while (!this.closed) {
      const stream = this.bus.subscribe({});
      this.listening = true;
      if (this.missedEvents && this.usable) {
        this.missedEvents = false;
        for (const listener of this.eventListeners) listener(null);
      }
      let ended = false;
      try {
        for await (const event of stream) {
          this.changed();
          for (const listener of this.eventListeners) listener([event]);
        }
        ended = true; // the bus was closed
      } catch {
        // EventsUnavailable: events may have been missed, so nothing kept can be trusted.
        this.missedEvents = true;
      }
      this.listening = false;
      if (ended) this.closed = true;
      this.changed();
      if (ended) return;
      await new Promise((resolve) => setTimeout(resolve, RESUBSCRIBE_MS).unref());
    }
  }
}
