/**
 * `npm run db:migrate [-- --json]`: applies the pending migrations to the database of DATABASE_URL
 * (SQLite or Postgres) and fills what only JavaScript can (see src/store/migrate.ts), then exits.
 * The server runs it as its own process at start-up, so that the schema engine's memory leaves
 * with it; a release job can run it before starting servers.
 *
 * Prints what it applied; with --json, one JSON line on stdout: the MigrationResult, or `{ "reason" }`
 * when it failed.
 * Exit codes: 0 done (also when already up to date), 1 a migration could not be applied,
 * 2 configuration error, 3 the database could not be reached (trying again later may work).
 */
import { parseArgs } from 'node:util';
import { DependencyUnavailable } from '../domain/ports';
import { createToolStore, databaseErrorReason, migrateDatabase } from '../store';
import { ConfigError, loadConfig } from './config';
import { MIGRATE_EXIT } from './migration-process';

/** Whether the database at `databaseUrl` is out of reach now, as opposed to refusing what was asked of it. */
async function unreachable(databaseUrl: string, error: unknown): Promise<boolean> {
  if (error instanceof DependencyUnavailable) return true;
  const store = await createToolStore(databaseUrl);
  try {
    return await store.ping().then(
      () => false,
      (pingError: unknown) => pingError instanceof DependencyUnavailable,
    );
  } finally {
    await store.close().catch(() => undefined);
  }
}

async function run(): Promise<number> {
  const { values } = parseArgs({ options: { json: { type: 'boolean', default: false } }, strict: true });
  let databaseUrl: string;
  try {
    databaseUrl = loadConfig().databaseUrl;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`toolgraph: ${error.message}`);
    return MIGRATE_EXIT.configuration;
  }
  try {
    const result = await migrateDatabase(databaseUrl);
    if (values.json) console.log(JSON.stringify(result));
    else
      console.log(
        `${result.provider}: ${result.applied.length === 0 ? 'already up to date' : `applied ${result.applied.join(', ')}`} (${result.durationMs.toFixed(0)} ms)`,
      );
    return MIGRATE_EXIT.done;
  } catch (error) {
    // A migration can also fail because the database went away meanwhile: ask it again.
    const out = (await unreachable(databaseUrl, error))
      ? { code: MIGRATE_EXIT.unreachable, reason: databaseErrorReason(error), says: 'the database is not reachable' }
      : { code: MIGRATE_EXIT.failed, reason: error instanceof Error ? error.message : String(error), says: 'migrating the database failed' };
    if (values.json) console.log(JSON.stringify({ reason: out.reason }));
    else console.error(`toolgraph: ${out.says}: ${out.reason}`);
    return out.code;
  }
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('toolgraph: migrating the database failed:', error);
    process.exit(MIGRATE_EXIT.failed);
  },
);
