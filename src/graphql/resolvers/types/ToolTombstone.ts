import { keptHistory } from '../../../domain/history';
import type { ToolTombstoneResolvers } from '../../generated/resolvers-types';
import { historyConnection } from './ToolRevisionConnection';

/** `ToolTombstone`: what is left of a name; its history read as a tool's is. */
export const ToolTombstone: ToolTombstoneResolvers = {
  history: (tombstone, args, { loaders }) => historyConnection(keptHistory(tombstone), args, loaders),
};
