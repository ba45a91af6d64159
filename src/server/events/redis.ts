import Redis, { type RedisOptions } from 'ioredis';
import { EventsUnavailable, type ToolEvent, type ToolEventBus, type ToolEventFilter } from '../../domain/events';
import { InProcessToolEventBus } from './in-process';
import { decodeEventMessage, encodeEventMessage } from './serialization';

export const DEFAULT_CHANNEL = 'toolgraph:tool-events';

export interface RedisToolEventBusOptions {
  /** The Redis pub/sub channel every instance of one registry shares. */
  channel?: string;
  /** Where connection changes and dropped messages are reported. Default: console.warn. */
  log?: (message: string) => void;
}

/** Longest pause between reconnection attempts while Redis is down. */
const MAX_RECONNECT_DELAY_MS = 2000;
/** A command that Redis has not answered by then has failed; its events are lost (the writes stand). */
const COMMAND_TIMEOUT_MS = 2000;
/** How often the publishing connection is asked PING, to notice a Redis that hangs without closing. */
const HEALTH_PROBE_INTERVAL_MS = 1000;
/**
 * Bytes of messages handed to Redis and not yet acknowledged. A slow or hung Redis holds at most
 * this much of this instance's memory; what comes beyond it is dropped and reported as a gap.
 */
export const MAX_UNACKNOWLEDGED_BYTES = 16 * 1024 * 1024;
/**
 * A gap reported by another instance ends the subscriptions opened up to this long after its
 * start: instances' clocks differ a little, and ending one subscription too many (it subscribes
 * again) is better than leaving one that missed a change.
 */
const GAP_CLOCK_MARGIN_MS = 2000;
const GAP_MESSAGE = 'Some live events could not be delivered; subscribe again and read what changed.';

/**
 * The event bus of several instances: every instance publishes to one Redis channel and listens to
 * it, so a subscriber of any instance sees the writes of all of them (its own included, through
 * Redis too, so every subscriber sees the same order). Each committed write is one message.
 *
 * Publishing never waits for Redis: `publish` hands the message to the connection and returns, so a
 * write answers as soon as it commits whatever Redis does. Events that cannot be delivered (Redis
 * down, hung past COMMAND_TIMEOUT_MS, or more than MAX_UNACKNOWLEDGED_BYTES behind) are dropped:
 * this instance's subscribers end at once with EventsUnavailable, and the next message that gets
 * through says `gap`, which ends the subscribers of every other instance the same way, so nobody
 * silently misses a change. While Redis does not answer (the listening connection is down, or the
 * health probe fails), new subscriptions fail with EventsUnavailable; both connections keep
 * reconnecting, and everything resumes on its own. Connection errors are handled here, never left
 * as unhandled 'error' events.
 */
export class RedisToolEventBus implements ToolEventBus {
  private readonly local = new InProcessToolEventBus();
  private readonly publisher: Redis;
  private readonly listener: Redis;
  private readonly channel: string;
  private readonly log: (message: string) => void;
  private readonly probe: NodeJS.Timeout;
  private listening = false;
  private answering = true;
  private probing = false;
  private closing = false;
  private downReported = false;
  private unacknowledgedBytes = 0;
  /** When the first event since the last acknowledged gap message was lost; messages say so until one is acknowledged. */
  private gapSince: Date | null = null;
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
    this.publisher = new Redis(url, { ...connection, commandTimeout: COMMAND_TIMEOUT_MS });
    this.listener = new Redis(url, { ...connection, autoResubscribe: false });

    this.publisher.on('error', (error: Error) => this.reportDown(error));
    this.listener.on('error', (error: Error) => this.reportDown(error));
    this.listener.on('ready', () => void this.listen());
    this.listener.on('close', () => this.lost());
    this.listener.on('message', (channel: string, text: string) => this.receive(channel, text));
    this.probe = setInterval(() => void this.checkHealth(), HEALTH_PROBE_INTERVAL_MS).unref();
  }

  /** True while events published anywhere reach this instance's subscribers and this instance's reach Redis. */
  get available(): boolean {
    return this.listening && this.answering;
  }

  /** Number of open subscriptions on this instance (diagnostics and tests). */
  get subscriberCount(): number {
    return this.local.subscriberCount;
  }

  /** Bytes of messages handed to Redis and not yet acknowledged (diagnostics and tests). */
  get unacknowledged(): number {
    return this.unacknowledgedBytes;
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

  publish(events: readonly ToolEvent[]): void {
    if (events.length === 0 || this.closing) return;
    if (!this.available) {
      this.lose('Redis is unreachable');
      return;
    }
    const gapSince = this.gapSince;
    const message = encodeEventMessage({ gapSince, events: [...events] });
    if (this.unacknowledgedBytes + message.length > MAX_UNACKNOWLEDGED_BYTES) {
      this.lose('Redis is too far behind');
      return;
    }
    this.unacknowledgedBytes += message.length;
    // Not awaited: the connection keeps messages in order, and the write that made them has answered.
    this.publisher.publish(this.channel, message).then(
      () => {
        this.unacknowledgedBytes -= message.length;
        // Delivered: the others know of the gap. A loss after this message was made starts a new one.
        if (gapSince !== null && this.gapSince === gapSince) this.gapSince = null;
      },
      (error: unknown) => {
        this.unacknowledgedBytes -= message.length;
        this.lose(`publishing failed: ${(error as Error)?.message ?? error}`);
      },
    );
  }

  subscribe(filter: ToolEventFilter): AsyncIterableIterator<ToolEvent> {
    const subscription = this.local.subscribe(filter);
    if (!this.available) subscription.fail(new EventsUnavailable());
    return subscription;
  }

  async close(): Promise<void> {
    this.closing = true;
    this.listening = false;
    clearInterval(this.probe);
    await this.local.close();
    this.publisher.disconnect();
    this.listener.disconnect();
  }

  private receive(channel: string, text: string): void {
    if (channel !== this.channel) return;
    let message: ReturnType<typeof decodeEventMessage>;
    try {
      message = decodeEventMessage(text);
    } catch (error) {
      this.log(`toolgraph: ignored a malformed message on Redis channel ${this.channel}: ${(error as Error).message}`);
      return;
    }
    if (message.gapSince) this.local.failAll(new EventsUnavailable(GAP_MESSAGE), message.gapSince.getTime() + GAP_CLOCK_MARGIN_MS);
    this.local.deliver(message.events);
  }

  /** Events that will reach no one: this instance's subscribers are told now, the others by the next message's `gapSince`. */
  private lose(reason: string): void {
    this.gapSince ??= new Date();
    if (this.local.subscriberCount > 0) this.log(`toolgraph: live events were dropped (${reason}); subscribers are told to subscribe again.`);
    this.local.failAll(new EventsUnavailable(GAP_MESSAGE));
  }

  private async checkHealth(): Promise<void> {
    if (this.probing || this.closing) return;
    this.probing = true;
    try {
      await this.publisher.ping();
      if (!this.answering && this.listening) {
        this.log('toolgraph: Redis answers again; live events resume.');
        this.downReported = false;
      }
      this.answering = true;
    } catch (error) {
      if (this.answering && !this.closing) {
        this.answering = false;
        this.local.failAll(new EventsUnavailable());
        this.reportDown(error as Error);
      }
    } finally {
      this.probing = false;
    }
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
