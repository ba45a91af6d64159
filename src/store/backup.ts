import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { SQLITE_BUSY_TIMEOUT_MS } from './adapters';
import { loadMigrations, migrationsDirFor } from './migrate';

/**
 * Backups of a SQLite registry with SQLite's online backup API (better-sqlite3's `backup()`): the
 * copy is one committed state of the database, whatever the server writes meanwhile, where copying
 * the file could take half of a transaction. Postgres is backed up with its own tools (pg_dump).
 */

/** A file that cannot be restored, or a backup that cannot be made; the message says which and why. */
export class BackupRefused extends Error {
  override name = 'BackupRefused';
}

export interface BackupReport {
  /** The file written (or restored into). */
  file: string;
  bytes: number;
  /** Live tools in it. */
  tools: number;
  /** How many times the copy started again because a write committed while it ran. */
  restarts: number;
  durationMs: number;
}

/**
 * Pages copied per step. Between steps the source is unlocked, so the server's writes wait for at
 * most one step (1,024 pages: 4 MiB at SQLite's default page size, a few milliseconds).
 */
const PAGES_PER_STEP = 1024;

/**
 * A write committed by another process between two steps makes SQLite start the copy again. Under a
 * steady write load a copy in steps might never finish, so after this many restarts the rest is
 * copied in one step: the server's writes then wait for that step (within their busy timeout).
 */
const RESTARTS_BEFORE_ONE_STEP = 3;

/** A step size that copies whatever remains (better-sqlite3 takes at most 2^31 - 1). */
const ALL_PAGES = 0x7fffffff;

/** Tables that make a SQLite file a toolgraph registry: the migrations' record and the tools. */
const REGISTRY_TABLES = ['_prisma_migrations', 'Tool'];

/**
 * Copies the SQLite database at `source` into `destination` (a new file) while servers may be
 * using it. Written beside its destination first, renamed once complete and checked, so that a
 * file at `destination` is always a whole backup.
 */
export async function backupSqlite(source: string, destination: string): Promise<BackupReport> {
  if (!existsSync(source)) throw new BackupRefused(`there is no database at ${source}.`);
  if (existsSync(destination)) throw new BackupRefused(`${destination} exists already; name a new file, so that no backup is overwritten.`);
  if (!existsSync(dirname(destination))) throw new BackupRefused(`the folder ${dirname(destination)} does not exist.`);
  const started = performance.now();
  const partial = join(dirname(destination), `.${basename(destination)}.partial`);
  try {
    const restarts = await copyOnline(source, partial);
    const tools = checkRegistry(partial, 'the backup');
    renameSync(partial, destination);
    return { file: destination, bytes: statSync(destination).size, tools, restarts, durationMs: performance.now() - started };
  } finally {
    rmSync(partial, { force: true });
  }
}

/** Copies `source` into `destination` with the online backup API, in steps; how many times the copy started again. */
async function copyOnline(source: string, destination: string): Promise<number> {
  rmSync(destination, { force: true });
  const database = new Database(source, { fileMustExist: true, readonly: true, timeout: SQLITE_BUSY_TIMEOUT_MS });
  let restarts = 0;
  let remaining = Infinity;
  try {
    await database.backup(destination, {
      progress: ({ remainingPages }) => {
        if (remainingPages > remaining) restarts++;
        remaining = remainingPages;
        return restarts >= RESTARTS_BEFORE_ONE_STEP ? ALL_PAGES : PAGES_PER_STEP;
      },
    });
    return restarts;
  } finally {
    database.close();
  }
}

/**
 * Puts the backup `backup` in place of the database at `target`, for a server that is stopped: the
 * server keeps what it read (its search index, its cached answers) and would not see the change.
 * The backup must be a toolgraph SQLite database that passes `PRAGMA integrity_check`. What `target`
 * held is first backed up beside it (`aside`), so a restore can itself be undone. Copied with the
 * backup API too, under SQLite's locks: a process that still had the file open sees either the old
 * database or the restored one, never a mix.
 */
export async function restoreSqlite(backup: string, target: string): Promise<BackupReport & { aside: string | null }> {
  if (!existsSync(backup)) throw new BackupRefused(`there is no file at ${backup}.`);
  const started = performance.now();
  checkRegistry(backup, backup, { knownMigrationsOnly: true });
  let aside: string | null = null;
  if (existsSync(target)) {
    // Copied as it is, damaged or not: restoring is how a damaged database is replaced.
    aside = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await copyOnline(target, aside);
  }
  // The server makes its folder at start-up; a restore onto a new machine comes first.
  mkdirSync(dirname(target), { recursive: true });
  const source = new Database(backup, { fileMustExist: true, readonly: true });
  try {
    // One step: the source is a file nobody writes, and a process that has the target open waits for that one step.
    await source.backup(target, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
  const tools = checkRegistry(target, target);
  return { file: target, bytes: statSync(target).size, tools, restarts: 0, durationMs: performance.now() - started, aside };
}

/**
 * Refuses `file` unless it is a toolgraph SQLite database that passes its integrity check; its number
 * of live tools. `knownMigrationsOnly`: refuses a database with migrations this version does not
 * have too, made by a newer toolgraph, whose schema this version's server could not use.
 */
function checkRegistry(file: string, what: string, { knownMigrationsOnly = false } = {}): number {
  let database: Database.Database;
  try {
    database = new Database(file, { fileMustExist: true, readonly: true });
  } catch (error) {
    throw new BackupRefused(`${what} cannot be opened: ${(error as Error).message}.`);
  }
  try {
    let problems: string[];
    try {
      problems = database
        .prepare('PRAGMA integrity_check')
        .pluck()
        .all()
        .map((row) => String(row));
    } catch (error) {
      // SQLITE_NOTADB: the header is not SQLite's; SQLITE_CORRUPT: the first pages are damaged.
      throw new BackupRefused(`${what} is not a usable SQLite database: ${(error as Error).message}.`);
    }
    if (problems.length !== 1 || problems[0] !== 'ok') {
      throw new BackupRefused(`${what} fails SQLite's integrity check: ${problems.slice(0, 3).join('; ')}${problems.length > 3 ? '; …' : ''}.`);
    }
    const tables = new Set(
      database
        .prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`)
        .pluck()
        .all()
        .map((row) => String(row)),
    );
    const missing = REGISTRY_TABLES.filter((table) => !tables.has(table));
    if (missing.length > 0) throw new BackupRefused(`${what} is a SQLite database but not a toolgraph registry (no table ${missing.join(', ')}).`);
    if (knownMigrationsOnly) {
      const known = new Set(loadMigrations(migrationsDirFor('sqlite')).migrationDirectories.map((directory) => directory.path));
      const unknown = database
        .prepare('SELECT "migration_name" FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL')
        .pluck()
        .all()
        .map((row) => String(row))
        .filter((name) => !known.has(name));
      if (unknown.length > 0) {
        throw new BackupRefused(
          `${what} was made by a newer toolgraph: this one lacks its migration${unknown.length === 1 ? '' : 's'} ${unknown.join(', ')}; restore it with that version.`,
        );
      }
    }
    return Number(database.prepare('SELECT COUNT(*) FROM "Tool" WHERE "deletedAt" IS NULL').pluck().get());
  } finally {
    database.close();
  }
}

/**
 * The command that backs up (`pg_dump`) or restores (`pg_restore`) the Postgres database of `url`
 * into or from `file`, for a person to run: Postgres's own tools make a consistent dump of a running
 * database. The URL's parts become options; its password never appears (the command reads
 * PGPASSWORD or ~/.pgpass), so the line can be printed and logged.
 */
export function postgresCommand(action: 'backup' | 'restore', url: string, file: string): { command: string; needsPassword: boolean } {
  const parsed = new URL(url);
  const options = [
    ...(parsed.hostname ? [`--host=${decodeURIComponent(parsed.hostname)}`] : []),
    ...(parsed.port ? [`--port=${parsed.port}`] : []),
    ...(parsed.username ? [`--username=${decodeURIComponent(parsed.username)}`] : []),
    `--dbname=${decodeURIComponent(parsed.pathname.slice(1)) || 'postgres'}`,
  ];
  // Prisma's `?schema=`: the registry's tables live in that schema only.
  const schema = parsed.searchParams.get('schema');
  const sslmode = parsed.searchParams.get('sslmode');
  const words =
    action === 'backup'
      ? ['pg_dump', '--format=custom', ...(schema ? [`--schema=${schema}`] : []), ...options, `--file=${file}`]
      : ['pg_restore', '--clean', '--if-exists', '--no-owner', '--single-transaction', ...options, file];
  const environment = sslmode ? [`PGSSLMODE=${sslmode}`] : [];
  return { command: [...environment, ...words].map(shellWord).join(' '), needsPassword: parsed.password !== '' };
}

/** `word` as a POSIX shell reads it back unchanged. */
function shellWord(word: string): string {
  return /^[\w./:=@%+,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
