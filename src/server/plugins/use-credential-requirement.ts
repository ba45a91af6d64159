import { GraphQLError, OperationTypeNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { GraphQLContext } from '../../graphql/context';
import type { Authenticator } from '../auth/authenticator';
import { useOperationGate } from './use-operation-gate';

/** The refusal of a request that needs a credential and has none, or one that cannot be accepted. */
export function unauthenticated(message: string): GraphQLError {
  return new GraphQLError(message, {
    extensions: { code: 'UNAUTHENTICATED', http: { status: 401, headers: { 'www-authenticate': 'Bearer' } } },
  });
}

/**
 * Runs an operation only when its kind may run for this request: with access control on, every
 * mutation needs an accepted credential, and every query and subscription too under
 * TOOLGRAPH_READ_ACCESS=authenticated (the read of one tool, a list and the SSE stream alike).
 * Refused before anything runs: UNAUTHENTICATED, HTTP 401.
 */
export function useCredentialRequirement(authenticator: Authenticator): Plugin<GraphQLContext> {
  return useOperationGate((kind, context) => {
    if (context.authenticated || !authenticator.needsCredential(kind)) return null;
    const what = kind === OperationTypeNode.MUTATION ? 'Writing to this registry' : 'Reading this registry';
    return { errors: [unauthenticated(`${what} needs a credential: send "Authorization: Bearer <API token or JWT>".`)] };
  });
}
