import { LRUCache } from 'lru-cache';
import type { ChangeClock, ToolOrder, ToolPosition, ToolQuery } from '../domain/ports';

/**
 * The tools a search matches, found once per change of the registry and shared by the requests that
 * follow: a search's page, next pages and total then cost the page's rows, not a look at every
 * match (a word in 1 % of 100,000 descriptions: 1,000 matches, each read, sorted and counted).
 * Kept only while the clock (the server's ChangeTracker) says no write committed since they were
 * read, on this instance or any other; a search read while a write committed is not kept.
 */

/** The sort key of one match, in the order it was read in. */
export interface MatchKey {
  name: string;
  updatedAt?: Date;
}

/** More matches than this are not kept (a one-letter search): reading them all again costs what the search does anyway. */
export const MAX_KEPT_MATCHES = 10_000;
/** Matches kept at once over all searches: about 100 bytes each. */
const MAX_KEPT_KEYS = 200_000;
/**
 * Kept at most this long, as the response cache's entries: what no event reports (another
 * program writing the database) is seen within it.
 */
const KEPT_MS = 60_000;

export class SearchMatches {
  private readonly kept = new LRUCache<string, readonly MatchKey[]>({
    maxSize: MAX_KEPT_KEYS,
    ttl: KEPT_MS,
    sizeCalculation: (keys) => Math.max(1, keys.length),
  });
  private keptIn: number | null = null;

  constructor(private readonly clock: ChangeClock) {}

  /**
   * The keys of every tool of `query` in `order`, kept or read by `read` (at most
   * MAX_KEPT_MATCHES + 1 keys); null when there are more than MAX_KEPT_MATCHES.
   */
  async keysOf(query: ToolQuery, order: ToolOrder, read: (limit: number) => Promise<MatchKey[]>): Promise<readonly MatchKey[] | null> {
    const generation = this.clock.generation();
    if (generation !== this.keptIn) {
      this.kept.clear();
      this.keptIn = generation;
    }
    const key = JSON.stringify([query, order.field, order.direction]);
    const kept = generation === null ? undefined : this.kept.get(key);
    if (kept) return kept;
    const keys = await read(MAX_KEPT_MATCHES + 1);
    if (keys.length > MAX_KEPT_MATCHES) return null;
    if (generation !== null && this.clock.generation() === generation && this.keptIn === generation) this.kept.set(key, keys);
    return keys;
  }
}

/** The keys after `after` in `order` (all without a position): `keys` are in that order, so a binary search finds the first. */
export function keysAfter(keys: readonly MatchKey[], order: ToolOrder, after: ToolPosition | null): readonly MatchKey[] {
  if (!after) return keys;
  const sign = order.direction === 'asc' ? 1 : -1;
  const beyond = (key: MatchKey) => sign * compare(key, after, order) > 0;
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (beyond(keys[middle]!)) high = middle;
    else low = middle + 1;
  }
  return keys.slice(low);
}

/**
 * `key` against `position` in ascending `order`: names compare by code unit, as the name column does
 * bytewise (names are ASCII), and instants by their milliseconds, the columns' precision.
 */
function compare(key: MatchKey, position: ToolPosition, order: ToolOrder): number {
  if (order.field === 'updatedAt') {
    const difference = key.updatedAt!.getTime() - position.updatedAt!.getTime();
    if (difference !== 0) return difference;
  }
  return key.name < position.name ? -1 : key.name > position.name ? 1 : 0;
}
