import { encodeRevisionCursor } from '../../cursor';
import type { ToolRevisionConnectionResolvers } from '../../generated/resolvers-types';

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
