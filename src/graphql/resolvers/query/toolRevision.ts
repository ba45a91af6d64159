import type { QueryResolvers } from '../../generated/resolvers-types';

/** `toolRevision(name, revision, contentHash)`: that revision as committed, or null. */
export const toolRevision: NonNullable<QueryResolvers['toolRevision']> = (_root, { name, revision, contentHash }, { registry }) =>
  registry.findRevision(name, { revision, contentHash });
