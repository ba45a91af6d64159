import type { MutationResolvers } from '../../generated/resolvers-types';
import { importResult } from '../../results';

/** `importTools(config, dryRun, prune, expectedRevisions)`: all or nothing. */
export const importTools: NonNullable<MutationResolvers['importTools']> = async (_root, { config, dryRun, prune, expectedRevisions }, { registry, caller }) =>
  importResult(
    await registry.importTools(caller, config, {
      dryRun: dryRun ?? false,
      prune: prune ?? [],
      expectedRevisions: expectedRevisions?.map(({ name, revision }) => ({ name, revision: revision ?? null })),
    }),
  );
