import type { MutationResolvers } from '../../generated/resolvers-types';
import { toolResult } from '../../results';

/** `updateTool(name, input, expectedRevision)`: absent fields unchanged, lists replace, `reset` back to the defaults. */
export const updateTool: NonNullable<MutationResolvers['updateTool']> = async (
  _root,
  { name, input: { reset, ...patch }, expectedRevision },
  { registry, caller },
) => toolResult(await registry.update(caller, name, patch, { reset: reset ?? [], expectedRevision }));
