/**
 * The server as a user runs it: `src/server/main.ts` in its own process, listening on a real port.
 * Start-up on an empty database (created and migrated), GraphiQL, SIGTERM draining a request that
 * is still arriving, and a clear refusal of bad configuration.
 */
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { createScratchSqlite } from '../../scripts/db/scratch-databases';
import { freshDatabase, testDatabases, type FreshDatabase } from '../support/databases';
import { killServer, launch, logMessages, post, startServer, type RunningServer } from '../support/server-process';

describe.each(testDatabases())('the server process on %s', (kind) => {
  let database: FreshDatabase;
  let databaseUrl: string;
  let server: RunningServer | undefined;

  beforeEach(async () => {
    // Never migrated: the server itself must create the schema on start.
    database = await freshDatabase(kind, { migrated: false });
    // For SQLite, a folder that does not exist yet, as `data/` on a fresh clone.
    databaseUrl = kind === 'sqlite' ? database.url.replace(/toolgraph\.db$/, 'data/toolgraph.db') : database.url;
  });

  afterEach(async () => {
    await killServer(server);
    server = undefined;
    await database.drop();
  });

  it('starts on an empty database, migrating it, and serves GraphQL and GraphiQL', async () => {
    server = await startServer(databaseUrl);
    if (kind === 'sqlite') expect(existsSync(databaseUrl.slice('file:'.length))).toBe(true);

    const created = await post(server.url, 'mutation { createTool(input: { name: "proc/echo", description: "Echo.", source: BUILTIN }) { __typename } }');
    expect(created).toEqual({ data: { createTool: { __typename: 'CreateToolSuccess' } } });
    expect(await post(server.url, '{ namespaces { name toolCount } }')).toEqual({
      data: { namespaces: [{ name: 'proc', toolCount: 1 }] },
    });

    const graphiql = await fetch(server.url, { headers: { accept: 'text/html' } });
    expect(graphiql.status).toBe(200);
    expect(await graphiql.text()).toContain('toolgraph');
  });

  it('finishes a request that is in flight when SIGTERM arrives, then exits 0', async () => {
    server = await startServer(databaseUrl);
    const body = JSON.stringify({ query: '{ namespaces { name } }' });
    const { hostname, port, pathname } = new URL(server.url);
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        { hostname, port, path: pathname, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': body.length } },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      // Half the body now; the rest only after the server has been told to stop.
      req.write(body.slice(0, 10), () => {
        setTimeout(() => {
          server!.child.kill('SIGTERM');
          setTimeout(() => req.end(body.slice(10)), 300);
        }, 100);
      });
    });

    await expect(response).resolves.toEqual({ status: 200, text: JSON.stringify({ data: { namespaces: [] } }) });
    expect(await server.exit).toBe(0);
    expect(server.output()).toContain('SIGTERM received');
  });
});

describe('the server process with bad configuration', () => {
  it.each([
    ['PORT', 'eighty', /PORT must be a TCP port number/],
    ['DATABASE_URL', 'mysql://localhost/tools', /DATABASE_URL must be file:<path> \(SQLite\) or postgres/],
    ['MAX_QUERY_DEPTH', '0', /MAX_QUERY_DEPTH must be a whole number of levels of nested fields in one operation from 1 to 1000; got "0"/],
  ])('refuses %s=%s with a message naming the variable, and exits 1', async (name, value, message) => {
    const database = createScratchSqlite('toolgraph-config');
    try {
      const server = launch({ DATABASE_URL: database.url, [name]: value });
      expect(await server.exit).toBe(1);
      expect(logMessages(server.output())).toMatch(message);
      // No stack trace, printed or inside a JSON line.
      expect(server.output()).not.toMatch(/(\n|\\n)\s+at /);
    } finally {
      await database.drop();
    }
  });
});

describe('the server process with its limits and NODE_ENV set', () => {
  it('applies them: a query deeper than MAX_QUERY_DEPTH is refused, and production suggests no names', async () => {
    const database = createScratchSqlite('toolgraph-limits');
    let server: RunningServer | undefined;
    try {
      server = await startServer(database.url, { MAX_QUERY_DEPTH: '2', NODE_ENV: 'production' });
      expect(await post(server.url, '{ namespaces { name } }')).toEqual({ data: { namespaces: [] } });
      expect((await post(server.url, '{ tools { edges { node { name } } } }')).errors).toEqual([
        { message: 'Query depth limit of 2 exceeded, found 4.', extensions: { code: 'QUERY_TOO_DEEP' } },
      ]);
      expect((await post(server.url, '{ namespaces { nam } }')).errors[0].message).toBe('Cannot query field "nam" on type "Namespace".');
    } finally {
      await killServer(server);
      await database.drop();
    }
  });
});
