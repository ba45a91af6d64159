/**
 * The pure parts of keeping a search's matches (src/store/search-matches.ts): where a page starts
 * in kept keys, and when kept keys may be used. What a search answers through the API is tested in
 * test/graphql/search-matches.test.ts.
 */
import type { ChangeClock, ToolOrder, ToolQuery } from '../../src/domain/ports';
import { keysAfter, MAX_KEPT_MATCHES, SearchMatches, type MatchKey } from '../../src/store/search-matches';

const ORDERS: ToolOrder[] = [
  { field: 'name', direction: 'asc' },
  { field: 'name', direction: 'desc' },
  { field: 'updatedAt', direction: 'asc' },
  { field: 'updatedAt', direction: 'desc' },
];

/** The SQL order (tool-sql.ts `orderByOf`) in JS: updatedAt, then name, both in the direction. */
function sorted(keys: MatchKey[], order: ToolOrder): MatchKey[] {
  const sign = order.direction === 'asc' ? 1 : -1;
  return [...keys].sort((a, b) => {
    const byTime = order.field === 'updatedAt' ? a.updatedAt!.getTime() - b.updatedAt!.getTime() : 0;
    return sign * (byTime || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  });
}

describe('where a page starts in kept keys', () => {
  // Few distinct instants, so that many keys tie on updatedAt and the name decides.
  const keys: MatchKey[] = Array.from({ length: 300 }, (_, i) => ({
    name: `ns-${i % 7}/tool-${(i * 37) % 300}`,
    updatedAt: new Date(1_700_000_000_000 + (i % 11) * 1000),
  }));

  it.each(ORDERS)('is right after the cursor for every position, ties included (%o)', (order) => {
    const inOrder = sorted(keys, order);
    for (const [index, position] of inOrder.entries()) {
      expect(keysAfter(inOrder, order, position)).toEqual(inOrder.slice(index + 1));
    }
    expect(keysAfter(inOrder, order, null)).toEqual(inOrder);
  });

  it.each(ORDERS)('is right after a cursor that is no longer among the keys (%o)', (order) => {
    const inOrder = sorted(keys, order);
    const gone = { name: 'ns-3/tool-gone', updatedAt: new Date(1_700_000_004_500) };
    const expected = sorted([...keys, gone], order);
    expect(keysAfter(inOrder, order, gone)).toEqual(expected.slice(expected.indexOf(gone) + 1));
  });
});

describe('kept matches', () => {
  const query = { search: 'x' } as ToolQuery;
  const order = ORDERS[0]!;
  let generation: number | null = 1;
  const clock: ChangeClock = { generation: () => generation };
  const reads: number[] = [];
  const reading = (count: number) => async (limit: number) => {
    reads.push(limit);
    return Array.from({ length: Math.min(count, limit) }, (_, i) => ({ name: `ns/t-${i}` }));
  };

  beforeEach(() => {
    generation = 1;
    reads.length = 0;
  });

  it('are read once per generation, and not kept while the clock has none', async () => {
    const matches = new SearchMatches(clock);
    expect(await matches.keysOf(query, order, reading(3))).toHaveLength(3);
    expect(await matches.keysOf(query, order, reading(3))).toHaveLength(3);
    expect(reads).toHaveLength(1);
    generation = 2;
    expect(await matches.keysOf(query, order, reading(4))).toHaveLength(4);
    expect(reads).toHaveLength(2);
    generation = null;
    await matches.keysOf(query, order, reading(4));
    await matches.keysOf(query, order, reading(4));
    expect(reads).toHaveLength(4);
  });

  it('are not kept when the generation changed while they were read', async () => {
    const matches = new SearchMatches(clock);
    await matches.keysOf(query, order, async (limit) => {
      generation = 2;
      return reading(2)(limit);
    });
    await matches.keysOf(query, order, reading(2));
    expect(reads).toHaveLength(2);
  });

  it(`are not kept past ${MAX_KEPT_MATCHES} keys: the store then reads as it would without them`, async () => {
    const matches = new SearchMatches(clock);
    expect(await matches.keysOf(query, order, reading(MAX_KEPT_MATCHES + 5))).toBeNull();
    expect(reads).toEqual([MAX_KEPT_MATCHES + 1]);
    expect(await matches.keysOf(query, order, reading(MAX_KEPT_MATCHES))).toHaveLength(MAX_KEPT_MATCHES);
  });
});
