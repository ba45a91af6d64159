/**
 * A second, independent subgraph for the gateway test: agents that reference their tools by key and
 * add `usedBy` to `Tool`. It shares no code with toolgraph: its federation fields are written out
 * here, and its SDL comes without directive definitions (the usual form), next to toolgraph's with.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSchema, createYoga } from 'graphql-yoga';

export interface Agent {
  id: string;
  name: string;
  toolNames: string[];
}

export const AGENTS_SDL = /* GraphQL */ `
extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key", "@shareable"])

type Query {
  agents: AgentConnection!
}

type AgentConnection {
  edges: [AgentEdge!]!
  pageInfo: PageInfo!
}

type AgentEdge {
  cursor: String!
  node: Agent!
}

type PageInfo @shareable {
  hasNextPage: Boolean!
  hasPreviousPage: Boolean!
  startCursor: String
  endCursor: String
}

type Agent @key(fields: "id") {
  id: ID!
  name: String!
  tools: [Tool!]!
}

type Tool @key(fields: "name") {
  name: String!
  usedBy: [Agent!]!
}
`;

const FEDERATION_DEFINITIONS = /* GraphQL */ `
  directive @link(url: String, as: String, for: link__Purpose, import: [link__Import]) repeatable on SCHEMA
  scalar link__Import
  enum link__Purpose { SECURITY EXECUTION }
  scalar federation__FieldSet
  directive @key(fields: federation__FieldSet!, resolvable: Boolean = true) repeatable on OBJECT | INTERFACE
  directive @shareable repeatable on OBJECT | FIELD_DEFINITION
  scalar _Any
  union _Entity = Agent | Tool
  type _Service { sdl: String }
  extend type Query {
    _service: _Service!
    _entities(representations: [_Any!]!): [_Entity]!
  }
`;

/** The registry's fields the gateway test asks for each agent's tools: through the gateway, they become an `_entities` request to toolgraph. */
export const AGENT_TOOL_FIELDS = /* GraphQL */ `
  name
  description
  source
  toolType
  capability { readOnly writes writeScope }
  implementation { __typename ... on McpImplementation { server toolName } ... on WrappedImplementation { tool { name } } }
  wrappedBy { name }
`;

export interface AgentsSubgraph {
  url: string;
  /** The Authorization headers of the requests it was sent, none left out (null for a request without one). */
  authorizations: (string | null)[];
  close(): Promise<void>;
}

export async function startAgentsSubgraph(agents: Agent[]): Promise<AgentsSubgraph> {
  const agentById = new Map(agents.map((agent) => [agent.id, agent]));
  const schema = createSchema({
    typeDefs: [AGENTS_SDL, FEDERATION_DEFINITIONS],
    resolvers: {
      Query: {
        agents: () => ({
          edges: agents.map((agent) => ({ cursor: agent.id, node: agent })),
          pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: agents[0]?.id ?? null, endCursor: agents.at(-1)?.id ?? null },
        }),
        _service: () => ({ sdl: AGENTS_SDL }),
        _entities: (_root: unknown, { representations }: { representations: { __typename: string; id?: string; name?: string }[] }) =>
          representations.map((reference) =>
            reference.__typename === 'Tool' ? { __typename: 'Tool', name: reference.name } : { __typename: 'Agent', ...agentById.get(reference.id ?? '') },
          ),
      },
      // A reference to a toolgraph tool: only its key; toolgraph resolves the rest.
      Agent: { tools: (agent: Agent) => agent.toolNames.map((name) => ({ __typename: 'Tool', name })) },
      Tool: { usedBy: (tool: { name: string }) => agents.filter((agent) => agent.toolNames.includes(tool.name)) },
    },
  });
  const authorizations: (string | null)[] = [];
  const yoga = createYoga<object>({
    schema,
    logging: false,
    plugins: [{ onRequest: ({ request }) => void authorizations.push(request.headers.get('authorization')) }],
  });
  const server: Server = createServer(yoga.requestListener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    authorizations,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
