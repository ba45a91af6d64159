/**
 * The response cache (src/server/response-cache.ts) on real server processes over HTTP: repeated
 * reads are answered from memory, and every write through any instance is visible to the next
 * read. To tell a cached answer from a fresh one, a test changes a row behind the servers' back
 * (straight in the database, which no event reports): a read that still shows the old text was
 * served from the cache; one that shows the new text was not.
 */
import { graphqlAs } from '../support/credentials';
import { changeDatabase, freshDatabase, testDatabases, type DatabaseKind, type FreshDatabase } from '../support/databases';
import { killServer, post, startServer, type RunningServer } from '../support/server-process';
import { createToken } from '../support/token-command';
import { useTwoInstances } from '../support/two-instances';

const CREATE = 'mutation ($input: ToolInput!) { createTool(input: $input) { __typename } }';
const UPDATE = 'mutation ($name: String!, $input: ToolPatch!) { updateTool(name: $name, input: $input) { __typename } }';
const READ = 'query ($name: String!) { tool(name: $name) { description } }';
const STATS = '{ toolStats { total } namespaces { name toolCount } }';

/** Sets a tool's description in the database itself, as another program would: no event. */
const changeBehindTheServersBack = (url: string, name: string, description: string) =>
  changeDatabase(url, 'UPDATE "Tool" SET "description" = $1 WHERE "name" = $2', description, name);

const description = async (server: RunningServer, name: string): Promise<string> => (await post(server.url, READ, { name })).data.tool.description;
const create = (server: RunningServer, name: string) => post(server.url, CREATE, { input: { name, description: 'First.', source: 'BUILTIN' } });

describe.each(testDatabases())('the response cache of one instance on %s', (kind) => {
  let database: FreshDatabase;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    database = await freshDatabase(kind);
    server = await startServer(database.url);
    expect((await create(server, 'cache/one')).data.createTool.__typename).toBe('CreateToolSuccess');
  });
  afterAll(async () => {
    await killServer(server);
    await database?.drop();
  });

  it('answers a repeated read from memory, and the next read after a write through the API from the database', async () => {
    expect(await description(server!, 'cache/one')).toBe('First.');
    await changeBehindTheServersBack(database.url, 'cache/one', 'Changed behind its back.');
    expect(await description(server!, 'cache/one')).toBe('First.'); // cached

    const stats = await post(server!.url, STATS);
    expect(stats.data.toolStats.total).toBe(1);
    expect((await create(server!, 'cache/two')).data.createTool.__typename).toBe('CreateToolSuccess');
    // The write's answer came after the cache was emptied: no pause needed.
    expect((await post(server!.url, STATS)).data).toEqual({ toolStats: { total: 2 }, namespaces: [{ name: 'cache', toolCount: 2 }] });
    expect(await description(server!, 'cache/one')).toBe('Changed behind its back.');

    expect((await post(server!.url, UPDATE, { name: 'cache/one', input: { description: 'Updated.' } })).data.updateTool.__typename).toBe('UpdateToolSuccess');
    expect(await description(server!, 'cache/one')).toBe('Updated.');
  });

  it('sends a cached answer byte for byte as it sent the computed one, without the fields the cache adds to track entities', async () => {
    const query =
      '{ tools(first: 5) { edges { node { name capability { readOnly } wraps { name } } } } first: tool(name: "cache/one") { n: name description } }';
    const text = async () => {
      const response = await fetch(server!.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
      return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
    };
    const computed = await text();
    expect(computed.body).not.toMatch(/__typename/);
    expect(JSON.parse(computed.body).data.first).toEqual({ n: 'cache/one', description: 'Updated.' });
    // A changed description that still reads as before shows the answer came from the cache.
    await changeBehindTheServersBack(database.url, 'cache/one', 'Changed again behind its back.');
    expect(await text()).toEqual(computed);
  });
});

describe('the response cache behind access control', () => {
  let database: FreshDatabase;
  let server: RunningServer | undefined;
  let token: string;

  beforeAll(async () => {
    database = await freshDatabase('sqlite');
    token = await createToken(database.url, { name: 'reader', namespaces: '*', role: 'write' });
    server = await startServer(database.url, {
      TOOLGRAPH_AUTH: 'on',
      TOOLGRAPH_READ_ACCESS: 'authenticated',
      TOOLGRAPH_RATE_LIMIT_READS: '5',
    });
    expect((await graphqlAs(token, server.url, CREATE, { input: { name: 'cache/private', description: 'First.', source: 'BUILTIN' } })).status).toBe(200);
  });
  afterAll(async () => {
    await killServer(server);
    await database?.drop();
  });

  it('refuses a cached answer to a caller without a credential, and counts cached reads against the budget', async () => {
    const read = () => graphqlAs(token, server!.url, READ, { name: 'cache/private' });
    expect((await read()).body).toEqual({ data: { tool: { description: 'First.' } } });
    const anonymous = await graphqlAs(undefined, server!.url, READ, { name: 'cache/private' });
    expect({ status: anonymous.status, code: anonymous.body.errors?.[0]?.extensions?.code, data: anonymous.body.data }).toEqual({
      status: 401,
      code: 'UNAUTHENTICATED',
      data: undefined,
    });
    for (let i = 2; i <= 5; i++) expect((await read()).status).toBe(200);
    const sixth = await read();
    expect({ status: sixth.status, code: sixth.body.errors?.[0]?.extensions?.code }).toEqual({ status: 429, code: 'RATE_LIMITED' });
  });
});

const kind: DatabaseKind = testDatabases().includes('postgres') ? 'postgres' : 'sqlite';

describe(`the response caches of two instances on one ${kind} database and one Redis`, () => {
  const instances = useTwoInstances(kind);
  beforeAll(async () => {
    expect((await create(instances.a, 'shared/tool')).data.createTool.__typename).toBe('CreateToolSuccess');
    expect((await create(instances.a, 'shared/probe')).data.createTool.__typename).toBe('CreateToolSuccess');
  });

  /**
   * Waits until B answers from its cache: it listens to events up to a second after it starts or
   * after Redis comes back, and the events of earlier writes must have reached it (each empties it).
   */
  async function untilBCaches(): Promise<void> {
    for (let i = 0; i < 100; i++) {
      await changeBehindTheServersBack(instances.database.url, 'shared/probe', `Probe ${i}.`);
      const first = await description(instances.b, 'shared/probe');
      await changeBehindTheServersBack(instances.database.url, 'shared/probe', `Probe ${i}, changed.`);
      if ((await description(instances.b, 'shared/probe')) === first) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('instance B never answered from its cache');
  }

  it("shows a write made on A to B's readers as soon as its event arrives", async () => {
    await untilBCaches();
    expect(await description(instances.b, 'shared/tool')).toBe('First.');
    await changeBehindTheServersBack(instances.database.url, 'shared/tool', 'Behind the back.');
    expect(await description(instances.b, 'shared/tool')).toBe('First.'); // B's cache

    const written = performance.now();
    expect((await post(instances.a.url, UPDATE, { name: 'shared/tool', input: { description: 'Written on A.' } })).data.updateTool.__typename).toBe(
      'UpdateToolSuccess',
    );
    let seen = await description(instances.b, 'shared/tool');
    while (seen !== 'Written on A.' && performance.now() - written < 2000) seen = await description(instances.b, 'shared/tool');
    const delay = performance.now() - written;
    console.log(`a write on A was visible to readers of B ${delay.toFixed(0)} ms after it was sent (the event's way through Redis)`);
    expect(seen).toBe('Written on A.');
  });

  it('serves nothing from the cache while Redis is away, and caches again once it is back', async () => {
    expect(await description(instances.b, 'shared/tool')).toBe('Written on A.');
    await instances.redis.stop();
    await changeBehindTheServersBack(instances.database.url, 'shared/tool', 'During the outage.');
    // Events may be missed now: B reads the database.
    let seen = await description(instances.b, 'shared/tool');
    for (let i = 0; i < 100 && seen !== 'During the outage.'; i++) seen = await description(instances.b, 'shared/tool');
    expect(seen).toBe('During the outage.');

    await instances.redis.start();
    const back = async (server: RunningServer) => {
      for (let i = 0; i < 200; i++) {
        const ready = await fetch(new URL('/ready', server.url));
        if (ready.status === 200) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the instance did not become ready again');
    };
    await Promise.all([back(instances.a), back(instances.b)]);
    await untilBCaches();
    expect(await description(instances.b, 'shared/tool')).toBe('During the outage.');
    await changeBehindTheServersBack(instances.database.url, 'shared/tool', 'After the outage.');
    expect(await description(instances.b, 'shared/tool')).toBe('During the outage.');
    expect((await post(instances.a.url, UPDATE, { name: 'shared/tool', input: { timeout: 30 } })).data.updateTool.__typename).toBe('UpdateToolSuccess');
    let after = await description(instances.b, 'shared/tool');
    for (let i = 0; i < 100 && after !== 'After the outage.'; i++) after = await description(instances.b, 'shared/tool');
    expect(after).toBe('After the outage.');
  });
});
