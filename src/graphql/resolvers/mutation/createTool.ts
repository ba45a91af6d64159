import type { MutationResolvers } from '../../generated/resolvers-types';
import { toolResult } from '../../results';

/** `createTool(input)`: the stored tool, or why it was refused. */
export const createTool: NonNullable<MutationResolvers['createTool']> = async (_root, { input }, { registry, caller }) =>
  toolResult(await registry.create(caller, input));
