import type { DatabaseProvider } from './database-url';

/** The few things the repository does differently per database; everything else is shared. */
export interface Dialect {
  provider: DatabaseProvider;
  /** Isolation level of write transactions (undefined: the database's only one). */
  writeIsolation: 'ReadCommitted' | undefined;
  /** The placeholder of the `index`th (from 1) parameter of a raw query, cast to the type `castType` (an enum, jsonb) if given. */
  placeholder(index: number, castType?: string): string;
  /** `column` is one of the names bound as the single parameter `placeholder` (see `namesParameter`). */
  inNames(column: string, placeholder: string): string;
  /** Any number of names as one parameter of `inNames`: no statement ever runs out of parameters. */
  namesParameter(names: readonly string[]): unknown;
  /** `column` (an integer key) is one of the keys bound as the single parameter `placeholder` (see `keysParameter`). */
  inKeys(column: string, placeholder: string): string;
  /** Any number of integer keys as one parameter of `inKeys`. */
  keysParameter(keys: readonly number[]): unknown;
  /** What a write transaction appends to its reads so that the rows read stay as read until it ends. */
  lockReadRows: string;
  /**
   * A statement that holds, until the transaction ends, one lock per name bound as `placeholder`,
   * whether or not a tool of that name exists; null where write transactions already run one at a time.
   */
  lockNames: ((placeholder: string) => string) | null;
  /**
   * A statement that holds the change log's lock until the transaction ends (tool-sql.ts
   * `changeLogLockSql`); null where write transactions already run one at a time.
   */
  lockChangeLog: string | null;
  /**
   * A statement that holds the lock of one caller's write key (its only parameter, the caller and
   * the key) until the transaction ends (./keyed-writes.ts); null where write transactions already
   * run one at a time.
   */
  lockWriteKey: string | null;
  /** SQL of the namespace part of the "name" column. */
  namespaceOfNameSql: string;
  /** Whether an INSERT may bind its rows as one typed array per column (`unnest`) instead of one placeholder per value. */
  insertsColumnArrays: boolean;
  /**
   * The condition "the tool's name or description search key contains `key`", through the
   * database's search index where it has one for `key`. `exact()` is that condition as LIKEs on
   * the two columns, `like(expression)` the same LIKE on another expression; each binds its
   * parameters when called, as does `bind` its value.
   */
  searchCondition(key: string, exact: () => string, like: (expression: string) => string, bind: (value: string) => string): string;
  /**
   * `refresh` gathers the planner's statistics of the tables reads plan from, `toolRows` reads the
   * planner's count of tool rows as they left it, as `rows` (./statistics.ts); null where the
   * planner needs none.
   */
  statistics: { refresh: string; toolRows: string } | null;
}

/** FTS5 trigrams: a term of fewer than three characters (code points) has none. */
const MIN_TRIGRAM_TERM = 3;

/**
 * The most trigrams of a search key that SQLite's index is asked for. FTS5 matches a phrase by the
 * positions of every trigram in it: a long key of common words (1,000 characters of "weather
 * forecast ") took 5 s at 100,000 tools, holding up every request behind it. Past this many
 * distinct trigrams, the index is asked for this many, spread over the key, and `exact()` decides.
 */
const MAX_MATCHED_TRIGRAMS = 16;

/** The distinct trigrams of `key`, in the order they first occur. */
function trigramsOf(key: string): string[] {
  const characters = [...key];
  const trigrams = new Set<string>();
  for (let i = 0; i + MIN_TRIGRAM_TERM <= characters.length; i++) trigrams.add(characters.slice(i, i + MIN_TRIGRAM_TERM).join(''));
  return [...trigrams];
}

/** An FTS5 string (a phrase): the text in double quotes, a `"` doubled; nothing in it is query syntax. */
const ftsString = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** SQLite's search condition: the key as one phrase of the trigram index, or, for a long key, some of its trigrams and the exact condition. */
function sqliteSearchCondition(key: string, exact: () => string, bind: (value: string) => string): string {
  const trigrams = trigramsOf(key);
  if (trigrams.length === 0) return exact();
  const matching = (query: string) => `"id" IN (SELECT "rowid" FROM "ToolSearch" WHERE "ToolSearch" MATCH ${bind(query)})`;
  if (trigrams.length <= MAX_MATCHED_TRIGRAMS) return matching(ftsString(key));
  const spread = Array.from({ length: MAX_MATCHED_TRIGRAMS }, (_, i) => trigrams[Math.floor((i * trigrams.length) / MAX_MATCHED_TRIGRAMS)]!);
  return `(${matching(spread.map(ftsString).join(' AND '))} AND ${exact()})`;
}

const sqlite: Dialect = {
  provider: 'sqlite',
  // SQLite runs one write transaction at a time: what a write read cannot change before it commits.
  writeIsolation: undefined,
  placeholder: () => '?',
  inNames: (column, placeholder) => `${column} IN (SELECT "value" FROM json_each(${placeholder}))`,
  namesParameter: (names) => JSON.stringify(names),
  inKeys: (column, placeholder) => `${column} IN (SELECT "value" FROM json_each(${placeholder}))`,
  keysParameter: (keys) => JSON.stringify(keys),
  lockReadRows: '',
  lockNames: null,
  lockChangeLog: null,
  lockWriteKey: null,
  namespaceOfNameSql: `substr("name", 1, instr("name", '/') - 1)`,
  insertsColumnArrays: false,
  // The FTS5 table of the search_trigram_index migration.
  searchCondition: (key, exact, _like, bind) => sqliteSearchCondition(key, exact, bind),
  // SQLite plans well without statistics, and with them would plan differently from what was measured.
  statistics: null,
};

const postgres: Dialect = {
  provider: 'postgres',
  // Every write locks the names and rows it reads (`lockNames`, `lockReadRows`), a wrapped tool's
  // included, and the unique name and the composite foreign key of `wraps` (RESTRICT on a wrapped
  // tool's type) back the rules, so Read Committed is enough: a racing write waits for the lock or
  // is refused by a constraint, instead of failing to serialize as it would under Serializable.
  // Deletes leave tombstones, so no constraint refuses deleting a wrapped tool: the lock does.
  writeIsolation: 'ReadCommitted',
  placeholder: (index, castType) => (castType ? `$${index}::"${castType}"` : `$${index}`),
  inNames: (column, placeholder) => `${column} = ANY(${placeholder}::text[])`,
  namesParameter: (names) => [...names],
  inKeys: (column, placeholder) => `${column} = ANY(${placeholder}::int4[])`,
  keysParameter: (keys) => [...keys],
  lockReadRows: ' FOR UPDATE',
  // Row locks cannot lock a name no row has yet: writers creating the same new names would all
  // pass their reads and all but one fail on the unique index, each failure a retry of the whole
  // write. Advisory locks taken in one order (by key) make them wait for each other instead.
  lockNames: (placeholder) =>
    `SELECT count(*) FROM (SELECT pg_advisory_xact_lock(k) FROM ` +
    `(SELECT DISTINCT hashtextextended(n, 0) AS k FROM unnest(${placeholder}::text[]) AS n ORDER BY k) AS keys) AS locked`,
  // The two-key form of advisory lock: a key space of its own, apart from the names' one-key locks.
  lockChangeLog: `SELECT pg_advisory_xact_lock(hashtext('toolgraph'), hashtext('RegistryChange'))`,
  // A retry racing its first attempt waits here, then (Read Committed) reads the first's answer,
  // rather than write again and be rolled back by the key's primary key (a KeyedWriteRace).
  lockWriteKey: `SELECT pg_advisory_xact_lock(hashtext('KeyedWrite'), hashtext($1))`,
  namespaceOfNameSql: `split_part("name", '/', 1)`,
  insertsColumnArrays: true,
  // The expression of the trigram index of the search_trigram_index migration, character for
  // character: it narrows, `exact` decides (a match across the line break is no match).
  searchCondition: (_key, exact, like) => `(${like(`("name" || E'\\n' || COALESCE("descriptionSearch", ''))`)} AND ${exact()})`,
  statistics: {
    refresh: 'ANALYZE "Tool", "ToolFacet", "ToolRevision"',
    toolRows: `SELECT reltuples::float8 AS "rows" FROM pg_class WHERE oid = '"Tool"'::regclass`,
  },
};

export const dialectFor = (provider: DatabaseProvider): Dialect => (provider === 'postgres' ? postgres : sqlite);
