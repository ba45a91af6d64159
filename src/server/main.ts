/**
 * The entry point (`npm start`): reads the configuration, listens (answering `/health`, and 503 on
 * `/ready` and `/graphql` until it can serve), waits for the database and migrates it (or, with
 * MIGRATE_ON_START=false, waits until a release job has), connects the event bus (Redis when
 * REDIS_URL is set), then serves GraphQL at /graphql, the registry browser at / and metrics at
 * /metrics; on SIGTERM/SIGINT it stops accepting, ends live subscriptions, lets in-flight requests
 * finish, closes the store and exits 0. It logs JSON lines on stdout (./logger.ts).
 */
import './v8-flags';
import { createServer } from 'node:http';
import { DependencyUnavailable, type ToolStore } from '../domain/ports';
import { createStores, databaseErrorReason, parseDatabaseUrl, pendingMigrations, type QueryObserver } from '../store';
import { Authenticator } from './auth/authenticator';
import { createJwtVerifier } from './auth/jwt';
import { TokenVerifier } from './auth/tokens';
import { ConfigError, isLoopback, loadConfig } from './config';
import { createWorkerConfigReader } from './config-reader';
import Redis from 'ioredis';
import { createToolEventBus, RedisToolEventBus } from './events';
import { createLogger, type Logger } from './logger';
import { ServerMetrics } from './metrics';
import { migrateInOwnProcess } from './migration-process';
import { RateLimits } from './rate-limits';
import { serveSubscriptionsOverWebSocket } from './graphql-ws';
import { readTrustedDocuments } from './trusted-documents';
import { createToolgraphServer } from './yoga';

/** How long in-flight requests get to finish on shutdown before their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;
/** How long start-up waits for Redis before serving anyway (live events follow once it answers). */
const REDIS_STARTUP_WAIT_MS = 3000;
/** Pauses between attempts to reach the database at start-up: doubling from the first to the last. */
const DATABASE_RETRY_FIRST_MS = 500;
const DATABASE_RETRY_MAX_MS = 30_000;
/** How often an instance that does not migrate (MIGRATE_ON_START=false) looks again for the migrations it waits for. */
const PENDING_MIGRATIONS_RECHECK_MS = 5000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `step` once the database answers. While it does not (down, still starting, unreachable),
 * start-up waits and tries again with growing pauses, saying why; any other failure (a migration
 * that cannot apply) ends the process, since waiting would not fix it. False when the process is
 * asked to stop while it waits.
 */
async function whenReachable(store: ToolStore, logger: Logger, stopping: () => boolean, step: () => Promise<void>): Promise<boolean> {
  for (let delay = DATABASE_RETRY_FIRST_MS; !stopping(); delay = Math.min(delay * 2, DATABASE_RETRY_MAX_MS)) {
    try {
      await store.ping();
      await step();
      return true;
    } catch (error) {
      if (!(error instanceof DependencyUnavailable)) throw new MigrationFailed(error instanceof Error ? error.message : String(error));
      logger.warn(`toolgraph: the database is not reachable (${databaseErrorReason(error)}); trying again in ${(delay / 1000).toFixed(1)} s`);
      await pause(delay);
    }
  }
  return false;
}

/**
 * MIGRATE_ON_START=false: the release job migrates (`npm run db:migrate`), not this instance. Until
 * the database has every migration of this version, the instance does not serve (/ready and
 * /graphql say which are pending) and looks again every few seconds. False when asked to stop.
 */
async function untilMigrated(databaseUrl: string, logger: Logger, stopping: () => boolean, waiting: (reason: string) => void): Promise<boolean> {
  let reported = '';
  while (!stopping()) {
    const pending = await pendingMigrations(databaseUrl).catch((error: unknown) => {
      throw new DependencyUnavailable(databaseErrorReason(error), { cause: error });
    });
    if (pending.length === 0) return true;
    const reason = `${pending.length} migration(s) pending (${pending.join(', ')}); MIGRATE_ON_START=false, so run npm run db:migrate`;
    waiting(reason);
    if (reason !== reported) logger.warn(`toolgraph: waiting for the database's migrations: ${reason}`);
    reported = reason;
    await pause(PENDING_MIGRATIONS_RECHECK_MS);
  }
  return false;
}

class MigrationFailed extends Error {}

let logger: Logger | undefined;

async function main(): Promise<void> {
  const config = loadConfig();
  const log = (logger = createLogger({ level: config.logLevel }));
  // Read before anything starts: a manifest that cannot be used stops start-up (ConfigError).
  const trustedDocuments = readTrustedDocuments(config.trustedDocuments, log);
  const provider = parseDatabaseUrl(config.databaseUrl).provider;
  // The OpenTelemetry SDK is loaded only when spans are exported.
  const tracing = config.otlpEndpoint ? (await import('./tracing')).startTracing(provider) : undefined;
  const metrics = config.metrics.enabled ? new ServerMetrics() : undefined;
  const traceQuery = tracing?.hooks.observeQuery;
  const observeQuery: QueryObserver | undefined =
    metrics && traceQuery ? (sql, run) => metrics.observeQuery(sql, () => traceQuery(sql, run)) : (metrics?.observeQuery ?? traceQuery);
  const { tools: store, tokens, poolUse } = await createStores(config.databaseUrl, { observeQuery });
  const events = createToolEventBus(config.redisUrl, { channel: config.redisChannel, log: (message) => log.warn(message) });
  metrics?.watch({ poolUse, events });
  const configReader = createWorkerConfigReader();
  const tokenVerifier = new TokenVerifier(tokens, (error) =>
    log.error(`toolgraph: could not record when API tokens were last used (${databaseErrorReason(error)}); trying again later`),
  );
  const authenticator = new Authenticator(config.access, tokenVerifier, createJwtVerifier(config.jwt));
  // The budgets' own connection: a count that waits on a hung Redis would hold the request.
  const rateRedis = config.redisUrl
    ? new Redis(config.redisUrl, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        commandTimeout: 500,
        connectionName: 'toolgraph-rate-limits',
        disconnectTimeout: 100,
      })
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
    loopbackOnly: isLoopback(config.host),
    limits: config.limits,
    fieldSuggestions: config.fieldSuggestions,
    readConfig: configReader.read,
    locateConfig: configReader.locate,
    refuseFindings: config.refuseFindings,
    safetyDowngrades: config.safetyDowngrades,
    historyRetention: config.historyRetention,
    responseCacheTtlSeconds: config.responseCacheTtlSeconds,
    starting: () => starting,
    logger: log,
    metrics: metrics && { registry: metrics, token: config.metrics.token },
    tracing: tracing?.hooks,
    trustedDocuments,
  });
  const server = createServer(yoga.requestListener);
  const webSockets = serveSubscriptionsOverWebSocket(server, yoga, config.corsOrigins);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(`toolgraph: ${signal} received, finishing in-flight requests`);
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    // A keep-alive connection turns idle only once its in-flight response is sent; close it then,
    // rather than waiting out the keep-alive timeout.
    const closeIdle = setInterval(() => server.closeIdleConnections(), 50).unref();
    // Ending the bus completes every open subscription stream, so their connections can close too.
    void events.close().catch((error: unknown) => log.error({ err: error }, 'toolgraph: closing the event bus failed'));
    void webSockets.close();
    void configReader.close();
    rateRedis?.disconnect();
    server.close(() => {
      clearTimeout(force);
      clearInterval(closeIdle);
      tokenVerifier
        .close()
        .then(() => store.close())
        .then(() => tracing?.shutdown())
        .then(() => process.exit(0))
        .catch((error: unknown) => {
          log.error({ err: error }, 'toolgraph: closing the store failed');
          process.exit(1);
        });
    });
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);

  const prepared = await whenReachable(
    store,
    log,
    () => stopping,
    async () => {
      if (config.migrateOnStart) await migrateInOwnProcess(config.databaseUrl);
      else
        await untilMigrated(
          config.databaseUrl,
          log,
          () => stopping,
          (reason) => (starting = reason),
        );
    },
  );
  if (!prepared || stopping) return;
  if (events instanceof RedisToolEventBus) await events.ready(REDIS_STARTUP_WAIT_MS);
  starting = null;
  // Searches wait for the index while it is built; every other read is served meanwhile.
  const indexing = performance.now();
  void yoga.warmSearch().then(
    () => log.info(`toolgraph: ranked search index built in ${((performance.now() - indexing) / 1000).toFixed(1)} s`),
    (error: unknown) => log.warn(`toolgraph: the ranked search index could not be built yet (${databaseErrorReason(error)}); the next search tries again`),
  );
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const eventsVia = events instanceof RedisToolEventBus ? `events via Redis${events.available ? '' : ', not reachable yet'}` : 'in-process events';
  if (authenticator.writesImpossible(await tokens.count().catch(() => Number.NaN))) {
    log.warn(
      "toolgraph: access control is on and there is no API token and no JWT issuer, so nothing can write yet; make the first token with: npm run --silent token -- create --name admin --namespaces '*' --role admin",
    );
  }
  const access = config.access.control === 'off' ? 'anyone may write' : `writes need a credential, reads are ${config.access.reads}`;
  const migrations = config.migrateOnStart ? 'migrated on start' : 'migrated by a release job';
  if (trustedDocuments?.mode === 'enforce' && config.access.control === 'off') {
    log.warn(
      "toolgraph: trusted documents are enforced and access control is off, so no request can send another document, not even GraphiQL's (TOOLGRAPH_AUTH=on lets admin credentials); the registry browser sends only its own, trusted on every server",
    );
  }
  const documents = trustedDocuments
    ? `, ${trustedDocuments.size} trusted documents${{ enforce: ' enforced', log: ', others logged', off: ', others run' }[trustedDocuments.mode]}`
    : '';
  const metricsAt = metrics ? `metrics at /metrics${config.metrics.token ? ' (bearer token)' : ''}` : 'no metrics';
  log.info(
    `toolgraph listening on http://${host}:${port}${yoga.graphqlEndpoint} (${provider} ${migrations}, ${eventsVia}, ${access}, ${metricsAt}${documents}${tracing ? ', traces over OTLP' : ''})`,
  );
}

main().catch((error: unknown) => {
  // A bad LOG_LEVEL is one of the configuration errors a logger is needed to report.
  const log = logger ?? createLogger({ level: 'info' });
  if (error instanceof ConfigError) log.fatal(`toolgraph: ${error.message}`);
  else if (error instanceof MigrationFailed) log.fatal(`toolgraph: migrating the database failed: ${error.message}`);
  // System errors (EADDRINUSE, ECONNREFUSED, …) say all in their message; anything else is a bug.
  else if (error instanceof Error && 'code' in error) log.fatal(`toolgraph: could not start: ${error.message}`);
  else log.fatal({ err: error }, 'toolgraph: could not start');
  process.exit(1);
});
