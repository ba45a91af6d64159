import { GraphQLScalarType } from 'graphql';
import { DateTimeResolver, JSONObjectResolver } from 'graphql-scalars';
import { isStorableInstant } from '../../domain/model';
import type { Resolvers } from '../generated/resolvers-types';

/** A DateTime a client sends, refused (as any value the scalar cannot read) outside the years the databases hold. */
function storable(date: Date): Date {
  if (!isStorableInstant(date)) throw new TypeError(`DateTime must fall in the years 0001 to 9999 (UTC); got ${date.toISOString()}.`);
  return date;
}

/** The custom scalars, from graphql-scalars. */
export const scalarResolvers: Pick<Resolvers, 'JSONObject' | 'DateTime'> = {
  JSONObject: JSONObjectResolver,
  DateTime: new GraphQLScalarType({
    ...DateTimeResolver.toConfig(),
    parseValue: (value) => storable(DateTimeResolver.parseValue(value)),
    parseLiteral: (literal, variables) => storable(DateTimeResolver.parseLiteral(literal, variables)),
  }),
};
