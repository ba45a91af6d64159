/**
 * The entry point (`npm start`): reads the configuration, listens (answering `/health`, and 503 on
 * `/ready` and `/graphql` until it can serve), waits for the database and migrates it, connects
 * the event bus (Redis when REDIS_URL is set), then serves GraphQL at /graphql and the registry
 * browser at /; on SIGTERM/SIGINT it stops accepting, ends live subscriptions, lets in-flight
 * requests finish, closes the store and exits 0.
 */
import { createServer } from 'node:http';
import { DependencyUnavailable, type ToolStore } from '../domain/ports';
import { createStores, databaseErrorReason } from '../store';
import { Authenticator } from './auth/authenticator';
import { createJwtVerifier } from './auth/jwt';
import { TokenVerifier } from './auth/tokens';
import { ConfigError, loadConfig } from './config';
import { createWorkerConfigReader } from './config-reader';
import Redis from 'ioredis';
import { createToolEventBus, RedisToolEventBus } from './events';
import { migrateInOwnProcess } from './migration-process';
import { RateLimits } from './rate-limits';
import { createToolgraphServer } from './yoga';

/** How long in-flight requests get to finish on shutdown before their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;
/** How long start-up waits for Redis before serving anyway (live events follow once it answers). */
const REDIS_STARTUP_WAIT_MS = 3000;
/** Pauses between attempts to reach the database at start-up: doubling from the first to the last. */
const DATABASE_RETRY_FIRST_MS = 500;
const DATABASE_RETRY_MAX_MS = 30_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Migrates the database once it answers (./migration-process.ts). While it does not (down, still
 * starting, unreachable), start-up waits and tries again with growing pauses, saying why; any other
 * failure (a migration that cannot apply) ends the process, since waiting would not fix it. Null
 * when the process is asked to stop while it waits.
 */
async function migrateWhenReachable(store: ToolStore, databaseUrl: string, stopping: () => boolean): Promise<string | null> {
  for (let delay = DATABASE_RETRY_FIRST_MS; !stopping(); delay = Math.min(delay * 2, DATABASE_RETRY_MAX_MS)) {
    try {
      await store.ping();
      return (await migrateInOwnProcess(databaseUrl)).provider;
    } catch (error) {
      if (!(error instanceof DependencyUnavailable)) throw new MigrationFailed(error instanceof Error ? error.message : String(error));
      console.error(`toolgraph: the database is not reachable (${databaseErrorReason(error)}); trying again in ${(delay / 1000).toFixed(1)} s`);
      await pause(delay);
    }
  }
  return null;
}

class MigrationFailed extends Error {}

async function main(): Promise<void> {
  const config = loadConfig();
  const { tools: store, tokens } = await createStores(config.databaseUrl);
  const events = createToolEventBus(config.redisUrl, { channel: config.redisChannel });
  const configReader = createWorkerConfigReader();
  const tokenVerifier = new TokenVerifier(tokens, (error) =>
    console.error(`toolgraph: could not record when API tokens were last used (${databaseErrorReason(error)}); trying again later`),
  );
  const authenticator = new Authenticator(config.access, tokenVerifier, createJwtVerifier(config.jwt));
  // The budgets' own connection: a count that waits on a hung Redis would hold the request.
  const rateRedis = config.redisUrl
    ? new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: 500, connectionName: 'toolgraph-rate-limits', disconnectTimeout: 100 })
    : undefined;
  rateRedis?.on('error', () => undefined); // the event bus reports Redis outages; the budgets fall back to memory meanwhile
  const rateLimits = new RateLimits(config.rateLimits, rateRedis && { client: rateRedis, keyPrefix: config.redisChannel });
  let starting: string | null = 'waiting for the database';
  const yoga = createToolgraphServer({
    store,
    events,
    authenticator,
    rateLimits,
    corsOrigins: config.corsOrigins,
    limits: config.limits,
    fieldSuggestions: config.fieldSuggestions,
    readConfig: configReader.read,
    responseCacheTtlSeconds: config.responseCacheTtlSeconds,
    starting: () => starting,
  });
  const server = createServer(yoga);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });

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
    void configReader.close();
    rateRedis?.disconnect();
    server.close(() => {
      clearTimeout(force);
      clearInterval(closeIdle);
      tokenVerifier
        .close()
        .then(() => store.close())
        .then(() => process.exit(0))
        .catch((error: unknown) => {
          console.error('toolgraph: closing the store failed:', error);
          process.exit(1);
        });
    });
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);

  const provider = await migrateWhenReachable(store, config.databaseUrl, () => stopping);
  if (provider === null) return;
  if (events instanceof RedisToolEventBus) await events.ready(REDIS_STARTUP_WAIT_MS);
  starting = null;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const eventsVia = events instanceof RedisToolEventBus ? `events via Redis${events.available ? '' : ', not reachable yet'}` : 'in-process events';
  if (authenticator.writesImpossible(await tokens.count().catch(() => Number.NaN))) {
    console.log(
      "toolgraph: access control is on and there is no API token and no JWT issuer, so nothing can write yet; make the first token with: npm run --silent token -- create --name admin --namespaces '*' --role admin",
    );
  }
  const access = config.access.control === 'off' ? 'anyone may write' : `writes need a credential, reads are ${config.access.reads}`;
  console.log(`toolgraph listening on http://${host}:${port}${yoga.graphqlEndpoint} (${provider}, ${eventsVia}, ${access})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`toolgraph: ${error.message}`);
  else if (error instanceof MigrationFailed) console.error(`toolgraph: migrating the database failed: ${error.message}`);
  // System errors (EADDRINUSE, ECONNREFUSED, …) say all in their message; anything else is a bug.
  else if (error instanceof Error && 'code' in error) console.error(`toolgraph: could not start: ${error.message}`);
  else console.error('toolgraph: could not start:', error);
  process.exit(1);
});
