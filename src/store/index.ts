import type { TokenStore, ToolStore } from '../domain/ports';
import { parseDatabaseUrl } from './database-url';
import type { Pool } from 'pg';
import { dialectFor, type Dialect } from './dialect';
import { StatisticsRefresh } from './statistics';
import { postgresPool } from './adapters';
import { createPrismaClient } from './prisma-client';
import { readConnectionFor, type ReadTarget } from './read-connection';
import { PrismaTokenStore } from './token-repository';
import { PrismaToolStore } from './tool-repository';
import type { QueryObserver } from './observed-queries';

/** Persistence: the ToolStore and TokenStore ports on Prisma 7 (SQLite or Postgres), and the schema migrator. */

export interface ToolStoreOptions {
  /** Called with every SQL statement the store runs (for tests and diagnostics). */
  onQuery?: (sql: string) => void;
  /** Runs every SQL statement the store runs (the server's metrics and traces). */
  observeQuery?: QueryObserver;
}

/** The connections of a Postgres pool: open ones, idle ones, and requests waiting for one. */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * A ToolStore on the database at `databaseUrl`: `postgres://` / `postgresql://` → Postgres,
 * `file:<path>` or a path → SQLite. The schema must be migrated before it is used (see `migrateDatabase`).
 */
export async function createToolStore(databaseUrl: string, options: ToolStoreOptions = {}): Promise<ToolStore> {
  return (await createStores(databaseUrl, options)).tools;
}

/** The tools and the API tokens of one database, on one connection pool; `tools.close()` closes both. */
export interface Stores {
  tools: ToolStore;
  tokens: TokenStore;
  /** How the connection pool is used; Postgres only (SQLite has one connection for writes and one for reads, no pool). */
  poolUse?: () => PoolUse;
}

export async function createStores(databaseUrl: string, options: ToolStoreOptions = {}): Promise<Stores> {
  const target = parseDatabaseUrl(databaseUrl);
  // No connection yet: the first query opens one, so a store can be made while its database is down.
  const reads: ReadTarget = target.provider === 'postgres' ? { provider: 'postgres', pool: postgresPool(target.url) } : target;
  const pool = reads.provider === 'postgres' ? reads.pool : undefined;
  const client = createPrismaClient(target, options.onQuery, pool, options.observeQuery);
  const connection = readConnectionFor(reads, options.onQuery, options.observeQuery);
  const dialect = dialectFor(target.provider);
  return {
    tools: new PrismaToolStore(client, connection, dialect, pool && statisticsRefresh(pool, dialect)),
    tokens: new PrismaTokenStore(client, connection, dialect),
    poolUse: pool && (() => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount })),
  };
}

/**
 * The background gathering of planner statistics (./statistics.ts), on a pooled connection of its
 * own: maintenance, not a statement of any request, so neither `onQuery` nor `observeQuery` see it.
 */
function statisticsRefresh(pool: Pool, dialect: Dialect): StatisticsRefresh | null {
  const statements = dialect.statistics;
  if (statements === null) return null;
  return new StatisticsRefresh(async () => {
    await pool.query(statements.refresh);
    const { rows } = await pool.query<{ rows: number }>(statements.toolRows);
    return rows[0]?.rows ?? 0;
  });
}

export { DEFAULT_DATABASE_URL, parseDatabaseUrl, type DatabaseProvider, type DatabaseTarget } from './database-url';
export { migrateDatabase, pendingMigrations, type MigrationResult } from './migrate';
export { databaseErrorReason } from './database-errors';
export { statementKind, type QueryObserver } from './observed-queries';
