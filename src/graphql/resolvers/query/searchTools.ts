import { DEFAULT_SEARCH_HITS } from '../../../domain/search/tool-index';
import type { QueryResolvers } from '../../generated/resolvers-types';
import { primeTools } from '../../loaders';

/** `searchTools(query, first, filter)`: ranked search (spec section 7); `first` is in range (../../argument-ranges.ts). */
export const searchTools: NonNullable<QueryResolvers['searchTools']> = async (_root, args, { registry, loaders }) => {
  const first = args.first ?? DEFAULT_SEARCH_HITS;
  const hits = await registry.search({ query: args.query, first, filter: { ...args.filter } });
  primeTools(
    loaders,
    hits.map((hit) => hit.tool),
  );
  return hits;
};
