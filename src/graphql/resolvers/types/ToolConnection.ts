import { encodeToolCursor } from '../../cursor';
import type { ToolConnectionResolvers } from '../../generated/resolvers-types';

/** `ToolConnection`: edges and page info from the page; `totalCount` queried only when selected. */
export const ToolConnection: ToolConnectionResolvers = {
  edges: ({ page, order }) => page.tools.map((tool) => ({ cursor: encodeToolCursor(order, tool), node: tool })),
  pageInfo: ({ page, order }) => {
    const first = page.tools[0];
    const last = page.tools[page.tools.length - 1];
    return {
      hasNextPage: page.hasNextPage,
      // Forward-only paging: Relay lets `first`/`after` connections answer false rather than look back.
      hasPreviousPage: false,
      startCursor: first ? encodeToolCursor(order, first) : null,
      endCursor: last ? encodeToolCursor(order, last) : null,
    };
  },
  totalCount: ({ filter }, _args, { registry }) => registry.count(filter),
};
