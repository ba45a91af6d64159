import type { IncomingMessage, Server } from 'node:http';
import {
  getOperationAST,
  GraphQLError,
  OperationTypeNode,
  type DocumentNode,
  type ExecutionArgs,
  type GraphQLFormattedError,
  type GraphQLSchema,
} from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { mayRunAnyDocument } from '../domain/access';
import type { GraphQLContext } from '../graphql/context';
import type { ToolgraphServer } from './yoga';

/** What `rootValue` carries from `onSubscribe` to `execute` and `subscribe`: the envelope of the one operation. */
interface Enveloped {
  execute: (args: ExecutionArgs) => unknown;
  subscribe: (args: ExecutionArgs) => unknown;
}

/** What yoga's `getEnveloped` gives for one operation (typed loosely by yoga). */
interface Envelope extends Enveloped {
  schema: GraphQLSchema;
  contextFactory: () => unknown;
  parse: (source: string) => DocumentNode;
  validate: (schema: GraphQLSchema, document: DocumentNode) => readonly GraphQLError[];
}

/**
 * `toolEvents` over WebSocket (`graphql-transport-ws`, the protocol of the `graphql-ws` library)
 * at the GraphQL endpoint, beside SSE: the transport gateways speak to subgraphs (spec section 9,
 * Federation). Each subscription runs through the same envelope as an HTTP request (yoga's
 * `getEnveloped`): the same schema, validation, cost limit, access rules, read budget and cap of
 * open subscriptions (by credential, else by the socket's address), credential lifetime and event cursors
 * (`extensions.cursor`). The credential is the upgrade request's `Authorization`
 * header, or `authorization` in the connection's `connectionParams` (what a browser can send).
 * With trusted documents (./trusted-documents.ts), a subscription names a listed one by its id
 * (`documentId` or `extensions.persistedQuery.sha256Hash`) with an empty `query`, which the
 * protocol requires; a text is run or refused as over HTTP.
 * Only subscriptions: queries and mutations keep to HTTP, where the request limits and rate limits
 * apply. A browser page of another origin is refused at the upgrade, unless `corsOrigins` lists it.
 */
export function serveSubscriptionsOverWebSocket(server: Server, yoga: ToolgraphServer, corsOrigins: readonly string[] = []): { close(): Promise<void> } {
  const sockets = new WebSocketServer({
    server,
    path: yoga.graphqlEndpoint,
    verifyClient: ({ req }: { req: IncomingMessage }) => originAllowed(req, corsOrigins),
  });
  const disposable = useServer(
    {
      // `extensions.http` is how a refusal sets the status of an HTTP response: nothing for a socket.
      onNext: (_context, _id, _payload, _args, result) => ({ ...result, errors: result.errors?.map(withoutHttp) }),
      onError: (_context, _id, _payload, errors) => errors.map(withoutHttp),
      execute: (args) => (args.rootValue as Enveloped).execute(args) as never,
      subscribe: (args) => (args.rootValue as Enveloped).subscribe(args) as never,
      onSubscribe: async (context, _id, payload) => {
        const request = fetchRequestOf(context.extra.request, context.connectionParams);
        const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({
          request,
          req: context.extra.request,
          params: payload,
        }) as Envelope;
        // Who asks, first: an unacceptable credential (UNAUTHENTICATED) is the client's to mend, and decides what it may send.
        let contextValue: GraphQLContext;
        try {
          contextValue = (await contextFactory()) as GraphQLContext;
        } catch (error) {
          if (error instanceof GraphQLError) return [error];
          throw error;
        }
        let query = payload.query;
        const trusted = yoga.trustedDocuments;
        // `documentId` is no field of the protocol's payload, but a client may send it, as over HTTP.
        const id = trusted && query === '' ? trusted.idOf(payload) : null;
        if (trusted && id !== null) {
          const listed = trusted.document(id);
          if (listed === undefined) return [trusted.notListed(id)];
          query = listed;
        } else if (trusted) {
          const refusal = await trusted.admitText(payload, async () => mayRunAnyDocument(contextValue));
          if (refusal) return [refusal];
        }
        let document: DocumentNode;
        try {
          document = parse(query);
        } catch (error) {
          if (error instanceof GraphQLError) return [error];
          throw error;
        }
        const errors = validate(schema, document);
        if (errors.length > 0) return errors;
        if (getOperationAST(document, payload.operationName)?.operation !== OperationTypeNode.SUBSCRIPTION) {
          return [
            new GraphQLError('Only subscriptions are served over WebSocket; send queries and mutations over HTTP.', { extensions: { code: 'BAD_REQUEST' } }),
          ];
        }
        return { schema, operationName: payload.operationName, document, variableValues: payload.variables, contextValue, rootValue: { execute, subscribe } };
      },
    },
    sockets,
  );
  return {
    close: async () => {
      await disposable.dispose();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
    },
  };
}

/** An error as the client gets it, without what only HTTP responses use. */
function withoutHttp(error: GraphQLFormattedError | GraphQLError): GraphQLFormattedError {
  const formatted = error instanceof GraphQLError ? error.toJSON() : error;
  if (!formatted.extensions || !('http' in formatted.extensions)) return formatted;
  const { http: _http, ...extensions } = formatted.extensions;
  return { ...formatted, extensions };
}

/** The upgrade request as a Fetch request, its `Authorization` replaced by the connection's own when it sends one. */
function fetchRequestOf(upgrade: IncomingMessage, connectionParams: Readonly<Record<string, unknown>> | undefined): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(upgrade.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(', '));
  }
  const authorization = connectionParams?.authorization ?? connectionParams?.Authorization;
  if (typeof authorization === 'string') headers.set('authorization', authorization);
  return new Request(`http://${upgrade.headers.host ?? 'localhost'}${upgrade.url ?? '/graphql'}`, { headers });
}

/** A WebSocket opened by a page of another origin could act with what the browser holds: same origin, a listed one, or no browser at all. */
function originAllowed(upgrade: IncomingMessage, corsOrigins: readonly string[]): boolean {
  const origin = upgrade.headers.origin;
  if (origin === undefined) return true;
  if (corsOrigins.includes(origin)) return true;
  try {
    return new URL(origin).host === upgrade.headers.host;
  } catch {
    return false;
  }
}
