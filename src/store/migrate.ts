import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { schemaEngineAdapterFactoryFor } from './adapters';
import { type DatabaseProvider, parseDatabaseUrl } from './database-url';
import { openSchemaEngine, type SchemaEngine } from './schema-engine';

/**
 * Applies the committed migrations (prisma/<provider>/migrations) with Prisma's schema engine in
 * WebAssembly, recording them in `_prisma_migrations` like `prisma migrate deploy`. Idempotent:
 * migrations already recorded are skipped. Used at server start and by `npm run db:migrate`.
 */

export interface MigrationList {
  baseDir: string;
  lockfile: { path: string; content: string | null };
  shadowDbInitScript: string;
  migrationDirectories: {
    path: string;
    migrationFile: { path: string; content: { tag: 'ok'; value: string } | { tag: 'error'; value: string } };
  }[];
}

export interface MigrationResult {
  provider: DatabaseProvider;
  /** Names of the migrations applied by this run; empty when the database was up to date. */
  applied: string[];
  durationMs: number;
}

export const PRISMA_PROVIDER: Record<DatabaseProvider, string> = { sqlite: 'sqlite', postgres: 'postgresql' };

const NO_FILTER = { externalTables: [], externalEnums: [] };

/** prisma/<provider>/migrations, found by walking up from this file (works from src/ and dist/). */
export function migrationsDirFor(provider: DatabaseProvider): string {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    const candidate = join(dir, 'prisma', provider, 'migrations');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error(`No prisma/${provider}/migrations folder above ${__dirname}`);
  }
}

/** Reads a migrations folder in the shape the schema engine takes. */
export function loadMigrations(baseDir: string): MigrationList {
  const lockPath = join(baseDir, 'migration_lock.toml');
  const directories = existsSync(baseDir)
    ? readdirSync(baseDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort()
    : [];
  return {
    baseDir,
    lockfile: { path: 'migration_lock.toml', content: existsSync(lockPath) ? readFileSync(lockPath, 'utf8') : null },
    shadowDbInitScript: '',
    migrationDirectories: directories.map((name) => {
      const file = join(baseDir, name, 'migration.sql');
      return {
        path: name,
        migrationFile: {
          path: 'migration.sql',
          content: existsSync(file)
            ? { tag: 'ok', value: readFileSync(file, 'utf8') }
            : { tag: 'error', value: `${file} does not exist` },
        },
      };
    }),
  };
}

/**
 * Opens a schema engine on the database of `factory`, runs `work`, then frees the engine and
 * closes every connection it opened (the wasm engine does not close them itself).
 */
export async function withSchemaEngine<T>(
  provider: DatabaseProvider,
  factory: SqlMigrationAwareDriverAdapterFactory,
  work: (engine: SchemaEngine) => Promise<T>,
  schema?: { path: string; content: string },
): Promise<T> {
  const opened: SqlDriverAdapter[] = [];
  const track = async (connect: () => Promise<SqlDriverAdapter>) => {
    const adapter = await connect();
    opened.push(adapter);
    return adapter;
  };
  const tracking: SqlMigrationAwareDriverAdapterFactory = {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: () => track(() => factory.connect()),
    connectToShadowDb: () => track(() => factory.connectToShadowDb()),
  };
  const datamodel = schema ?? {
    path: 'schema.prisma',
    content: `datasource db {\n  provider = "${PRISMA_PROVIDER[provider]}"\n}\n`,
  };
  const engine = await openSchemaEngine(datamodel, tracking);
  try {
    return await work(engine);
  } finally {
    engine.free();
    for (const adapter of opened.reverse()) await adapter.dispose().catch(() => undefined);
  }
}

/** Applies the provider's pending migrations to the database at `databaseUrl`. */
export async function migrateDatabase(
  databaseUrl: string,
  options: { migrationsDir?: string } = {},
): Promise<MigrationResult> {
  const started = performance.now();
  const target = parseDatabaseUrl(databaseUrl);
  const migrationsList = loadMigrations(options.migrationsDir ?? migrationsDirFor(target.provider));
  const { appliedMigrationNames } = await withSchemaEngine(target.provider, schemaEngineAdapterFactoryFor(target), (engine) =>
    engine.applyMigrations({ migrationsList, filters: NO_FILTER }),
  );
  return { provider: target.provider, applied: appliedMigrationNames, durationMs: performance.now() - started };
}
