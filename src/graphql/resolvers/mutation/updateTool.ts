import type { MutationResolvers } from '../../generated/resolvers-types';
import { toolResult } from '../../results';
import { plainInput } from './plain-input';

/** `updateTool(name, input)`: absent fields unchanged, null resets to the default, lists replace. */
export const updateTool: NonNullable<MutationResolvers['updateTool']> = async (_root, { name, input }, { registry }) =>
  toolResult(await registry.update(name, plainInput(input)));
