import { fromModelName } from '../../../domain/exports';
import type { QueryResolvers } from '../../generated/resolvers-types';

/** `tool(name)`: null when absent. Goes through the loader, so it shares the request's cache. */
export const tool: NonNullable<QueryResolvers['tool']> = (_root, { name }, { loaders }) => loaders.toolByName.load(name);

/** `toolTombstone(name)`: what the name has left, read as `ToolEvent.tombstone` is, through the same loader. */
export const toolTombstone: NonNullable<QueryResolvers['toolTombstone']> = (_root, { name }, { loaders }) => loaders.tombstoneOf.load(name);

/** `toolByModelName(modelName)`: the model tool name read back into the registry's name, then as `tool`. */
export const toolByModelName: NonNullable<QueryResolvers['toolByModelName']> = (_root, { modelName }, { loaders }) => {
  const name = fromModelName(modelName);
  return name === null ? null : loaders.toolByName.load(name);
};
