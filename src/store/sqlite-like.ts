import type { Database } from 'better-sqlite3';

/**
 * SQLite's LIKE has no escape character unless the query says `ESCAPE`, which Prisma's `contains`
 * does not, and it folds case for ASCII only. The store's SQLite connections replace it (SQLite
 * lets an application redefine `like()`) with the semantics Postgres' ILIKE has: `\` escapes
 * `%`, `_` and itself, and letters compare case-insensitively in Unicode. Used only by search.
 */

const patterns = new Map<string, RegExp>();

function toRegExp(pattern: string, escape: string): RegExp {
  const key = `${escape}\u0000${pattern}`;
  let regexp = patterns.get(key);
  if (!regexp) {
    let source = '';
    for (let i = 0; i < pattern.length; i++) {
      const char = pattern[i]!;
      if (char === escape && i + 1 < pattern.length) source += escapeRegExp(pattern[++i]!);
      else if (char === '%') source += '[\\s\\S]*';
      else if (char === '_') source += '[\\s\\S]';
      else source += escapeRegExp(char);
    }
    regexp = new RegExp(`^${source}$`, 'iu');
    if (patterns.size > 500) patterns.clear();
    patterns.set(key, regexp);
  }
  return regexp;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** Escapes `%`, `_` and `\` so that `text` matches itself in a LIKE pattern with `\` as escape. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, '\\$&');

/** `X LIKE Y [ESCAPE Z]` calls like(Y, X[, Z]). */
export function installLike(db: Database): void {
  db.function('like', { deterministic: true, varargs: true }, (...args: unknown[]) => {
    const [pattern, value, escape] = args;
    if (pattern === null || value === null || pattern === undefined || value === undefined) return null;
    return toRegExp(String(pattern), typeof escape === 'string' ? escape : '\\').test(String(value)) ? 1 : 0;
  });
}
