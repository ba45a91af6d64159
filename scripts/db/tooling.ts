import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { schemaEngineAdapterFactoryFor } from '../../src/store/adapters';
import { parseDatabaseUrl } from '../../src/store/database-url';
import { migrateDatabase, withSchemaEngine } from '../../src/store/migrate';
import type { SchemaEngine } from '../../src/store/schema-engine';
import { migrationsDir, type Provider, renderSchema, ROOT, schemaPath } from './schema-source';

/** Development-time helpers of scripts/db: diffs with the wasm schema engine, scratch databases. */

export const NO_FILTER = { externalTables: [], externalEnums: [] };

/** The Postgres server used for scratch and shadow databases by the db scripts. */
export const postgresServerUrl = (): string =>
  process.env.TOOLGRAPH_TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

/** `url` with its database name replaced. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export const schemaFile = (provider: Provider) => ({ path: schemaPath(provider), content: renderSchema(provider) });

/**
 * Creates a scratch database (a temp SQLite file, or a new database on the local Postgres server),
 * applies the committed migrations to it, runs `work` with a schema engine connected to it, then
 * drops it.
 */
export async function withMigratedScratch<T>(provider: Provider, work: (engine: SchemaEngine) => Promise<T>): Promise<T> {
  const scratch = provider === 'sqlite' ? scratchSqlite() : await createScratchPostgres(postgresServerUrl(), 'toolgraph_scratch');
  try {
    await migrateDatabase(scratch.url, { migrationsDir: migrationsDir(provider) });
    const target = parseDatabaseUrl(scratch.url);
    return await withSchemaEngine(target.provider, schemaEngineAdapterFactoryFor(target), work, schemaFile(provider));
  } finally {
    await scratch.drop();
  }
}

/**
 * The SQL that takes a database migrated with the committed migrations to the schema rendered
 * from the template; '' when they match.
 */
export async function pendingSql(provider: Provider): Promise<string> {
  return withMigratedScratch(provider, async (engine) => {
    const result = await engine.diff({
      from: { tag: 'schemaDatasource', files: [schemaFile(provider)], configDir: ROOT },
      to: { tag: 'schemaDatamodel', files: [schemaFile(provider)] },
      script: true,
      exitCode: true,
      filters: NO_FILTER,
    });
    return result.exitCode === 2 ? (result.stdout ?? '') : '';
  });
}

function scratchSqlite(): { url: string; drop(): Promise<void> } {
  const dir = mkdtempSync(join(tmpdir(), 'toolgraph-scratch-'));
  return {
    url: `file:${join(dir, 'scratch.db')}`,
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Creates an empty Postgres database on the server of `serverUrl`; `drop` removes it. */
export async function createScratchPostgres(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(serverUrl, name),
    async drop() {
      const client = new Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
