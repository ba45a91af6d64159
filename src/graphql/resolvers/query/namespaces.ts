import type { QueryResolvers } from '../../generated/resolvers-types';

/** `namespaces`: every namespace with its tool count. */
export const namespaces: NonNullable<QueryResolvers['namespaces']> = (_root, _args, { registry }) => registry.namespaces();
