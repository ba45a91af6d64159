import { GraphQLError } from 'graphql';
import { DEFAULT_TOOL_ORDER, type ToolOrder } from '../../../domain/ports';
import type { QueryResolvers } from '../../generated/resolvers-types';
import { decodeToolCursor } from '../../cursor';
import { primeTools } from '../../loaders';
import { selectsField } from '../../selection';

export const MAX_PAGE_SIZE = 100;

/** `tools(filter, orderBy, first, after)`: one keyset page in the order asked for, and its `totalCount` only when selected. */
export const tools: NonNullable<QueryResolvers['tools']> = async (_root, args, { registry, loaders }, info) => {
  const first = args.first ?? 20;
  if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE_SIZE) {
    throw new GraphQLError(`\`first\` must be between 1 and ${MAX_PAGE_SIZE}; got ${first}.`, {
      extensions: { code: 'BAD_USER_INPUT', argumentName: 'first' },
    });
  }
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
