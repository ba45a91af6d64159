import type { QueryResolvers } from '../../generated/resolvers-types';

/** `tool(name)`: null when absent. Goes through the loader, so it shares the request's cache. */
export const tool: NonNullable<QueryResolvers['tool']> = (_root, { name }, { loaders }) => loaders.toolByName.load(name);
