import { findingRank } from '../domain/findings';
import type { HistoryPruning, RevisionRange } from '../domain/history';
import type { ToolSource, ToolType } from '../domain/model';
import { CAPABILITY_FLAGS, emptyToolStats, type CapabilityFlag, type ToolOrder, type ToolPosition, type ToolQuery, type ToolStats } from '../domain/ports';
import type { Dialect } from './dialect';

/**
 * The SQL the store runs on Tool and ToolRevision. One WHERE clause (`whereOf`) serves a page, its
 * total and the facets, so `tools`, `totalCount` and `toolStats` cannot disagree about which tools
 * a filter selects; every read of tools leaves tombstones out unless it includes them (`LIVE`).
 */

export interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * Binds parameters in order and hands out their placeholders; a value used twice is bound twice,
 * since SQLite's placeholders are positional (`?`).
 */
export class Parameters {
  readonly values: unknown[] = [];

  constructor(readonly dialect: Dialect) {}

  add(value: unknown, castType?: string): string {
    this.values.push(value);
    return this.dialect.placeholder(this.values.length, castType);
  }
}

/** The columns of a StoredTool (./mapping.ts `toStoredTool`); not the search key, which only filters. */
const TOOL_COLUMNS = [
  'id',
  'name',
  'description',
  'source',
  'toolType',
  'code',
  'mcpServer',
  'mcpToolName',
  'agentSkillPath',
  'wrapsName',
  'inputSchema',
  'outputSchema',
  'readOnly',
  'writes',
  'writeScope',
  'checkpointable',
  'checkpointScope',
  'sideEffects',
  'idempotent',
  'unsafe',
  'humanApprovalRequired',
  'costProfile',
  'lifecycle',
  'timeout',
  'createdAt',
  'updatedAt',
  'createdBy',
  'updatedBy',
  'resourceSlots',
  'revision',
  'contentHash',
  'findings',
  'deprecationMessage',
  'replacedBy',
  'deprecatedAt',
  'deprecatedBy',
  'deletedAt',
  'deletedBy',
  'renamedTo',
]
  .map((column) => `"${column}"`)
  .join(', ');

/** The columns of a ToolRevision (./mapping.ts `toToolRevision`). */
const REVISION_COLUMNS = ['id', 'toolName', 'revision', 'kind', 'definition', 'contentHash', 'changedFields', 'safetyDowngrades', 'actor', 'committedAt']
  .map((column) => `"${column}"`)
  .join(', ');

/** The types raw SQL casts a value bound to a column of Tool, ToolFacet or ToolRevision to on Postgres (enums, jsonb); SQLite needs none. */
export const COLUMN_CASTS: Readonly<Record<string, string>> = {
  source: 'ToolSource',
  kind: 'ToolRevisionKind',
  changedFields: 'jsonb',
  safetyDowngrades: 'jsonb',
  toolType: 'ToolType',
  wrapsToolType: 'ToolType',
  checkpointScope: 'CheckpointScope',
  sideEffects: 'jsonb',
  lifecycle: 'jsonb',
  resourceSlots: 'jsonb',
  maxFindingSeverity: 'int4',
};

/**
 * The Postgres types of the columns raw SQL inserts that are not text, for the column arrays of
 * an INSERT (Dialect `insertsColumnArrays`).
 */
const ARRAY_TYPES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(Object.entries(COLUMN_CASTS).map(([column, type]) => [column, type === 'jsonb' ? type : `"${type}"`])),
  readOnly: 'boolean',
  writes: 'boolean',
  checkpointable: 'boolean',
  idempotent: 'boolean',
  unsafe: 'boolean',
  humanApprovalRequired: 'boolean',
  timeout: 'integer',
  revision: 'integer',
  createdAt: 'timestamp(3)',
  updatedAt: 'timestamp(3)',
  deletedAt: 'timestamp(3)',
  committedAt: 'timestamp(3)',
};

/** A value as an element of a Postgres array parameter: instants as ISO text, which a timestamp(3) array reads as UTC. */
const arrayElement = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/**
 * `rows` (all with the same columns) in one INSERT into `table`, followed by `suffix`; bound as one
 * array per column where `columnArrays` and the database allow it, else one placeholder per value.
 */
function insertRowsSql(
  table: string,
  rows: readonly Record<string, unknown>[],
  dialect: Dialect,
  options: { columnArrays: boolean; suffix?: (columns: readonly string[]) => string; casts?: Readonly<Record<string, string>> },
): Statement {
  const casts = options.casts ?? COLUMN_CASTS;
  const params = new Parameters(dialect);
  const columns = Object.keys(rows[0] ?? {});
  const source =
    options.columnArrays && dialect.insertsColumnArrays
      ? `SELECT * FROM unnest(${columns.map((column) => `${params.add(rows.map((row) => arrayElement(row[column])))}::${ARRAY_TYPES[column] ?? 'text'}[]`).join(', ')})`
      : `VALUES ${rows.map((row) => `(${columns.map((column) => params.add(row[column], casts[column])).join(', ')})`).join(', ')}`;
  const sql = `INSERT INTO "${table}" (${columns.map((column) => `"${column}"`).join(', ')}) ${source}${options.suffix?.(columns) ?? ''}`;
  return { sql, params: params.values };
}

/** The columns a new tool leaves unset, which a tombstone it replaces may hold: set back to NULL. */
const UNSET_BY_NEW_TOOLS = ['deprecationMessage', 'replacedBy', 'deprecatedAt', 'deprecatedBy', 'deletedAt', 'deletedBy'];

/**
 * New Tool rows (./mapping.ts `newToolRow`, all with the same columns) in one INSERT, returning
 * them as StoredTool rows in no particular order. A multi-row INSERT checks its foreign keys when
 * the statement ends, so a validation may come with the tool it wraps. The tombstone of a deleted
 * tool of the same name is replaced in place (a live tool of the name, or the tombstone a rename
 * left, which keeps the name reserved, is left alone, and the new row is missing from what the
 * statement returns). On Postgres as column arrays: 1,000 tools in
 * 138 ms where 32,000 placeholders took 190 (measured through Prisma).
 */
export function insertSql(rows: readonly Record<string, unknown>[], dialect: Dialect): Statement {
  const replacingTombstones = (columns: readonly string[]) =>
    ` ON CONFLICT ("name") DO UPDATE SET ${[
      ...columns.map((column) => `"${column}" = excluded."${column}"`),
      ...UNSET_BY_NEW_TOOLS.filter((column) => !columns.includes(column)).map((column) => `"${column}" = NULL`),
    ].join(', ')} WHERE "Tool"."deletedAt" IS NOT NULL AND "Tool"."renamedTo" IS NULL RETURNING ${TOOL_COLUMNS}`;
  return insertRowsSql('Tool', rows, dialect, { columnArrays: true, suffix: replacingTombstones });
}

/**
 * New ToolRevision rows (./mapping.ts `newRevisionRow`) in one INSERT, with placeholders: as
 * column arrays, their kilobyte of definition JSON each took 280 ms per 1,000 rows through Prisma
 * instead of 68.
 */
export function insertRevisionsSql(rows: readonly Record<string, unknown>[], dialect: Dialect): Statement {
  return insertRowsSql('ToolRevision', rows, dialect, { columnArrays: false });
}

/** The columns of a RegistryChange row (./mapping.ts `toLoggedChange`). */
const CHANGE_COLUMNS = ['position', 'kind', 'toolName', 'renamedFrom', 'revision', 'contentHash', 'safetyDowngrades', 'actor', 'committedAt']
  .map((column) => `"${column}"`)
  .join(', ');

/**
 * The lock a write transaction takes just before it appends to the change log, held until it
 * commits. It hands out positions one transaction at a time: each reads the last position (MAX,
 * under Read Committed a fresh snapshot, after the lock) and appends after it. Postgres releases a
 * transaction's locks only once its commit is visible to every new snapshot, so the next position
 * is read only after the one before it is visible: a reader can never see position n + 1 and miss
 * n, which a sequence (handed out at insert, committed in any order) would allow. A rolled-back
 * write leaves no hole either. The lock is held for the last statements of a write only.
 * SQLite runs one write transaction at a time, so it needs none.
 */
export function changeLogLockSql(dialect: Dialect): Statement | null {
  return dialect.lockChangeLog === null ? null : { sql: dialect.lockChangeLog, params: [] };
}

/** The change log's last position (0 when empty): read after `changeLogLockSql`. */
export function changeLogHeadSql(): Statement {
  return { sql: 'SELECT COALESCE(MAX("position"), 0) AS "head" FROM "RegistryChange"', params: [] };
}

/** New RegistryChange rows (./mapping.ts `newChangeRow`), their positions given, in one INSERT. */
export function insertChangesSql(rows: readonly Record<string, unknown>[], dialect: Dialect): Statement {
  return insertRowsSql('RegistryChange', rows, dialect, { columnArrays: false, casts: { kind: 'RegistryChangeKind', safetyDowngrades: 'jsonb' } });
}

/** The changes after `position`, at most `limit`, in the log's order: a range scan of its primary key. */
export function changesAfterSql(position: number, limit: number, dialect: Dialect): Statement {
  const params = new Parameters(dialect);
  const after = params.add(Math.floor(position));
  return {
    sql: `SELECT ${CHANGE_COLUMNS} FROM "RegistryChange" WHERE "position" > ${after} ORDER BY "position" LIMIT ${Math.max(0, Math.floor(limit))}`,
    params: params.values,
  };
}

/** Rows `{ name, deletedAt, deletedBy, renamedTo, lastRevision }`: the tombstones of `names` that have one. */
export function tombstoneRowsSql(names: readonly string[], dialect: Dialect): Statement {
  const params = new Parameters(dialect);
  const where = dialect.inNames('"name"', params.add(dialect.namesParameter(names)));
  return {
    sql: `SELECT "name", "deletedAt", "deletedBy", "renamedTo", "revision" AS "lastRevision" FROM "Tool" WHERE ${where} AND "deletedAt" IS NOT NULL`,
    params: params.values,
  };
}

/** Rows `{ name, deletedAt, deletedBy, lastRevision }`: the last purge of each of `names` that was purged, as its tombstone. */
export function purgedTombstonesSql(names: readonly string[], dialect: Dialect): Statement {
  const params = new Parameters(dialect);
  const where = dialect.inNames('"toolName"', params.add(dialect.namesParameter(names)));
  const purged = params.add('purged', 'RegistryChangeKind');
  return {
    sql:
      `SELECT "toolName" AS "name", "committedAt" AS "deletedAt", "actor" AS "deletedBy", "revision" AS "lastRevision" FROM "RegistryChange" AS "purge" ` +
      `WHERE ${where} AND "kind" = ${purged} AND "position" = (SELECT MAX("position") FROM "RegistryChange" WHERE "toolName" = "purge"."toolName")`,
    params: params.values,
  };
}

/** Rows `{ toolName, revision }`: the latest revision of each of `names` that has a history. */
export function lastRevisionsSql(names: readonly string[], dialect: Dialect): Statement {
  const params = new Parameters(dialect);
  const where = dialect.inNames('"toolName"', params.add(dialect.namesParameter(names)));
  return { sql: `SELECT "toolName", MAX("revision") AS "revision" FROM "ToolRevision" WHERE ${where} GROUP BY "toolName"`, params: params.values };
}

/** The revisions of `ranges`, by name, newest first: each range one index range scan. */
export function revisionsInSql(ranges: readonly RevisionRange[], dialect: Dialect): Statement {
  const params = new Parameters(dialect);
  const where = ranges.map(
    (range) => `("toolName" = ${params.add(range.name)} AND "revision" BETWEEN ${params.add(range.lowest)} AND ${params.add(range.highest)})`,
  );
  return { sql: `SELECT ${REVISION_COLUMNS} FROM "ToolRevision" WHERE ${where.join(' OR ')} ORDER BY "toolName", "revision" DESC`, params: params.values };
}

/**
 * Deletes the revisions `pruning` names (history.ts `HistoryPruning`). Each name's bounds are read
 * once, in one pass over its history (its latest, and the first revision committed since
 * `latestSince`), so a first prune of a long history costs one scan, not one per revision.
 */
export function pruneHistorySql({ names, keepNewest, latestSince }: HistoryPruning, dialect: Dialect): Statement {
  // Bound in the order the text names them: SQLite's placeholders are positional.
  const params = new Parameters(dialect);
  const ofNames = () => dialect.inNames('"toolName"', params.add(dialect.namesParameter(names)));
  const upTo = `MAX("revision") - ${params.add(keepNewest)}`;
  const firstRecent = latestSince === null ? 'CAST(NULL AS INTEGER)' : `MIN(CASE WHEN "committedAt" >= ${params.add(latestSince)} THEN "revision" END)`;
  const bounds = `SELECT "toolName", ${upTo} AS "upTo", ${firstRecent} AS "firstRecent" FROM "ToolRevision" WHERE ${ofNames()} GROUP BY "toolName"`;
  const pruned =
    `"bound"."toolName" = "ToolRevision"."toolName" AND "ToolRevision"."revision" <= "bound"."upTo" ` +
    `AND ("bound"."firstRecent" IS NULL OR "ToolRevision"."revision" < "bound"."firstRecent" - 1)`;
  return {
    sql: `WITH "bound" AS (${bounds}) DELETE FROM "ToolRevision" WHERE ${ofNames()} AND EXISTS (SELECT 1 FROM "bound" WHERE ${pruned})`,
    params: params.values,
  };
}

/** Deletes the history of `name`. */
export function purgeHistorySql(name: string, dialect: Dialect): Statement {
  const params = new Parameters(dialect);
  return { sql: `DELETE FROM "ToolRevision" WHERE "toolName" = ${params.add(name)} RETURNING "revision", "contentHash"`, params: params.values };
}

/** Deletes the tombstone of `name`, if it has one, returning its "revision" and "contentHash". */
export function purgeTombstoneSql(name: string, dialect: Dialect): Statement {
  const params = new Parameters(dialect);
  return {
    sql: `DELETE FROM "Tool" WHERE "name" = ${params.add(name)} AND "deletedAt" IS NOT NULL RETURNING "revision", "contentHash"`,
    params: params.values,
  };
}

/** Deletes the tombstones renames left that point at `name`, returning their "name", "revision" and "contentHash". */
export function purgeReservationsSql(name: string, dialect: Dialect): Statement {
  const params = new Parameters(dialect);
  return { sql: `DELETE FROM "Tool" WHERE "renamedTo" = ${params.add(name)} RETURNING "name", "revision", "contentHash"`, params: params.values };
}

/** The latest revision of `name` numbered `revision` and/or with `contentHash`. */
export function findRevisionSql(name: string, match: { revision?: number; contentHash?: string }, dialect: Dialect): Statement {
  const params = new Parameters(dialect);
  const clauses = [`"toolName" = ${params.add(name)}`];
  if (match.revision !== undefined) clauses.push(`"revision" = ${params.add(match.revision)}`);
  if (match.contentHash !== undefined) clauses.push(`"contentHash" = ${params.add(match.contentHash)}`);
  return { sql: `SELECT ${REVISION_COLUMNS} FROM "ToolRevision" WHERE ${clauses.join(' AND ')} ORDER BY "revision" DESC LIMIT 1`, params: params.values };
}

/** `%`, `_` and `\` of `text` escaped, so that it matches itself in a LIKE pattern with `ESCAPE '\'`. */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, '\\$&');

const hasSearch = (query: ToolQuery): query is ToolQuery & { search: string } => query.search != null && query.search !== '';

/**
 * The rows a count reads: Tool itself, one row per tool, or ToolFacet (./facet-counts.ts), one row per
 * combination of facet columns weighing as many tools as share it. ToolFacet answers every query
 * that filters only by facet columns, in time independent of the number of tools.
 */
interface CountedRows {
  table: string;
  /** Expression of a row's namespace, and the condition selecting the rows of any of `namespaces`. */
  namespace: string;
  inNamespaces(namespaces: readonly string[], params: Parameters): string;
  /** Expression of how many tools a row stands for. */
  weight: string;
  /** Conditions every read of these rows has. */
  always: string[];
  /** Whether the rows are those of the query's status already (`activeRows`), so that no condition on it applies. */
  ofStatus?: boolean;
}

/** The condition that leaves tombstones out: every read of tools has it (a tombstone is no tool). */
const LIVE = '"deletedAt" IS NULL';

/**
 * The names of a namespace are the range ['ns/', 'ns0'): '0' is the character after '/'. The name
 * column compares bytewise on both databases (SQLite BINARY; COLLATE "C" on Postgres, see the init
 * migration), so this is a range scan of the unique index on name.
 */
const nameInNamespace = (namespace: string, params: Parameters): string =>
  `"name" >= ${params.add(`${namespace}/`)} AND "name" < ${params.add(`${namespace}0`)}`;

const toolRows = (dialect: Dialect): CountedRows => ({
  table: '"Tool"',
  namespace: dialect.namespaceOfNameSql,
  // One range scan of the name index per namespace.
  inNamespaces: (namespaces, params) =>
    namespaces.length === 1 ? nameInNamespace(namespaces[0]!, params) : `(${namespaces.map((ns) => `(${nameInNamespace(ns, params)})`).join(' OR ')})`,
  weight: '1',
  always: [LIVE],
});

const FACET_ROWS: CountedRows = {
  table: '"ToolFacet"',
  namespace: '"namespace"',
  inNamespaces: (namespaces, params) => oneOf('"namespace"', namespaces, params),
  weight: '"count"',
  always: ['"count" > 0'],
};

/**
 * The rows of the live tools that are not deprecated, for counts: ToolFacet's, less one for each
 * deprecated tool (a few, found by the index on "deprecatedAt"). A status is no facet column:
 * counted so, `statusIn: [ACTIVE]` costs a read of ToolFacet and of the deprecated tools instead of
 * a scan of every tool (measured at 100,000 tools, SQLite: 585 ms for its toolStats by scanning).
 */
const activeRows = (dialect: Dialect): CountedRows => {
  const columns = ['"source"', '"toolType"', ...CAPABILITY_FLAGS.map((flag) => `"${flag}"`)].join(', ');
  return {
    table:
      `(SELECT "namespace", ${columns}, "count" AS "weight" FROM "ToolFacet" WHERE "count" > 0 ` +
      `UNION ALL SELECT ${dialect.namespaceOfNameSql}, ${columns}, -1 FROM "Tool" WHERE ${LIVE} AND "deprecatedAt" IS NOT NULL) AS "active"`,
    namespace: '"namespace"',
    inNamespaces: (namespaces, params) => oneOf('"namespace"', namespaces, params),
    weight: '"weight"',
    always: [],
    ofStatus: true,
  };
};

/**
 * Whether `query` selects by facet columns only (and perhaps a status), so that ToolFacet can count
 * its tools (findings are no facet: such counts read Tool, by its index).
 */
const countableByFacets = (query: ToolQuery): boolean =>
  !hasSearch(query) && query.updatedSince == null && query.maxFindingSeverity == null && query.names == null;

/** The rows that count `query`: ToolFacet's (less the deprecated tools for ACTIVE), or Tool's (the deprecated tools, by their index; any other criterion). */
function countedRowsFor(query: ToolQuery, dialect: Dialect): CountedRows {
  if (!countableByFacets(query) || query.deprecated === true) return toolRows(dialect);
  return query.deprecated === false ? activeRows(dialect) : FACET_ROWS;
}

/** `column` equals one of `values` (a non-empty list), each bound cast to `castType` if given. */
function oneOf(column: string, values: readonly unknown[], params: Parameters, castType?: string): string {
  if (values.length === 1) return `${column} = ${params.add(values[0], castType)}`;
  return `${column} IN (${values.map((value) => params.add(value, castType)).join(', ')})`;
}

/** The criteria `toolStats` counts a facet of: each facet is counted under the filter without its own (statsSql). */
type Facet = 'namespace' | 'source' | 'toolType' | CapabilityFlag;

/** The conditions of `query`'s criteria on facet columns, by facet, in one order (they bind their parameters when made). */
function facetClausesOf(query: ToolQuery, params: Parameters, counted: CountedRows): { facet: Facet; sql: string }[] {
  const clauses: { facet: Facet; sql: string }[] = [];
  if (query.namespaceIn != null) clauses.push({ facet: 'namespace', sql: counted.inNamespaces(query.namespaceIn, params) });
  if (query.sourceIn != null) clauses.push({ facet: 'source', sql: oneOf('"source"', query.sourceIn, params, 'ToolSource') });
  if (query.toolType != null) clauses.push({ facet: 'toolType', sql: `"toolType" = ${params.add(query.toolType, 'ToolType')}` });
  for (const flag of CAPABILITY_FLAGS) {
    const value = query[flag];
    if (value != null) clauses.push({ facet: flag, sql: `"${flag}" = ${params.add(value)}` });
  }
  return clauses;
}

/** The conditions of `query` on anything but facet columns, the rows' own (`always`) included. */
function otherClausesOf(query: ToolQuery, params: Parameters, counted: CountedRows): string[] {
  const clauses = [...counted.always];
  // The deprecation columns are set together; "deprecatedAt" has an index.
  if (query.deprecated !== undefined && !counted.ofStatus) clauses.push(`"deprecatedAt" ${query.deprecated ? 'IS NOT NULL' : 'IS NULL'}`);
  if (hasSearch(query)) {
    // A search key inside the name (names are already their own search key: lowercase ASCII) or
    // inside the description's key, byte for byte: no case folding by the database (see search.ts).
    const pattern = `%${escapeLike(query.search)}%`;
    const like = (expression: string) => `${expression} LIKE ${params.add(pattern)} ESCAPE '\\'`;
    const exact = () => `(${like('"name"')} OR ${like('"descriptionSearch"')})`;
    clauses.push(params.dialect.searchCondition(query.search, exact, like, (value) => params.add(value)));
  }
  if (query.updatedSince != null) clauses.push(`"updatedAt" >= ${params.add(query.updatedSince)}`);
  if (query.maxFindingSeverity != null) clauses.push(`"maxFindingSeverity" <= ${params.add(findingRank(query.maxFindingSeverity))}`);
  if (query.names != null) clauses.push(params.dialect.inNames('"name"', params.add(params.dialect.namesParameter(query.names))));
  return clauses;
}

function whereOf(query: ToolQuery, params: Parameters, counted: CountedRows): string[] {
  const facets = facetClausesOf(query, params, counted).map((clause) => clause.sql);
  return [...facets, ...otherClausesOf(query, params, counted)];
}

const conditions = (clauses: readonly string[]) => (clauses.length === 0 ? 'TRUE' : clauses.join(' AND '));

/** The locks a write transaction takes on `names` before it reads them (Dialect `lockNames`); null where none are needed. */
export function nameLocksSql(names: readonly string[], dialect: Dialect): Statement | null {
  if (dialect.lockNames === null) return null;
  const params = new Parameters(dialect);
  return { sql: dialect.lockNames(params.add(dialect.namesParameter(names))), params: params.values };
}

/** The Tool columns the backfill fills (./migrate.ts). */
export type BackfilledColumn = 'contentHash' | 'findings' | 'maxFindingSeverity';

/**
 * One UPDATE giving each Tool row of `rows` (`{ id, values }`, `values` in the order of `columns`)
 * its values of `columns`: a batch of the backfill (./migrate.ts) in one statement, where one UPDATE
 * per row took 58 s for 100,000 tools on Postgres.
 */
export function setColumnsByIdSql(
  columns: readonly BackfilledColumn[],
  rows: readonly { id: number; values: readonly unknown[] }[],
  dialect: Dialect,
): Statement {
  const params = new Parameters(dialect);
  const values = rows
    .map(({ id, values }) => `(${[params.add(id, 'int4'), ...values.map((value, index) => params.add(value, COLUMN_CASTS[columns[index]!]))].join(', ')})`)
    .join(', ');
  const names = columns.map((column) => `"${column}"`);
  const set = columns.map((column) => `"${column}" = "batch"."${column}"`).join(', ');
  const sql = `WITH "batch"("id", ${names.join(', ')}) AS (VALUES ${values}) UPDATE "Tool" SET ${set} FROM "batch" WHERE "Tool"."id" = "batch"."id"`;
  return { sql, params: params.values };
}

/** At most `limit` tools whose `column` the backfill has yet to fill (./migrate.ts). */
export function toBackfillSql(column: 'contentHash' | 'findings', limit: number): Statement {
  return { sql: `SELECT ${TOOL_COLUMNS} FROM "Tool" WHERE "${column}" IS NULL ORDER BY "id" LIMIT ${limit}`, params: [] };
}

/** The tools whose `column` is one of `names` (and which pass `also`), ordered by name; in a write transaction, locked until it ends. */
function toolsWithSql(
  column: 'name' | 'wrapsName' | 'replacedBy',
  names: readonly string[],
  dialect: Dialect,
  options: { lock: boolean; also?: (params: Parameters) => string },
): Statement {
  const params = new Parameters(dialect);
  const where = [dialect.inNames(`"${column}"`, params.add(dialect.namesParameter(names))), options.also?.(params) ?? LIVE].join(' AND ');
  return { sql: `SELECT ${TOOL_COLUMNS} FROM "Tool" WHERE ${where} ORDER BY "name"${options.lock ? dialect.lockReadRows : ''}`, params: params.values };
}

/** The names of the live tools of `namespaces`, ordered by name, at most `limit`: a range scan of the name index per namespace. */
export function namesInNamespacesSql(namespaces: readonly string[], limit: number, dialect: Dialect): Statement {
  const params = new Parameters(dialect);
  const ranges = namespaces.map((namespace) => `(${nameInNamespace(namespace, params)})`).join(' OR ');
  return { sql: `SELECT "name" FROM "Tool" WHERE (${ranges}) AND ${LIVE} ORDER BY "name" LIMIT ${Math.max(0, Math.floor(limit))}`, params: params.values };
}

/** Tools by name, ordered by name; in a write transaction, locked until it ends. */
export function byNamesSql(names: readonly string[], dialect: Dialect, options: { lock: boolean }): Statement {
  return toolsWithSql('name', names, dialect, options);
}

/** The live tools with these ids: one parameter for any number of ids (Dialect `inKeys`). */
export function byIdsSql(ids: readonly number[], dialect: Dialect): Statement {
  const params = new Parameters(dialect);
  return {
    sql: `SELECT ${TOOL_COLUMNS} FROM "Tool" WHERE ${dialect.inKeys('"id"', params.add(dialect.keysParameter(ids)))} AND ${LIVE}`,
    params: params.values,
  };
}

/** The revisions with these ids. */
export function revisionsByIdsSql(ids: readonly number[], dialect: Dialect): Statement {
  const params = new Parameters(dialect);
  return {
    sql: `SELECT ${REVISION_COLUMNS} FROM "ToolRevision" WHERE ${dialect.inKeys('"id"', params.add(dialect.keysParameter(ids)))}`,
    params: params.values,
  };
}

/** The tombstones of `names`. */
export function tombstonesSql(names: readonly string[], dialect: Dialect): Statement {
  return toolsWithSql('name', names, dialect, { lock: true, also: () => '"deletedAt" IS NOT NULL' });
}

/** The validations wrapping any of `names`, ordered by their own name. */
export function wrappersOfSql(names: readonly string[], dialect: Dialect, options: { lock: boolean }): Statement {
  return toolsWithSql('wrapsName', names, dialect, { ...options, also: (params) => `"toolType" = ${params.add('validation', 'ToolType')} AND ${LIVE}` });
}

/** The tools deprecated in favour of any of `names`, ordered by name. */
export function replacedBySql(names: readonly string[], dialect: Dialect, options: { lock: boolean }): Statement {
  return toolsWithSql('replacedBy', names, dialect, options);
}

/**
 * What a rename of tool `from` to `to` does besides moving its row: the live validations wrapping
 * it stop checking their foreign key ("wrapsToolType" NULL, until the rename's use case replaces
 * them to wrap `to`, which checks it again), the tombstone of `to` left by this tool's rename away
 * from it goes, the history moves to `to`, and tombstones that pointed at `from` point at `to`.
 */
export function renameSideStatements(from: string, to: string, dialect: Dialect): Statement[] {
  const statement = (sql: (params: Parameters) => string): Statement => {
    const params = new Parameters(dialect);
    return { sql: sql(params), params: params.values };
  };
  return [
    statement((p) => `UPDATE "Tool" SET "wrapsToolType" = NULL WHERE "wrapsName" = ${p.add(from)} AND ${LIVE}`),
    statement((p) => `DELETE FROM "Tool" WHERE "name" = ${p.add(to)} AND "renamedTo" = ${p.add(from)}`),
    statement((p) => `UPDATE "ToolRevision" SET "toolName" = ${p.add(to)} WHERE "toolName" = ${p.add(from)}`),
    statement((p) => `UPDATE "Tool" SET "renamedTo" = ${p.add(to)} WHERE "renamedTo" = ${p.add(from)}`),
  ];
}

// Casts: Postgres sums and counts in bigint, which its driver returns as a string.
const int = (expression: string) => `CAST(${expression} AS INTEGER)`;

/** `order` as an ORDER BY list: `updatedAt` is ordered as (updatedAt, name), both in the order's direction, so ties on the timestamp are stable. */
function orderByOf(order: ToolOrder): string {
  const direction = order.direction === 'asc' ? 'ASC' : 'DESC';
  return order.field === 'updatedAt' ? `"updatedAt" ${direction}, "name" ${direction}` : `"name" ${direction}`;
}

/** The condition "after `after` in `order`" (none without a position). */
function beyondOf(order: ToolOrder, after: ToolPosition | null, params: Parameters): string[] {
  if (!after) return [];
  const beyond = order.direction === 'asc' ? '>' : '<';
  if (order.field !== 'updatedAt') return [`"name" ${beyond} ${params.add(after.name)}`];
  if (!(after.updatedAt instanceof Date)) throw new Error('A position in updatedAt order needs the updatedAt of the tool it points at.');
  const at = after.updatedAt;
  return [`("updatedAt" ${beyond} ${params.add(at)} OR ("updatedAt" = ${params.add(at)} AND "name" ${beyond} ${params.add(after.name)}))`];
}

/**
 * One keyset page: at most `limit` tools of `query` after `after` in `order`. The indexes
 * Tool(name) and Tool(updatedAt, name) serve both directions.
 */
export function pageSql(query: ToolQuery, order: ToolOrder, after: ToolPosition | null, limit: number, dialect: Dialect): Statement {
  const params = new Parameters(dialect);
  const clauses = [...whereOf(query, params, toolRows(dialect)), ...beyondOf(order, after, params)];
  // The deprecated tools are few, found by their index, and may all sit at the end of the name
  // order (a deprecated namespace), where a walk of the name index reaches them last: Postgres chose
  // that walk, 74 ms at 100,000 tools. Collected first and then ordered, they cost what they number.
  const selected = `SELECT ${TOOL_COLUMNS} FROM "Tool" WHERE ${conditions(clauses)}`;
  const ordered = `ORDER BY ${orderByOf(order)} LIMIT ${params.add(limit)}`;
  const sql = query.deprecated === true ? `WITH "matched" AS MATERIALIZED (${selected}) SELECT * FROM "matched" ${ordered}` : `${selected} ${ordered}`;
  return { sql, params: params.values };
}

/**
 * Whether counting `query` reads its tools' rows (a search, `updatedSince`) rather than ToolFacet's:
 * then `pageWithTotalSql` answers a page and its total from one lookup of those rows.
 */
export const countReadsTools = (query: ToolQuery): boolean => !countableByFacets(query) || query.deprecated === true;

/**
 * The page of `pageSql`, each row with the number of all tools of `query` as `total`. The tools of
 * `query` are looked up once (by the search index, say), counted, and the page is sorted from their
 * keys alone before the page's rows are read: measured at 100,000 tools with 1,000 matches, 0.8 ms
 * where the page and a count took 1.2 ms on SQLite, and 1.6 ms where they took 2.8 ms on Postgres.
 * An empty page carries no total.
 */
export function pageWithTotalSql(query: ToolQuery, order: ToolOrder, after: ToolPosition | null, limit: number, dialect: Dialect): Statement {
  const params = new Parameters(dialect);
  // Only the sort keys of the order: reading "updatedAt" of 1,000 rows costs 6 % more when unused.
  const keys = order.field === 'updatedAt' ? '"id", "name", "updatedAt"' : '"id", "name"';
  const matched = `SELECT ${keys} FROM "Tool" WHERE ${conditions(whereOf(query, params, toolRows(dialect)))}`;
  const orderBy = orderByOf(order);
  const page = `SELECT "id" FROM "matched" WHERE ${conditions(beyondOf(order, after, params))} ORDER BY ${orderBy} LIMIT ${params.add(limit)}`;
  const total = `(SELECT ${int('COUNT(*)')} FROM "matched") AS "total"`;
  const sql = `WITH "matched" AS MATERIALIZED (${matched}), "page" AS (${page}) SELECT ${TOOL_COLUMNS}, ${total} FROM "Tool" WHERE "id" IN (SELECT "id" FROM "page") ORDER BY ${orderBy}`;
  return { sql, params: params.values };
}

/**
 * Whether `query` searches every tool, not only some named ones (`amongNames`): then the store
 * keeps its matches (./search-matches.ts) and reads a page's rows by name (`byNamesSql`).
 */
export const searchesEveryTool = (query: ToolQuery): boolean => hasSearch(query) && query.names == null;

/** The sort keys of at most `limit` tools of `query` in `order`: "name", and "updatedAt" when the order needs it. */
export function matchKeysSql(query: ToolQuery, order: ToolOrder, limit: number, dialect: Dialect): Statement {
  const params = new Parameters(dialect);
  const keys = order.field === 'updatedAt' ? '"name", "updatedAt"' : '"name"';
  const where = conditions(whereOf(query, params, toolRows(dialect)));
  return { sql: `SELECT ${keys} FROM "Tool" WHERE ${where} ORDER BY ${orderByOf(order)} LIMIT ${params.add(limit)}`, params: params.values };
}

export function countSql(query: ToolQuery, dialect: Dialect): Statement {
  const params = new Parameters(dialect);
  const counted = countedRowsFor(query, dialect);
  const where = conditions(whereOf(query, params, counted));
  return { sql: `SELECT ${int(`COALESCE(SUM(${counted.weight}), 0)`)} AS "count" FROM ${counted.table} WHERE ${where}`, params: params.values };
}

/** Rows `{ namespace, toolCount }` ordered by namespace, from ToolFacet. */
export function namespaceCountsSql(): Statement {
  const where = conditions(FACET_ROWS.always);
  const sql = `SELECT "namespace", ${int('SUM("count")')} AS "toolCount" FROM "ToolFacet" WHERE ${where} GROUP BY 1 ORDER BY 1`;
  return { sql, params: [] };
}

/**
 * The facets in one statement: the tools passing the criteria that are no facet once, each with
 * whether it passes each facet criterion ("m_<facet>"), then one GROUP BY per facet over the tools
 * passing every facet criterion but its own (disjunctive facets), and one aggregate for the total
 * (every criterion) and each capability flag (every criterion but that flag's), joined by UNION
 * ALL. One statement reads one snapshot, so the facets always agree with each other and with the
 * total. Rows `{ facet, value, count }`.
 */
export function statsSql(query: ToolQuery, dialect: Dialect): Statement {
  const params = new Parameters(dialect);
  const counted = countedRowsFor(query, dialect);
  // Bound in the order the statement shows them: the match columns come before the WHERE.
  const facets = facetClausesOf(query, params, counted);
  const where = conditions(otherClausesOf(query, params, counted));
  const passing = (except?: Facet) => conditions(facets.filter((clause) => clause.facet !== except).map((clause) => `"m_${clause.facet}"`));
  const matches = facets.map((clause) => `, (${clause.sql}) AS "m_${clause.facet}"`).join('');
  const flagSums = CAPABILITY_FLAGS.map(
    (flag) => `${int(`COALESCE(SUM(CASE WHEN ${passing(flag)} AND "${flag}" THEN "weight" ELSE 0 END), 0)`)} AS "${flag}"`,
  ).join(', ');
  const columns = ['"source"', '"toolType"', ...CAPABILITY_FLAGS.map((flag) => `"${flag}"`)].join(', ');
  const sum = int('SUM("weight")');
  const sql = [
    `WITH "f" AS (SELECT ${counted.namespace} AS "namespace", ${columns}, ${counted.weight} AS "weight"${matches} FROM ${counted.table} WHERE ${where}),`,
    `"c" AS (SELECT ${int(`COALESCE(SUM(CASE WHEN ${passing()} THEN "weight" ELSE 0 END), 0)`)} AS "total", ${flagSums} FROM "f")`,
    // A value all of whose tools were taken off (`activeRows`) sums to 0: left out, as a value no tool has.
    `SELECT 'namespace' AS "facet", "namespace" AS "value", ${sum} AS "count" FROM "f" WHERE ${passing('namespace')} GROUP BY 2 HAVING ${sum} > 0`,
    `UNION ALL SELECT 'source', CAST("source" AS TEXT), ${sum} FROM "f" WHERE ${passing('source')} GROUP BY 2 HAVING ${sum} > 0`,
    `UNION ALL SELECT 'toolType', CAST("toolType" AS TEXT), ${sum} FROM "f" WHERE ${passing('toolType')} GROUP BY 2 HAVING ${sum} > 0`,
    `UNION ALL SELECT 'total', NULL, "total" FROM "c"`,
    ...CAPABILITY_FLAGS.map((flag) => `UNION ALL SELECT 'capability', '${flag}', "${flag}" FROM "c"`),
  ].join('\n');
  return { sql, params: params.values };
}

export interface StatsRow {
  facet: string;
  value: string | null;
  count: number | bigint;
}

const byCountThenValue =
  <T>(count: (item: T) => number, key: (item: T) => string) =>
  (a: T, b: T) =>
    count(b) - count(a) || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);

/** The rows of `statsSql` as ToolStats; each facet ordered by count (highest first), ties by value. */
export function toToolStats(rows: readonly StatsRow[]): ToolStats {
  const stats = emptyToolStats();
  for (const row of rows) {
    const count = Number(row.count);
    const value = row.value ?? '';
    if (row.facet === 'namespace') stats.byNamespace.push({ name: value, toolCount: count });
    else if (row.facet === 'source') stats.bySource.push({ source: value as ToolSource, count });
    else if (row.facet === 'toolType') stats.byToolType.push({ toolType: value as ToolType, count });
    else if (row.facet === 'total') stats.total = count;
    else if (row.facet === 'capability') stats.capabilities[value as CapabilityFlag] = count;
  }
  stats.byNamespace.sort(
    byCountThenValue(
      (item) => item.toolCount,
      (item) => item.name,
    ),
  );
  stats.bySource.sort(
    byCountThenValue(
      (item) => item.count,
      (item) => item.source,
    ),
  );
  stats.byToolType.sort(
    byCountThenValue(
      (item) => item.count,
      (item) => item.toolType,
    ),
  );
  return stats;
}
