import { DEFAULT_DATABASE_URL, migrateDatabase } from '../../src/store';

/** `npm run db:migrate`: applies pending migrations to DATABASE_URL (default: SQLite data/toolgraph.db). */
const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;

migrateDatabase(databaseUrl)
  .then(({ provider, applied, durationMs }) => {
    const what = applied.length === 0 ? 'already up to date' : `applied ${applied.join(', ')}`;
    console.log(`${provider}: ${what} (${durationMs.toFixed(0)} ms)`);
    process.exit(0);
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
