import type { MutationResolvers } from '../../generated/resolvers-types';
import { deleteResult } from '../../results';

/** `deleteTool(name)`: refused while validations wrap the tool. */
export const deleteTool: NonNullable<MutationResolvers['deleteTool']> = async (_root, { name }, { registry }) =>
  deleteResult(await registry.delete(name));
