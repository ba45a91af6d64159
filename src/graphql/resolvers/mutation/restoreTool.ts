import type { MutationResolvers } from '../../generated/resolvers-types';
import { toolResult } from '../../results';

/** `restoreTool(name, revision)`: an earlier definition made current again, checked by today's rules. */
export const restoreTool: NonNullable<MutationResolvers['restoreTool']> = async (_root, { name, revision, expectedRevision }, { registry, caller }) =>
  toolResult(await registry.restore(caller, name, revision, expectedRevision), 'restoreTool');
