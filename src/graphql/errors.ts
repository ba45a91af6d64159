import { GraphQLError } from 'graphql';
import { maskError as yogaMaskError, type YogaServerOptions } from 'graphql-yoga';
import { unavailableCause } from '../domain/ports';
import { WriteKeyReused } from '../domain/registry/unit-of-work';
import type { GraphQLContext } from './context';

type MaskError = NonNullable<Exclude<YogaServerOptions<object, GraphQLContext>['maskedErrors'], boolean | undefined>['maskError']>;

/** Seconds a client is asked to wait before retrying a request that met an outage. */
export const RETRY_AFTER_SECONDS = 1;

/** The GraphQL error of an outage: the client's request was fine, a retry may succeed. */
export function serviceUnavailable(message: string): GraphQLError {
  return new GraphQLError(message, {
    extensions: { code: 'SERVICE_UNAVAILABLE', http: { status: 503, headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } } },
  });
}

/**
 * The error of a request refused before anything ran because of a value the client sent (an
 * argument out of range, a variable of the wrong type): BAD_USER_INPUT, and HTTP 400 whatever the
 * client accepts (`spec: false`: yoga would answer a spec-defined validation error with 200 to
 * `accept: application/json`).
 */
export function badUserInput(message: string, options: { nodes?: GraphQLError['nodes']; extensions?: Record<string, unknown> } = {}): GraphQLError {
  return new GraphQLError(message, {
    nodes: options.nodes,
    extensions: { ...options.extensions, code: 'BAD_USER_INPUT', http: { status: 400, spec: false } },
  });
}

/**
 * What a client sees of an error that is not one of the API's own GraphQL errors (spec section 4):
 * an outage of a dependency is SERVICE_UNAVAILABLE with HTTP 503 and Retry-After, so clients know to
 * retry; an Idempotency-Key sent again with another request is IDEMPOTENCY_KEY_REUSED with HTTP 422
 * (the client's doing, nothing written); anything else is a bug, INTERNAL_SERVER_ERROR. None says
 * more than that: no SQL, stack or file path, whatever NODE_ENV.
 */
export const maskError: MaskError = (error, message) => {
  const thrown = error instanceof GraphQLError ? error.originalError : error;
  if (thrown instanceof WriteKeyReused) return locatedAs(error, thrown.message, { code: 'IDEMPOTENCY_KEY_REUSED', http: { status: 422 } });
  const unavailable = unavailableCause(error);
  if (unavailable) {
    const masked = serviceUnavailable(`${unavailable.message} Retry in a moment.`);
    return locatedAs(error, masked.message, masked.extensions);
  }
  return yogaMaskError(error, message, false);
};

/** The masked error, where in the response `error` happened (as yoga's own masking keeps it). */
function locatedAs(error: unknown, message: string, extensions: GraphQLError['extensions']): GraphQLError {
  return error instanceof GraphQLError
    ? new GraphQLError(message, { nodes: error.nodes, path: error.path, extensions })
    : new GraphQLError(message, { extensions });
}
