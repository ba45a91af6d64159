import { encodeToolCursor } from '../../cursor';
import type { ToolConnectionResolvers } from '../../generated/resolvers-types';

/** `ToolConnection`: edges and page info from the page; `totalCount` queried only when selected. */
export const ToolConnection: ToolConnectionResolvers = {
  edges: ({ page }) => page.tools.map((tool) => ({ cursor: encodeToolCursor(tool.name), node: tool })),
  pageInfo: ({ page }) => {
    const first = page.tools[0];
    const last = page.tools[page.tools.length - 1];
    return {
      hasNextPage: page.hasNextPage,
      // Forward-only paging: Relay lets `first`/`after` connections answer false rather than look back.
      hasPreviousPage: false,
      startCursor: first ? encodeToolCursor(first.name) : null,
      endCursor: last ? encodeToolCursor(last.name) : null,
    };
  },
  totalCount: ({ filter }, _args, { registry }) => registry.count(filter),
};
