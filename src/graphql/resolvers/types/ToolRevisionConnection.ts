import { historyPage, historyPageOf, type HistoryEnd } from '../../../domain/history';
import { DEFAULT_PAGE_SIZE } from '../../../domain/limits';
import { decodeRevisionCursor, encodeRevisionCursor } from '../../cursor';
import type { ToolRevisionConnectionResolvers } from '../../generated/resolvers-types';
import type { ToolLoaders } from '../../loaders';
import type { ToolRevisionConnectionModel } from '../../mappers';

/** `ToolRevisionConnection`: a page of history, newest first. */
export const ToolRevisionConnection: ToolRevisionConnectionResolvers = {
  edges: ({ revisions }) => revisions.map((revision) => ({ cursor: encodeRevisionCursor(revision.revision), node: revision })),
  pageInfo: ({ revisions, hasNextPage }) => {
    const first = revisions[0];
    const last = revisions[revisions.length - 1];
    return {
      hasNextPage,
      hasPreviousPage: false,
      startCursor: first ? encodeRevisionCursor(first.revision) : null,
      endCursor: last ? encodeRevisionCursor(last.revision) : null,
    };
  },
};

/**
 * A page of the history that ends at `end` (null: none kept), as `Tool.history` and
 * `ToolTombstone.history` answer it: every history of one response is read with one statement.
 */
export async function historyConnection(
  end: HistoryEnd | null,
  args: { first?: number | null; after?: string | null },
  loaders: ToolLoaders,
): Promise<ToolRevisionConnectionModel> {
  const first = args.first ?? DEFAULT_PAGE_SIZE;
  const range = historyPage(end, first, args.after == null ? null : decodeRevisionCursor(args.after));
  return historyPageOf(range ? await loaders.revisionsIn.load(range) : [], first);
}
