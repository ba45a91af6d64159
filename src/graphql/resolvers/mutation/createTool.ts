import type { MutationResolvers } from '../../generated/resolvers-types';
import { writeWithImplementation } from '../../implementation-input';
import { toolResult } from '../../results';

/** `createTool(input)`: the stored tool, or why it was refused. */
export const createTool: NonNullable<MutationResolvers['createTool']> = async (_root, { input }, { registry, caller }) =>
  toolResult(await writeWithImplementation(input, 'create', (draft) => registry.create(caller, draft)), 'createTool');
