import { ALL_NAMESPACES, grantProblem, type Grant, type Role } from '../domain/access';
import { StoreConflict, type ApiTokenRecord, type TokenStore } from '../domain/ports';
import { databaseErrorKind, readWithDeadline, translated } from './database-errors';
import type { Dialect } from './dialect';
import type { ApiToken as ApiTokenRow } from './generated/sqlite/client';
import type { StoreClient } from './prisma-client';
import type { ReadConnection } from './read-connection';

/** The columns of an ApiTokenRow that `toRecord` reads. */
const TOKEN_COLUMNS = '"name", "role", "namespaces", "createdAt", "lastUsedAt"';

/**
 * The TokenStore port: API tokens by name and by the hash of the token. Writes go through Prisma;
 * reads (one per request that carries a token) on the store's read connection, like the tools'.
 */
export class PrismaTokenStore implements TokenStore {
  constructor(
    private readonly db: StoreClient,
    private readonly reads: ReadConnection,
    private readonly dialect: Dialect,
  ) {}

  async insert(record: Omit<ApiTokenRecord, 'createdAt' | 'lastUsedAt'>, tokenHash: string): Promise<ApiTokenRecord> {
    try {
      const row = await this.db.apiToken.create({
        data: { name: record.name, tokenHash, role: record.role, namespaces: record.namespaces === ALL_NAMESPACES ? ALL_NAMESPACES : [...record.namespaces] },
      });
      return toRecord(row);
    } catch (error) {
      if (databaseErrorKind(error) === 'uniqueViolation') throw new StoreConflict('NAME_TAKEN', record.name);
      throw translated(error);
    }
  }

  findByHash(tokenHash: string): Promise<ApiTokenRecord | null> {
    return readWithDeadline(async () => {
      const [row] = await this.reads.rows<TokenRow>({
        sql: `SELECT ${TOKEN_COLUMNS} FROM "ApiToken" WHERE "tokenHash" = ${this.dialect.placeholder(1)}`,
        params: [tokenHash],
      });
      return row ? toRecord(row) : null;
    });
  }

  list(): Promise<ApiTokenRecord[]> {
    return readWithDeadline(async () =>
      (await this.reads.rows<TokenRow>({ sql: `SELECT ${TOKEN_COLUMNS} FROM "ApiToken" ORDER BY "name"`, params: [] })).map(toRecord),
    );
  }

  count(): Promise<number> {
    return readWithDeadline(async () => {
      const [row] = await this.reads.rows<{ count: number | bigint | string }>({ sql: 'SELECT COUNT(*) AS "count" FROM "ApiToken"', params: [] });
      return Number(row?.count ?? 0);
    });
  }

  revoke(name: string): Promise<boolean> {
    return readWithDeadline(async () => (await this.db.apiToken.deleteMany({ where: { name } })).count > 0);
  }

  recordUse(lastUse: ReadonlyMap<string, Date>): Promise<void> {
    return readWithDeadline(async () => {
      for (const [name, at] of lastUse) {
        // A token revoked meanwhile matches no row: nothing to record.
        await this.db.apiToken.updateMany({ where: { name, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: at } }] }, data: { lastUsedAt: at } });
      }
    });
  }
}

type TokenRow = Pick<ApiTokenRow, 'name' | 'role' | 'namespaces' | 'createdAt' | 'lastUsedAt'>;

/** A row as a record; refuses a grant that the rules would not have let in (a row written by hand). */
function toRecord(row: TokenRow): ApiTokenRecord {
  const problem = grantProblem(row.role, row.namespaces);
  if (problem !== null) throw new Error(`stored API token "${row.name}" has an invalid grant: ${problem}`);
  return {
    name: row.name,
    role: row.role as Role,
    namespaces: row.namespaces as Grant['namespaces'],
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
  };
}
