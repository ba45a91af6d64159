/**
 * `npm run db:migrate` as a release job runs it, on each database: it migrates a new database, says
 * so, applies nothing the second time, and its exit code tells a broken configuration (2) from a
 * database out of reach (3, worth retrying). The server runs the same command at start-up
 * (test/server/process.test.ts, and the outage tests for a database that comes up late).
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createScratchSqlite } from '../../scripts/db/scratch-databases';
import { migrationsDirFor } from '../../src/store/migrate';
import { freshDatabase, testDatabases, type FreshDatabase } from '../support/databases';
import { runToExit, type ExitResult } from '../support/run-to-exit';
import { launch, logMessages } from '../support/server-process';

const root = join(__dirname, '..', '..');

function typeMigrate(databaseUrl: string, ...args: string[]): Promise<ExitResult> {
  const argv = ['run', '--silent', 'db:migrate', ...(args.length > 0 ? ['--', ...args] : [])];
  return runToExit('npm', argv, { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl } });
}

describe.each(testDatabases())('npm run db:migrate on %s', (kind) => {
  let database: FreshDatabase;
  beforeAll(async () => {
    database = await freshDatabase(kind, { migrated: false });
  });
  afterAll(() => database?.drop());

  it('applies every migration to a new database, then nothing, exiting 0 both times', async () => {
    const first = await typeMigrate(database.url);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    const migrations = readdirSync(migrationsDirFor(kind), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(first.stdout).toBe(`${kind}: applied ${migrations.join(', ')} (${/\((\d+) ms\)/.exec(first.stdout)?.[1]} ms)\n`);
    const again = await typeMigrate(database.url, '--json');
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ provider: kind, applied: [], backfilled: 0 });
  });
});

describe('npm run db:migrate refusing', () => {
  it('exits 3 when the database cannot be reached, saying so on one line', async () => {
    const result = await typeMigrate('postgresql://postgres@127.0.0.1:1/nowhere');
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^toolgraph: the database is not reachable: .*127\.0\.0\.1:1.*\n$/);
  });

  it('exits 1 when the migrations cannot apply, and so does a server starting on that database', async () => {
    const scratch = createScratchSqlite('not-a-database');
    const file = scratch.url.slice('file:'.length);
    writeFileSync(file, randomBytes(4096));
    try {
      const result = await typeMigrate(scratch.url);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^toolgraph: migrating the database failed: file is not a database/);
      const server = launch({ DATABASE_URL: scratch.url });
      expect(await server.exit).toBe(1);
      expect(logMessages(server.output())).toMatch(/^toolgraph: migrating the database failed: file is not a database/m);
    } finally {
      await scratch.drop();
    }
  });

  it('exits 2 on a DATABASE_URL it does not understand', async () => {
    const result = await typeMigrate('mysql://root@127.0.0.1/test');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^toolgraph: DATABASE_URL must be/);
  });
});
