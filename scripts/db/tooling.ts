import { schemaEngineAdapterFactoryFor } from '../../src/store/adapters';
import { parseDatabaseUrl } from '../../src/store/database-url';
import { migrateDatabase, SCHEMA_FILTERS, withSchemaEngine } from '../../src/store/migrate';
import type { SchemaEngine } from '../../src/store/schema-engine';
import { createScratchPostgres, createScratchSqlite, postgresServerUrl } from './scratch-databases';
import { migrationsDir, type Provider, renderSchema, ROOT, schemaPath } from './schema-source';

/** Development-time helpers of scripts/db: diffs with the wasm schema engine on migrated scratch databases. */

export const schemaFile = (provider: Provider) => ({ path: schemaPath(provider), content: renderSchema(provider) });

/**
 * Creates a scratch database (a temp SQLite file, or a new database on the local Postgres server),
 * applies the committed migrations to it, runs `work` with a schema engine connected to it, then
 * drops it.
 */
export async function withMigratedScratch<T>(provider: Provider, work: (engine: SchemaEngine) => Promise<T>): Promise<T> {
  const scratch = provider === 'sqlite' ? createScratchSqlite('toolgraph-scratch') : await createScratchPostgres(postgresServerUrl(), 'toolgraph_scratch');
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
      filters: SCHEMA_FILTERS[provider],
    });
    return result.exitCode === 2 ? (result.stdout ?? '') : '';
  });
}
