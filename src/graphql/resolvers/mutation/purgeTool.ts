import type { MutationResolvers } from '../../generated/resolvers-types';
import { purgeResult } from '../../results';

/** `purgeTool(name)`: a deleted tool's history, gone for good (admin only). */
export const purgeTool: NonNullable<MutationResolvers['purgeTool']> = async (_root, { name }, { registry, caller }) =>
  purgeResult(await registry.purge(caller, name));
