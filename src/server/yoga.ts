import { OperationTypeNode } from 'graphql';
import { createYoga, useReadinessCheck, type YogaServerInstance, type YogaServerOptions } from 'graphql-yoga';
import type { ToolEventBus } from '../domain/events';
import { mayRunAnyDocument, OPEN_ACCESS } from '../domain/access';
import type { SafetyDowngradePolicy } from '../domain/safety';
import type { HistoryRetention } from '../domain/history';
import type { FindingRefusal } from '../domain/findings';
import type { ToolStore } from '../domain/ports';
import { ToolRegistry, type ConfigLocator, type ConfigReader } from '../domain/registry';
import { createGraphQLContext, type GraphQLContext } from '../graphql/context';
import { maskError } from '../graphql/errors';
import { createToolgraphSchema } from '../graphql/schema';
import type { Authenticator } from './auth/authenticator';
import { LiveCredentials } from './auth/live-credentials';
import { GRAPHIQL_EXAMPLES } from './graphiql-examples';
import { DEFAULT_REQUEST_LIMITS, type RequestLimits } from './limits';
import { useBrowserPage } from './plugins/use-browser-page';
import { useCompiledQueries } from './plugins/use-compiled-queries';
import { useConfigSchema } from './plugins/use-config-schema';
import { useCloseAfterChunkedRefusal } from './plugins/use-close-after-chunked-refusal';
import { useCredentialLifetime } from './plugins/use-credential-lifetime';
import { useCredentialRequirement } from './plugins/use-credential-requirement';
import { useEventIds } from './plugins/use-event-ids';
import { useFrameProtection } from './plugins/use-frame-protection';
import { useHiddenSuggestions } from './plugins/use-hidden-suggestions';
import { useInputChecks } from './plugins/use-input-checks';
import { useJsonPostsOnly } from './plugins/use-json-posts-only';
import { MCP_ENDPOINT, useMcpEndpoint } from './plugins/use-mcp-endpoint';
import { useMetricsEndpoint } from './plugins/use-metrics-endpoint';
import { useRequestObservation } from './plugins/use-request-observation';
import type { TracingHooks } from './plugins/use-tracing';
import { useQueryCost } from './plugins/use-query-cost';
import { useWriteKeys } from './plugins/use-write-keys';
import { useQueryLimits } from './plugins/use-query-limits';
import { clientOf, spendOperation, useRateLimits } from './plugins/use-rate-limits';
import { useCachedAnswersFirst } from './plugins/use-cached-answers-first';
import { useJsonBodies } from './plugins/use-json-bodies';
import { useStartupGate } from './plugins/use-startup-gate';
import { useSubscriptionCap } from './plugins/use-subscription-cap';
import { useCacheableDocuments } from './plugins/use-cacheable-documents';
import { useTrustedDocuments } from './plugins/use-trusted-documents';
import { useVariablesLimit } from './plugins/use-variables-limit';
import type { RateLimits } from './rate-limits';
import { yogaLogger, type Logger } from './logger';
import type { ServerMetrics } from './metrics';
import { readinessCheck } from './readiness';
import { ChangeTracker } from './change-tracker';
import { ResponseCache } from './response-cache';
import { withBrowserDocuments, type TrustedDocuments } from './trusted-documents';

export interface ToolgraphServerOptions {
  store: ToolStore;
  /** Where committed writes are announced and `toolEvents` listens (src/server/events). None: no live events. */
  events?: ToolEventBus;
  /**
   * Where each request is logged (./plugins/use-request-observation.ts), and yoga's own messages
   * (masked errors) too. None: no request log, and yoga's messages go by `logging`.
   */
  logger?: Logger;
  /** yoga's logger without `logger`: `false` silences it (tests), default logs masked errors to the console. */
  logging?: YogaServerOptions<object, GraphQLContext>['logging'];
  /** What requests and the store add to, served at /metrics (with a bearer `token` if given); none: no /metrics. */
  metrics?: { registry: ServerMetrics; token?: string };
  /** Spans of requests and GraphQL phases (./tracing.ts, loaded when traces are exported); none: no spans. */
  tracing?: TracingHooks;
  /** Browser origins allowed to call the API cross-origin (CORS_ORIGINS); none: same origin only. */
  corsOrigins?: readonly string[];
  /** Request limits (src/server/limits.ts); those left out take their defaults. */
  limits?: Partial<RequestLimits>;
  /** Whether errors may suggest names ("Did you mean …"); main.ts turns them off when NODE_ENV=production. */
  fieldSuggestions?: boolean;
  /** How `importTools` reads config texts (main.ts: in a worker thread); default: on this thread. */
  readConfig?: ConfigReader;
  /** How an invalid import's issues are found in its text; default: on this thread. */
  locateConfig?: ConfigLocator;
  /** Which findings refuse a write (TOOLGRAPH_REFUSE_FINDINGS, main.ts); default: the registry's (HIGH). */
  refuseFindings?: FindingRefusal;
  /** Who may lower a tool's safety (TOOLGRAPH_SAFETY_DOWNGRADES, main.ts); default: the namespace's writers. */
  safetyDowngrades?: SafetyDowngradePolicy;
  /** How much of each tool's history writes keep (TOOLGRAPH_HISTORY_KEEP, main.ts); default: all of it. */
  historyRetention?: HistoryRetention;
  /** Why the instance cannot serve yet (start-up, main.ts), or null once it can; default: it can. */
  starting?: () => string | null;
  /** Who each request comes from and who must show a credential (main.ts); none: access control off, every request may write. */
  authenticator?: Authenticator;
  /** Operations per minute per client (main.ts); none: no limit. */
  rateLimits?: RateLimits;
  /** How long a read's answer may be served from memory (./response-cache.ts; needs `events`); 0 or none: never. */
  responseCacheTtlSeconds?: number;
  /** Whether the server listens on a loopback address only: then `/mcp` answers requests to localhost only (./plugins/use-mcp-endpoint.ts). Default no. */
  loopbackOnly?: boolean;
  /** Whether queries run compiled (./plugins/use-compiled-queries.ts); default yes. Tests compare both. */
  compileQueries?: boolean;
  /** The documents clients send by id, and what becomes of others (./trusted-documents.ts, TOOLGRAPH_TRUSTED_DOCUMENTS); none: only the registry browser's are sent by id, any other as text. */
  trustedDocuments?: TrustedDocuments;
}

export type ToolgraphServer = YogaServerInstance<object, GraphQLContext> & {
  /** Builds the ranked search index now (main.ts, once the database is migrated), rather than at the first search. */
  warmSearch(): Promise<void>;
  /** The trusted documents it was given and the registry browser's, which WebSocket subscriptions meet too (./graphql-ws.ts). */
  trustedDocuments: TrustedDocuments;
};

/**
 * Builds the GraphQL server: schema, per-request context, GraphiQL, error masking, the registry
 * browser page. It does not listen; main.ts hands it to node:http, and tests call
 * `yoga.fetch('http://yoga/graphql', …)`.
 */
export function createToolgraphServer(options: ToolgraphServerOptions): ToolgraphServer {
  // What this instance keeps of earlier reads (answers, a search's matches) lasts until a write of
  // any instance, which it learns of through the events; without events it keeps nothing.
  const changes = options.events ? new ChangeTracker(options.events) : undefined;
  if (changes) options.store.followChanges(changes);
  const responseCache = changes && options.responseCacheTtlSeconds ? new ResponseCache(changes, options.responseCacheTtlSeconds) : undefined;
  const events = changes?.invalidatingBus() ?? options.events;
  const registry = new ToolRegistry(options.store, {
    events,
    readConfig: options.readConfig,
    locateConfig: options.locateConfig,
    refuseFindings: options.refuseFindings,
    safetyDowngrades: options.safetyDowngrades,
    historyRetention: options.historyRetention,
    onRevisionsPruned: options.metrics?.registry.revisionsPruned,
  });
  // Every other instance's writes reach the ranked search index as they arrive; after events may
  // have been missed, it is built again.
  changes?.onEvents((arrived) => (arrived ? registry.rankedSearch.apply(arrived) : void registry.rankedSearch.rebuild().catch(() => undefined)));
  const starting = options.starting ?? (() => null);
  const sharedEvents = options.events && 'available' in options.events ? (options.events as { available: boolean }) : undefined;
  const readiness = readinessCheck({ store: options.store, sharedEvents, starting });
  const limits = { ...DEFAULT_REQUEST_LIMITS, ...options.limits };
  const rateLimits = options.rateLimits;
  const observation = options.logger ? useRequestObservation(options.logger, options.metrics?.registry, '/graphql') : undefined;
  const { authenticator } = options;
  const identities = authenticator && useCredentialRequirement(authenticator);
  const credentialLifetime = authenticator && identities && useCredentialLifetime(new LiveCredentials(authenticator), identities);
  const schema = createToolgraphSchema();
  // The operator's trusted documents and the registry browser's own, which the page sends by id on every server.
  const trustedDocuments = withBrowserDocuments(options.trustedDocuments, options.logger);
  // Who may send any document where trusted documents are enforced: an admin credential (spec section 6), found by the credential's check.
  const trusted = useTrustedDocuments(trustedDocuments, async (request) => !!identities && mayRunAnyDocument(await identities.of(request)));
  // The browser's are checked against the schema when they are generated (npm run codegen).
  const unusable = options.trustedDocuments?.invalidFor(schema) ?? [];
  if (unusable.length > 0) {
    options.logger?.warn(
      { documents: unusable.slice(0, 10) },
      `toolgraph: ${unusable.length} trusted document(s) of TOOLGRAPH_TRUSTED_DOCUMENTS do not validate against this schema; requests for them get its errors`,
    );
  }
  const yoga = createYoga<object, GraphQLContext>({
    schema,
    // A trusted document's id, in a POST's JSON body (a GET's is read from its URL).
    extraParamNames: ['documentId'],
    context: async ({ request }) => createGraphQLContext(registry, identities ? await identities.of(request) : { caller: OPEN_ACCESS, authenticated: false }),
    graphqlEndpoint: '/graphql',
    // GraphiQL opens with a tab of example operations; subscriptions run over SSE (yoga's default).
    // The headers editor is how a person writes with a token (docs/operators.md, "Exposing it").
    graphiql: { title: 'toolgraph', defaultQuery: GRAPHIQL_EXAMPLES, isHeadersEditorEnabled: true },
    // GraphiQL's page with its scripts inlined (no CDN): it works offline and behind strict networks.
    // Loaded when a browser first asks for it: the inlined bundle weighs about 60 MB of memory.
    renderGraphiQL: async (graphiqlOptions) => (await import('@graphql-yoga/render-graphiql')).renderGraphiQL(graphiqlOptions),
    // No cross-origin access unless configured: with no authentication yet, yoga's default
    // (reflect any Origin, with credentials) would let every web page read and write the registry.
    cors: options.corsOrigins?.length ? exactOrigins(options.corsOrigins) : false,
    // ./plugins/use-json-bodies.ts reads bodies and caps them (a chunked one too, while it is read).
    maxRequestBodySize: false,
    plugins: [
      // First: every request is timed from its arrival, those that a later plugin answers included.
      ...(observation ? [observation] : []),
      ...(options.tracing ? [options.tracing.plugin] : []),
      ...(options.metrics ? [useMetricsEndpoint(options.metrics.registry, options.metrics.token)] : []),
      useStartupGate(starting, ['/graphql', MCP_ENDPOINT]),
      // `/health` (yoga's own) says the process is alive; `/ready` says whether it can serve now.
      useReadinessCheck({
        endpoint: '/ready',
        check: async ({ fetchAPI }) => {
          const report = await readiness();
          return fetchAPI.Response.json(report, { status: report.ready ? 200 : 503 });
        },
      }),
      // `/mcp`: the MCP server for agent hosts; it reads its own bodies and checks its own access.
      useMcpEndpoint({
        registry,
        access: authenticator && identities && { identities, authenticator },
        rateLimits,
        loopbackOnly: options.loopbackOnly ?? false,
        maxRequestBodyBytes: limits.maxRequestBodyBytes,
      }),
      useJsonPostsOnly(),
      useJsonBodies(limits.maxRequestBodyBytes),
      useCloseAfterChunkedRefusal(),
      useVariablesLimit(limits.maxVariableValues),
      // Before a cached answer, a parse or a validation: who asks, and whether they may (spec section 6).
      ...(identities && credentialLifetime ? [identities.plugin, credentialLifetime] : []),
      // After the credential's check (an admin may send any document, a refused credential stays refused), before
      // a cached answer: a listed id becomes its document's text, which the response cache and the limits then see.
      trusted.plugin,
      useCacheableDocuments(trusted.sentById),
      ...(responseCache
        ? [
            useCachedAnswersFirst({
              answerTo: (params) => responseCache.answerTo(params),
              anonymousReads: !options.authenticator?.needsCredential('query'),
              // A stored answer has a key per root field the query ran: the operations it spends (use-rate-limits.ts `operationsOf`).
              spendReads:
                rateLimits &&
                ((req, answer) => spendOperation(rateLimits, OperationTypeNode.QUERY, clientOf(null, req), Math.max(1, Object.keys(answer.data ?? {}).length))),
              answered: (request) => observation?.answeredFromCache(request),
            }),
          ]
        : []),
      ...(options.rateLimits ? [useRateLimits(options.rateLimits)] : []),
      useQueryLimits(limits),
      // Before the cost: `first: 500` is refused as out of range rather than as too costly. Before
      // compiled queries too, which run only variables graphql-js accepts.
      useInputChecks(),
      useQueryCost(limits),
      useWriteKeys(),
      // After every refusal above, so that only an operation that will really subscribe holds a slot.
      useSubscriptionCap(limits.maxSubscriptionsPerClient),
      options.fieldSuggestions === false && useHiddenSuggestions(),
      useFrameProtection(),
      useEventIds(),
      options.compileQueries !== false && useCompiledQueries(),
      // `/` and `/browser/*`: the registry browser, a static page that talks to /graphql only.
      useBrowserPage(),
      // `/schemas/tool.schema.json`: the JSON Schema of tool config files, for editors.
      useConfigSchema(),
      // Last: every plugin above may refuse an operation before a cached answer is used.
      ...(responseCache ? [responseCache.plugin()] : []),
    ],
    // Errors that are not the API's own GraphQLErrors: an outage is SERVICE_UNAVAILABLE, a bug
    // "Unexpected error." INTERNAL_SERVER_ERROR; never the original message or stack (../graphql/errors.ts).
    maskedErrors: { isDev: false, maskError },
    logging: options.logger ? yogaLogger(options.logger) : (options.logging ?? true),
  });
  return Object.assign(yoga, { warmSearch: () => registry.rankedSearch.warm(), trustedDocuments });
}

/**
 * CORS for exactly `origins`: a listed Origin gets itself back, without credentials; any other,
 * `null` included, gets no CORS header at all. (yoga's array form answers an unlisted origin with
 * `Access-Control-Allow-Origin: null` once two or more are listed, which a sandboxed iframe's
 * `Origin: null` then matches.)
 */
function exactOrigins(origins: readonly string[]): NonNullable<YogaServerOptions<object, GraphQLContext>['cors']> {
  const listed = new Set(origins);
  return (request) => {
    const origin = request.headers.get('origin');
    return origin !== null && listed.has(origin) ? { origin: [...origins], credentials: false } : false;
  };
}
