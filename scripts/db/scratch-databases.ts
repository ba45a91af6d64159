import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';

/**
 * Throw-away databases for development tools (db:check, db:migration:new) and for the tests: a
 * SQLite file in its own temp folder, or a new database on a local Postgres server.
 */

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** The Postgres server scratch databases are made on (TOOLGRAPH_TEST_POSTGRES_URL, else this machine's; set but empty counts as unset). */
export const postgresServerUrl = (): string => {
  const configured = process.env.TOOLGRAPH_TEST_POSTGRES_URL;
  return configured === undefined || configured === '' ? 'postgresql://postgres@127.0.0.1:5432/test' : configured;
};

/** `url` with its database name replaced. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** An empty SQLite database `<prefix>.db` in a new temp folder; `drop` removes the folder. */
export function createScratchSqlite(prefix: string): ScratchDatabase {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  return { url: `file:${join(dir, `${prefix}.db`)}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

/** A new, empty Postgres database `<prefix>_<random>` on the server of `serverUrl`; `drop` removes it. */
export async function createScratchPostgres(serverUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  return { url: withDatabase(serverUrl, name), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
