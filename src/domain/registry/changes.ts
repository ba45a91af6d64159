import { LRUCache } from 'lru-cache';
import { matchesEventFilter, type LoggedChange, type ToolEvent, type ToolEventFilter } from '../events';
import type { ToolQueries } from '../ports';

/**
 * Sync (spec section 9): every committed change has a place in one registry-wide order, the change
 * log the unit of work appends to (unit-of-work.ts), with positions 1, 2, 3… that become visible
 * in their order (the store says how). A reader that has seen position n has seen every change
 * before it, so "the changes after n" is a cursor that skips nothing and repeats nothing.
 */

/** Changes read from the log per statement when a stream replays or fills a gap. */
export const LOG_READ_SIZE = 500;

/** A position no change of this registry has: a cursor of another registry, or of a database restored to an earlier state. */
export class UnknownChangePosition extends Error {
  constructor(readonly position: number) {
    super(`No change of this registry has the position ${position}.`);
    this.name = 'UnknownChangePosition';
  }
}

export interface ChangePage {
  /** The changes, each with the tool its name holds now. */
  events: ToolEvent[];
  hasNextPage: boolean;
  /** Where the next page starts: the last change's position, else `after`'s. */
  position: number;
}

/** The changes after `after` (0: from the first), at most `first`; throws UnknownChangePosition for a position the log does not have. */
export async function readChanges(store: ToolQueries, after: number, first: number): Promise<ChangePage> {
  const found = await changesFrom(store, after, first + 1);
  const page = found.slice(0, first);
  return { events: await withTools(store, page), hasNextPage: found.length > first, position: page.at(-1)?.position ?? after };
}

/**
 * At most `limit` changes after `after`, having made sure that `after` is a position of the log:
 * read from the change at `after` itself, which exists, since positions are never removed.
 */
async function changesFrom(store: ToolQueries, after: number, limit: number): Promise<LoggedChange[]> {
  if (after === 0) return store.changesAfter(0, limit);
  const [at, ...rest] = await store.changesAfter(after - 1, limit + 1);
  if (at?.position !== after) throw new UnknownChangePosition(after);
  return rest;
}

/**
 * Reads of the log up to a position known to be committed (that of a live event), shared by the
 * streams of one registry: their answer never changes, and every subscriber checks every live
 * event, so without sharing, 100 subscribers made 100 reads of each change (measured: events
 * reached them 6 s late at 30 writes a second, against 4 ms without the check).
 */
export class CommittedLogReads {
  private readonly reads = new LRUCache<string, Promise<LoggedChange[]>>({ max: 1_000 });

  constructor(private readonly store: ToolQueries) {}

  /** The changes after `after`, at most `limit`, where the position `after + limit` is committed. */
  read(after: number, limit: number): Promise<LoggedChange[]> {
    const key = `${after}+${limit}`;
    let read = this.reads.get(key);
    if (read === undefined) {
      read = this.store.changesAfter(after, limit);
      this.reads.set(key, read);
      // A failed read is not kept: the next stream to ask tries again.
      read.catch(() => this.reads.delete(key));
    }
    return read;
  }
}

/** `changes` with the tools their names hold now, read in one batch. */
async function withTools(store: ToolQueries, changes: readonly LoggedChange[]): Promise<ToolEvent[]> {
  const tools = new Map((await store.findByNames([...new Set(changes.map((change) => change.name))])).map((tool) => [tool.name, tool]));
  return changes.map((change) => ({ ...change, tool: tools.get(change.name) ?? null }));
}

/**
 * `toolEvents(after:)`: the changes after `after` read back from the log, then the live ones as
 * they arrive, all in the log's order, none missing, none twice; only those passing `filter`.
 * `live` is the bus's stream of every event (unfiltered), subscribed before this reads the log, so
 * that what commits meanwhile is on it. A live event only says that the log has grown: events from
 * several instances may arrive out of order or not at all (a lost Redis message), and a bus shared
 * by mistake may carry another registry's. So each is checked against the log, read up to its
 * position (through `committed`, which shares those reads among the registry's streams): the
 * changes in between come from the log (with the tools their names hold when read), the event
 * itself with the tool it carries when the log has it at that position. Throws what `live` throws
 * (EventsUnavailable), and UnknownChangePosition for an `after` the log lacks.
 */
export function followChanges(
  store: ToolQueries,
  committed: CommittedLogReads,
  live: AsyncIterableIterator<ToolEvent>,
  after: number,
  filter: ToolEventFilter,
): AsyncIterableIterator<ToolEvent> {
  /** The position of the last change delivered or skipped. */
  let reached = after;
  /** The changes after `reached` up to `upTo` (null: to the end), `arrived` in place of its own change. */
  async function* fromLog(upTo: number | null, arrived?: ToolEvent): AsyncGenerator<ToolEvent> {
    for (let first = upTo === null; ; first = false) {
      const limit = upTo === null ? LOG_READ_SIZE : Math.min(LOG_READ_SIZE, upTo - reached);
      if (limit <= 0) return;
      const page = await (first ? changesFrom(store, reached, limit) : upTo === null ? store.changesAfter(reached, limit) : committed.read(reached, limit));
      const own = page.at(-1);
      const isArrived = arrived !== undefined && own?.position === arrived.position && own.name === arrived.name && own.revision === arrived.revision;
      const read = await withTools(store, isArrived ? page.slice(0, -1) : page);
      for (const event of isArrived ? [...read, arrived] : read) {
        reached = event.position;
        if (matchesEventFilter(event, filter)) yield event;
      }
      if (page.length < limit) return;
    }
  }
  async function* inOrder(): AsyncGenerator<ToolEvent> {
    yield* fromLog(null);
    for (;;) {
      const arrived = await live.next();
      if (arrived.done) return;
      yield* fromLog(arrived.value.position, arrived.value);
    }
  }
  const events = inOrder();
  // Not the generator itself: its `return()` would wait for a pending `next()`, while a client that
  // goes away must unsubscribe at once (ending `live` ends that `next()`).
  return {
    next: () => events.next(),
    async return(): Promise<IteratorResult<ToolEvent>> {
      await live.return?.();
      return events.return(undefined);
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
