import type { QueryResolvers } from '../../generated/resolvers-types';

/** `toolStats(filter)`: facet counts of the tools `tools(filter:)` lists, from the database. */
export const toolStats: NonNullable<QueryResolvers['toolStats']> = (_root, args, { registry }) => registry.stats({ ...args.filter });
