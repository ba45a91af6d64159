import { DateTimeResolver, JSONObjectResolver } from 'graphql-scalars';
import type { Resolvers } from '../generated/resolvers-types';

/** The custom scalars, from graphql-scalars. */
export const scalarResolvers: Pick<Resolvers, 'JSONObject' | 'DateTime'> = {
  JSONObject: JSONObjectResolver,
  DateTime: DateTimeResolver,
};
