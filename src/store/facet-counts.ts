import { namespaceOf, type StoredTool } from '../domain/model';
import { CAPABILITY_FLAGS } from '../domain/ports';
import type { Dialect } from './dialect';
import { COLUMN_CASTS, Parameters, type Statement } from './tool-sql';

/**
 * The ToolFacet table's side of a write transaction: what the transaction changed, as +1/-1 per
 * combination of facet columns, written in one upsert just before it commits.
 *
 * Written by the transaction rather than by database triggers for Postgres' sake: a trigger would
 * lock facet rows in the order the transaction happened to write its tools, and two imports writing
 * the same combinations in different orders would deadlock. Here every transaction locks its facet
 * rows last and in one order (by key), so they can only wait for each other, never deadlock, and
 * hold those locks only for the moment before commit.
 */

const FACET_COLUMNS = ['namespace', 'source', 'toolType', ...CAPABILITY_FLAGS] as const;

/** A tool's values of FACET_COLUMNS, in their order. */
type FacetKey = readonly (string | boolean)[];

/** Rows per upsert statement: far below either database's limit on parameters. */
const ROWS_PER_STATEMENT = 500;

function facetKeyOf(tool: StoredTool): FacetKey {
  return [namespaceOf(tool.name), tool.source, tool.toolType, ...CAPABILITY_FLAGS.map((flag) => tool.capability[flag])];
}

export class FacetDeltas {
  private readonly deltas = new Map<string, { key: FacetKey; delta: number }>();

  /** `tool` now counts (`+1`) or no longer counts (`-1`) in its combination. */
  add(tool: StoredTool, delta: 1 | -1): void {
    const key = facetKeyOf(tool);
    const id = JSON.stringify(key);
    const entry = this.deltas.get(id) ?? { key, delta: 0 };
    entry.delta += delta;
    this.deltas.set(id, entry);
  }

  /** The upserts that apply the non-zero deltas, in key order (see above); empty when there are none. */
  statements(dialect: Dialect): Statement[] {
    const changed = [...this.deltas.entries()]
      .filter(([, entry]) => entry.delta !== 0)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, entry]) => entry);
    const statements: Statement[] = [];
    for (let start = 0; start < changed.length; start += ROWS_PER_STATEMENT) {
      const params = new Parameters(dialect);
      const values = changed.slice(start, start + ROWS_PER_STATEMENT).map(({ key, delta }) => {
        const placeholders = key.map((value, index) => params.add(value, COLUMN_CASTS[FACET_COLUMNS[index]!]));
        return `(${[...placeholders, params.add(delta)].join(', ')})`;
      });
      const columns = FACET_COLUMNS.map((column) => `"${column}"`).join(', ');
      statements.push({
        sql:
          `INSERT INTO "ToolFacet" (${columns}, "count") VALUES ${values.join(', ')} ` +
          `ON CONFLICT (${columns}) DO UPDATE SET "count" = "ToolFacet"."count" + excluded."count"`,
        params: params.values,
      });
    }
    return statements;
  }
}
