/**
 * The read connection of the Postgres store (src/store/read-connection.ts) prepares the statements
 * it runs often, and no more than its bound: every named statement stays in each pooled backend.
 */
import { Pool } from 'pg';
import { readConnectionFor } from '../../src/store/read-connection';
import { freshDatabase, testDatabases, type FreshDatabase } from '../support/databases';

const postgres = testDatabases().includes('postgres') ? describe : describe.skip;

postgres('the Postgres read connection', () => {
  let database: FreshDatabase;
  let pool: Pool;
  beforeAll(async () => {
    database = await freshDatabase('postgres');
    // One connection, so that every statement meets the same backend.
    pool = new Pool({ connectionString: database.url, max: 1 });
  });
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  it('prepares each statement once, reads its rows typed as Prisma types them, and prepares at most 100', async () => {
    const reads = readConnectionFor({ provider: 'postgres', pool });
    const prepared = async () => Number((await pool.query('SELECT count(*) AS n FROM pg_prepared_statements')).rows[0].n);
    const at = new Date('2026-01-02T03:04:05.678Z');
    for (let run = 0; run < 3; run++) {
      expect(await reads.rows({ sql: 'SELECT $1::timestamp(3) AS "at", $2::boolean AS "yes", \'{"a":[1]}\'::jsonb AS "json"', params: [at, true] })).toEqual([
        { at, yes: true, json: { a: [1] } },
      ]);
    }
    expect(await prepared()).toBe(1);
    for (let shape = 0; shape < 150; shape++) await reads.rows({ sql: `SELECT ${shape} AS "shape"`, params: [] });
    expect(await prepared()).toBe(100);
    // Past the bound, statements still run, unprepared.
    expect(await reads.rows({ sql: 'SELECT 1000 AS "shape"', params: [] })).toEqual([{ shape: 1000 }]);
    expect(await prepared()).toBe(100);
  });
});
