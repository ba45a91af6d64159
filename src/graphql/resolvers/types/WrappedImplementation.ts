import type { WrappedImplementationResolvers } from '../../generated/resolvers-types';

/**
 * `WrappedImplementation`: the wrapped tool, batched with every other lookup by name. A live
 * validation's wrapped tool is gone only when its owner retired it (the domain's `holdsBackRemoval`).
 */
export const WrappedImplementation: WrappedImplementationResolvers = {
  tool: ({ wraps }, _args, { loaders }) => loaders.toolByName.load(wraps),
  toolName: ({ wraps }) => wraps,
  toolRetired: async ({ wraps }, _args, { loaders }) => (await loaders.toolByName.load(wraps)) === null,
};
