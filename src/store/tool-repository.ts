import type { StoredTool, ToolDefinition } from '../domain/model';
import {
  DEFAULT_TOOL_ORDER,
  StoreConflict,
  type NamespaceSummary,
  type ToolFilter,
  type ToolOrder,
  type ToolPage,
  type ToolPageRequest,
  type ToolPosition,
  type ToolStats,
  type ToolStore,
  type ToolWriter,
} from '../domain/ports';
import { namespaceCountsSql, type Dialect } from './dialect';
import { Prisma } from './generated/sqlite/client';
import { toolColumns, toStoredTool } from './mapping';
import type { StoreClient, StoreTransaction } from './prisma-client';
import { statsSql, toToolStats, type StatsRow } from './stats';

/**
 * The ToolStore port on Prisma, one implementation for SQLite and Postgres: provider differences
 * live in the Dialect. Responsible for queries, write transactions and turning the database's
 * constraint violations into StoreConflict; decides nothing about the domain's rules.
 */

/** Attempts of a write transaction that fails to serialize (Postgres, Serializable) before giving up. */
const MAX_WRITE_ATTEMPTS = 5;
const WRITE_TRANSACTION = { maxWait: 10_000, timeout: 30_000 };

type Queryable = StoreClient | StoreTransaction;

export function toolWhere(filter: ToolFilter, dialect: Dialect): Prisma.ToolWhereInput {
  const and: Prisma.ToolWhereInput[] = [];
  if (filter.namespace != null) {
    // Names of the namespace are the range ['ns/', 'ns0'): '0' is the character after '/'. The
    // name column compares bytewise on both databases (SQLite BINARY; COLLATE "C" on Postgres, see
    // the init migration), so this is a range scan of the unique index on name.
    and.push({ name: { gte: `${filter.namespace}/`, lt: `${filter.namespace}0` } });
  }
  if (filter.source != null) and.push({ source: filter.source });
  if (filter.toolType != null) and.push({ toolType: filter.toolType });
  if (filter.readOnly != null) and.push({ readOnly: filter.readOnly });
  if (filter.writes != null) and.push({ writes: filter.writes });
  if (filter.unsafe != null) and.push({ unsafe: filter.unsafe });
  if (filter.humanApprovalRequired != null) and.push({ humanApprovalRequired: filter.humanApprovalRequired });
  if (filter.search != null && filter.search !== '') {
    and.push({
      OR: [{ name: dialect.containsInsensitive(filter.search) }, { description: dialect.containsInsensitive(filter.search) }],
    });
  }
  if (filter.updatedSince != null) and.push({ updatedAt: { gte: filter.updatedSince } });
  return { AND: and };
}

/**
 * The ORDER BY of a list order and the keyset predicate "after `position`" in it. `updatedAt` is
 * ordered as (updatedAt, name), both in the order's direction, so ties on the timestamp are
 * stable; the indexes Tool(name) and Tool(updatedAt, name) serve both directions.
 */
export function keysetOf(order: ToolOrder, position: ToolPosition | null): {
  orderBy: Prisma.ToolOrderByWithRelationInput[];
  after: Prisma.ToolWhereInput | null;
} {
  const direction = order.direction;
  const beyond = direction === 'asc' ? 'gt' : 'lt';
  if (order.field === 'name') {
    return { orderBy: [{ name: direction }], after: position ? { name: { [beyond]: position.name } } : null };
  }
  if (position && !(position.updatedAt instanceof Date)) {
    throw new Error('A position in updatedAt order needs the updatedAt of the tool it points at.');
  }
  return {
    orderBy: [{ updatedAt: direction }, { name: direction }],
    after: position
      ? {
          OR: [
            { updatedAt: { [beyond]: position.updatedAt } },
            { updatedAt: position.updatedAt, name: { [beyond]: position.name } },
          ],
        }
      : null,
  };
}

/**
 * How many names one `IN (…)` statement carries at most. Prisma binds each name as a parameter,
 * and on SQLite it refuses a statement with more than 999 bound values ("query parameter limit
 * … exceeded"; the statement also binds LIMIT and OFFSET, so it already fails at 998 names).
 * Postgres allows 32,767, but one chunk size for both keeps the statements, and the tests, alike.
 * 500 leaves room under SQLite's limit for the few other parameters a statement may bind.
 */
export const NAMES_PER_STATEMENT = 500;

/**
 * The distinct `names` in chunks of at most NAMES_PER_STATEMENT, sorted: the chunks then cover
 * ascending, disjoint ranges of names. Names are compared by UTF-16 code unit, which is the
 * databases' bytewise order for the ASCII names a tool can have (spec section 2).
 */
function nameChunks(names: readonly string[]): string[][] {
  const sorted = [...new Set(names)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const chunks: string[][] = [];
  for (let start = 0; start < sorted.length; start += NAMES_PER_STATEMENT) {
    chunks.push(sorted.slice(start, start + NAMES_PER_STATEMENT));
  }
  return chunks;
}

const byName = (a: StoredTool, b: StoredTool): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** One statement per chunk of names, one after the other (a transaction runs one statement at a time). */
async function findByNames(db: Queryable, names: readonly string[]): Promise<StoredTool[]> {
  const found: StoredTool[] = [];
  for (const chunk of nameChunks(names)) {
    const rows = await db.tool.findMany({ where: { name: { in: chunk } }, orderBy: { name: 'asc' } });
    // Chunks are ascending ranges of names, so their ordered results concatenate in name order.
    found.push(...rows.map(toStoredTool));
  }
  return found;
}

async function findWrappersOf(db: Queryable, names: readonly string[]): Promise<StoredTool[]> {
  const found: StoredTool[] = [];
  for (const chunk of nameChunks(names)) {
    const rows = await db.tool.findMany({
      where: { wrapsName: { in: chunk }, toolType: 'validation' },
      orderBy: { name: 'asc' },
    });
    found.push(...rows.map(toStoredTool));
  }
  // A validation wraps one tool, so it is found in one chunk only; but chunks are ranges of the
  // wrapped names, and the wrappers' own names of different chunks interleave.
  return found.sort(byName);
}

function knownError(error: unknown): Prisma.PrismaClientKnownRequestError | undefined {
  return error instanceof Prisma.PrismaClientKnownRequestError ? error : undefined;
}

/** A unique violation: the Tool's unique keys are `name` and (name, toolType), both the name. */
function isToolNameUniqueViolation(error: Prisma.PrismaClientKnownRequestError): boolean {
  return error.code === 'P2002';
}

/** The writer handed to `work`: each operation translates the constraint violations it can cause. */
class TransactionWriter implements ToolWriter {
  constructor(private readonly tx: StoreTransaction) {}

  findByNames(names: readonly string[]): Promise<StoredTool[]> {
    return findByNames(this.tx, names);
  }

  findWrappersOf(names: readonly string[]): Promise<StoredTool[]> {
    return findWrappersOf(this.tx, names);
  }

  async insert(tool: ToolDefinition): Promise<StoredTool> {
    try {
      const row = await this.tx.tool.create({ data: toolColumns(tool) });
      return toStoredTool(row);
    } catch (error) {
      const known = knownError(error);
      if (known && isToolNameUniqueViolation(known)) throw new StoreConflict('NAME_TAKEN', tool.name);
      if (known?.code === 'P2003' && tool.wraps !== null) throw new StoreConflict('WRAPPED_TOOL_NOT_FOUND', tool.wraps);
      throw error;
    }
  }

  async replace(tool: ToolDefinition): Promise<StoredTool> {
    try {
      const row = await this.tx.tool.update({
        where: { name: tool.name },
        data: { ...toolColumns(tool), updatedAt: new Date() },
      });
      return toStoredTool(row);
    } catch (error) {
      const known = knownError(error);
      if (known?.code === 'P2003') {
        // Either the new `wraps` names no tool, or this row stops being a tool ('tool' → 'validation')
        // while validations wrap it (ON UPDATE RESTRICT). With no `wraps`, only the latter is possible.
        if (tool.wraps !== null) throw new StoreConflict('WRAPPED_TOOL_NOT_FOUND', tool.wraps);
        throw new StoreConflict('TOOL_IS_WRAPPED', tool.name);
      }
      if (known?.code === 'P2025') throw new Error(`replace: no stored tool named ${tool.name}`);
      throw error;
    }
  }

  async delete(name: string): Promise<void> {
    try {
      await this.tx.tool.deleteMany({ where: { name } });
    } catch (error) {
      if (knownError(error)?.code === 'P2003') throw new StoreConflict('TOOL_IS_WRAPPED', name);
      throw error;
    }
  }
}

/** Postgres serialization failures and deadlocks; the whole transaction may be retried. */
function isRetryable(error: unknown): boolean {
  const known = knownError(error);
  if (known?.code === 'P2034') return true;
  const text = String((error as { message?: unknown })?.message ?? '');
  return /could not serialize access|deadlock detected|40001|40P01/.test(text);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class PrismaToolStore implements ToolStore {
  constructor(
    private readonly db: StoreClient,
    private readonly dialect: Dialect,
  ) {}

  findByNames(names: readonly string[]): Promise<StoredTool[]> {
    return findByNames(this.db, names);
  }

  findWrappersOf(names: readonly string[]): Promise<StoredTool[]> {
    return findWrappersOf(this.db, names);
  }

  async listPage({ filter, first, order, after }: ToolPageRequest): Promise<ToolPage> {
    const where = toolWhere(filter, this.dialect);
    const take = Math.max(0, Math.floor(first));
    const keyset = keysetOf(order ?? DEFAULT_TOOL_ORDER, after ?? null);
    const rows = await this.db.tool.findMany({
      where: keyset.after === null ? where : { AND: [where, keyset.after] },
      orderBy: keyset.orderBy,
      take: take + 1,
    });
    return { tools: rows.slice(0, take).map(toStoredTool), hasNextPage: rows.length > take };
  }

  count(filter: ToolFilter): Promise<number> {
    return this.db.tool.count({ where: toolWhere(filter, this.dialect) });
  }

  async namespaces(): Promise<NamespaceSummary[]> {
    const rows = await this.db.$queryRawUnsafe<{ namespace: string; toolCount: number | bigint }[]>(
      namespaceCountsSql(this.dialect),
    );
    return rows.map((row) => ({ namespace: row.namespace, toolCount: Number(row.toolCount) }));
  }

  async stats(filter: ToolFilter): Promise<ToolStats> {
    const { sql, params } = statsSql(filter, this.dialect);
    return toToolStats(await this.db.$queryRawUnsafe<StatsRow[]>(sql, ...params));
  }

  async write<T>(work: (writer: ToolWriter) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.$transaction((tx) => work(new TransactionWriter(tx)), {
          ...WRITE_TRANSACTION,
          ...(this.dialect.writeIsolation ? { isolationLevel: this.dialect.writeIsolation } : {}),
        });
      } catch (error) {
        if (attempt >= MAX_WRITE_ATTEMPTS || !isRetryable(error)) throw error;
        await pause(10 * 2 ** attempt * Math.random());
      }
    }
  }

  close(): Promise<void> {
    return this.db.$disconnect();
  }
}
