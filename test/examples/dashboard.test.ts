/**
 * The typed dashboard client of examples/dashboard against a real server over HTTP, on each
 * database: a page of tools with its facets, live changes followed over SSE, and a tool changed by
 * someone else shown in the cached page with no refetch (urql's Graphcache normalizes it by `id`).
 */
import { createDashboard, type ToolChange } from '../../examples/dashboard/dashboard';
import { freshDatabase, testDatabases, type FreshDatabase } from '../support/databases';
import { eventually } from '../support/eventually';
import { killServer, post, startServer, type RunningServer } from '../support/server-process';

const CREATE =
  'mutation ($name: String!, $readOnly: Boolean!) { createTool(input: { name: $name, description: "Made for the dashboard.", source: BUILTIN, capability: { readOnly: $readOnly } }) { __typename } }';
const UPDATE = 'mutation ($name: String!, $description: String!) { updateTool(name: $name, input: { description: $description }) { __typename } }';

describe.each(testDatabases())('the dashboard example on %s', (kind) => {
  let database: FreshDatabase;
  let server: RunningServer;
  beforeAll(async () => {
    database = await freshDatabase(kind);
    server = await startServer(database.url);
    for (const [name, readOnly] of [
      ['dash/one', true],
      ['dash/two', false],
      ['other/three', true],
    ] as const) {
      expect((await post(server.url, CREATE, { name, readOnly })).data.createTool.__typename).toBe('CreateToolSuccess');
    }
  }, 60_000);
  afterAll(async () => {
    await killServer(server);
    await database?.drop();
  });

  it('lists tools with their facets, follows changes, and shows a change in the cached page without a refetch', async () => {
    const queries: string[] = [];
    const counting: typeof fetch = (input, init) => {
      // urql sends a query as a GET within the URL's limit, as a POST beyond it.
      const sent = `${input instanceof Request ? input.url : input.toString()} ${typeof init?.body === 'string' ? init.body : ''}`;
      if (sent.includes('ToolsWithFacets')) queries.push(sent);
      return fetch(input, init);
    };
    const dashboard = createDashboard(server.url, counting);

    const page = await dashboard.toolsWithFacets({ namespaceIn: ['dash'] });
    expect(page.tools!.edges.map((edge) => edge.node.name)).toEqual(['dash/one', 'dash/two']);
    expect(page.tools!.totalCount).toBe(2);
    // Each facet counts under the filter without its own criterion: the panel offers the other namespaces too.
    expect(page.toolStats).toMatchObject({
      total: 2,
      byNamespace: [
        { name: 'dash', toolCount: 2 },
        { name: 'other', toolCount: 1 },
      ],
      bySource: [{ source: 'BUILTIN', count: 2 }],
    });
    expect(page.toolStats?.capabilities.readOnly).toBe(1);

    const changes: ToolChange[] = [];
    const stop = dashboard.followChanges((change) => changes.push(change), 'dash');
    try {
      // The subscription is open once a write shows up in it.
      for (let attempt = 1; changes.length === 0; attempt++) {
        if (attempt > 40) throw new Error('the subscription delivered no event');
        await post(server.url, UPDATE, { name: 'dash/two', description: `Warm-up ${attempt}.` });
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect((await post(server.url, UPDATE, { name: 'dash/one', description: 'Changed by someone else.' })).data.updateTool.__typename).toBe(
        'UpdateToolSuccess',
      );
      const changed = await eventually(
        () => 'the change of dash/one',
        () => changes.find((change) => change.name === 'dash/one'),
        10_000,
      );
      expect(changed).toMatchObject({ kind: 'UPDATED', tool: { name: 'dash/one', description: 'Changed by someone else.' } });

      // The page comes from the cache, which the event updated: the same tool, by its id.
      const again = await dashboard.toolsWithFacets({ namespaceIn: ['dash'] });
      expect(again.tools!.edges.find((edge) => edge.node.name === 'dash/one')?.node.description).toBe('Changed by someone else.');
      expect(queries).toHaveLength(1);
    } finally {
      stop();
    }
  }, 60_000);
});
