import type { Resolvers } from '../generated/resolvers-types';
import { enumResolvers } from './enums';
import { Mutation } from './mutation';
import { Query } from './query';
import { scalarResolvers } from './scalars';
import { Subscription } from './subscription';
import { Tool } from './types/Tool';
import { ToolConnection } from './types/ToolConnection';
import { ToolDeprecation } from './types/ToolDeprecation';
import { ToolRevision } from './types/ToolRevision';
import { ToolRevisionConnection } from './types/ToolRevisionConnection';
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
  ToolConnection,
  ToolDeprecation,
  ToolRevision,
  ToolRevisionConnection,
  WrappedImplementation,
};
