import { fieldsOfConfigKeys } from '../../../domain/config';
import type { ToolRevisionResolvers } from '../../generated/resolvers-types';
import { globalId } from '../../global-ids';

/** `ToolRevision`: a revision keeps the `cliDict` keys it changed, as stored; the API names the fields they stand for. */
export const ToolRevision: ToolRevisionResolvers = {
  id: (revision) => globalId('ToolRevision', revision.id),
  changedFields: ({ changedFields }) => fieldsOfConfigKeys(changedFields),
};
