/**
 * What a write prunes (src/domain/history.ts `historyPruning`) and how a page of a pruned history
 * is read (`historyPage`, `historyPageOf`), without a database.
 */
import { historyPage, historyPageOf, historyPruning, KEEP_ALL_HISTORY, type ToolRevision } from '../../src/domain/history';

const NOW = new Date('2026-12-07T00:00:00Z');
const revision = (n: number) => ({ revision: n }) as ToolRevision;

describe('historyPruning', () => {
  it('prunes nothing when every revision is kept, or nothing was written', () => {
    expect(historyPruning(KEEP_ALL_HISTORY, ['a/b'], NOW)).toBeNull();
    expect(historyPruning({ keep: 3, keepDays: 30 }, [], NOW)).toBeNull();
  });

  it('keeps the newest `keep` of each name written once, and what was current since `keepDays` days before now', () => {
    expect(historyPruning({ keep: 3, keepDays: 30 }, ['a/b', 'a/c', 'a/b'], NOW)).toEqual({
      names: ['a/b', 'a/c'],
      keepNewest: 3,
      latestSince: new Date('2026-11-07T00:00:00Z'),
    });
    expect(historyPruning({ keep: 1, keepDays: 0 }, ['a/b'], NOW)).toEqual({ names: ['a/b'], keepNewest: 1, latestSince: null });
  });
});

describe('historyPage', () => {
  const end = { name: 'a/b', revision: 10 };

  it('reads one revision more than asked, which says whether older ones are still kept', () => {
    expect(historyPage(end, 3, null)).toEqual({ name: 'a/b', lowest: 7, highest: 10 });
    expect(historyPage(end, 3, 8)).toEqual({ name: 'a/b', lowest: 4, highest: 7 });
    expect(historyPage(end, 20, null)).toEqual({ name: 'a/b', lowest: 1, highest: 10 });
    expect(historyPage(end, 3, 1)).toBeNull();
    expect(historyPage(null, 3, null)).toBeNull();
  });

  it('ends a page where the kept revisions end', () => {
    expect(historyPageOf([10, 9, 8, 7].map(revision), 3)).toEqual({ revisions: [10, 9, 8].map(revision), hasNextPage: true });
    expect(historyPageOf([10, 9, 8].map(revision), 3)).toEqual({ revisions: [10, 9, 8].map(revision), hasNextPage: false });
    expect(historyPageOf([9, 8].map(revision), 3)).toEqual({ revisions: [9, 8].map(revision), hasNextPage: false });
  });
});
