import type { MutationResolvers } from '../../generated/resolvers-types';
import { writeWithImplementation } from '../../implementation-input';
import { toolResult } from '../../results';

/** `updateTool(name, input, expectedRevision)`: absent fields unchanged, lists replace, `reset` back to the defaults, `implementation` replaces the whole implementation. */
export const updateTool: NonNullable<MutationResolvers['updateTool']> = async (
  _root,
  { name, input: { reset, ...patch }, expectedRevision },
  { registry, caller },
) =>
  toolResult(
    await writeWithImplementation(patch, 'update', (draft) => registry.update(caller, name, draft, { reset: reset ?? [], expectedRevision })),
    'updateTool',
  );
