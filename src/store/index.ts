import type { TokenStore, ToolStore } from '../domain/ports';
import { parseDatabaseUrl } from './database-url';
import { dialectFor } from './dialect';
import { postgresPool } from './adapters';
import { createPrismaClient } from './prisma-client';
import { readConnectionFor, type ReadTarget } from './read-connection';
import { PrismaTokenStore } from './token-repository';
import { PrismaToolStore } from './tool-repository';

/** Persistence: the ToolStore and TokenStore ports on Prisma 7 (SQLite or Postgres), and the schema migrator. */

export interface ToolStoreOptions {
  /** Called with every SQL statement the store runs (for tests and diagnostics). */
  onQuery?: (sql: string) => void;
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
}

export async function createStores(databaseUrl: string, options: ToolStoreOptions = {}): Promise<Stores> {
  const target = parseDatabaseUrl(databaseUrl);
  // No connection yet: the first query opens one, so a store can be made while its database is down.
  const reads: ReadTarget = target.provider === 'postgres' ? { provider: 'postgres', pool: postgresPool(target.url) } : target;
  const client = createPrismaClient(target, options.onQuery, reads.provider === 'postgres' ? reads.pool : undefined);
  const connection = readConnectionFor(reads, options.onQuery);
  const dialect = dialectFor(target.provider);
  return { tools: new PrismaToolStore(client, connection, dialect), tokens: new PrismaTokenStore(client, connection, dialect) };
}

export { DEFAULT_DATABASE_URL, parseDatabaseUrl, type DatabaseProvider, type DatabaseTarget } from './database-url';
export { migrateDatabase, type MigrationResult } from './migrate';
export { databaseErrorReason } from './database-errors';
