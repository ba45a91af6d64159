/**
 * Normalized client caches against the real server (issue 26, point 2), on each database: Apollo
 * Client's InMemoryCache, urql's Graphcache and Relay, each with no key configuration
 * (../support/client-caches.ts), keep one object per tool (`__typename` and `Node.id`), so a page
 * of tools and a tool's view show what an `updateTool` answered, or what a `toolEvents` event
 * brought, without asking the server again. Every request a client sends is recorded: after the
 * first reads, only the mutation (or the subscription) goes out.
 */
import { join } from 'node:path';
import type { ConcreteRequest } from 'relay-runtime';
import { InProcessToolEventBus } from '../../src/server/events';
import {
  apolloClient,
  compileRelayArtifacts,
  DOCUMENTS,
  relayClient,
  urqlClient,
  type CacheClient,
  type FetchLike,
  type PageData,
  type ViewData,
} from '../support/client-caches';
import { testDatabases } from '../support/databases';
import { eventually } from '../support/eventually';
import { useTestServer } from '../support/test-server';
import { data } from './helpers';

const CREATE = `mutation ($input: ToolInput!) { createTool(input: $input) { __typename } }`;
const UPDATE = `mutation ($name: String!, $description: String!) { updateTool(name: $name, input: { description: $description }) { __typename } }`;

const CLIENTS = ['Apollo Client InMemoryCache', 'urql Graphcache', 'Relay'] as const;
type ClientName = (typeof CLIENTS)[number];

let relayArtifacts: Record<keyof typeof DOCUMENTS, ConcreteRequest>;
beforeAll(async () => {
  relayArtifacts = await compileRelayArtifacts(join(__dirname, '..', '..', 'schema.graphql'));
}, 60_000);

describe.each(testDatabases())('normalized client caches on %s', (kind) => {
  const server = useTestServer(kind, { events: () => new InProcessToolEventBus() });
  /** The operations the clients sent, by name, in order (the subscription's too), over POST or GET (urql's queries). */
  const sent: string[] = [];
  const recordingFetch: FetchLike = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const document: string = typeof init?.body === 'string' ? JSON.parse(init.body).query : (url.searchParams.get('query') ?? '');
    sent.push(/(?:query|mutation|subscription)\s+(\w+)/.exec(document)?.[1] ?? '(unnamed)');
    return (server.yoga.fetch as FetchLike)(input, init);
  };
  const makeClient: Record<ClientName, () => CacheClient> = {
    'Apollo Client InMemoryCache': () => apolloClient(recordingFetch),
    'urql Graphcache': () => urqlClient(recordingFetch),
    Relay: () => relayClient(recordingFetch, relayArtifacts),
  };

  const create = async (name: string) =>
    expect(await data(server.yoga, CREATE, { input: { name, description: `The ${name} tool.`, source: 'BUILTIN' } })).toEqual({
      createTool: { __typename: 'CreateToolSuccess' },
    });
  /** Where the change feed ends now: a subscription from here gets every later change, however late it starts. */
  const feedEnd = async (): Promise<string> => (await data(server.yoga, '{ changes(first: 1000) { cursor } }')).changes.cursor;
  const descriptionsOf = (page: PageData | undefined) => Object.fromEntries((page?.tools.edges ?? []).map(({ node }) => [node.name, node.description]));

  let client: CacheClient;
  const stops: (() => void)[] = [];
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
    client?.close();
    sent.length = 0;
  });

  describe.each(CLIENTS)('%s', (clientName) => {
    it('keeps one object per tool: the page and the view show what updateTool answered, without a refetch', async () => {
      const namespace = `${kind}-${clientName.split(' ')[0]!.toLowerCase()}-update`;
      for (const name of ['alpha', 'beta', 'gamma']) await create(`${namespace}/${name}`);
      client = makeClient[clientName]();
      const page = await client.watchPage(namespace);
      const view = await client.watchView(`${namespace}/beta`);
      stops.push(page.stop, view.stop);
      const beta = page.latest()!.tools.edges[1]!.node;
      expect(view.latest()!.tool).toEqual({ ...beta, status: 'ACTIVE' });

      const answer = await client.update(`${namespace}/beta`, 'Changed through the client.');
      expect(answer.updateTool).toEqual({
        __typename: 'UpdateToolSuccess',
        tool: expect.objectContaining({ id: beta.id, description: 'Changed through the client.', revision: 2 }),
      });
      const shown = await eventually(
        () => `the page to show the change: ${JSON.stringify(page.latest())}`,
        () => (descriptionsOf(page.latest())[`${namespace}/beta`] === 'Changed through the client.' ? page.latest() : undefined),
        5_000,
      );
      expect(descriptionsOf(shown)).toEqual({
        [`${namespace}/alpha`]: `The ${namespace}/alpha tool.`,
        [`${namespace}/beta`]: 'Changed through the client.',
        [`${namespace}/gamma`]: `The ${namespace}/gamma tool.`,
      });
      expect(shown.tools.edges[1]!.node).toEqual({ ...beta, description: 'Changed through the client.', revision: 2 });
      expect(view.latest()!.tool).toEqual({ ...beta, description: 'Changed through the client.', revision: 2, status: 'ACTIVE' });
      expect(sent).toEqual(['cachesToolPageQuery', 'cachesToolViewQuery', 'cachesUpdateToolMutation']);
    });

    it('shows in the page and the view what a toolEvents event brought, a write made by someone else, without a refetch', async () => {
      const namespace = `${kind}-${clientName.split(' ')[0]!.toLowerCase()}-events`;
      for (const name of ['one', 'two']) await create(`${namespace}/${name}`);
      client = makeClient[clientName]();
      const page = await client.watchPage(namespace);
      const view = await client.watchView(`${namespace}/two`);
      stops.push(page.stop, view.stop, client.followEvents(namespace, await feedEnd()));
      const two = page.latest()!.tools.edges[1]!.node;

      expect(await data(server.yoga, UPDATE, { name: `${namespace}/two`, description: 'Changed by another dashboard.' })).toEqual({
        updateTool: { __typename: 'UpdateToolSuccess' },
      });
      const changed = (view: ViewData | undefined) => view?.tool?.description === 'Changed by another dashboard.';
      await eventually(
        () => `the view to show the event: ${JSON.stringify(view.latest())}`,
        () => (changed(view.latest()) ? true : undefined),
        10_000,
      );
      expect(view.latest()!.tool).toEqual({ ...two, description: 'Changed by another dashboard.', revision: 2, status: 'ACTIVE' });
      expect(descriptionsOf(page.latest())).toEqual({
        [`${namespace}/one`]: `The ${namespace}/one tool.`,
        [`${namespace}/two`]: 'Changed by another dashboard.',
      });
      expect(sent).toEqual(['cachesToolPageQuery', 'cachesToolViewQuery', 'cachesToolEventsSubscription']);
    });

    it('reads a tool again by its id (node) into the same object: the page shows what it read', async () => {
      const namespace = `${kind}-${clientName.split(' ')[0]!.toLowerCase()}-node`;
      for (const name of ['one', 'two']) await create(`${namespace}/${name}`);
      client = makeClient[clientName]();
      const page = await client.watchPage(namespace);
      stops.push(page.stop);
      const two = page.latest()!.tools.edges[1]!.node;
      expect(await data(server.yoga, UPDATE, { name: `${namespace}/two`, description: 'Changed while nobody listened.' })).toEqual({
        updateTool: { __typename: 'UpdateToolSuccess' },
      });
      expect(descriptionsOf(page.latest())[`${namespace}/two`]).toBe(`The ${namespace}/two tool.`);

      await client.readNode(two.id);
      const shown = await eventually(
        () => `the page to show what node read: ${JSON.stringify(page.latest())}`,
        () => (page.latest()?.tools.edges[1]?.node.revision === 2 ? page.latest() : undefined),
        5_000,
      );
      expect(shown.tools.edges.map(({ node }) => node)).toEqual([
        page.latest()!.tools.edges[0]!.node,
        { ...two, description: 'Changed while nobody listened.', revision: 2 },
      ]);
      expect(sent).toEqual(['cachesToolPageQuery', 'cachesToolNodeQuery']);
    });
  });
});
