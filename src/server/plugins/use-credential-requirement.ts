import { getOperationAST, GraphQLError, type DocumentNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { GraphQLContext } from '../../graphql/context';
import type { Authenticator } from '../auth/authenticator';

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
  const refusal = (document: DocumentNode, operationName: string | null | undefined, context: GraphQLContext) => {
    const kind = getOperationAST(document, operationName)?.operation;
    if (!kind || context.authenticated || !authenticator.needsCredential(kind)) return null;
    const what = kind === 'mutation' ? 'Writing to this registry' : 'Reading this registry';
    return { errors: [unauthenticated(`${what} needs a credential: send "Authorization: Bearer <API token or JWT>".`)] };
  };
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const refused = refusal(args.document, args.operationName, args.contextValue);
      if (refused) setResultAndStopExecution(refused);
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const refused = refusal(args.document, args.operationName, args.contextValue);
      if (refused) setResultAndStopExecution(refused);
    },
  };
}
