import { EventsUnavailable, type ToolEvent, type ToolEventFilter } from '../../domain/events';

/** Events a subscriber may have waiting before it counts as gone (it is then told EventsUnavailable). */
export const MAX_BUFFERED_EVENTS = 10_000;

/**
 * One subscriber's stream: events pushed by a bus wait here until the consumer pulls them. The bus
 * ends it (`end`), or fails it (`fail`: the consumer gets the buffered events, then the error);
 * the consumer leaves with `return()`, which runs `onClose` so the bus forgets it.
 */
export class EventSubscription implements AsyncIterableIterator<ToolEvent> {
  private readonly buffer: ToolEvent[] = [];
  private waiting: { resolve: (result: IteratorResult<ToolEvent>) => void; reject: (error: unknown) => void } | null = null;
  private failure: Error | null = null;
  private finished = false;
  /** When the subscriber subscribed (this process's clock). */
  readonly openedAt = Date.now();

  constructor(
    readonly filter: ToolEventFilter,
    private readonly onClose: (subscription: EventSubscription) => void,
  ) {}

  push(event: ToolEvent): void {
    if (this.finished || this.failure) return;
    if (this.waiting) {
      const { resolve } = this.waiting;
      this.waiting = null;
      resolve({ value: event, done: false });
      return;
    }
    if (this.buffer.length >= MAX_BUFFERED_EVENTS) {
      this.fail(new EventsUnavailable('This subscription fell too far behind the live events; subscribe again.'));
      return;
    }
    this.buffer.push(event);
  }

  /** Ends the stream with `error` once the events already buffered have been read. */
  fail(error: Error): void {
    if (this.finished || this.failure) return;
    this.failure = error;
    if (this.waiting && this.buffer.length === 0) {
      const { reject } = this.waiting;
      this.waiting = null;
      this.close();
      reject(error);
    }
  }

  /** Ends the stream normally (the bus is closing). */
  end(): void {
    if (this.finished) return;
    this.close();
    if (this.waiting) {
      const { resolve } = this.waiting;
      this.waiting = null;
      resolve({ value: undefined, done: true });
    }
  }

  next(): Promise<IteratorResult<ToolEvent>> {
    const event = this.buffer.shift();
    if (event) return Promise.resolve({ value: event, done: false });
    if (this.failure && !this.finished) {
      this.close();
      return Promise.reject(this.failure);
    }
    if (this.finished) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
  }

  return(): Promise<IteratorResult<ToolEvent>> {
    this.buffer.length = 0;
    this.end();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<ToolEvent> {
    return this;
  }

  private close(): void {
    this.finished = true;
    this.onClose(this);
  }
}
