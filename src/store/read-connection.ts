import Database, { type Statement as SqliteStatement } from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import { types as pgTypes, type CustomTypesConfig, type Pool } from 'pg';
import { SQLITE_BUSY_TIMEOUT_MS } from './adapters';
import type { QueryObserver } from './observed-queries';
import type { Statement } from './tool-sql';

/**
 * The connection reads outside write transactions run on: the driver itself, below Prisma, with
 * rows typed as Prisma's raw queries type them (booleans, Dates, parsed JSON). Write transactions
 * stay on Prisma; the reads of a request are most of the server's work, and Prisma's raw query
 * path costs several times what the database does (a read by name on SQLite: 234 µs through
 * Prisma, 25 µs on a prepared statement; Postgres 454 µs against 210 µs).
 *
 * On SQLite it is also what keeps reads to committed data: Prisma's adapter runs everything on one
 * connection, so a read made while a write transaction was open saw that transaction's rows, even
 * when it then rolled back. The file keeps its rollback journal, not write-ahead logging: under WAL
 * every open connection holds the file shared, and Prisma's schema engine migrates under an
 * exclusive lock, so no other process (a second instance, `npm run token`) could start on the file
 * of a running server. A read shares the file with a write in progress; a write transaction of this
 * process takes the file exclusively only within its synchronous COMMIT, when no read is running.
 */
export interface ReadConnection {
  rows<T>(statement: Statement): Promise<T[]>;
  close(): Promise<void>;
}

/** Statements one SQLite read connection keeps prepared; a query shape beyond them is prepared again when next used. */
const PREPARED_STATEMENTS = 500;

/** A value bound the way @prisma/adapter-better-sqlite3 binds it, so that raw reads compare with what Prisma wrote. */
function sqliteValue(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString().replace('Z', '+00:00');
  return value;
}

/** A DATETIME as Prisma writes it (ISO 8601 with an offset), or as SQLite's CURRENT_TIMESTAMP does (UTC, no zone). */
function sqliteDate(value: unknown): Date {
  if (typeof value === 'number' || typeof value === 'bigint') return new Date(Number(value));
  const text = String(value);
  return new Date(/(Z|[+-]\d\d:?\d\d)$/.test(text) ? text : `${text.replace(' ', 'T')}Z`);
}

/** A column's value as better-sqlite3 reads it. */
type SqliteValue = string | number | bigint | Buffer | null;

type Decoder = (value: SqliteValue) => unknown;

/** How a column of each declared type reads, as Prisma's SQLite adapter decides it. */
function decoderOf(declaredType: string | null): Decoder | null {
  switch (declaredType?.toUpperCase()) {
    case 'BOOLEAN':
      return (value) => (value === null ? null : Boolean(value));
    case 'DATETIME':
    case 'TIMESTAMP':
      return (value) => (value === null ? null : sqliteDate(value));
    case 'JSONB':
      return (value) => (value === null ? null : (JSON.parse(String(value)) as unknown));
    default:
      return null;
  }
}

interface PreparedRead {
  statement: SqliteStatement;
  /** The name of each column and, where its value needs one, its decoder. */
  names: string[];
  decoders: (Decoder | null)[];
}

class SqliteReadConnection implements ReadConnection {
  private database: Database.Database | undefined;
  private readonly prepared = new LRUCache<string, PreparedRead>({ max: PREPARED_STATEMENTS });

  constructor(
    private readonly file: string,
    private readonly onQuery?: (sql: string) => void,
  ) {}

  async rows<T>({ sql, params }: Statement): Promise<T[]> {
    const read = this.preparedRead(sql);
    this.onQuery?.(sql);
    const values = read.statement.raw(true).all(...params.map(sqliteValue)) as SqliteValue[][];
    const { names, decoders } = read;
    return values.map((row) => {
      const result: Record<string, unknown> = {};
      for (let index = 0; index < names.length; index++) {
        const decode = decoders[index];
        result[names[index]!] = decode ? decode(row[index]!) : row[index];
      }
      return result as T;
    });
  }

  async close(): Promise<void> {
    this.prepared.clear();
    this.database?.close();
    this.database = undefined;
  }

  private preparedRead(sql: string): PreparedRead {
    let read = this.prepared.get(sql);
    if (!read) {
      const statement = this.connection().prepare(sql);
      const columns = statement.columns();
      read = { statement, names: columns.map((column) => column.name), decoders: columns.map((column) => decoderOf(column.type)) };
      this.prepared.set(sql, read);
    }
    return read;
  }

  /** Opened on first use, like Prisma's, so that a store can be made before its file exists. */
  private connection(): Database.Database {
    if (!this.database) {
      const database = new Database(this.file, { timeout: SQLITE_BUSY_TIMEOUT_MS });
      database.pragma('query_only = ON');
      this.database = database;
    }
    return this.database;
  }
}

/**
 * Prisma's DateTime columns are `timestamp(3)` without a time zone, holding UTC. node-postgres would
 * read them as local time; the other types read as it reads them (jsonb parsed, booleans, text).
 */
type TypeParser = (value: string) => unknown;
const POSTGRES_TYPES: CustomTypesConfig = {
  getTypeParser: (oid, format): TypeParser =>
    oid === pgTypes.builtins.TIMESTAMP ? (value) => new Date(`${value.replace(' ', 'T')}Z`) : (pgTypes.getTypeParser(oid, format) as TypeParser),
};

/** A timestamp parameter as UTC wall time, which the `timestamp` columns hold; node-postgres would send local time. */
const postgresValue = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value);

/**
 * Statements a Postgres read connection prepares once (named, per connection) and reuses; the shapes
 * of reads beyond them (rare filter combinations) are parsed and planned on each use. Bounded: each
 * named statement lives in every pooled connection's backend for the connection's life.
 */
const NAMED_STATEMENTS = 100;

class PostgresReadConnection implements ReadConnection {
  private readonly names = new Map<string, string>();

  constructor(
    private readonly pool: Pool,
    private readonly onQuery?: (sql: string) => void,
  ) {}

  async rows<T>({ sql, params }: Statement): Promise<T[]> {
    this.onQuery?.(sql);
    const result = await this.pool.query({ name: this.nameOf(sql), text: sql, values: params.map(postgresValue), types: POSTGRES_TYPES });
    return result.rows as T[];
  }

  private nameOf(sql: string): string | undefined {
    let name = this.names.get(sql);
    if (name === undefined && this.names.size < NAMED_STATEMENTS) this.names.set(sql, (name = `toolgraph_read_${this.names.size + 1}`));
    return name;
  }

  async close(): Promise<void> {
    // Nothing to end here: the pool is Prisma's too, and the client's disconnect ends it.
  }
}

/** Where reads go: a connection of their own to the SQLite file, or the store's Postgres pool. */
export type ReadTarget = { provider: 'sqlite'; file: string } | { provider: 'postgres'; pool: Pool };

/** Reads on `target`, reporting each statement to `onQuery` as Prisma's query log does, and running each through `observe` if given. */
export function readConnectionFor(target: ReadTarget, onQuery?: (sql: string) => void, observe?: QueryObserver): ReadConnection {
  const connection = target.provider === 'postgres' ? new PostgresReadConnection(target.pool, onQuery) : new SqliteReadConnection(target.file, onQuery);
  if (!observe) return connection;
  return { rows: (statement) => observe(statement.sql, () => connection.rows(statement)), close: () => connection.close() };
}
