import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSchema } from 'graphql-yoga';
import type { GraphQLContext } from './context';
import { resolvers } from './resolvers';

/** schema.graphql, at the project root: the API's single source (found from src/ or a build's dist/src/). */
export const SCHEMA_PATH = [join(__dirname, '..', '..', 'schema.graphql'), join(__dirname, '..', '..', '..', 'schema.graphql')].find(
  (path) => existsSync(path),
) ?? join(__dirname, '..', '..', 'schema.graphql');

/** The executable schema: schema.graphql with the resolvers of src/graphql/resolvers. */
export function createToolgraphSchema() {
  return createSchema<GraphQLContext>({
    typeDefs: readFileSync(SCHEMA_PATH, 'utf8'),
    resolvers,
    resolverValidationOptions: { requireResolversToMatchSchema: 'error' },
  });
}
