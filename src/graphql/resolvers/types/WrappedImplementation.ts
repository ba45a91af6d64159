import type { WrappedImplementationResolvers } from '../../generated/resolvers-types';

/** `WrappedImplementation.tool`: the wrapped tool, batched with every other lookup by name. */
export const WrappedImplementation: WrappedImplementationResolvers = {
  tool: async ({ wraps }, _args, { loaders }) => {
    const tool = await loaders.toolByName.load(wraps);
    // The domain and the database keep a validation's wrapped tool in place; absence is a bug, so
    // a plain Error: yoga masks it as INTERNAL_SERVER_ERROR.
    if (!tool) throw new Error(`Wrapped tool "${wraps}" is missing.`);
    return tool;
  },
};
