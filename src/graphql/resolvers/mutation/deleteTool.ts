import type { MutationResolvers } from '../../generated/resolvers-types';
import { deleteResult } from '../../results';

/** `deleteTool(name)`: refused while validations wrap the tool. */
export const deleteTool: NonNullable<MutationResolvers['deleteTool']> = async (_root, { name, expectedRevision }, { registry, caller }) =>
  deleteResult(await registry.delete(caller, name, expectedRevision));
