/**
 * The entry point (`npm start`): reads the configuration, migrates the database, serves GraphQL
 * at /graphql, and on SIGTERM/SIGINT stops accepting, lets in-flight requests finish, closes the
 * store and exits 0.
 */
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname } from 'node:path';
import { createToolStore, migrateDatabase } from '../store';
import { parseDatabaseUrl } from '../store/database-url';
import { ConfigError, loadConfig } from './config';
import { createToolgraphServer } from './yoga';

/** How long in-flight requests get to finish on shutdown before their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const target = parseDatabaseUrl(config.databaseUrl);
  if (target.provider === 'sqlite') mkdirSync(dirname(target.file), { recursive: true });

  await migrateDatabase(config.databaseUrl);
  const store = await createToolStore(config.databaseUrl);
  const yoga = createToolgraphServer({ store });
  const server = createServer(yoga);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  console.log(`toolgraph listening on http://${host}:${port}${yoga.graphqlEndpoint} (${target.provider})`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`toolgraph: ${signal} received, finishing in-flight requests`);
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    server.close(() => {
      clearTimeout(force);
      store
        .close()
        .then(() => process.exit(0))
        .catch((error: unknown) => {
          console.error('toolgraph: closing the store failed:', error);
          process.exit(1);
        });
    });
    server.closeIdleConnections();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`toolgraph: ${error.message}`);
  // System errors (EADDRINUSE, ECONNREFUSED, …) say all in their message; anything else is a bug.
  else if (error instanceof Error && 'code' in error) console.error(`toolgraph: could not start: ${error.message}`);
  else console.error('toolgraph: could not start:', error);
  process.exit(1);
});
