import { Client } from 'pg';
import { postgresServerUrl } from '../../scripts/db/scratch-databases';

/**
 * Jest globalSetup: decides once, before any describe block runs, whether the Postgres server for
 * the database suites is reachable, and tells the test workers through the environment
 * (TOOLGRAPH_TEST_POSTGRES: 'reachable' | 'unreachable: <why>'). See test/support/databases.ts.
 */

export default async function globalSetup(): Promise<void> {
  const url = postgresServerUrl();
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    process.env.TOOLGRAPH_TEST_POSTGRES = 'reachable';
  } catch (error) {
    process.env.TOOLGRAPH_TEST_POSTGRES = `unreachable: ${(error as Error).message || String(error)}`;
  } finally {
    await client.end().catch(() => undefined);
  }
}
