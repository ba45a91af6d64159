/**
 * TOOLGRAPH_HISTORY_KEEP as an operator sets it: the server's own process on each database, writes
 * over HTTP, the history and /metrics read back (test/graphql/history-retention.test.ts has the rules).
 */
import { freshDatabase, testDatabases, type FreshDatabase } from '../support/databases';
import { killServer, post, startServer, type RunningServer } from '../support/server-process';

const CREATE = `mutation ($input: ToolInput!) { createTool(input: $input) { __typename ... on CreateToolSuccess { revision } } }`;
const UPDATE = `mutation ($name: String!, $input: ToolPatch!) { updateTool(name: $name, input: $input) { __typename ... on UpdateToolSuccess { revision } } }`;
const HISTORY = `query ($name: String!) { tool(name: $name) { history(first: 100) { edges { node { revision } } pageInfo { hasNextPage } } } }`;

describe.each(testDatabases())('TOOLGRAPH_HISTORY_KEEP in a server process on %s', (kind) => {
  let database: FreshDatabase | undefined;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    database = await freshDatabase(kind);
    server = await startServer(database.url, { TOOLGRAPH_HISTORY_KEEP: '3', TOOLGRAPH_HISTORY_KEEP_DAYS: '0' });
  }, 30_000);

  afterAll(async () => {
    await killServer(server);
    await database?.drop();
  });

  it('keeps revisions 8, 9 and 10 of ten over HTTP, and /metrics counts the 7 pruned', async () => {
    const url = server!.url;
    expect((await post(url, CREATE, { input: { name: 'ops/keep', description: 'Version 1.', source: 'BUILTIN' } })).data.createTool.revision).toBe(1);
    for (let n = 2; n <= 10; n += 1) {
      expect((await post(url, UPDATE, { name: 'ops/keep', input: { description: `Version ${n}.` } })).data.updateTool.revision).toBe(n);
    }
    const { history } = (await post(url, HISTORY, { name: 'ops/keep' })).data.tool;
    expect(history).toEqual({ edges: [10, 9, 8].map((revision) => ({ node: { revision } })), pageInfo: { hasNextPage: false } });
    const metrics = await (await fetch(new URL('/metrics', url))).text();
    expect(metrics).toMatch(/^toolgraph_history_revisions_pruned_total 7$/m);
  });
});
