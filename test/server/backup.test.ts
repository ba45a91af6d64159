/**
 * Backups (issue 27, point 2), as an operator runs them: `npm run db:backup -- <file>` copies the
 * SQLite database of a real server process while clients write to it over HTTP, and
 * `npm run db:restore -- <file>` puts it back for a stopped server, refusing a file that is not a
 * sound toolgraph database. On Postgres both print the pg_dump / pg_restore command, which works.
 */
import { copyFileSync, existsSync, openSync, readdirSync, writeFileSync, writeSync, closeSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { parseDatabaseUrl } from '../../src/store';
import { freshDatabase, queryDatabase, testDatabases, type FreshDatabase } from '../support/databases';
import { eventually } from '../support/eventually';
import { runToExit, type ExitResult } from '../support/run-to-exit';
import { killServer, post, startServer, type RunningServer } from '../support/server-process';
import { startWriters } from '../support/write-clients';

const root = join(__dirname, '..', '..');

/** `npm run --silent db:<action> -- <file>` on the database of `databaseUrl`, as README tells a person to type it. */
const db = (action: 'backup' | 'restore', file: string, databaseUrl: string): Promise<ExitResult> =>
  runToExit('npm', ['run', '--silent', `db:${action}`, '--', file], { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl } });

const fileOf = (databaseUrl: string): string => {
  const target = parseDatabaseUrl(databaseUrl);
  if (target.provider !== 'sqlite') throw new Error('a SQLite URL');
  return target.file;
};

/** The names of the live tools of `namespace`, read through the server page by page. */
async function namesServed(url: string, namespace: string): Promise<Set<string>> {
  const names = new Set<string>();
  let after: string | null = null;
  for (;;) {
    const answer: any = await post(
      url,
      'query ($ns: String, $after: String) { tools(filter: { namespace: $ns }, first: 100, after: $after) { edges { node { name } } pageInfo { hasNextPage endCursor } } }',
      {
        ns: namespace,
        after,
      },
    );
    for (const edge of answer.data.tools.edges) names.add(edge.node.name);
    if (!answer.data.tools.pageInfo.hasNextPage) return names;
    after = answer.data.tools.pageInfo.endCursor;
  }
}

/** A config of `count` tools with long descriptions and schemas: a database of several MiB, so that a backup takes several steps. */
function bulkConfig(count: number): string {
  const properties = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`field_${i}`, { type: 'string', description: `Field ${i}. `.repeat(8) }]));
  return JSON.stringify({
    tools: Array.from({ length: count }, (_, i) => ({
      name: `bulk/t-${i}`,
      description: `Bulk tool ${i}, there to make the database large. `.repeat(18).trim(),
      source: 'builtin',
      input_schema: { type: 'object', properties },
    })),
  });
}

describe('db:backup and db:restore on SQLite', () => {
  let database: FreshDatabase;
  let server: RunningServer | undefined;
  let folder: string;

  beforeAll(async () => {
    database = await freshDatabase('sqlite');
    folder = mkdtempSync(join(tmpdir(), 'toolgraph-backups-'));
  });
  afterAll(async () => {
    await killServer(server);
    await database?.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('copies a registry under a write load: restored, it opens, passes integrity_check and holds every write acknowledged before the backup started', async () => {
    server = await startServer(database.url);
    const imported: any = await post(
      server.url,
      'mutation ($config: String!) { importTools(config: $config) { __typename ... on ImportValidationError { message invalidTools { index issues { code message } } } } }',
      { config: bulkConfig(1000) },
    );
    expect(imported.data.importTools).toEqual({ __typename: 'ImportToolsSuccess' });

    const writers = startWriters(server.url, { clients: 4, namespace: 'load' });
    const acknowledged = () => writers.outcomes.filter((write) => write.outcome === 'acknowledged');
    await eventually(
      () => 'writes to be acknowledged',
      () => (acknowledged().length >= 100 ? true : undefined),
      60_000,
    );
    const before = acknowledged().map((write) => write.name);
    const file = join(folder, 'registry.backup.db');
    const backup = await db('backup', file, database.url);
    const during = acknowledged().length - before.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    const outcomes = await writers.stop();

    expect(backup).toMatchObject({ code: 0, stderr: '' });
    expect(backup.stdout).toMatch(/^Backed up .* to .*registry\.backup\.db: \d+ tools, \d+ bytes, integrity check ok, \d+ ms/);
    console.log(`backup under load: ${backup.stdout.trim().replace(/\.$/, '')}; ${before.length} writes acknowledged before it, ${during} while it ran`);
    // The backup holds no write back: every write was answered as a success.
    expect(outcomes.filter((write) => write.outcome !== 'acknowledged')).toEqual([]);
    expect(during).toBeGreaterThan(0);
    // Nothing is left beside the backup but the backup.
    expect(readdirSync(folder)).toEqual(['registry.backup.db']);

    // Restored in place of the registry, with its server stopped.
    await killServer(server);
    const restore = await db('restore', file, database.url);
    expect(restore).toMatchObject({ code: 0, stderr: '' });
    expect(restore.stdout).toContain(`Restored ${file} into ${fileOf(database.url)}`);
    const aside = /What .* held before is in (\S+)\.$/m.exec(restore.stdout)?.[1];
    expect(aside && existsSync(aside)).toBe(true);

    const restored = new Database(fileOf(database.url), { readonly: true });
    expect(restored.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    restored.close();

    server = await startServer(database.url);
    const names = await namesServed(server.url, 'load');
    expect(before.filter((name) => !names.has(name))).toEqual([]);
    // At most the writes answered before the backup finished: none written after it.
    expect(names.size).toBeLessThanOrEqual(before.length + during + 4);
    expect((await namesServed(server.url, 'bulk')).size).toBe(1000);
    // It takes writes again.
    const created: any = await post(
      server.url,
      'mutation { createTool(input: { name: "load/after-restore", description: "After.", source: BUILTIN }) { __typename } }',
    );
    expect(created.data.createTool.__typename).toBe('CreateToolSuccess');
    console.log(`restored: ${names.size} of the load's writes (${before.length} acknowledged before the backup started, all present)`);
  }, 180_000);

  it('restores into a database that does not exist yet, and says so', async () => {
    const file = join(folder, 'registry.backup.db');
    const fresh = join(folder, 'new', 'toolgraph.db');
    const restore = await db('restore', file, `file:${fresh}`);
    expect(restore).toMatchObject({ code: 0, stderr: '' });
    expect(restore.stdout).toContain(`There was no database at ${fresh} before.`);
    expect(existsSync(fresh)).toBe(true);
  }, 30_000);

  it('refuses to restore a file that is not a sound toolgraph SQLite database, or is of a newer version, changing nothing', async () => {
    const target = join(folder, 'target', 'toolgraph.db');
    const text = join(folder, 'notes.txt');
    writeFileSync(text, 'not a database at all, but long enough to have a header of a hundred bytes. '.repeat(3));
    const other = join(folder, 'other.db');
    const otherDatabase = new Database(other);
    otherDatabase.exec('CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT)');
    otherDatabase.close();
    const damaged = join(folder, 'damaged.db');
    copyFileSync(join(folder, 'registry.backup.db'), damaged);
    // Garbage over pages in the middle of the file: the b-trees there no longer parse.
    const handle = openSync(damaged, 'r+');
    writeSync(handle, Buffer.alloc(64 * 1024, 0x5a), 0, 64 * 1024, 256 * 1024);
    closeSync(handle);

    const newer = join(folder, 'newer.db');
    copyFileSync(join(folder, 'registry.backup.db'), newer);
    const newerDatabase = new Database(newer);
    newerDatabase
      .prepare(
        `INSERT INTO "_prisma_migrations" ("id", "checksum", "migration_name", "started_at", "finished_at", "applied_steps_count") VALUES ('future', '0', '29991231000000_from_a_newer_version', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 1)`,
      )
      .run();
    newerDatabase.close();

    const cases: [string, RegExp][] = [
      [text, /is not a usable SQLite database: file is not a database/],
      [other, /is a SQLite database but not a toolgraph registry \(no table _prisma_migrations, Tool\)/],
      [damaged, /fails SQLite's integrity check|is not a usable SQLite database: database disk image is malformed/],
      [join(folder, 'missing.db'), /there is no file at/],
      [newer, /was made by a newer toolgraph: this one lacks its migration 29991231000000_from_a_newer_version; restore it with that version\./],
    ];
    for (const [file, why] of cases) {
      const refused = await db('restore', file, `file:${target}`);
      expect(refused.code).toBe(1);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toMatch(why);
      expect(refused.stderr).toMatch(/Nothing was changed\.$/m);
      expect(existsSync(dirname(target))).toBe(false);
    }
  }, 60_000);

  it('refuses to overwrite a file with a backup, or to run without one file (usage, exit code 2)', async () => {
    const refused = await db('backup', join(folder, 'registry.backup.db'), database.url);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/registry\.backup\.db exists already; name a new file/);
    const usage = await runToExit('npm', ['run', '--silent', 'db:backup'], { cwd: root, env: { ...process.env, DATABASE_URL: database.url } });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^toolgraph: name one file\.\n\nusage: npm run db:backup -- <file>/);
  }, 30_000);
});

describe('db:backup and db:restore on Postgres', () => {
  it('prints the pg_dump and pg_restore commands from the URL, never its password', async () => {
    const url = 'postgresql://registry:s3cret-pw@db.example.com:6543/tools?sslmode=require&schema=toolgraph';
    const backup = await db('backup', '/backups/tools.dump', url);
    expect(backup.code).toBe(4);
    expect(backup.stdout).toContain(
      'PGSSLMODE=require pg_dump --format=custom --schema=toolgraph --host=db.example.com --port=6543 --username=registry --dbname=tools --file=/backups/tools.dump',
    );
    expect(backup.stdout).toContain('set PGPASSWORD or use ~/.pgpass');
    const restore = await db('restore', 'my dump', url);
    expect(restore.code).toBe(4);
    expect(restore.stdout).toContain(
      "PGSSLMODE=require pg_restore --clean --if-exists --no-owner --single-transaction --host=db.example.com --port=6543 --username=registry --dbname=tools 'my dump'",
    );
    for (const out of [backup, restore]) expect(out.stdout + out.stderr).not.toContain('s3cret');
  }, 30_000);

  const postgres = testDatabases().includes('postgres') ? it : it.skip;
  postgres(
    'whose commands back up a registry and restore it into another database',
    async () => {
      const source = await freshDatabase('postgres');
      const copy = await freshDatabase('postgres', { migrated: false });
      const folder = mkdtempSync(join(tmpdir(), 'toolgraph-pg-backups-'));
      try {
        const server = await startServer(source.url);
        try {
          const imported: any = await post(server.url, 'mutation ($config: String!) { importTools(config: $config) { __typename } }', {
            config: bulkConfig(20),
          });
          expect(imported.data.importTools.__typename).toBe('ImportToolsSuccess');
        } finally {
          await killServer(server);
        }
        const file = join(folder, 'tools.dump');
        const printed = (await db('backup', file, source.url)).stdout;
        const dump = /^ {2}(pg_dump .*)$/m.exec(printed)![1]!;
        expect(await runToExit('sh', ['-c', dump], {})).toMatchObject({ code: 0 });
        const restore = /^ {2}(pg_restore .*)$/m.exec((await db('restore', file, copy.url)).stdout)![1]!;
        expect(await runToExit('sh', ['-c', restore], {})).toMatchObject({ code: 0 });
        const rows = await queryDatabase<{ count: bigint | number }>(copy.url, 'SELECT COUNT(*) AS count FROM "Tool"');
        expect(rows.map((row) => Number(row.count))).toEqual([20]);
      } finally {
        await source.drop();
        await copy.drop();
        rmSync(folder, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
