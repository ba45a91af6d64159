import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ResourceSlot } from '../../src/domain/model';
import { createToolStore, migrateDatabase, parseDatabaseUrl } from '../../src/store';
import { migrationsDirFor } from '../../src/store/migrate';
import { createPrismaClient } from '../../src/store/prisma-client';
import { freshDatabase, testDatabases, type FreshDatabase } from '../support/databases';
import { q } from '../support/fixtures';

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

  it('ends with the search index and, on SQLite, the triggers that keep it in step with Tool', async () => {
    // A migration that redefines Tool on SQLite (create, copy, drop, rename) drops its triggers: it must create them again.
    const client = createPrismaClient(parseDatabaseUrl(database.url));
    try {
      if (kind === 'sqlite') {
        const triggers = await client.$queryRawUnsafe<{ name: string }[]>(`SELECT "name" FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'Tool' ORDER BY 1`);
        expect(triggers.map((trigger) => trigger.name)).toEqual(['Tool_search_delete', 'Tool_search_insert', 'Tool_search_update']);
      } else {
        const indexes = await client.$queryRawUnsafe<{ indexname: string }[]>(`SELECT indexname FROM pg_indexes WHERE tablename = 'Tool' AND indexdef LIKE '%gin_trgm_ops%'`);
        expect(indexes.map((index) => index.indexname)).toEqual(['Tool_search_trgm_idx']);
      }
    } finally {
      await client.$disconnect();
    }
  });

  it('applies nothing when run again, and records nothing new', async () => {
    const result = await migrateDatabase(database.url);
    expect(result.applied).toEqual([]);
    expect(await appliedMigrations(database.url)).toHaveLength(committed.length);
  });
});

/** A raw SQL statement on the database at `url` (no parameters: enum columns take the literals as they are). */
async function executeSql(url: string, ...statements: string[]): Promise<void> {
  const client = createPrismaClient(parseDatabaseUrl(url));
  try {
    for (const statement of statements) await client.$executeRawUnsafe(statement);
  } finally {
    await client.$disconnect();
  }
}

/** A copy of `migrationsDir` holding only the migrations named before `firstLeftOut`. */
function migrationsBefore(migrationsDir: string, firstLeftOut: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'toolgraph-migrations-'));
  for (const entry of readdirSync(migrationsDir, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name >= firstLeftOut) continue;
    cpSync(join(migrationsDir, entry.name), join(dir, entry.name), { recursive: true });
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

describe.each(testDatabases())('the resource_slots_as_json migration on %s', (kind) => {
  const all = readdirSync(migrationsDirFor(kind), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const slotsAsJson = all.find((name) => name.endsWith('_resource_slots_as_json'))!;
  let database: FreshDatabase;
  let earlier: { dir: string; remove(): void };

  beforeAll(async () => {
    database = await freshDatabase(kind, { migrated: false });
    earlier = migrationsBefore(migrationsDirFor(kind), slotsAsJson);
  });
  afterAll(async () => {
    earlier?.remove();
    await database?.drop();
  });

  const tool = (name: string) =>
    `INSERT INTO "Tool" ("name", "description", "source", "toolType", "readOnly", "writes", "checkpointable", "sideEffects", ` +
    `"idempotent", "unsafe", "humanApprovalRequired", "timeout", "updatedAt") ` +
    `VALUES ('${name}', 'Made before slots were JSON', 'builtin', 'tool', TRUE, FALSE, FALSE, '[]', FALSE, FALSE, FALSE, 300, CURRENT_TIMESTAMP)`;
  const slot = (toolName: string, position: number, columns: string) =>
    `INSERT INTO "ResourceSlot" ("toolId", "position", "name", "resourceType", "access", "description", "binding", "staticResource", "required") ` +
    `VALUES ((SELECT "id" FROM "Tool" WHERE "name" = '${toolName}'), ${position}, ${columns})`;

  const expectedSlots: ResourceSlot[] = [
    { name: 'workspace', resourceType: 'directory', access: 'read_write', description: 'Where it runs', binding: 'contextual', staticResource: null, required: true },
    { name: 'registry', resourceType: 'docker_registry', access: 'read_only', description: 'It\'s «static», "quoted"', binding: 'static', staticResource: 'registry/main', required: false },
    { name: 'cache', resourceType: 'volume', access: 'read_write', description: '', binding: 'contextual', staticResource: null, required: false },
  ];

  it('keeps the slots of existing tools, in slot order, and drops the ResourceSlot table', async () => {
    expect(slotsAsJson).toBeDefined();
    const before = await migrateDatabase(database.url, { migrationsDir: earlier.dir });
    expect(before.applied).toEqual(all.filter((name) => name < slotsAsJson));

    // Slots inserted out of position order, under names that are not in position order either.
    await executeSql(
      database.url,
      tool('old/with-slots'),
      tool('old/no-slots'),
      slot('old/with-slots', 2, `'cache', 'volume', 'read_write', '', 'contextual', NULL, FALSE`),
      slot('old/with-slots', 0, `'workspace', 'directory', 'read_write', 'Where it runs', 'contextual', NULL, TRUE`),
      slot('old/with-slots', 1, `'registry', 'docker_registry', 'read_only', 'It''s «static», "quoted"', 'static', 'registry/main', FALSE`),
    );

    const rest = await migrateDatabase(database.url);
    expect(rest.applied).toEqual(all.filter((name) => name >= slotsAsJson));

    const store = await createToolStore(database.url);
    try {
      const [noSlots, withSlots] = await store.findByNames(['old/with-slots', 'old/no-slots']);
      expect(withSlots?.name).toBe('old/with-slots');
      expect(withSlots?.resourceSlots).toEqual(expectedSlots);
      expect(noSlots?.name).toBe('old/no-slots');
      expect(noSlots?.resourceSlots).toEqual([]);
    } finally {
      await store.close();
    }
    await expect(executeSql(database.url, 'SELECT COUNT(*) FROM "ResourceSlot"')).rejects.toThrow(/ResourceSlot/);
  });

  it('counts the tools stored before it in the facet counts (the facet_counts migration), then keeps counting', async () => {
    const store = await createToolStore(database.url);
    try {
      expect(await store.namespaces()).toEqual([{ namespace: 'old', toolCount: 2 }]);
      const stats = await store.stats(q({ readOnly: true }));
      expect([stats.total, stats.byNamespace, stats.bySource]).toEqual([2, [{ namespace: 'old', count: 2 }], [{ source: 'builtin', count: 2 }]]);
      await store.write((writer) => writer.delete('old/no-slots'));
      expect(await store.count(q({ namespace: 'old' }))).toBe(1);
    } finally {
      await store.close();
    }
  });
});
