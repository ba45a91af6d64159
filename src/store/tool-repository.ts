import type { HistoryPruning, RevisionRange, StoredRevision, ToolRevision } from '../domain/history';
import type { RevisedTool, StoredTool, ToolDeprecation } from '../domain/model';
import {
  DEFAULT_TOOL_ORDER,
  StoreConflict,
  DependencyUnavailable,
  type Namespace,
  type ChangeClock,
  type ToolOrder,
  type ToolPage,
  type ToolPageRequest,
  type ToolPosition,
  type ToolQuery,
  type ToolStats,
  type ToolStore,
  type ToolWriter,
  type NewChange,
  type KeyedWrite,
} from '../domain/ports';
import type { LoggedChange, ToolTombstone } from '../domain/events';
import { compareText } from '../domain/text-order';
import { databaseErrorKind, readWithDeadline, translated } from './database-errors';
import type { Dialect } from './dialect';
import { FacetDeltas } from './facet-counts';
import { findKeyedWrite, forgetKeyedWritesBefore, KeyedWriteRace, recordKeyedWrite } from './keyed-writes';
import {
  deprecationColumns,
  findingColumns,
  newChangeRow,
  newRevisionRow,
  newToolRow,
  toolColumns,
  toStoredTool,
  toLoggedChange,
  toToolRevision,
  type RegistryChangeRow,
  type ToolRevisionRow,
  type ToolRow,
} from './mapping';
import { forgetStatementArguments, type StoreClient, type StoreTransaction } from './prisma-client';
import type { ReadConnection } from './read-connection';
import { keysAfter, SearchMatches, type MatchKey } from './search-matches';
import type { StatisticsRefresh } from './statistics';
import {
  byIdsSql,
  byNamesSql,
  changeLogHeadSql,
  changeLogLockSql,
  changesAfterSql,
  countReadsTools,
  countSql,
  findRevisionSql,
  insertChangesSql,
  insertRevisionsSql,
  insertSql,
  lastRevisionsSql,
  matchKeysSql,
  nameLocksSql,
  namesInNamespacesSql,
  namespaceCountsSql,
  renameSideStatements,
  replacedBySql,
  tombstonesSql,
  pageSql,
  pageWithTotalSql,
  purgedTombstonesSql,
  purgeHistorySql,
  pruneHistorySql,
  purgeReservationsSql,
  purgeTombstoneSql,
  revisionsByIdsSql,
  revisionsInSql,
  searchesEveryTool,
  statsSql,
  tombstoneRowsSql,
  toToolStats,
  wrappersOfSql,
  type Statement,
  type StatsRow,
} from './tool-sql';

/**
 * The ToolStore port on Prisma, one implementation for SQLite and Postgres: provider differences
 * live in the Dialect, the SQL of reads in ./tool-sql.ts. Responsible for queries, write
 * transactions, and turning what the database says into the port's terms: a constraint that
 * refused a write becomes a StoreConflict, an unreachable or overloaded database a
 * DependencyUnavailable, a transaction aborted for a clash with another is run again. Decides nothing
 * about the domain's rules.
 */

/**
 * Runs of a write transaction aborted by a conflict (a deadlock between writes that lock the same
 * rows in different orders) before the write is reported unavailable. Conflicts are rare, since a
 * write locks what it reads; a few runs with a growing random pause resolve them.
 */
const MAX_WRITE_ATTEMPTS = 8;
/**
 * How long a write waits for a connection (`maxWait`) and may run (`timeout`). Past either, the
 * database is too busy to serve now: the client is told to retry (SERVICE_UNAVAILABLE).
 */
const WRITE_TRANSACTION = { maxWait: 10_000, timeout: 30_000 };
/** Parameters per INSERT statement, well below either database's limit (SQLite 32,766, Postgres 65,535). */
const PARAMETERS_PER_INSERT = 6_000;

/** `rows` in chunks of as many rows as one INSERT of `columns` placeholders each may bind; `columns` 0: all at once (column arrays). */
function* insertChunks<T>(rows: readonly T[], columns: number): Generator<readonly T[]> {
  const size = columns === 0 ? rows.length : Math.max(1, Math.floor(PARAMETERS_PER_INSERT / columns));
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}

async function rows<T>(tx: StoreTransaction, statement: Statement): Promise<T[]> {
  return tx.$queryRawUnsafe<T[]>(statement.sql, ...statement.params);
}

async function tools(tx: StoreTransaction, statement: Statement): Promise<StoredTool[]> {
  return (await rows<ToolRow>(tx, statement)).map(toStoredTool);
}

/**
 * The writer handed to `work`: reads lock what they read; each write translates the constraint
 * violations it can cause and records how it changes the facet counts, written by `commitFacets`.
 */
class TransactionWriter implements ToolWriter {
  private readonly facets = new FacetDeltas();
  /** The tools as this transaction last read or wrote them: what a replace or delete takes out of the counts. */
  private readonly current = new Map<string, StoredTool>();
  /** How many tool rows this transaction wrote (./statistics.ts). */
  rowsWritten = 0;

  constructor(
    private readonly tx: StoreTransaction,
    private readonly dialect: Dialect,
  ) {}

  findKeyedWrite(actor: string, key: string, since: Date): Promise<KeyedWrite | null> {
    return findKeyedWrite(this.tx, this.dialect, actor, key, since);
  }

  recordKeyedWrite(actor: string, key: string, write: KeyedWrite): Promise<void> {
    return recordKeyedWrite(this.tx, actor, key, write);
  }

  forgetKeyedWritesBefore(since: Date): Promise<void> {
    return forgetKeyedWritesBefore(this.tx, since);
  }

  async findByNames(names: readonly string[]): Promise<StoredTool[]> {
    if (names.length === 0) return [];
    await this.lockNames(names);
    const found = await tools(this.tx, byNamesSql(names, this.dialect, { lock: true }));
    for (const tool of found) this.current.set(tool.name, tool);
    return found;
  }

  async findWrappersOf(names: readonly string[]): Promise<StoredTool[]> {
    return names.length === 0 ? [] : this.referring((lock) => wrappersOfSql(names, this.dialect, { lock }));
  }

  async findReplacedBy(names: readonly string[]): Promise<StoredTool[]> {
    return names.length === 0 ? [] : this.referring((lock) => replacedBySql(names, this.dialect, { lock }));
  }

  /**
   * The tools a statement finds by what they refer to, locked as every write locks: their names
   * first, then their rows (rows first would deadlock with a write of one of them, which takes its
   * name first). The caller holds the lock of the names they refer to, so no tool can come to
   * refer to one meanwhile: the second read finds the first one's tools, less any that changed.
   */
  private async referring(statement: (lock: boolean) => Statement): Promise<StoredTool[]> {
    const candidates = await tools(this.tx, statement(false));
    if (candidates.length === 0) return [];
    await this.lockNames(candidates.map((tool) => tool.name));
    const found = await tools(this.tx, statement(true));
    for (const tool of found) this.current.set(tool.name, tool);
    return found;
  }

  async namesInNamespaces(namespaces: readonly string[], limit: number): Promise<string[]> {
    if (namespaces.length === 0 || limit <= 0) return [];
    // Row locks cannot hold back a name another transaction is creating: two prunes of a namespace
    // would each read it without the other's new tools and keep them both. The lock of the name
    // "<namespace>/", which no tool can have, makes them take turns (a create does not need it: one
    // that commits after a prune's read is simply later than the prune).
    await this.lockNames(namespaces.map((namespace) => `${namespace}/`));
    return (await rows<{ name: string }>(this.tx, namesInNamespacesSql(namespaces, limit, this.dialect))).map((row) => row.name);
  }

  async findTombstones(names: readonly string[]): Promise<StoredTool[]> {
    if (names.length === 0) return [];
    await this.lockNames(names);
    return tools(this.tx, tombstonesSql(names, this.dialect));
  }

  async findRevisions(wanted: readonly { name: string; revision: number }[]): Promise<ToolRevision[]> {
    if (wanted.length === 0) return [];
    const ranges = wanted.map(({ name, revision }) => ({ name, lowest: revision, highest: revision }));
    return (await rows<ToolRevisionRow>(this.tx, revisionsInSql(ranges, this.dialect))).map(toToolRevision);
  }

  async lastRevisions(names: readonly string[]): Promise<Map<string, number>> {
    if (names.length === 0) return new Map();
    await this.lockNames(names);
    // MAX() reads as a bigint on SQLite.
    const found = await rows<{ toolName: string; revision: number | bigint }>(this.tx, lastRevisionsSql(names, this.dialect));
    return new Map(found.map((row) => [row.toolName, Number(row.revision)]));
  }

  async insert(newTools: readonly RevisedTool[], actor: string): Promise<StoredTool[]> {
    const at = new Date();
    const stored = new Map<string, StoredTool>();
    // As column arrays (./tool-sql.ts `insertSql`), any number of rows binds one parameter per column.
    const placeholders = this.dialect.insertsColumnArrays || newTools.length === 0 ? 0 : Object.keys(newToolRow(newTools[0]!, actor, at)).length;
    for (const chunk of insertChunks(newTools, placeholders)) {
      for (const tool of await this.insertRows(chunk, actor, at)) stored.set(tool.name, tool);
    }
    return newTools.map((tool) => {
      const row = stored.get(tool.name)!;
      this.counted(tool.name, row);
      return row;
    });
  }

  /**
   * One INSERT of `chunk`, replacing tombstones of its names. A live tool of one of its names is
   * left in place, which the rows returned show: a NAME_TAKEN conflict. Should the database refuse
   * several rows for a constraint, they are inserted again one by one from a savepoint, so that
   * the StoreConflict names the tool refused.
   */
  private async insertRows(chunk: readonly RevisedTool[], actor: string, at: Date): Promise<StoredTool[]> {
    const statement = insertSql(
      chunk.map((tool) => newToolRow(tool, actor, at)),
      this.dialect,
    );
    const checked = (inserted: StoredTool[]) => {
      const names = new Set(inserted.map((tool) => tool.name));
      const taken = chunk.find((tool) => !names.has(tool.name));
      if (taken) throw new StoreConflict('NAME_TAKEN', taken.name);
      return inserted;
    };
    if (chunk.length === 1) {
      try {
        return checked(await tools(this.tx, statement));
      } catch (error) {
        const tool = chunk[0]!;
        if (databaseErrorKind(error) === 'foreignKeyViolation' && tool.wraps !== null) throw new StoreConflict('WRAPPED_TOOL_NOT_FOUND', tool.wraps);
        throw error;
      }
    }
    await this.tx.$executeRawUnsafe('SAVEPOINT "insert_tools"');
    try {
      const inserted = checked(await tools(this.tx, statement));
      await this.tx.$executeRawUnsafe('RELEASE SAVEPOINT "insert_tools"');
      return inserted;
    } catch (error) {
      if (databaseErrorKind(error) !== 'foreignKeyViolation') throw error;
      await this.tx.$executeRawUnsafe('ROLLBACK TO SAVEPOINT "insert_tools"');
      const inserted: StoredTool[] = [];
      for (const tool of chunk) inserted.push(...(await this.insertRows([tool], actor, at)));
      return inserted;
    }
  }

  async replace(tool: RevisedTool, actor: string): Promise<StoredTool> {
    const before = await this.currentOf(tool.name);
    try {
      const row = await this.tx.tool.update({
        where: { name: tool.name, deletedAt: null },
        data: { ...toolColumns(tool), updatedAt: new Date(), updatedBy: actor },
      });
      const stored = toStoredTool(row);
      this.counted(tool.name, stored, before);
      return stored;
    } catch (error) {
      if (databaseErrorKind(error) === 'foreignKeyViolation') {
        // Either the new `wraps` names no tool, or this row stops being a tool ('tool' → 'validation')
        // while validations wrap it (ON UPDATE RESTRICT). With no `wraps`, only the latter is possible.
        if (tool.wraps !== null) throw new StoreConflict('WRAPPED_TOOL_NOT_FOUND', tool.wraps);
        throw new StoreConflict('TOOL_IS_WRAPPED', tool.name);
      }
      throw error;
    }
  }

  /**
   * Leaves the row as the tool's tombstone. A validation's tombstone keeps the name it wrapped but
   * not its foreign key ("wrapsToolType" NULL switches it off), so that it holds back nothing the
   * wrapped tool may do later (become a validation, be deleted and purged).
   */
  async delete(name: string, revision: number, actor: string): Promise<void> {
    const before = await this.currentOf(name);
    const at = new Date();
    await this.tx.tool.updateMany({
      where: { name, deletedAt: null },
      data: { deletedAt: at, deletedBy: actor, updatedAt: at, updatedBy: actor, revision, wrapsToolType: null },
    });
    this.counted(name, null, before);
  }

  /**
   * Moves the row of `from` (keeping when and by whom it was created, and its deprecation) to
   * `tool.name`, and leaves under `from` a tombstone of the definition as it was, which says where
   * the tool went. What else moves with it: ./tool-sql.ts `renameSideStatements`.
   */
  async rename(from: string, tool: RevisedTool, actor: string): Promise<StoredTool> {
    const before = await this.currentOf(from);
    if (before === null) throw new Error(`rename of "${from}", which this transaction did not find`);
    const at = new Date();
    for (const statement of renameSideStatements(from, tool.name, this.dialect)) await this.tx.$executeRawUnsafe(statement.sql, ...statement.params);
    const row = await this.tx.tool.update({
      where: { name: from, deletedAt: null },
      data: { name: tool.name, revision: tool.revision, contentHash: tool.contentHash, ...findingColumns(tool.findings), updatedAt: at, updatedBy: actor },
    });
    const tombstone = {
      ...newToolRow(before, actor, at),
      wrapsToolType: null,
      createdAt: before.createdAt,
      createdBy: before.createdBy,
      deletedAt: at,
      deletedBy: actor,
      renamedTo: tool.name,
    };
    await rows(this.tx, insertSql([tombstone], this.dialect));
    const renamed = toStoredTool(row);
    this.counted(from, null, before);
    this.counted(renamed.name, renamed);
    return renamed;
  }

  async setDeprecation(name: string, deprecation: ToolDeprecation | null, revision: number, actor: string): Promise<StoredTool> {
    const row = await this.tx.tool.update({
      where: { name, deletedAt: null },
      data: { ...deprecationColumns(deprecation), revision, updatedAt: new Date(), updatedBy: actor },
    });
    const stored = toStoredTool(row);
    this.current.set(name, stored);
    return stored;
  }

  async purgeHistory(name: string): ReturnType<ToolWriter['purgeHistory']> {
    await this.lockNames([name]);
    const [tombstone] = await rows<RevisionRef>(this.tx, purgeTombstoneSql(name, this.dialect));
    const purged = await rows<RevisionRef>(this.tx, purgeHistorySql(name, this.dialect));
    const reserved = await rows<RevisionRef & { name: string }>(this.tx, purgeReservationsSql(name, this.dialect));
    // A rename's tombstone has no history (it moved with the tool): its own revision is the last.
    const last = purged.reduce<RevisionRef | null>((latest, row) => (latest === null || row.revision > latest.revision ? row : latest), tombstone ?? null);
    // DELETE … RETURNING gives rows in storage order, which differs between the databases.
    return { revisions: purged.length, last, freed: reserved.sort((a, b) => compareText(a.name, b.name)) };
  }

  pruneHistory(pruning: HistoryPruning): Promise<number> {
    const { sql, params } = pruneHistorySql(pruning, this.dialect);
    return this.tx.$executeRawUnsafe(sql, ...params);
  }

  async appendRevisions(revisions: readonly ToolRevision[]): Promise<void> {
    const rowsToInsert = revisions.map(newRevisionRow);
    for (const chunk of insertChunks(rowsToInsert, Object.keys(rowsToInsert[0] ?? {}).length)) {
      await rows(this.tx, insertRevisionsSql(chunk, this.dialect));
    }
  }

  async appendChanges(changes: readonly NewChange[]): Promise<LoggedChange[]> {
    const lock = changeLogLockSql(this.dialect);
    if (lock !== null) await this.tx.$executeRawUnsafe(lock.sql, ...lock.params);
    const [{ head } = { head: 0 }] = await rows<{ head: number | bigint }>(this.tx, changeLogHeadSql());
    const committedAt = new Date();
    const rowsToInsert = changes.map((change, i) => newChangeRow(change, Number(head) + 1 + i, committedAt));
    for (const chunk of insertChunks(rowsToInsert, Object.keys(rowsToInsert[0] ?? {}).length)) {
      await rows(this.tx, insertChangesSql(chunk, this.dialect));
    }
    return rowsToInsert.map((row, i) => ({ ...changes[i]!, position: row.position as number, occurredAt: committedAt }));
  }

  /** Holds the locks of `names` until the transaction ends (Dialect `lockNames`; nothing where writes run one at a time). */
  private async lockNames(names: readonly string[]): Promise<void> {
    const locks = nameLocksSql(names, this.dialect);
    if (locks !== null) await rows(this.tx, locks);
  }

  /** Writes the facet counts' share of this transaction: its last statements before it commits. */
  async commitFacets(): Promise<void> {
    for (const statement of this.facets.statements(this.dialect)) await this.tx.$executeRawUnsafe(statement.sql, ...statement.params);
  }

  /** The stored tool `name` (null: none), read (and locked) unless this transaction already knows it. */
  private async currentOf(name: string): Promise<StoredTool | null> {
    const known = this.current.get(name);
    if (known !== undefined) return known;
    const [found] = await this.findByNames([name]);
    return found ?? null;
  }

  private counted(name: string, after: StoredTool | null, before: StoredTool | null = null): void {
    this.rowsWritten += 1;
    if (before !== null) this.facets.add(before, -1);
    if (after !== null) {
      this.facets.add(after, 1);
      this.current.set(name, after);
    } else {
      this.current.delete(name);
    }
  }
}

// An INTEGER column of a RETURNING reads as a number on both databases.
type RevisionRef = Pick<ToolRevision, 'revision' | 'contentHash'>;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class PrismaToolStore implements ToolStore {
  private searchMatches: SearchMatches | null = null;

  constructor(
    private readonly db: StoreClient,
    private readonly reads: ReadConnection,
    private readonly dialect: Dialect,
    /** Told of the rows each write wrote (./statistics.ts); none where the planner needs no statistics. */
    private readonly statistics: StatisticsRefresh | null = null,
  ) {}

  followChanges(clock: ChangeClock): void {
    this.searchMatches = new SearchMatches(clock);
  }

  findByNames(names: readonly string[]): Promise<StoredTool[]> {
    return this.read(async () => (names.length === 0 ? [] : this.tools(byNamesSql(names, this.dialect, { lock: false }))));
  }

  findWrappersOf(names: readonly string[]): Promise<StoredTool[]> {
    return this.read(async () => (names.length === 0 ? [] : this.tools(wrappersOfSql(names, this.dialect, { lock: false }))));
  }

  listPage({ query, first, order = DEFAULT_TOOL_ORDER, after = null, withTotal = false }: ToolPageRequest): Promise<ToolPage> {
    return this.read(async () => {
      const take = Math.max(0, Math.floor(first));
      const matches = await this.searchMatchesOf(query, order);
      if (matches) return this.pageOfMatches(matches, order, after, take, withTotal);
      // One more than asked: whether it exists says whether there is a next page.
      if (!withTotal || !countReadsTools(query)) {
        const [found, total] = await Promise.all([
          this.tools(pageSql(query, order, after, take + 1, this.dialect)),
          withTotal ? this.countOf(query) : undefined,
        ]);
        return { tools: found.slice(0, take), hasNextPage: found.length > take, total };
      }
      const rows = await this.reads.rows<ToolRow & { total: number | bigint }>(pageWithTotalSql(query, order, after, take + 1, this.dialect));
      const found = rows.map(toStoredTool);
      // An empty page carries no total: none at the start means no tools, else count them.
      const total = rows[0] ? Number(rows[0].total) : after ? await this.countOf(query) : 0;
      return { tools: found.slice(0, take), hasNextPage: found.length > take, total };
    });
  }

  count(query: ToolQuery): Promise<number> {
    return this.read(async () => (await this.searchMatchesOf(query, DEFAULT_TOOL_ORDER))?.length ?? this.countOf(query));
  }

  /** The keys of every match of a search of every tool, in `order`, kept from an earlier read if nothing changed since; null for other queries, or too many matches. */
  private async searchMatchesOf(query: ToolQuery, order: ToolOrder): Promise<readonly MatchKey[] | null> {
    if (!this.searchMatches || !searchesEveryTool(query)) return null;
    return this.searchMatches.keysOf(query, order, (limit) => this.reads.rows<MatchKey>(matchKeysSql(query, order, limit, this.dialect)));
  }

  /** A page of a search from its matches' keys: only the page's rows are read. */
  private async pageOfMatches(matches: readonly MatchKey[], order: ToolOrder, after: ToolPosition | null, take: number, withTotal: boolean): Promise<ToolPage> {
    const next = keysAfter(matches, order, after).slice(0, take + 1);
    const found =
      next.length === 0
        ? []
        : await this.tools(
            byNamesSql(
              next.map((key) => key.name),
              this.dialect,
              { lock: false },
            ),
          );
    const byName = new Map(found.map((tool) => [tool.name, tool]));
    // A tool deleted since its search was kept is left out; the write that deleted it ends what was kept.
    const tools = next.slice(0, take).flatMap((key) => byName.get(key.name) ?? []);
    return { tools, hasNextPage: next.length > take, ...(withTotal ? { total: matches.length } : {}) };
  }

  private async countOf(query: ToolQuery): Promise<number> {
    const [row] = await this.reads.rows<{ count: number | bigint }>(countSql(query, this.dialect));
    return Number(row?.count ?? 0);
  }

  namespaces(): Promise<Namespace[]> {
    return this.read(async () => {
      const found = await this.reads.rows<{ namespace: string; toolCount: number | bigint }>(namespaceCountsSql());
      return found.map((row) => ({ name: row.namespace, toolCount: Number(row.toolCount) }));
    });
  }

  stats(query: ToolQuery): Promise<ToolStats> {
    return this.read(async () => toToolStats(await this.reads.rows<StatsRow>(statsSql(query, this.dialect))));
  }

  revisionsIn(ranges: readonly RevisionRange[]): Promise<StoredRevision[][]> {
    return this.read(async () => {
      const found = ranges.length === 0 ? [] : await this.reads.rows<ToolRevisionRow>(revisionsInSql(ranges, this.dialect));
      const inRange = (range: RevisionRange, row: ToolRevisionRow) =>
        row.toolName === range.name && row.revision >= range.lowest && row.revision <= range.highest;
      return ranges.map((range) => found.filter((row) => inRange(range, row)).map(toToolRevision));
    });
  }

  findRevision(name: string, match: { revision?: number; contentHash?: string }): Promise<StoredRevision | null> {
    return this.read(async () => {
      const [row] = await this.reads.rows<ToolRevisionRow>(findRevisionSql(name, match, this.dialect));
      return row ? toToolRevision(row) : null;
    });
  }

  findByIds(ids: readonly number[]): Promise<StoredTool[]> {
    return this.read(async () => (ids.length === 0 ? [] : this.tools(byIdsSql(ids, this.dialect))));
  }

  findRevisionsByIds(ids: readonly number[]): Promise<StoredRevision[]> {
    return this.read(async () => (ids.length === 0 ? [] : (await this.reads.rows<ToolRevisionRow>(revisionsByIdsSql(ids, this.dialect))).map(toToolRevision)));
  }

  changesAfter(position: number, limit: number): Promise<LoggedChange[]> {
    return this.read(async () => (await this.reads.rows<RegistryChangeRow>(changesAfterSql(position, limit, this.dialect))).map(toLoggedChange));
  }

  lastChangePosition(): Promise<number> {
    return this.read(async () => {
      const [row] = await this.reads.rows<{ head: number | bigint }>(changeLogHeadSql());
      return Number(row?.head ?? 0);
    });
  }

  tombstones(names: readonly string[]): Promise<ToolTombstone[]> {
    return this.read(async () => {
      if (names.length === 0) return [];
      const found = await this.reads.rows<Omit<ToolTombstone, 'purged'>>(tombstoneRowsSql(names, this.dialect));
      const withTombstone = new Set(found.map((tombstone) => tombstone.name));
      const left = names.filter((name) => !withTombstone.has(name));
      const purged = left.length === 0 ? [] : await this.reads.rows<Omit<ToolTombstone, 'renamedTo' | 'purged'>>(purgedTombstonesSql(left, this.dialect));
      return [...found.map((tombstone) => ({ ...tombstone, purged: false })), ...purged.map((tombstone) => ({ ...tombstone, renamedTo: null, purged: true }))];
    });
  }

  ping(): Promise<void> {
    return this.read(async () => {
      await this.reads.rows({ sql: 'SELECT 1', params: [] });
    });
  }

  async write<T>(work: (writer: ToolWriter) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      let committed: { result: T; rowsWritten: number };
      try {
        committed = await this.db.$transaction(
          async (tx) => {
            const writer = new TransactionWriter(tx, this.dialect);
            const result = await work(writer);
            await writer.commitFacets();
            return { result, rowsWritten: writer.rowsWritten };
          },
          {
            ...WRITE_TRANSACTION,
            // The repository is typed with the SQLite client, whose only isolation level is Serializable.
            ...(this.dialect.writeIsolation ? { isolationLevel: this.dialect.writeIsolation as 'Serializable' } : {}),
          },
        );
      } catch (error) {
        if (databaseErrorKind(error) !== 'conflict' && !(error instanceof KeyedWriteRace)) throw translated(error);
        if (attempt >= MAX_WRITE_ATTEMPTS) {
          throw new DependencyUnavailable('The database kept refusing this write for conflicts with concurrent writes.', { cause: error });
        }
        await pause(5 * 2 ** attempt * Math.random());
        continue;
      } finally {
        forgetStatementArguments();
      }
      this.statistics?.wrote(committed.rowsWritten);
      return committed.result;
    }
  }

  async close(): Promise<void> {
    await this.reads.close();
    await this.db.$disconnect();
  }

  private async tools(statement: Statement): Promise<StoredTool[]> {
    return (await this.reads.rows<ToolRow>(statement)).map(toStoredTool);
  }

  private read<T>(query: () => Promise<T>): Promise<T> {
    return readWithDeadline(query);
  }
}
