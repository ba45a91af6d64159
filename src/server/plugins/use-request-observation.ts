import { randomUUID } from 'node:crypto';
import { getOperationAST, type DocumentNode } from 'graphql';
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import { ANONYMOUS } from '../../domain/access';
import type { GraphQLContext } from '../../graphql/context';
import type { Logger } from '../logger';
import type { OperationType, ServerMetrics } from '../metrics';

/** A client's `x-request-id` is kept when it looks like an id; anything else (too long, odd characters) is replaced. */
const CLIENT_REQUEST_ID = /^[\w.:-]{1,128}$/;
/** An operation name is logged up to this length (clients choose them). */
const MAX_LOGGED_NAME = 128;
/** The code of an error that has none in its extensions. */
const UNCODED = 'UNKNOWN';

interface ObservedRequest {
  id: string;
  /** Known once a plugin's onRequest runs: yoga answers /health before. */
  path: string | undefined;
  started: number;
  name: string | null;
  type: OperationType | null;
  actor: string | undefined;
  errorCodes: Set<string> | undefined;
}

/**
 * One log line and one metric observation per request, when its answer goes out: its id (the
 * client's `x-request-id`, or a new one, sent back in `x-request-id`), the operation's name and
 * type, the actor, HTTP status, duration, outcome and error codes. Never a header's value (a
 * token), a variable, the document or an answer's data. GraphQL requests log at info, the rest
 * (probes, /metrics, the browser page) at debug. Put first, so that every request is observed,
 * those that another plugin answers early included.
 */
export function useRequestObservation(
  logger: Logger,
  metrics: ServerMetrics | undefined,
  graphqlEndpoint: string,
): Plugin<GraphQLContext> & { answeredFromCache(request: Request): void } {
  const observed = new WeakMap<Request, ObservedRequest>();
  const recordOperation = (args: { document: DocumentNode; operationName?: string | null; contextValue: GraphQLContext & { request: Request } }) => {
    const request = observed.get(args.contextValue.request);
    if (!request) return;
    const operation = getOperationAST(args.document, args.operationName);
    request.type = operation?.operation ?? null;
    request.name = operation?.name?.value ?? null;
    request.actor = args.contextValue.caller?.actor;
  };
  return {
    /**
     * A read answered from the response cache before its operation ran (./use-cached-answers-first.ts):
     * a query of a client without a credential; its name is the one the request gave, if any.
     */
    answeredFromCache(request: Request) {
      const entry = observed.get(request);
      if (!entry) return;
      entry.type = 'query';
      entry.actor = ANONYMOUS;
    },
    // Around the whole handling: yoga answers /health before any plugin's onRequest runs.
    instrumentation: {
      request({ request }, handle) {
        const given = request.headers.get('x-request-id');
        observed.set(request, {
          id: given !== null && CLIENT_REQUEST_ID.test(given) ? given : randomUUID(),
          path: undefined,
          started: performance.now(),
          name: null,
          type: null,
          actor: undefined,
          errorCodes: undefined,
        });
        return handle();
      },
    },
    onRequest({ request, url }) {
      const entry = observed.get(request);
      if (entry) entry.path = url.pathname;
    },
    onParams({ request, params }) {
      const entry = observed.get(request);
      if (entry && typeof params.operationName === 'string') entry.name = params.operationName.slice(0, MAX_LOGGED_NAME);
    },
    onExecute({ args }) {
      recordOperation(args);
    },
    onSubscribe({ args }) {
      recordOperation(args);
    },
    onResultProcess({ request, result }) {
      const entry = observed.get(request);
      if (!entry || isAsyncIterable(result)) return;
      for (const one of Array.isArray(result) ? result : [result]) {
        for (const error of one.errors ?? []) {
          const code = error.extensions?.code;
          (entry.errorCodes ??= new Set()).add(typeof code === 'string' ? code : UNCODED);
        }
      }
    },
    onResponse({ request, response }) {
      const entry = observed.get(request);
      if (!entry) return;
      response.headers.set('x-request-id', entry.id);
      const seconds = (performance.now() - entry.started) / 1000;
      const errorCodes = entry.errorCodes ? [...entry.errorCodes] : [];
      const outcome = errorCodes.length > 0 || response.status >= 400 ? 'error' : 'ok';
      if (entry.path !== graphqlEndpoint) {
        const path = entry.path ?? new URL(request.url).pathname;
        logger.debug({ reqId: entry.id, method: request.method, path, status: response.status, durationMs: round(seconds * 1000) }, 'request');
        return;
      }
      metrics?.observeOperation({ name: entry.name, type: entry.type, outcome, errorCodes, seconds });
      logger.info(
        {
          reqId: entry.id,
          method: request.method,
          status: response.status,
          durationMs: round(seconds * 1000),
          operation: entry.name,
          operationType: entry.type,
          outcome,
          errorCodes: errorCodes.length > 0 ? errorCodes : undefined,
          actor: entry.actor,
        },
        'graphql request',
      );
    },
  };
}

const round = (ms: number) => Math.round(ms * 100) / 100;
