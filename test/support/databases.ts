import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { migrateDatabase } from '../../src/store';
import { DEFAULT_TEST_POSTGRES_URL } from './global-setup';

/**
 * The real databases that store-level tests run against: SQLite always, Postgres when its server
 * is reachable (decided by ./global-setup.ts before the suites load).
 *
 * - TOOLGRAPH_TEST_POSTGRES_URL: the server to create test databases on
 *   (default postgresql://postgres@127.0.0.1:5432/test).
 * - TOOLGRAPH_REQUIRE_POSTGRES=1 (CI): Postgres must be used; an unreachable server fails the suite.
 */

export type DatabaseKind = 'sqlite' | 'postgres';

export interface FreshDatabase {
  url: string;
  drop(): Promise<void>;
}

const serverUrl = (): string => process.env.TOOLGRAPH_TEST_POSTGRES_URL || DEFAULT_TEST_POSTGRES_URL;

/** The kinds of database to run a suite against; call it at describe time (`describe.each`). */
export function testDatabases(): DatabaseKind[] {
  const status = process.env.TOOLGRAPH_TEST_POSTGRES ?? 'unreachable: not probed (jest globalSetup test/support/global-setup.ts did not run)';
  if (status === 'reachable') return ['sqlite', 'postgres'];
  const why = `Postgres at ${serverUrl()} is ${status}`;
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
  const database = kind === 'sqlite' ? freshSqlite() : await freshPostgres();
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

function freshSqlite(): FreshDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'toolgraph-test-'));
  return { url: `file:${join(dir, 'toolgraph.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

async function adminQuery(sql: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function freshPostgres(): Promise<FreshDatabase> {
  const name = `toolgraph_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
