import type { WrappedImplementationResolvers } from '../../generated/resolvers-types';

/** `WrappedImplementation.tool`: the wrapped tool, batched with every other lookup by name. */
export const WrappedImplementation: WrappedImplementationResolvers = {
  tool: async ({ wraps, ofTombstone }, _args, { loaders }) => {
    const tool = await loaders.toolByName.load(wraps);
    // The domain keeps a live validation's wrapped tool in place; its absence is a bug, so a plain
    // Error: yoga masks it as INTERNAL_SERVER_ERROR. A tombstone's wrapped tool may be gone.
    if (!tool && !ofTombstone) throw new Error(`Wrapped tool "${wraps}" is missing.`);
    return tool;
  },
};
