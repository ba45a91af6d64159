import { createYoga, type YogaServerInstance, type YogaServerOptions } from 'graphql-yoga';
import type { ToolStore } from '../domain/ports';
import { ToolRegistry } from '../domain/registry';
import { createGraphQLContext, type GraphQLContext } from '../graphql/context';
import { createToolgraphSchema } from '../graphql/schema';

export type ToolgraphServerOptions = ({ registry: ToolRegistry } | { store: ToolStore }) & {
  /** yoga's logger: `false` silences it (tests), default logs masked errors to the console. */
  logging?: YogaServerOptions<object, GraphQLContext>['logging'];
};

export type ToolgraphServer = YogaServerInstance<object, GraphQLContext>;

/** GraphiQL's first tab: a query that works on any registry. */
const DEFAULT_QUERY = /* GraphQL */ `# Welcome to toolgraph, the registry of agent tools.
# The Docs pane (top left) describes every type, field and argument.

query Tools {
  namespaces { namespace toolCount }
  tools(first: 10) {
    totalCount
    edges {
      node {
        name
        description
        source
        capability { readOnly writes humanApprovalRequired }
        implementation {
          __typename
          ... on McpImplementation { server toolName }
        }
      }
    }
    pageInfo { hasNextPage endCursor }
  }
}
`;

/**
 * Builds the GraphQL server: schema, per-request context, GraphiQL, error masking. It does not
 * listen; main.ts hands it to node:http, and tests call `yoga.fetch('http://yoga/graphql', …)`.
 */
export function createToolgraphServer(options: ToolgraphServerOptions): ToolgraphServer {
  const registry = 'registry' in options ? options.registry : new ToolRegistry(options.store);
  return createYoga<object, GraphQLContext>({
    schema: createToolgraphSchema(),
    context: () => createGraphQLContext(registry),
    graphqlEndpoint: '/graphql',
    graphiql: { title: 'toolgraph', defaultQuery: DEFAULT_QUERY },
    // Errors that are not GraphQLErrors (database down, a bug) become "Unexpected error." with
    // extensions.code INTERNAL_SERVER_ERROR; never the original message or stack, whatever NODE_ENV.
    maskedErrors: { isDev: false },
    logging: options.logging ?? true,
  });
}
