import { encodeToolCursor } from '../../cursor';
import type { ToolConnectionResolvers } from '../../generated/resolvers-types';

/** `ToolConnection`: edges, page info and `totalCount` from the page (`tools` counts when `totalCount` is selected). */
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
  totalCount: ({ page, filter }, _args, { registry }) => page.total ?? registry.count(filter),
};
