import type { MutationResolvers } from '../../generated/resolvers-types';
import { toolResult } from '../../results';

/** `deprecateTool(name, message, replacedBy)`: the tool stays, marked with why and what instead. */
export const deprecateTool: NonNullable<MutationResolvers['deprecateTool']> = async (
  _root,
  { name, message, replacedBy, expectedRevision },
  { registry, caller },
) => toolResult(await registry.deprecate(caller, name, { message, replacedBy, expectedRevision }), 'deprecateTool');

/** `undeprecateTool(name)`: the tool is active again. */
export const undeprecateTool: NonNullable<MutationResolvers['undeprecateTool']> = async (_root, { name, expectedRevision }, { registry, caller }) =>
  toolResult(await registry.undeprecate(caller, name, expectedRevision), 'undeprecateTool');
