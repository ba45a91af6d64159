import { migrateDatabase, parseDatabaseUrl } from '../../src/store';
import { createPrismaClient } from '../../src/store/prisma-client';
import { createScratchPostgres, createScratchSqlite, postgresServerUrl, type ScratchDatabase } from '../../scripts/db/scratch-databases';

/**
 * The real databases that store-level tests run against: SQLite always, Postgres when its server
 * is reachable (decided by ./global-setup.ts before the suites load).
 *
 * - TOOLGRAPH_TEST_POSTGRES_URL: the server to create test databases on
 *   (default postgresql://postgres@127.0.0.1:5432/test).
 * - TOOLGRAPH_REQUIRE_POSTGRES=1 (CI): Postgres must be used; an unreachable server fails the suite.
 */

export type DatabaseKind = 'sqlite' | 'postgres';

export type FreshDatabase = ScratchDatabase;

/** The kinds of database to run a suite against; call it at describe time (`describe.each`). */
export function testDatabases(): DatabaseKind[] {
  const status = process.env.TOOLGRAPH_TEST_POSTGRES ?? 'unreachable: not probed (jest globalSetup test/support/global-setup.ts did not run)';
  if (status === 'reachable') return ['sqlite', 'postgres'];
  const why = `Postgres at ${postgresServerUrl()} is ${status}`;
  if (process.env.TOOLGRAPH_REQUIRE_POSTGRES === '1') {
    throw new Error(`TOOLGRAPH_REQUIRE_POSTGRES=1 but ${why}. Start Postgres or set TOOLGRAPH_TEST_POSTGRES_URL.`);
  }
  console.warn(`Skipping the Postgres database tests: ${why}. Set TOOLGRAPH_REQUIRE_POSTGRES=1 to make this fail.`);
  return ['sqlite'];
}

/**
 * A brand-new database of `kind` (a SQLite file under os.tmpdir(), or a new Postgres database
 * toolgraph_test_<random>), migrated from empty unless `{ migrated: false }`. `drop()` deletes it.
 */
export async function freshDatabase(kind: DatabaseKind, options: { migrated?: boolean } = {}): Promise<FreshDatabase> {
  const database = kind === 'sqlite' ? createScratchSqlite('toolgraph') : await createScratchPostgres(postgresServerUrl(), 'toolgraph_test');
  if (options.migrated !== false) {
    try {
      await migrateDatabase(database.url);
    } catch (error) {
      await database.drop();
      throw error;
    }
  }
  return database;
}

/** The rows of one query run on the database at `url`, on a connection of its own. */
export async function queryDatabase<T>(url: string, sql: string): Promise<T[]> {
  const client = createPrismaClient(parseDatabaseUrl(url));
  try {
    return await client.$queryRawUnsafe<T[]>(sql);
  } finally {
    await client.$disconnect();
  }
}

/**
 * Runs one statement on the database at `url` itself, on a connection of its own, as another
 * program would (no server hears of it): parameters as `$1`, `$2`… on both databases. The number
 * of rows it changed.
 */
export async function changeDatabase(url: string, sql: string, ...params: unknown[]): Promise<number> {
  const target = parseDatabaseUrl(url);
  const client = createPrismaClient(target);
  try {
    return await client.$executeRawUnsafe(target.provider === 'sqlite' ? sql.replace(/\$\d+/g, '?') : sql, ...params);
  } finally {
    await client.$disconnect();
  }
}
