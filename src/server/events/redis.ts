import Redis, { type RedisOptions } from 'ioredis';
import { EventsUnavailable, type ToolEvent, type ToolEventBus, type ToolEventFilter } from '../../domain/events';
import { InProcessToolEventBus } from './in-process';
import { decodeToolEvent, encodeToolEvent } from './serialization';

export const DEFAULT_CHANNEL = 'toolgraph:tool-events';

export interface RedisToolEventBusOptions {
  /** The Redis pub/sub channel every instance of one registry shares. */
  channel?: string;
  /** Where connection changes and dropped messages are reported. Default: console.warn. */
  log?: (message: string) => void;
}

/** Longest pause between reconnection attempts while Redis is down. */
const MAX_RECONNECT_DELAY_MS = 2000;
/** A publish that Redis has not acknowledged by then has failed (the write still stands). */
const PUBLISH_TIMEOUT_MS = 2000;

/**
 * The event bus of several instances: every instance publishes to one Redis channel and listens
 * to it, so a subscriber of any instance sees the writes of all of them (its own included, through
 * Redis too, so every subscriber sees the same order).
 *
 * While Redis is unreachable: publishing rejects at once (the registry logs it; writes succeed),
 * open subscriptions end with EventsUnavailable, and new ones fail with it at once. Both
 * connections keep reconnecting; once the listening one is subscribed again, subscribing works again.
 * Connection errors are handled here, never left as unhandled 'error' events.
 */
export class RedisToolEventBus implements ToolEventBus {
  private readonly local = new InProcessToolEventBus();
  private readonly publisher: Redis;
  private readonly listener: Redis;
  private readonly channel: string;
  private readonly log: (message: string) => void;
  private listening = false;
  private closing = false;
  private downReported = false;
  private readonly whenListening = new Set<() => void>();

  constructor(url: string, options: RedisToolEventBusOptions = {}) {
    this.channel = options.channel ?? DEFAULT_CHANNEL;
    this.log = options.log ?? ((message) => console.warn(message));
    const connection: RedisOptions = {
      // Fail commands at once while disconnected instead of queueing them for later.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: (attempt) => Math.min(100 * attempt, MAX_RECONNECT_DELAY_MS),
      connectionName: 'toolgraph',
      // How long disconnect() waits for the socket to close before destroying it; ioredis keeps the
      // process alive that long even when the socket is long gone (default 2 s).
      disconnectTimeout: 100,
    };
    this.publisher = new Redis(url, { ...connection, commandTimeout: PUBLISH_TIMEOUT_MS });
    this.listener = new Redis(url, { ...connection, autoResubscribe: false });

    this.publisher.on('error', (error: Error) => this.reportDown(error));
    this.listener.on('error', (error: Error) => this.reportDown(error));
    this.listener.on('ready', () => void this.listen());
    this.listener.on('close', () => this.lost());
    this.listener.on('message', (channel: string, message: string) => {
      if (channel !== this.channel) return;
      let event: ToolEvent;
      try {
        event = decodeToolEvent(message);
      } catch (error) {
        this.log(`toolgraph: ignored a malformed message on Redis channel ${this.channel}: ${(error as Error).message}`);
        return;
      }
      this.local.deliver(event);
    });
  }

  /** True while events published anywhere reach this instance's subscribers. */
  get available(): boolean {
    return this.listening;
  }

  /** Resolves once listening, or after `timeoutMs` (false) if Redis does not answer by then. */
  ready(timeoutMs: number): Promise<boolean> {
    if (this.listening) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.whenListening.delete(done);
        resolve(this.listening);
      };
      const timer = setTimeout(done, timeoutMs);
      this.whenListening.add(done);
    });
  }

  async publish(event: ToolEvent): Promise<void> {
    await this.publisher.publish(this.channel, encodeToolEvent(event));
  }

  subscribe(filter: ToolEventFilter): AsyncIterableIterator<ToolEvent> {
    const subscription = this.local.subscribe(filter);
    if (!this.listening) subscription.fail(new EventsUnavailable());
    return subscription;
  }

  async close(): Promise<void> {
    this.closing = true;
    this.listening = false;
    await this.local.close();
    this.publisher.disconnect();
    this.listener.disconnect();
  }

  private async listen(): Promise<void> {
    try {
      await this.listener.subscribe(this.channel);
    } catch (error) {
      this.reportDown(error as Error);
      return;
    }
    if (this.closing || this.listener.status !== 'ready') return;
    this.listening = true;
    if (this.downReported) this.log(`toolgraph: Redis is reachable again; live events resume.`);
    this.downReported = false;
    for (const notify of [...this.whenListening]) notify();
  }

  private lost(): void {
    if (this.closing) return;
    const wasListening = this.listening;
    this.listening = false;
    if (wasListening) {
      this.local.failAll(new EventsUnavailable());
      this.reportDown(new Error('connection closed'));
    }
  }

  /** Logs the first failure of an outage only; ioredis retries (and errors) every few seconds. */
  private reportDown(error: Error): void {
    if (this.closing || this.downReported) return;
    this.downReported = true;
    this.log(`toolgraph: Redis is unreachable (${error.message}); writes go on, live events are unavailable until it is back.`);
  }
}
