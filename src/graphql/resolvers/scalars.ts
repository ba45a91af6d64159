import { DateTimeResolver, JSONObjectResolver, JSONResolver } from 'graphql-scalars';
import type { Resolvers } from '../generated/resolvers-types';

/** The custom scalars, from graphql-scalars. */
export const scalarResolvers: Pick<Resolvers, 'JSON' | 'JSONObject' | 'DateTime'> = {
  JSON: JSONResolver,
  JSONObject: JSONObjectResolver,
  DateTime: DateTimeResolver,
};
