/**
 * The entry point (`npm start`): reads the configuration, migrates the database, connects the
 * event bus (Redis when REDIS_URL is set), serves GraphQL at /graphql and the registry browser at
 * /, and on SIGTERM/SIGINT stops accepting, ends live subscriptions, lets in-flight requests
 * finish, closes the store and exits 0.
 */
import { createServer } from 'node:http';
import { createToolStore, migrateDatabase } from '../store';
import { ConfigError, loadConfig } from './config';
import { createToolEventBus, RedisToolEventBus } from './events';
import { createToolgraphServer } from './yoga';

/** How long in-flight requests get to finish on shutdown before their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;
/** How long start-up waits for Redis before serving anyway (live events follow once it answers). */
const REDIS_STARTUP_WAIT_MS = 3000;

async function main(): Promise<void> {
  const config = loadConfig();
  const { provider } = await migrateDatabase(config.databaseUrl);
  const store = await createToolStore(config.databaseUrl);
  const events = createToolEventBus(config.redisUrl, { channel: config.redisChannel });
  if (events instanceof RedisToolEventBus) await events.ready(REDIS_STARTUP_WAIT_MS);
  const yoga = createToolgraphServer({
    store,
    events,
    corsOrigins: config.corsOrigins,
    limits: config.limits,
    fieldSuggestions: config.fieldSuggestions,
  });
  const server = createServer(yoga);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const eventsVia = events instanceof RedisToolEventBus ? `events via Redis${events.available ? '' : ', not reachable yet'}` : 'in-process events';
  console.log(`toolgraph listening on http://${host}:${port}${yoga.graphqlEndpoint} (${provider}, ${eventsVia})`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`toolgraph: ${signal} received, finishing in-flight requests`);
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    // A keep-alive connection turns idle only once its in-flight response is sent; close it then,
    // rather than waiting out the keep-alive timeout.
    const closeIdle = setInterval(() => server.closeIdleConnections(), 50).unref();
    // Ending the bus completes every open subscription stream, so their connections can close too.
    void events.close().catch((error: unknown) => console.error('toolgraph: closing the event bus failed:', error));
    server.close(() => {
      clearTimeout(force);
      clearInterval(closeIdle);
      store
        .close()
        .then(() => process.exit(0))
        .catch((error: unknown) => {
          console.error('toolgraph: closing the store failed:', error);
          process.exit(1);
        });
    });
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
