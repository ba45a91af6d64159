import { encodeChangeCursor } from '../../cursor';
import type { ToolChangeConnectionResolvers } from '../../generated/resolvers-types';

/** `ToolChangeConnection`: a page of the change log. */
export const ToolChangeConnection: ToolChangeConnectionResolvers = {
  edges: ({ events }) => events.map((event) => ({ cursor: encodeChangeCursor(event.position), node: event })),
  pageInfo: ({ events, hasNextPage }) => {
    const first = events[0];
    const last = events.at(-1);
    return {
      hasNextPage,
      hasPreviousPage: false,
      startCursor: first ? encodeChangeCursor(first.position) : null,
      endCursor: last ? encodeChangeCursor(last.position) : null,
    };
  },
  cursor: ({ position }) => encodeChangeCursor(position),
};
