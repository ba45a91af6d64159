import { readdirSync } from 'node:fs';
import { migrateDatabase, parseDatabaseUrl } from '../../src/store';
import { migrationsDirFor } from '../../src/store/migrate';
import { createPrismaClient } from '../../src/store/prisma-client';
import { freshDatabase, testDatabases, type FreshDatabase } from '../support/databases';

async function appliedMigrations(url: string): Promise<{ migration_name: string; finished: boolean }[]> {
  const client = createPrismaClient(parseDatabaseUrl(url));
  try {
    const rows = await client.$queryRawUnsafe<{ migration_name: string; finished_at: unknown; rolled_back_at: unknown }[]>(
      'SELECT migration_name, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY migration_name',
    );
    return rows.map((row) => ({ migration_name: row.migration_name, finished: row.finished_at !== null && row.rolled_back_at === null }));
  } finally {
    await client.$disconnect();
  }
}

describe.each(testDatabases())('migrations on %s', (kind) => {
  let database: FreshDatabase;
  const committed = readdirSync(migrationsDirFor(kind), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

  beforeAll(async () => {
    database = await freshDatabase(kind, { migrated: false });
  });
  afterAll(() => database.drop());

  it('has committed migrations for this provider', () => {
    expect(committed.length).toBeGreaterThan(0);
  });

  it('applies every committed migration to an empty database and records each in _prisma_migrations', async () => {
    const result = await migrateDatabase(database.url);
    expect(result.provider).toBe(kind);
    expect(result.applied).toEqual(committed);
    expect(await appliedMigrations(database.url)).toEqual(committed.map((name) => ({ migration_name: name, finished: true })));
  });

  it('applies nothing when run again, and records nothing new', async () => {
    const result = await migrateDatabase(database.url);
    expect(result.applied).toEqual([]);
    expect(await appliedMigrations(database.url)).toHaveLength(committed.length);
  });
});
