/**
 * Migrations as a deployment step (issue 12, point 5): three instances started at once on one empty
 * database migrate it exactly once (the migration lock) and all serve; with MIGRATE_ON_START=false
 * an instance migrates nothing, is alive but not ready while migrations are pending, says which and
 * what to run, and serves on its own once `npm run db:migrate` has run.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadMigrations, migrationsDirFor } from '../../src/store/migrate';
import { freePort } from '../events/redis-server';
import { freshDatabase, queryDatabase, testDatabases, type FreshDatabase } from '../support/databases';
import { killServer, launch, logLines, post, startServer, type RunningServer, type ServerProcess } from '../support/server-process';

const root = join(__dirname, '..', '..');

const migrationNames = (kind: 'sqlite' | 'postgres') => loadMigrations(migrationsDirFor(kind)).migrationDirectories.map((directory) => directory.path);

describe.each(testDatabases())('migrations as a step, on %s', (kind) => {
  let database: FreshDatabase;
  const servers: ServerProcess[] = [];
  beforeEach(async () => {
    database = await freshDatabase(kind, { migrated: false });
  });
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => killServer(server)));
    await database?.drop();
  });

  it('three instances started at once on an empty database apply each migration once, and all serve', async () => {
    const started = await Promise.all([1, 2, 3].map(() => startServer(database.url, {}, undefined).then((server) => (servers.push(server), server))));
    const applied = await queryDatabase<{ migration_name: string; count: number | bigint; finished: number | bigint }>(
      database.url,
      'SELECT "migration_name", COUNT(*) AS "count", COUNT("finished_at") AS "finished" FROM "_prisma_migrations" GROUP BY "migration_name" ORDER BY "migration_name"',
    );
    expect(applied.map((row) => ({ name: row.migration_name, count: Number(row.count), finished: Number(row.finished) }))).toEqual(
      migrationNames(kind).map((name) => ({ name, count: 1, finished: 1 })),
    );
    for (const [index, server] of started.entries()) {
      const name = `step/instance-${index}`;
      expect(
        await post(server.url, `mutation { createTool(input: { name: "${name}", description: "From ${index}.", source: BUILTIN }) { __typename } }`),
      ).toEqual({
        data: { createTool: { __typename: 'CreateToolSuccess' } },
      });
    }
    expect(await post(started[0]!.url, '{ tools(filter: { namespace: "step" }) { totalCount } }')).toEqual({ data: { tools: { totalCount: 3 } } });
  }, 120_000);

  it('MIGRATE_ON_START=false: not ready while migrations are pending, serving once the release job has run', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const waiting = launch({ DATABASE_URL: database.url, PORT: String(port), MIGRATE_ON_START: 'false' });
    servers.push(waiting);
    const pending = migrationNames(kind);
    const warning = async () => {
      for (const deadline = Date.now() + 20_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
        const line = logLines(waiting.output()).find((entry) => /waiting for the database's migrations/.test(entry.msg));
        if (line) return line;
      }
      throw new Error(`no warning about pending migrations:\n${waiting.output()}`);
    };
    expect(await warning()).toMatchObject({ level: 'warn', msg: expect.stringContaining(`${pending.length} migration(s) pending (${pending.join(', ')})`) });
    expect((await fetch(`${base}/health`)).status).toBe(200);
    const ready = await fetch(`${base}/ready`);
    expect({ status: ready.status, body: await ready.json() }).toEqual({
      status: 503,
      body: { ready: false, database: 'starting', events: 'in-process', reason: expect.stringMatching(/migration\(s\) pending .*run npm run db:migrate$/) },
    });
    const refused = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ tools { totalCount } }' }),
    });
    expect(refused.status).toBe(503);
    expect((await refused.json()).errors[0]).toMatchObject({
      extensions: { code: 'SERVICE_UNAVAILABLE' },
      message: expect.stringContaining('npm run db:migrate'),
    });
    // It applied nothing itself.
    const tables =
      kind === 'sqlite'
        ? `SELECT COUNT(*) AS "count" FROM sqlite_master WHERE name = '_prisma_migrations'`
        : `SELECT COUNT(*) AS "count" FROM pg_tables WHERE tablename = '_prisma_migrations'`;
    expect(Number((await queryDatabase<{ count: number | bigint }>(database.url, tables))[0]!.count)).toBe(0);

    // The release job.
    await promisify(execFile)('npm', ['run', '--silent', 'db:migrate'], { cwd: root, env: { ...process.env, DATABASE_URL: database.url } });
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`it did not start serving:\n${waiting.output()}`)), 20_000);
      const check = setInterval(() => {
        const match = /listening on (http:\/\/\S+)/.exec(waiting.output());
        if (match) {
          clearTimeout(timer);
          clearInterval(check);
          resolve(match[1]!);
        }
      }, 100);
    });
    expect(logLines(waiting.output()).find((entry) => /listening on/.test(entry.msg))!.msg).toContain('migrated by a release job');
    expect((await fetch(`${base}/ready`)).status).toBe(200);
    expect(await post(url, '{ tools { totalCount } }')).toEqual({ data: { tools: { totalCount: 0 } } });
  }, 120_000);

  it('MIGRATE_ON_START=false on a migrated database: serves at once', async () => {
    await promisify(execFile)('npm', ['run', '--silent', 'db:migrate'], { cwd: root, env: { ...process.env, DATABASE_URL: database.url } });
    const server: RunningServer = await startServer(database.url, { MIGRATE_ON_START: 'false' });
    servers.push(server);
    expect(logLines(server.output()).some((entry) => /pending/.test(entry.msg))).toBe(false);
    expect(await post(server.url, '{ tools { totalCount } }')).toEqual({ data: { tools: { totalCount: 0 } } });
  }, 60_000);
});
