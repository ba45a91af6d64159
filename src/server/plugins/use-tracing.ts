import { context, propagation, SpanKind, SpanStatusCode, trace, type Context, type Span, type Tracer } from '@opentelemetry/api';
import { getOperationAST, type DocumentNode } from 'graphql';
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import { statementKind, type DatabaseProvider, type QueryObserver } from '../../store';

/** What tracing adds to the server: spans of HTTP requests and GraphQL phases (the plugin), and of database statements (the store's observer). */
export interface TracingHooks {
  plugin: Plugin;
  observeQuery: QueryObserver;
}

/** OpenTelemetry's names for the databases (db.system.name). */
const DB_SYSTEM: Record<DatabaseProvider, string> = { sqlite: 'sqlite', postgres: 'postgresql' };

const headerGetter = {
  keys: (headers: Headers) => [...headers.keys()],
  get: (headers: Headers, key: string) => headers.get(key) ?? undefined,
};

/**
 * Runs `wrapped` inside a new span that is the active one meanwhile, so that spans started within
 * (GraphQL phases, database statements) become its children; ends it when `wrapped` is done.
 */
function inSpan<R>(tracer: Tracer, name: string, kind: SpanKind, parent: Context, wrapped: (span: Span) => R): R {
  const span = tracer.startSpan(name, { kind }, parent);
  const fail = (error: unknown) => {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  };
  let result: R;
  try {
    result = context.with(trace.setSpan(parent, span), () => wrapped(span));
  } catch (error) {
    fail(error);
    throw error;
  }
  if (result instanceof Promise) {
    return result.then(
      (value: unknown) => {
        span.end();
        return value;
      },
      (error: unknown) => {
        fail(error);
        throw error;
      },
    ) as R;
  }
  span.end();
  return result;
}

/** Names the active span (execute or subscribe) after its operation, as OpenTelemetry's GraphQL conventions do: `query toolByName`. */
function nameOperationSpan(args: { document: DocumentNode; operationName?: string | null }): Span | undefined {
  const operation = getOperationAST(args.document, args.operationName);
  const span = trace.getActiveSpan();
  if (!operation || !span) return span;
  const name = operation.name?.value;
  span.updateName(name ? `${operation.operation} ${name}` : operation.operation);
  span.setAttributes({ 'graphql.operation.type': operation.operation, ...(name ? { 'graphql.operation.name': name } : {}) });
  return span;
}

/**
 * Spans with `tracer`: one per HTTP request (continuing the caller's trace when it sends
 * `traceparent`), with the GraphQL phases inside it (parse, validate, context, execute or
 * subscribe, named after the operation), and one per database statement, with its SQL (placeholders,
 * never values). No variable, document or answer is recorded.
 */
export function tracingHooks(tracer: Tracer, provider: DatabaseProvider): TracingHooks {
  const requestSpans = new WeakMap<Request, Span>();
  const phase =
    (name: string) =>
    <R>(_payload: unknown, wrapped: () => R): R =>
      inSpan(tracer, name, SpanKind.INTERNAL, context.active(), () => wrapped());
  const plugin: Plugin = {
    instrumentation: {
      request: ({ request }, wrapped) => {
        const parent = propagation.extract(context.active(), request.headers, headerGetter);
        const path = new URL(request.url).pathname;
        return inSpan(tracer, `${request.method} ${path}`, SpanKind.SERVER, parent, (span) => {
          span.setAttributes({ 'http.request.method': request.method, 'url.path': path });
          requestSpans.set(request, span);
          return wrapped();
        });
      },
      parse: phase('graphql.parse'),
      validate: phase('graphql.validate'),
      context: phase('graphql.context'),
      execute: phase('graphql.execute'),
      subscribe: phase('graphql.subscribe'),
    },
    onExecute({ args }) {
      const span = nameOperationSpan(args);
      return {
        onExecuteDone({ result }) {
          if (span && !isAsyncIterable(result) && result.errors?.length) span.setStatus({ code: SpanStatusCode.ERROR, message: 'the answer has errors' });
        },
      };
    },
    onSubscribe({ args }) {
      nameOperationSpan(args);
    },
    onResponse({ request, response }) {
      const span = requestSpans.get(request);
      if (!span) return;
      span.setAttribute('http.response.status_code', response.status);
      if (response.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    },
  };
  const observeQuery: QueryObserver = (sql, run) =>
    inSpan(tracer, statementKind(sql).toUpperCase(), SpanKind.CLIENT, context.active(), (span) => {
      span.setAttributes({ 'db.system.name': DB_SYSTEM[provider], 'db.query.text': sql });
      return run();
    });
  return { plugin, observeQuery };
}
