import type { Prisma } from './generated/sqlite/client';
import type { DatabaseProvider } from './database-url';
import { escapeLike } from './sqlite-like';

/** The few things the repository does differently per database; everything else is shared. */
export interface Dialect {
  provider: DatabaseProvider;
  /** Isolation level of write transactions (undefined: the database's only/default one). */
  writeIsolation: Prisma.TransactionIsolationLevel | undefined;
  /** A case-insensitive substring filter on a text column; `%`, `_` and `\` in `text` are literal. */
  containsInsensitive(text: string): Prisma.StringFilter;
  /** SQL of the namespace part of the "name" column. */
  namespaceOfNameSql: string;
  /** The placeholder of the `index`th (from 1) parameter of a raw query, cast to the enum `enumType` if given. */
  placeholder(index: number, enumType?: string): string;
  /** The case-insensitive LIKE operator whose escape character is `\`. */
  likeInsensitive: string;
}

const sqlite: Dialect = {
  provider: 'sqlite',
  // SQLite transactions are serializable already (one writer at a time).
  writeIsolation: undefined,
  // Prisma's `contains` is `LIKE '%' || ? || '%'` without ESCAPE; the store's SQLite connections
  // redefine like() so that `\` escapes and case folds in Unicode (./sqlite-like.ts).
  containsInsensitive: (text) => ({ contains: escapeLike(text) }),
  namespaceOfNameSql: `substr("name", 1, instr("name", '/') - 1)`,
  placeholder: () => '?',
  // like() is the store's own (./sqlite-like.ts): `\` escapes, Unicode case-insensitive.
  likeInsensitive: 'LIKE',
};

const postgres: Dialect = {
  provider: 'postgres',
  // Domain checks read before they write; Serializable makes a racing write fail (P2034, retried)
  // instead of committing over a stale read.
  writeIsolation: 'Serializable',
  // ILIKE, whose default escape character is `\`; `mode` exists in the Postgres client's types only.
  containsInsensitive: (text) => ({ contains: escapeLike(text), mode: 'insensitive' }) as Prisma.StringFilter,
  namespaceOfNameSql: `split_part("name", '/', 1)`,
  placeholder: (index, enumType) => (enumType ? `$${index}::"${enumType}"` : `$${index}`),
  likeInsensitive: 'ILIKE',
};

export const dialectFor = (provider: DatabaseProvider): Dialect => (provider === 'postgres' ? postgres : sqlite);

/** One GROUP BY over the name prefix: rows `{ namespace, toolCount }` ordered by namespace. */
export function namespaceCountsSql(dialect: Dialect): string {
  // Cast: Postgres counts in bigint, which its driver returns as a string.
  return `SELECT ${dialect.namespaceOfNameSql} AS "namespace", CAST(COUNT(*) AS INTEGER) AS "toolCount" FROM "Tool" GROUP BY 1 ORDER BY 1`;
}
