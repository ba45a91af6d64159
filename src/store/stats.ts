import type { ToolSource, ToolType } from '../domain/model';
import type { CapabilityCounts, ToolFilter, ToolStats } from '../domain/ports';
import type { Dialect } from './dialect';
import { escapeLike } from './sqlite-like';

/**
 * Facets (`ToolQueries.stats`) in one SQL statement: the filtered tools once, then one GROUP BY
 * per facet and one aggregate for the total and the capability flags, joined by UNION ALL. One
 * statement reads one snapshot, so the facets always agree with each other and with the total.
 *
 * Prisma's groupBy cannot group by the namespace (an expression of `name`), so the filter is
 * written here as SQL too. It must select exactly what `toolWhere` (./tool-repository.ts)
 * selects; test/store/ordering-and-stats.test.ts checks `total` against `count` for every filter.
 */

interface SqlFilter {
  where: string;
  params: unknown[];
}

/** The WHERE clause of `filter` for a raw query, with its parameters. */
export function filterSql(filter: ToolFilter, dialect: Dialect): SqlFilter {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown, enumType?: string) => {
    params.push(value);
    return dialect.placeholder(params.length, enumType);
  };
  if (filter.namespace != null) {
    // The same range over the bytewise-ordered name as toolWhere.
    clauses.push(`"name" >= ${param(`${filter.namespace}/`)} AND "name" < ${param(`${filter.namespace}0`)}`);
  }
  if (filter.source != null) clauses.push(`"source" = ${param(filter.source, 'ToolSource')}`);
  if (filter.toolType != null) clauses.push(`"toolType" = ${param(filter.toolType, 'ToolType')}`);
  for (const flag of ['readOnly', 'writes', 'unsafe', 'humanApprovalRequired'] as const) {
    const value = filter[flag];
    if (value != null) clauses.push(`"${flag}" = ${param(value)}`);
  }
  if (filter.search != null && filter.search !== '') {
    const pattern = `%${escapeLike(filter.search)}%`;
    const like = dialect.likeInsensitive;
    clauses.push(`("name" ${like} ${param(pattern)} OR "description" ${like} ${param(pattern)})`);
  }
  if (filter.updatedSince != null) clauses.push(`"updatedAt" >= ${param(filter.updatedSince)}`);
  return { where: clauses.length === 0 ? '1=1' : clauses.join(' AND '), params };
}

const CAPABILITY_FLAGS = ['readOnly', 'writes', 'checkpointable', 'idempotent', 'unsafe', 'humanApprovalRequired'] as const;

/** The facet statement: rows `{ facet, value, count }`. */
export function statsSql(filter: ToolFilter, dialect: Dialect): { sql: string; params: unknown[] } {
  const { where, params } = filterSql(filter, dialect);
  const int = (expression: string) => `CAST(${expression} AS INTEGER)`;
  const flagSums = CAPABILITY_FLAGS.map(
    (flag) => `${int(`COALESCE(SUM(CASE WHEN "${flag}" THEN 1 ELSE 0 END), 0)`)} AS "${flag}"`,
  ).join(', ');
  const sql = [
    `WITH "f" AS (SELECT "name", "source", "toolType", ${CAPABILITY_FLAGS.map((flag) => `"${flag}"`).join(', ')} FROM "Tool" WHERE ${where}),`,
    `"c" AS (SELECT ${int('COUNT(*)')} AS "total", ${flagSums} FROM "f")`,
    `SELECT 'namespace' AS "facet", ${dialect.namespaceOfNameSql} AS "value", ${int('COUNT(*)')} AS "count" FROM "f" GROUP BY 2`,
    `UNION ALL SELECT 'source', CAST("source" AS TEXT), ${int('COUNT(*)')} FROM "f" GROUP BY 2`,
    `UNION ALL SELECT 'toolType', CAST("toolType" AS TEXT), ${int('COUNT(*)')} FROM "f" GROUP BY 2`,
    `UNION ALL SELECT 'total', NULL, "total" FROM "c"`,
    ...CAPABILITY_FLAGS.map((flag) => `UNION ALL SELECT 'capability', '${flag}', "${flag}" FROM "c"`),
  ].join('\n');
  return { sql, params };
}

export interface StatsRow {
  facet: string;
  value: string | null;
  count: number | bigint;
}

const byCountThenValue = <T extends { count: number }>(key: (item: T) => string) => (a: T, b: T) =>
  b.count - a.count || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);

/** The rows of `statsSql` as ToolStats; each facet ordered by count (highest first), ties by value. */
export function toToolStats(rows: readonly StatsRow[]): ToolStats {
  const stats: ToolStats = {
    total: 0,
    byNamespace: [],
    bySource: [],
    byToolType: [],
    capabilities: { readOnly: 0, writes: 0, checkpointable: 0, idempotent: 0, unsafe: 0, humanApprovalRequired: 0 },
  };
  for (const row of rows) {
    const count = Number(row.count);
    const value = row.value ?? '';
    if (row.facet === 'namespace') stats.byNamespace.push({ namespace: value, count });
    else if (row.facet === 'source') stats.bySource.push({ source: value as ToolSource, count });
    else if (row.facet === 'toolType') stats.byToolType.push({ toolType: value as ToolType, count });
    else if (row.facet === 'total') stats.total = count;
    else if (row.facet === 'capability') stats.capabilities[value as keyof CapabilityCounts] = count;
  }
  stats.byNamespace.sort(byCountThenValue((item) => item.namespace));
  stats.bySource.sort(byCountThenValue((item) => item.source));
  stats.byToolType.sort(byCountThenValue((item) => item.toolType));
  return stats;
}
