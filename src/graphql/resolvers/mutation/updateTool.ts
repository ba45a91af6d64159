import type { MutationResolvers } from '../../generated/resolvers-types';
import { toolResult } from '../../results';

/** `updateTool(name, input)`: absent fields unchanged, null resets to the default, lists replace. */
export const updateTool: NonNullable<MutationResolvers['updateTool']> = async (_root, { name, input }, { registry, caller }) =>
  toolResult(await registry.update(caller, name, input));
