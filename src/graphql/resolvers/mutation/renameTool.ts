import type { MutationResolvers } from '../../generated/resolvers-types';
import { toolResult } from '../../results';

/** `renameTool(name, newName)`: the tool under its new name, its history and wrappers moved with it. */
export const renameTool: NonNullable<MutationResolvers['renameTool']> = async (_root, { name, newName, expectedRevision }, { registry, caller }) =>
  toolResult(await registry.rename(caller, name, newName, expectedRevision), 'renameTool');
