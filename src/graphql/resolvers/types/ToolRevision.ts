import { fieldsOfConfigKeys } from '../../../domain/config';
import type { ToolRevisionResolvers } from '../../generated/resolvers-types';

/** `ToolRevision`: a revision keeps the `cliDict` keys it changed, as stored; the API names the fields they stand for. */
export const ToolRevision: ToolRevisionResolvers = {
  changedFields: ({ changedFields }) => fieldsOfConfigKeys(changedFields),
};
