import type { SafetyDowngrade } from './safety';
import type { StoredTool } from './model';
import { namespaceOf } from './model';

/**
 * Live changes: what the registry tells subscribers after each committed write. The registry
 * publishes through ToolEventPublisher; src/server/events implements the bus (in-process, or
 * through Redis so that every instance sees every instance's writes).
 */

export const TOOL_EVENT_KINDS = ['created', 'updated', 'deleted', 'deprecated', 'undeprecated', 'restored', 'renamed', 'purged'] as const;
export type ToolEventKind = (typeof TOOL_EVENT_KINDS)[number];

export interface ToolEvent {
  /** The change's place in the registry-wide order (changes.ts): 1, 2, 3… with no gaps. */
  position: number;
  kind: ToolEventKind;
  name: string;
  /**
   * The tool as it is after the write (null after a delete), when delivered live; read back from the
   * change log (a page of changes, a replay), the tool under `name` as it is then.
   */
  tool: StoredTool | null;
  /** When the write was committed (the clock of the instance that made it, just before its commit). */
  occurredAt: Date;
  /** Who made the write (a token's name, a JWT's `sub`, or `anonymous`). */
  actor: string;
  /** The number of the revision the change appended to the tool's history (history.ts); for a purge, of the last one it removed. */
  revision: number;
  /** The content hash of the definition after the change (for a delete: as it was deleted; for a purge: of that last revision). */
  contentHash: string;
  /** After a rename: the name the tool had before (`name` is the new one); null otherwise. */
  renamedFrom: string | null;
  /** What the change lowered of the tool's safety (safety.ts); empty for most. */
  safetyDowngrades: SafetyDowngrade[];
}

/** A change as the change log keeps it: an event without the tool. */
export type LoggedChange = Omit<ToolEvent, 'tool'>;

/**
 * What a name that holds no tool now has left: after a delete its tombstone, after a rename the
 * tombstone that says where the tool went, after a purge only this record of it (from the change
 * log). Never a tool: no read of tools answers one.
 */
export interface ToolTombstone {
  name: string;
  /** When the tool left the name: deleted, renamed away, or (with nothing left of it) purged. */
  deletedAt: Date;
  /** Who made it leave, in the terms of `ToolEvent.actor`. */
  deletedBy: string;
  /** After a rename: the name the tool has now. */
  renamedTo: string | null;
  /** Whether the name's history was purged: then `deletedAt` and `deletedBy` are the purge's. */
  purged: boolean;
  /** The number of the name's last revision. */
  lastRevision: number;
}

export interface ToolEventFilter {
  /** Only events of tools in this namespace; null or absent: every event. */
  namespace?: string | null;
}

export interface ToolEventPublisher {
  /**
   * Hands the events of one committed write to every subscriber (of every instance), in order, as
   * one batch. Returns at once and never throws: delivery happens after the write has answered, and
   * a bus that cannot deliver tells its subscribers (EventsUnavailable), not the writer.
   */
  publish(events: readonly ToolEvent[]): void;
}

export interface ToolEventSubscriber {
  /**
   * The events published from now on that pass `filter`, in publishing order. The stream throws
   * EventsUnavailable when the bus cannot deliver (at once, if it is down when subscribing);
   * `return()` unsubscribes.
   */
  subscribe(filter: ToolEventFilter): AsyncIterableIterator<ToolEvent>;
}

export interface ToolEventBus extends ToolEventPublisher, ToolEventSubscriber {
  /** Ends every subscription and releases connections. */
  close(): Promise<void>;
}

/** The event bus cannot deliver events (e.g. its Redis is unreachable); writes are not affected. */
export class EventsUnavailable extends Error {
  constructor(message = 'Live tool events are unavailable right now; subscribe again later.') {
    super(message);
    this.name = 'EventsUnavailable';
  }
}

/** A rename is an event of both namespaces: the one the tool left and the one it joined. */
export function matchesEventFilter(event: ToolEvent, filter: ToolEventFilter): boolean {
  if (filter.namespace == null) return true;
  return namespaceOf(event.name) === filter.namespace || (event.renamedFrom !== null && namespaceOf(event.renamedFrom) === filter.namespace);
}
