import { DEFAULT_TOOL_ORDER, type ToolOrder } from '../../../domain/ports';
import type { QueryResolvers } from '../../generated/resolvers-types';
import { decodeToolCursor } from '../../cursor';
import { primeTools } from '../../loaders';
import { pageSize } from '../../paging';
import { selectsField } from '../../selection';

/** `tools(filter, orderBy, first, after)`: one keyset page in the order asked for, and its `totalCount` only when selected. */
export const tools: NonNullable<QueryResolvers['tools']> = async (_root, args, { registry, loaders }, info) => {
  const first = pageSize(args.first);
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
