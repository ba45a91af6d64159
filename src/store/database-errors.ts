import { DependencyUnavailable, StoreConflict } from '../domain/ports';
import { Prisma } from './generated/sqlite/client';

/**
 * What a database error means for the store, whichever layer raised it: Prisma's known errors
 * (P codes, with the driver adapter's error in `meta`), the driver adapter's own DriverAdapterError
 * (thrown as is around transactions), or node-postgres and socket errors underneath.
 *
 * - `conflict`: the database aborted the transaction for a clash with another one (a deadlock, a
 *   serialization failure); running it again is expected to succeed.
 * - `unavailable`: the database cannot be reached or cannot serve now (down, restarting, out of
 *   connections, locked by another process, a full disk); nothing was written, a retry may succeed.
 * - `uniqueViolation`, `foreignKeyViolation`: a constraint refused the write.
 * - `other`: anything else, a bug.
 */
export type DatabaseErrorKind = 'conflict' | 'unavailable' | 'uniqueViolation' | 'foreignKeyViolation' | 'other';

/** Kinds of @prisma/driver-adapter-utils' MappedError. */
const ADAPTER_KINDS: Readonly<Record<string, DatabaseErrorKind>> = {
  TransactionWriteConflict: 'conflict',
  UniqueConstraintViolation: 'uniqueViolation',
  ForeignKeyConstraintViolation: 'foreignKeyViolation',
  RestrictViolation: 'foreignKeyViolation',
  DatabaseNotReachable: 'unavailable',
  DatabaseDoesNotExist: 'unavailable',
  DatabaseAccessDenied: 'unavailable',
  AuthenticationFailed: 'unavailable',
  ConnectionClosed: 'unavailable',
  TlsConnectionError: 'unavailable',
  TooManyConnections: 'unavailable',
  SocketTimeout: 'unavailable',
};

/** Prisma's own codes for the same situations, when no adapter error is attached. */
const PRISMA_CODES: Readonly<Record<string, DatabaseErrorKind>> = {
  P1000: 'unavailable', // authentication failed
  P1001: 'unavailable', // can't reach the server
  P1002: 'unavailable', // the server timed out
  P1008: 'unavailable', // operation timed out
  P1017: 'unavailable', // the server closed the connection
  P2002: 'uniqueViolation',
  P2003: 'foreignKeyViolation',
  P2024: 'unavailable', // no connection from the pool in time
  P2028: 'unavailable', // transaction could not start, or outlived its timeout
  P2034: 'conflict',
  P2037: 'unavailable', // too many connections
};

/** SQLSTATE classes and codes of PostgreSQL that mean "not now" or "clash". */
function postgresKind(code: string): DatabaseErrorKind {
  if (code === '40001' || code === '40P01') return 'conflict';
  if (code === '23505') return 'uniqueViolation';
  if (code === '23503' || code === '23001') return 'foreignKeyViolation';
  // 08: connection exception; 53: insufficient resources; 57P01–57P03: shutting down, starting up;
  // 55P03: lock not available.
  if (code.startsWith('08') || code.startsWith('53') || /^57P0[1-3]$/.test(code) || code === '55P03') return 'unavailable';
  return 'other';
}

/**
 * SQLite primary result codes (https://www.sqlite.org/rescode.html) that mean "not now", by number
 * (as Prisma's adapter reports them) and by name (as better-sqlite3 does, ./read-connection.ts).
 */
const SQLITE_UNAVAILABLE = new Map([
  [5, 'SQLITE_BUSY'], // another connection holds the lock past the busy timeout
  [6, 'SQLITE_LOCKED'],
  [8, 'SQLITE_READONLY'],
  [10, 'SQLITE_IOERR'],
  [13, 'SQLITE_FULL'],
  [14, 'SQLITE_CANTOPEN'],
]);
const SQLITE_UNAVAILABLE_NAMES = new Set(SQLITE_UNAVAILABLE.values());

const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH']);

/** node-postgres' own connection failures, which carry no code. */
const PG_CONNECTION_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed/i;

interface AdapterCause {
  kind: string;
  code?: string;
  originalCode?: string;
  originalMessage?: string;
  extendedCode?: number;
  host?: string;
  port?: number;
}

function adapterCause(error: unknown): AdapterCause | undefined {
  const candidates = [error, (error as { meta?: { driverAdapterError?: unknown } })?.meta?.driverAdapterError];
  for (const candidate of candidates) {
    const cause = (candidate as { name?: unknown; cause?: unknown } | undefined)?.cause as AdapterCause | undefined;
    if ((candidate as { name?: unknown })?.name === 'DriverAdapterError' && typeof cause?.kind === 'string') return cause;
  }
  return undefined;
}

/**
 * What the database or its driver said, on one line (`the database system is starting up`,
 * `DatabaseNotReachable at 127.0.0.1:5432`), for the server's log: Prisma's own messages span lines.
 */
export function databaseErrorReason(error: unknown): string {
  let innermost = error;
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 6; depth++) {
    const cause = adapterCause(current);
    if (cause) return cause.originalMessage ?? `${cause.kind}${cause.host ? ` at ${cause.host}:${cause.port ?? ''}` : ''}`;
    innermost = current;
    current = (current as { cause?: unknown }).cause;
  }
  const message = innermost instanceof Error ? innermost.message : String(innermost);
  return (
    message
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .pop() ?? message
  );
}

export function databaseErrorKind(error: unknown, depth = 0): DatabaseErrorKind {
  if (depth > 5 || typeof error !== 'object' || error === null) return 'other';
  const cause = adapterCause(error);
  if (cause) {
    if (cause.kind === 'postgres') return postgresKind(cause.code ?? '');
    if (cause.kind === 'sqlite') return SQLITE_UNAVAILABLE.has((cause.extendedCode ?? 0) & 0xff) ? 'unavailable' : 'other';
    const known = ADAPTER_KINDS[cause.kind] ?? (cause.originalCode ? postgresKind(cause.originalCode) : undefined);
    if (known) return known;
  }
  if (error instanceof Prisma.PrismaClientKnownRequestError && PRISMA_CODES[error.code]) return PRISMA_CODES[error.code]!;
  if (error instanceof Prisma.PrismaClientInitializationError) return 'unavailable';
  const { code, message, severity } = error as { code?: unknown; message?: unknown; severity?: unknown };
  if (typeof code === 'string' && SOCKET_CODES.has(code)) return 'unavailable';
  // better-sqlite3's extended names (SQLITE_IOERR_SHORT_READ) start with their primary one.
  if (typeof code === 'string' && code.startsWith('SQLITE_')) return SQLITE_UNAVAILABLE_NAMES.has(/^SQLITE_[A-Z]+/.exec(code)![0]) ? 'unavailable' : 'other';
  if (typeof code === 'string' && typeof severity === 'string') return postgresKind(code);
  if (typeof message === 'string' && PG_CONNECTION_MESSAGES.test(message)) return 'unavailable';
  return databaseErrorKind((error as { cause?: unknown }).cause, depth + 1);
}

/** The error of a database operation in the ports' terms: an outage becomes DependencyUnavailable; the rest stays as it is. */
export function translated(error: unknown): unknown {
  if (error instanceof StoreConflict || error instanceof DependencyUnavailable) return error;
  if (databaseErrorKind(error) === 'unavailable') return new DependencyUnavailable('The database is unavailable.', { cause: error });
  return error;
}

/**
 * A read the database has not answered by then is reported unavailable. A server that hangs (stopped,
 * or cut off without the connection closing) never answers nor fails, and node-postgres waits forever.
 */
const READ_DEADLINE_MS = 10_000;

/** Runs a read with READ_DEADLINE_MS, its errors `translated`. */
export async function readWithDeadline<T>(query: () => Promise<T>): Promise<T> {
  let deadline: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    deadline = setTimeout(() => reject(new DependencyUnavailable('The database did not answer in time.')), READ_DEADLINE_MS);
  });
  try {
    return await Promise.race([query(), late]);
  } catch (error) {
    throw translated(error);
  } finally {
    clearTimeout(deadline);
  }
}
