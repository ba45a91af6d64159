import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { migrateDatabase, PRISMA_PROVIDER } from '../../src/store/migrate';
import { migrationsDir, PROVIDERS, type Provider, renderSchema, schemaPath } from './schema-source';
import { createScratchPostgres, postgresServerUrl } from './scratch-databases';
import { pendingSql } from './tooling';

/**
 * `npm run db:check`: fails when, for either provider,
 *  - prisma/<provider>/schema.prisma is not what the template renders,
 *  - the migrations folder or its migration_lock.toml is missing or names another provider,
 *  - the committed migrations, applied to a scratch database, do not produce the schema (drift),
 *  - (Postgres) the name columns lost the bytewise COLLATE "C" that ordering and the namespace
 *    range filter rely on (Prisma's diff does not see collations, so this is checked here).
 */

async function checkProvider(provider: Provider): Promise<string[]> {
  const problems: string[] = [];
  const committed = existsSync(schemaPath(provider)) ? readFileSync(schemaPath(provider), 'utf8') : null;
  if (committed !== renderSchema(provider)) {
    problems.push(`${schemaPath(provider)} does not match prisma/schema.template.prisma (run npm run db:migration:new -- <name>)`);
  }
  const lockPath = join(migrationsDir(provider), 'migration_lock.toml');
  const lock = existsSync(lockPath) ? readFileSync(lockPath, 'utf8') : '';
  if (!lock.includes(`provider = "${PRISMA_PROVIDER[provider]}"`)) {
    problems.push(`${lockPath} is missing or does not name provider "${PRISMA_PROVIDER[provider]}"`);
  }
  const drift = await pendingSql(provider);
  if (drift.trim() !== '') {
    problems.push(`the migrations of ${provider} do not produce the schema; missing SQL:\n${drift}`);
  }
  if (provider === 'postgres') problems.push(...(await checkPostgresCollation()));
  return problems;
}

async function checkPostgresCollation(): Promise<string[]> {
  const scratch = await createScratchPostgres(postgresServerUrl(), 'toolgraph_check');
  try {
    await migrateDatabase(scratch.url, { migrationsDir: migrationsDir('postgres') });
    const client = new Client({ connectionString: scratch.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ column_name: string; collation_name: string | null }>(
        `SELECT column_name, collation_name FROM information_schema.columns
          WHERE table_name = 'Tool' AND column_name IN ('name', 'wrapsName')`,
      );
      return rows
        .filter((row) => row.collation_name !== 'C')
        .map((row) => `Postgres column Tool.${row.column_name} must be COLLATE "C" (found ${row.collation_name ?? 'default'})`);
    } finally {
      await client.end();
    }
  } finally {
    await scratch.drop();
  }
}

async function main(): Promise<void> {
  let failed = false;
  for (const provider of PROVIDERS) {
    const problems = await checkProvider(provider);
    if (problems.length === 0) console.log(`${provider}: schema, migrations and database agree`);
    for (const problem of problems) console.error(`${provider}: ${problem}`);
    failed ||= problems.length > 0;
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
