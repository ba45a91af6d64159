import type { Resolvers } from '../generated/resolvers-types';
import { enumResolvers } from './enums';
import { Mutation } from './mutation';
import { Query } from './query';
import { scalarResolvers } from './scalars';
import { Subscription } from './subscription';
import { Tool } from './types/Tool';
import { ToolChangeConnection } from './types/ToolChangeConnection';
import { ToolConnection } from './types/ToolConnection';
import { ToolDeprecation } from './types/ToolDeprecation';
import { ToolEvent } from './types/ToolEvent';
import { ToolRevision } from './types/ToolRevision';
import { ToolRevisionConnection } from './types/ToolRevisionConnection';
import { ToolTombstone } from './types/ToolTombstone';
import { WrappedImplementation } from './types/WrappedImplementation';

/**
 * Every resolver of schema.graphql. Fields not listed resolve by name from their parent (domain
 * values, see codegen `mappers`); union members carry `__typename` from the resolver returning them.
 */
export const resolvers: Resolvers = {
  ...scalarResolvers,
  ...enumResolvers,
  Query,
  Mutation,
  Subscription,
  Tool,
  ToolChangeConnection,
  ToolConnection,
  ToolDeprecation,
  ToolEvent,
  ToolRevision,
  ToolRevisionConnection,
  ToolTombstone,
  WrappedImplementation,
};
