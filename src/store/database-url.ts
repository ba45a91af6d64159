import { isAbsolute, resolve } from 'node:path';

/** Where the store lives, decided from `DATABASE_URL` (spec section 5). */
export type DatabaseTarget = { provider: 'sqlite'; /** Absolute path of the database file. */ file: string } | { provider: 'postgres'; url: string };

export type DatabaseProvider = DatabaseTarget['provider'];

/** The default database: a SQLite file under data/, relative to the working directory. */
export const DEFAULT_DATABASE_URL = 'file:data/toolgraph.db';

/**
 * `postgres://` / `postgresql://` → Postgres; `file:<path>` or a plain path → SQLite (relative paths
 * are resolved against the working directory). Any other scheme is refused.
 */
export function parseDatabaseUrl(databaseUrl: string): DatabaseTarget {
  const url = databaseUrl.trim();
  if (/^postgres(ql)?:\/\//i.test(url)) return { provider: 'postgres', url };
  let path = url;
  if (/^file:/i.test(url)) {
    path = url.slice('file:'.length);
    if (path.startsWith('//')) path = path.slice(2); // file:///abs/path
    path = path.replace(/\?.*$/, ''); // Prisma-style query options are not used here
  } else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    throw new Error(`Unsupported DATABASE_URL scheme (use postgres://, postgresql:// or file:): ${url.split(':')[0]}`);
  }
  if (path === '') throw new Error('DATABASE_URL names no SQLite file');
  return { provider: 'sqlite', file: isAbsolute(path) ? path : resolve(process.cwd(), path) };
}
