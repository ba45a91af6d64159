import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSchema } from 'graphql-yoga';
import type { GraphQLContext } from './context';
import { subgraphAdditions } from './federation';
import { resolvers } from './resolvers';

/** schema.graphql, at the project root: the API's single source (found from src/ or a build's dist/src/). */
export const SCHEMA_PATH =
  [join(__dirname, '..', '..', 'schema.graphql'), join(__dirname, '..', '..', '..', 'schema.graphql')].find((path) => existsSync(path)) ??
  join(__dirname, '..', '..', 'schema.graphql');

/**
 * The subgraph SDL: schema.graphql as written (federation `@link`, `@key`, `@shareable` included).
 * Served as `_service { sdl }` and printed by `npm run sdl`.
 */
export function subgraphSdl(): string {
  return readFileSync(SCHEMA_PATH, 'utf8');
}

/**
 * The executable schema: schema.graphql with the resolvers of src/graphql/resolvers, plus the
 * federation subgraph fields (`_service`, `_entities`). One schema serves both the standalone API
 * and the gateway.
 */
export function createToolgraphSchema() {
  const sdl = subgraphSdl();
  const federation = subgraphAdditions(sdl, resolvers);
  return createSchema<GraphQLContext>({
    typeDefs: [sdl, federation.typeDefs],
    resolvers: [resolvers, federation.resolvers],
    resolverValidationOptions: { requireResolversToMatchSchema: 'error' },
  });
}
