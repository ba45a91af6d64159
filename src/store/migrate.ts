import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { Client } from 'pg';
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { asCliDict } from '../domain/config';
import { searchKey } from '../domain/search';
import { schemaEngineAdapterFactoryFor } from './adapters';
import { type DatabaseProvider, type DatabaseTarget, parseDatabaseUrl } from './database-url';
import { dialectFor } from './dialect';
import { findingColumns, newRevisionRow, toStoredTool, type ToolRow } from './mapping';
import { createPrismaClient } from './prisma-client';
import { openSchemaEngine, type SchemaEngine } from './schema-engine';
import { insertRevisionsSql, setColumnsByIdSql, toBackfillSql } from './tool-sql';

/**
 * Applies the committed migrations (prisma/<provider>/migrations) with Prisma's schema engine in
 * WebAssembly, recording them in `_prisma_migrations` like `prisma migrate deploy`, then fills the
 * columns that only JavaScript can compute for rows written before they existed. Idempotent:
 * migrations already recorded are skipped, filled rows are not filled again. Used by `npm run
 * db:migrate` (src/server/migrate-command.ts), which the server also runs at start, and by the token command.
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
  /** Rows whose computed columns this run filled (see `backfill`). */
  backfilled: number;
  durationMs: number;
}

export const PRISMA_PROVIDER: Record<DatabaseProvider, string> = { sqlite: 'sqlite', postgres: 'postgresql' };

/**
 * Tables the schema engine leaves alone, made by hand-written migrations in what Prisma's schema
 * cannot describe: SQLite's FTS5 index of `search`, a virtual table with its shadow tables.
 */
export const SCHEMA_FILTERS: Record<DatabaseProvider, { externalTables: string[]; externalEnums: string[] }> = {
  sqlite: { externalTables: ['ToolSearch', 'ToolSearch_config', 'ToolSearch_data', 'ToolSearch_docsize', 'ToolSearch_idx'], externalEnums: [] },
  postgres: { externalTables: [], externalEnums: [] },
};

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
          content: existsSync(file) ? { tag: 'ok', value: readFileSync(file, 'utf8') } : { tag: 'error', value: `${file} does not exist` },
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

/**
 * Applies the provider's pending migrations to the database at `databaseUrl`, under the migration
 * lock: instances migrating one database at once take turns, so each migration is applied once and
 * the later ones find nothing left to do.
 */
export async function migrateDatabase(databaseUrl: string, options: { migrationsDir?: string } = {}): Promise<MigrationResult> {
  const started = performance.now();
  const target = parseDatabaseUrl(databaseUrl);
  const migrationsList = loadMigrations(options.migrationsDir ?? migrationsDirFor(target.provider));
  return withMigrationLock(target, async () => {
    const { appliedMigrationNames } = await withSchemaEngine(target.provider, schemaEngineAdapterFactoryFor(target), (engine) =>
      engine.applyMigrations({ migrationsList, filters: SCHEMA_FILTERS[target.provider] }),
    );
    // A partial history (tests of a migration's data copy, db tooling) stops before the columns and tables exist.
    const complete = options.migrationsDir === undefined;
    const backfilled = complete ? await backfill(target) : 0;
    if (complete && (appliedMigrationNames.length > 0 || backfilled > 0)) await refreshStatistics(target);
    return { provider: target.provider, applied: appliedMigrationNames, backfilled, durationMs: performance.now() - started };
  });
}

/** How long a migration waits for another instance's to finish (a backfill of 100,000 tools takes about a minute). */
const MIGRATION_LOCK_WAIT_MS = 10 * 60_000;
/** The key of the Postgres advisory lock that migrations hold (hashed like the name locks of ./dialect.ts, from a text of its own). */
const MIGRATION_LOCK_KEY = 'toolgraph:migrations';

/**
 * Runs `work` holding the database's migration lock, released when it ends, and by the database
 * when the process dies. Postgres: a session advisory lock, on a connection of its own. SQLite: an
 * exclusive transaction on a file of its own beside the database (`<file>.migration-lock`); SQLite's
 * own lock, on the database file, would keep the schema engine out too.
 */
async function withMigrationLock<T>(target: DatabaseTarget, work: () => Promise<T>): Promise<T> {
  if (target.provider === 'sqlite') {
    mkdirSync(dirname(target.file), { recursive: true });
    const lock = new Database(`${target.file}.migration-lock`, { timeout: MIGRATION_LOCK_WAIT_MS });
    try {
      // Waits (blocking this thread, as every SQLite wait does) while another process holds it.
      lock.exec('BEGIN EXCLUSIVE');
      return await work();
    } finally {
      lock.close();
    }
  }
  const client = new Client({ connectionString: target.url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(`SET lock_timeout = ${MIGRATION_LOCK_WAIT_MS}`);
    await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [MIGRATION_LOCK_KEY]);
    return await work();
  } finally {
    // Ending the session releases the lock.
    await client.end().catch(() => undefined);
  }
}

/**
 * The migrations of this version that the database at `databaseUrl` has not applied (all of them
 * for a new database), oldest first: what a server started with MIGRATE_ON_START=false waits for.
 */
export async function pendingMigrations(databaseUrl: string): Promise<string[]> {
  const target = parseDatabaseUrl(databaseUrl);
  const known = loadMigrations(migrationsDirFor(target.provider)).migrationDirectories.map((directory) => directory.path);
  const client = createPrismaClient(target);
  try {
    const table =
      target.provider === 'sqlite'
        ? `SELECT COUNT(*) AS "count" FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'`
        : `SELECT COUNT(*) AS "count" FROM pg_tables WHERE schemaname = current_schema() AND tablename = '_prisma_migrations'`;
    const [{ count } = { count: 0 }] = await client.$queryRawUnsafe<{ count: number | bigint }[]>(table);
    if (Number(count) === 0) return known;
    const rows = await client.$queryRawUnsafe<{ migration_name: string }[]>(
      'SELECT "migration_name" FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL',
    );
    const applied = new Set(rows.map((row) => row.migration_name));
    return known.filter((name) => !applied.has(name));
  } finally {
    await client.$disconnect();
  }
}

/**
 * Postgres plans from statistics that only ANALYZE (or autovacuum, after a tenth of a table has
 * changed) gathers, and a column a migration adds has none: without them it takes
 * `"deletedAt" IS NULL` to keep 1 row in 200, and read a page of 100,000 tools by scanning them
 * all (130 ms instead of 0.6). So a migration that changed something ends by gathering them.
 */
async function refreshStatistics(target: DatabaseTarget): Promise<void> {
  const statistics = dialectFor(target.provider).statistics;
  if (statistics === null) return;
  const client = createPrismaClient(target);
  try {
    await client.$executeRawUnsafe(statistics.refresh);
  } finally {
    await client.$disconnect();
  }
}

/** Rows filled per transaction by the backfill. */
const BACKFILL_BATCH = 1000;

/**
 * Fills what JavaScript computes for the rows of a database migrated from before the columns
 * existed (or after a migration resets them, should their definition ever change), with plain
 * UPDATEs so that `updatedAt` keeps saying when the tool itself last changed:
 * - "descriptionSearch", the search key (src/domain/search.ts);
 * - "contentHash" (src/domain/history.ts), with the tool's first revision: its definition as it
 *   is now, revision 1, by its creator, at its last update (the history before that is unknown);
 * - "findings" and "maxFindingSeverity" (src/domain/findings), for tools stored before findings
 *   existed: reported, whatever they are; the policy refuses writes, it never deletes or hides what
 *   is stored.
 * It runs under the migration lock (`migrateDatabase`): instances starting together do not fill
 * the same rows; the first fills them, the others find nothing left.
 */
async function backfill(target: DatabaseTarget): Promise<number> {
  const client = createPrismaClient(target);
  const dialect = dialectFor(target.provider);
  const p = (index: number) => dialect.placeholder(index);
  const setSearchKey = `UPDATE "Tool" SET "descriptionSearch" = ${p(1)} WHERE "id" = ${p(2)}`;
  try {
    let filled = 0;
    for (;;) {
      const rows = await client.$queryRawUnsafe<{ id: number; description: string }[]>(
        `SELECT "id", "description" FROM "Tool" WHERE "descriptionSearch" IS NULL LIMIT ${BACKFILL_BATCH}`,
      );
      if (rows.length === 0) break;
      await client.$transaction(rows.map((row) => client.$executeRawUnsafe(setSearchKey, searchKey(row.description), row.id)));
      filled += rows.length;
    }
    for (;;) {
      const batch = await client.$transaction(
        async (tx) => {
          const statement = toBackfillSql('contentHash', BACKFILL_BATCH);
          const rows = await tx.$queryRawUnsafe<ToolRow[]>(statement.sql, ...statement.params);
          if (rows.length === 0) return 0;
          const tools = rows.map((row) => ({ id: row.id, tool: toStoredTool(row) }));
          const revisions = insertRevisionsSql(
            tools.map(({ tool }) =>
              newRevisionRow({
                name: tool.name,
                revision: tool.revision,
                kind: 'created',
                definition: asCliDict(tool),
                contentHash: tool.contentHash,
                changedFields: [],
                safetyDowngrades: [],
                actor: tool.createdBy,
                committedAt: tool.updatedAt,
              }),
            ),
            dialect,
          );
          const hashes = setColumnsByIdSql(
            ['contentHash'],
            tools.map(({ id, tool }) => ({ id, values: [tool.contentHash] })),
            dialect,
          );
          await tx.$executeRawUnsafe(hashes.sql, ...hashes.params);
          await tx.$executeRawUnsafe(revisions.sql, ...revisions.params);
          return rows.length;
        },
        { maxWait: 60_000, timeout: 60_000 },
      );
      if (batch === 0) break;
      filled += batch;
    }
    for (;;) {
      const statement = toBackfillSql('findings', BACKFILL_BATCH);
      const rows = await client.$queryRawUnsafe<ToolRow[]>(statement.sql, ...statement.params);
      if (rows.length === 0) break;
      // A row without findings reads with its definition scanned (./mapping.ts `toStoredTool`).
      const findings = setColumnsByIdSql(
        ['findings', 'maxFindingSeverity'],
        rows.map((row) => {
          const columns = findingColumns(toStoredTool(row).findings);
          return { id: row.id, values: [columns.findings, columns.maxFindingSeverity] };
        }),
        dialect,
      );
      await client.$executeRawUnsafe(findings.sql, ...findings.params);
      filled += rows.length;
    }
    return filled;
  } finally {
    await client.$disconnect();
  }
}
