import type { ToolDeprecationResolvers } from '../../generated/resolvers-types';

/** `ToolDeprecation`: the replacement by name, and as a tool through the loader (null once it is gone). */
export const ToolDeprecation: ToolDeprecationResolvers = {
  replacedByName: (deprecation) => deprecation.replacedBy,
  replacedBy: (deprecation, _args, { loaders }) => (deprecation.replacedBy === null ? null : loaders.toolByName.load(deprecation.replacedBy)),
};
