/**
 * The request limits' defaults refuse none of the operations this project sends or documents: the
 * the documentation's (README.md and docs/), GraphiQL's example tab and its introspection query, the registry browser's (at the
 * largest page it asks for), their subscriptions over SSE, and a federation gateway's `_entities`
 * batch. The documents are read from the files they live in (test/support/own-operations.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getIntrospectionQuery } from 'graphql';
import { InProcessToolEventBus } from '../../src/server/events';
import type { ToolgraphServer } from '../../src/server/yoga';
import { subscribe, type SseSubscription } from '../events/sse';
import { AGENT_TOOL_FIELDS } from '../federation/agents-subgraph';
import { data } from '../graphql/helpers';
import { browserConstant, browserOperations, graphiqlOperations, documentedOperations, type OwnOperation } from '../support/own-operations';
import { useTestServer } from '../support/test-server';

const root = join(__dirname, '..', '..');
const examples = readdirSync(join(root, 'examples', 'tools'))
  .filter((file) => file.endsWith('.yaml'))
  .sort()
  .map((file) => readFileSync(join(root, 'examples', 'tools', file), 'utf8'));

/** The variables each operation is sent with: the largest page the browser asks for, a real tool (`toolId`: its global id). */
const VARIABLES = (toolId: string): Record<string, Record<string, unknown>> => ({
  'mutation Import': { config: examples[0] },
  'mutation Sync': { config: examples[0] },
  'query Browse': {
    filter: { search: 'o', namespaceIn: ['devops', 'local'], sourceIn: ['MCP', 'BUILTIN'] },
    orderBy: { field: 'UPDATED_AT', direction: 'DESC' },
    first: browserConstant('MAX_PAGE'),
  },
  'query Ranked': {
    query: 'build and roll out a container image',
    filter: { writes: true },
    first: browserConstant('PAGE_SIZE'),
  },
  'query More': { filter: {}, orderBy: { field: 'NAME', direction: 'ASC' }, first: browserConstant('PAGE_SIZE'), after: null },
  'query ToolView': { name: 'devops/k8s-rollout' },
  'query ToolById': { id: toolId },
  'query MoreHistory': { id: toolId, after: null },
  'query MoreTombstoneHistory': { name: 'devops/k8s-rollout', after: null },
  'query Revision': { name: 'devops/k8s-rollout', revision: 1 },
  'query Tombstone': { name: 'devops/k8s-rollout' },
});

/**
 * GraphiQL (the build @graphql-yoga/render-graphiql inlines) introspects with
 * `getIntrospectionQuery({ inputValueDeprecation, schemaDescription })`, yoga turning the first on;
 * other tools (codegen, IDEs) ask for every option, which is the largest variant.
 */
const INTROSPECTION = {
  GraphiQL: getIntrospectionQuery({ inputValueDeprecation: true }),
  'every option': getIntrospectionQuery({
    descriptions: true,
    specifiedByUrl: true,
    directiveIsRepeatable: true,
    schemaDescription: true,
    inputValueDeprecation: true,
    experimentalDirectiveDeprecation: true,
    oneOf: true,
  }),
};

/** What a gateway asks this subgraph for the agents' tools in test/federation/gateway.test.ts. */
const GATEWAY_ENTITIES = /* GraphQL */ `
  query ($representations: [_Any!]!) {
    _entities(representations: $representations) {
      __typename
      ... on Tool { ${AGENT_TOOL_FIELDS} }
    }
  }
`;
/** A batch as large as a page of 500 agents' tools, deduplicated by the gateway. */
const GATEWAY_BATCH = 500;

/** Runs one operation over POST, as the page and GraphiQL send them, and expects it answered without errors; its data. */
async function runs(yoga: ToolgraphServer, operation: OwnOperation, variables?: Record<string, unknown>) {
  const response = await yoga.fetch('http://yoga/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' },
    body: JSON.stringify({
      ...(operation.documentId ? { documentId: operation.documentId } : { query: operation.document }),
      operationName: operation.operationName,
      variables,
    }),
  });
  const body = await response.json();
  expect(body.errors).toBeUndefined();
  expect(response.status).toBe(200);
  return body.data;
}

/** The subscription over GET by its id, as the browser's EventSource opens it. */
const overGet = (yoga: ToolgraphServer, operation: OwnOperation) => async (url: string, init: RequestInit) =>
  yoga.fetch(`${url}?documentId=${encodeURIComponent(operation.documentId!)}`, { headers: { accept: 'text/event-stream' }, signal: init.signal });

describe('the default request limits', () => {
  const server = useTestServer('sqlite', { events: () => new InProcessToolEventBus() });

  let toolId = '';
  beforeAll(async () => {
    for (const config of examples) {
      const result = await data(server.yoga, 'mutation ($config: String!) { importTools(config: $config) { __typename } }', { config });
      expect(result.importTools.__typename).toBe('ImportToolsSuccess');
    }
    toolId = (await data(server.yoga, '{ tool(name: "devops/k8s-rollout") { id } }')).tool.id;
  });

  const queriesAndMutations = (operations: OwnOperation[]) =>
    operations.filter((operation) => operation.kind !== 'subscription').map((operation) => [operation.label, operation] as const);

  it.each(queriesAndMutations(documentedOperations()))("run the documentation's %s", async (label, operation) => {
    await runs(server.yoga, operation, VARIABLES(toolId)[label]);
  });

  it.each(queriesAndMutations(graphiqlOperations()))("run GraphiQL's example %s", async (_label, operation) => {
    await runs(server.yoga, operation);
  });

  it.each(Object.entries(INTROSPECTION))('run the introspection query of %s', async (_who, document) => {
    const result = await runs(server.yoga, { label: 'introspection', kind: 'query', document });
    expect(result.__schema.types.length).toBeGreaterThan(20);
  });

  it.each(queriesAndMutations(browserOperations()))("run the registry browser's %s", async (label, operation) => {
    await runs(server.yoga, operation, VARIABLES(toolId)[label]);
  });

  it(`run a gateway's _entities batch of ${GATEWAY_BATCH} references`, async () => {
    const names = Array.from({ length: GATEWAY_BATCH }, (_, i) => (i % 2 ? 'devops/docker-build' : `gone/tool-${i}`));
    const operation: OwnOperation = { label: '_entities', kind: 'query', document: GATEWAY_ENTITIES };
    const result = await runs(server.yoga, operation, { representations: names.map((name) => ({ __typename: 'Tool', name })) });
    expect(result._entities[1]).toMatchObject({ name: 'devops/docker-build' });
  });

  describe('subscriptions over SSE', () => {
    const subscriptions: SseSubscription[] = [];
    afterEach(() => subscriptions.splice(0).forEach((subscription) => subscription.close()));

    const receivesAnEvent = async (subscription: SseSubscription, name: string) => {
      subscriptions.push(subscription);
      expect(subscription.status).toBe(200);
      const created = await data(
        server.yoga,
        'mutation ($name: String!) { createTool(input: { name: $name, description: "Live.", source: BUILTIN }) { __typename } }',
        { name },
      );
      expect(created.createTool.__typename).toBe('CreateToolSuccess');
      expect(await subscription.next()).toMatchObject({ data: { toolEvents: { name } } });
    };

    it("run GraphiQL's example subscription", async () => {
      const [operation] = graphiqlOperations().filter((candidate) => candidate.kind === 'subscription');
      const fetchWhole = async (url: string, init: RequestInit) =>
        server.yoga.fetch(url, { ...init, body: JSON.stringify({ query: operation!.document, operationName: operation!.operationName }) });
      await receivesAnEvent(await subscribe(fetchWhole, 'http://yoga/graphql', operation!.document), 'sse/graphiql');
    });

    it("run the registry browser's subscription, over GET as EventSource opens it", async () => {
      const [operation] = browserOperations().filter((candidate) => candidate.kind === 'subscription');
      await receivesAnEvent(await subscribe(overGet(server.yoga, operation!), 'http://yoga/graphql', operation!.document), 'sse/browser');
    });
  });
});
