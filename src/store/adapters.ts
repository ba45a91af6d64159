import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { Pool, type PoolClient, type QueryResult } from 'pg';
import type { DatabaseTarget } from './database-url';

/** Milliseconds a SQLite connection waits for another process's write lock before failing. */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;
/**
 * Milliseconds to open a Postgres connection before giving up (node-postgres waits forever by
 * default): a database that does not answer is reported unavailable instead of holding requests.
 */
const POSTGRES_CONNECT_TIMEOUT_MS = 5000;

/** The connection pool of a Postgres store, shared by Prisma (writes) and ./read-connection.ts (reads). */
export function postgresPool(url: string): Pool {
  const pool = new Pool({ connectionString: url, connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS });
  // An idle connection the server ends (a restart, a terminated backend) is dropped by the pool and
  // the next query opens another; unheard, the pool's 'error' event would end the process.
  pool.on('error', () => undefined);
  return pool;
}

/**
 * The driver adapter factory of a database: better-sqlite3 for SQLite, node-postgres for Postgres,
 * on `pool` if given (the client's disconnect then ends it).
 *
 * `better-sqlite3` is @rocicorp/zero-sqlite3 (package.json aliases the name and overrides the
 * adapter's own dependency with it): better-sqlite3's code, with its engine prebuilt in the npm
 * package for each platform and Node version. better-sqlite3 itself downloads its binary from
 * GitHub at install, and compiles SQLite where it cannot (a minute here). libsql and
 * @photostructure/sqlite also come prebuilt, but ran the registry's trigram search 60 % slower here.
 */
export function adapterFactoryFor(target: DatabaseTarget, pool?: Pool): SqlMigrationAwareDriverAdapterFactory {
  if (target.provider === 'postgres') return new PrismaPg(pool ?? postgresPool(target.url), { disposeExternalPool: true });
  mkdirSync(dirname(target.file), { recursive: true });
  return new PrismaBetterSqlite3({ url: target.file, timeout: SQLITE_BUSY_TIMEOUT_MS });
}

const PG_CHAR_OID = 18; // the internal one-byte "char" of the catalogs (pg_constraint.contype, ...)
const PG_TEXT_OID = 25;

/**
 * The adapter factory the wasm schema engine uses. On Postgres, the engine's introspection reads
 * catalog columns of type "char", which @prisma/adapter-pg 7.10 refuses ("Column type 'char' could
 * not be deserialized"); node-postgres returns them as strings already, so they are reported as
 * text. Only the schema engine's connections get this; the store's own adapter is untouched.
 */
export function schemaEngineAdapterFactoryFor(target: DatabaseTarget): SqlMigrationAwareDriverAdapterFactory {
  if (target.provider === 'sqlite') return adapterFactoryFor(target);
  const pool = new Pool({ connectionString: target.url });
  const charAsText = <Q extends (...args: never[]) => unknown>(query: Q): Q =>
    (async (...args: Parameters<Q>) => {
      const result = (await query(...args)) as QueryResult;
      for (const field of result?.fields ?? []) if (field.dataTypeID === PG_CHAR_OID) field.dataTypeID = PG_TEXT_OID;
      return result;
    }) as unknown as Q;
  pool.query = charAsText(pool.query.bind(pool));
  pool.on('connect', (client: PoolClient) => {
    client.query = charAsText(client.query.bind(client));
  });
  return new PrismaPg(pool, { disposeExternalPool: true });
}
