import { DEFAULT_PAGE_SIZE } from '../../../domain/limits';
import { DEFAULT_TOOL_ORDER, type ToolOrder } from '../../../domain/ports';
import type { QueryResolvers } from '../../generated/resolvers-types';
import { decodeToolCursor } from '../../cursor';
import { primeTools } from '../../loaders';
import { selectsField } from '../../selection';

/** `tools(filter, orderBy, first, after)`: one keyset page in the order asked for, and its `totalCount` only when selected. */
export const tools: NonNullable<QueryResolvers['tools']> = async (_root, args, { registry, loaders }, info) => {
  // Its range was checked before anything ran (../../argument-ranges.ts); `first: null` pages by the default.
  const first = args.first ?? DEFAULT_PAGE_SIZE;
  const order: ToolOrder = {
    field: args.orderBy?.field ?? DEFAULT_TOOL_ORDER.field,
    direction: args.orderBy?.direction ?? DEFAULT_TOOL_ORDER.direction,
  };
  const after = args.after == null ? null : decodeToolCursor(args.after, order);
  const filter = { ...args.filter };
  const page = await registry.list({ filter, first, order, after, withTotal: selectsField(info, 'totalCount') });
  primeTools(loaders, page.tools);
  return { page, filter, order };
};
