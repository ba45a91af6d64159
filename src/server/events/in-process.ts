import { matchesEventFilter, type ToolEvent, type ToolEventBus, type ToolEventFilter } from '../../domain/events';
import { EventSubscription } from './subscription';

/**
 * The event bus of a single instance (no REDIS_URL): publishing hands the event straight to this
 * process's subscribers whose filter it passes. Also the local fan-out of the Redis bus.
 */
export class InProcessToolEventBus implements ToolEventBus {
  private readonly subscriptions = new Set<EventSubscription>();

  /** Number of open subscriptions (diagnostics and tests). */
  get subscriberCount(): number {
    return this.subscriptions.size;
  }

  publish(events: readonly ToolEvent[]): void {
    this.deliver(events);
  }

  deliver(events: readonly ToolEvent[]): void {
    for (const event of events) {
      for (const subscription of this.subscriptions) {
        if (matchesEventFilter(event, subscription.filter)) subscription.push(event);
      }
    }
  }

  subscribe(filter: ToolEventFilter): EventSubscription {
    const subscription = new EventSubscription({ namespace: filter.namespace ?? null }, (s) => this.subscriptions.delete(s));
    this.subscriptions.add(subscription);
    return subscription;
  }

  /**
   * Fails every open subscription with `error` (they end after their buffered events), or only
   * those opened before `openedBefore` (ms since the epoch).
   */
  failAll(error: Error, openedBefore = Number.POSITIVE_INFINITY): void {
    for (const subscription of [...this.subscriptions]) {
      if (subscription.openedAt < openedBefore) subscription.fail(error);
    }
  }

  async close(): Promise<void> {
    for (const subscription of [...this.subscriptions]) subscription.end();
  }
}
