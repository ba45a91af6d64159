import { GraphQLError } from 'graphql';
import type { WrappedImplementationResolvers } from '../../generated/resolvers-types';

/** `WrappedImplementation.tool`: the wrapped tool, batched with every other lookup by name. */
export const WrappedImplementation: WrappedImplementationResolvers = {
  tool: async ({ wraps }, _args, { loaders }) => {
    const tool = await loaders.toolByName.load(wraps);
    // The domain and the database keep a validation's wrapped tool in place; absence is a bug (masked).
    if (!tool) throw new GraphQLError(`Wrapped tool "${wraps}" is missing.`);
    return tool;
  },
};
