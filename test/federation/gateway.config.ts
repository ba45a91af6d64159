/**
 * The Hive Gateway configuration of the gateway test (`hive-gateway supergraph … -c <this file>`):
 * the client's Authorization header goes on to toolgraph, which decides what its credential may
 * write (Hive Gateway forwards no client header unless told to). Only to toolgraph: the agents
 * subgraph has no use for the client's credential, so it never sees it. Subscriptions reach
 * toolgraph over WebSocket (`graphql-transport-ws`) at its GraphQL endpoint, as docs/operators.md "Running
 * toolgraph behind a gateway" says.
 */
import { defineConfig } from '@graphql-hive/gateway';

export const gatewayConfig = defineConfig({
  transportEntries: {
    toolgraph: { options: { subscriptions: { kind: 'ws', location: '/graphql' } } },
  },
  propagateHeaders: {
    fromClientToSubgraphs: ({ request, subgraphName }) => (subgraphName === 'toolgraph' ? { authorization: request.headers.get('authorization') } : {}),
  },
});
