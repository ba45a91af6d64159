import { encodeChangeCursor } from '../../cursor';
import type { ToolEventResolvers } from '../../generated/resolvers-types';

/** `ToolEvent`: a change, live or read back from the log. */
export const ToolEvent: ToolEventResolvers = {
  cursor: ({ position }) => encodeChangeCursor(position),
  tombstone: async ({ name, tool }, _args, { loaders }) => (tool === null ? loaders.tombstoneOf.load(name) : null),
};
