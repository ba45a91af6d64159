import { GraphQLError, OperationTypeNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { GraphQLContext } from '../../graphql/context';
import type { Authenticator, Identity } from '../auth/authenticator';
import { CredentialRejected } from '../auth/credential-rejected';
import { useOperationGate } from './use-operation-gate';

/** The refusal of a request that needs a credential and has none, or one that cannot be accepted. */
export function unauthenticated(message: string): GraphQLError {
  return new GraphQLError(message, {
    extensions: { code: 'UNAUTHENTICATED', http: { status: 401, headers: { 'www-authenticate': 'Bearer' } } },
  });
}

/** Why a request without an accepted credential is refused (here, and at the MCP endpoint). */
export const needsCredential = (kind: OperationTypeNode): string =>
  `${kind === OperationTypeNode.MUTATION ? 'Writing to' : 'Reading'} this registry needs a credential: send "Authorization: Bearer <API token or JWT>".`;

/** The identity of each request, found once by `useCredentialRequirement` and read by the context factory. */
export interface RequestIdentities {
  plugin: Plugin<GraphQLContext>;
  /**
   * The caller of a request whose params were read (the plugin identified it then); identified now
   * otherwise. Rejects with the plugin's refusal of a request it refused (UNAUTHENTICATED).
   */
  of(request: Request): Promise<Identity>;
}

/**
 * Who each request comes from, and whether its operation may run for it (spec section 6):
 * - as soon as the request's params are read, before its document is parsed or validated, a
 *   credential that is sent and cannot be accepted is refused, and so is a request without one
 *   when every operation needs one (TOOLGRAPH_READ_ACCESS=authenticated): a client that may not
 *   read learns nothing of the schema, not even from a validation error;
 * - once the operation is known, a mutation without an accepted credential is refused (reads
 *   public, writes not).
 * Refusals are UNAUTHENTICATED, HTTP 401, with nothing run.
 */
export function useCredentialRequirement(authenticator: Authenticator): RequestIdentities {
  const identities = new WeakMap<Request, Identity | GraphQLError>();
  const identify = async (request: Request): Promise<Identity> => {
    try {
      return await authenticator.identify(request);
    } catch (error) {
      if (error instanceof CredentialRejected) throw unauthenticated(error.message);
      throw error;
    }
  };
  const gate = useOperationGate((kind, context) =>
    context.authenticated || !authenticator.needsCredential(kind) ? null : { errors: [unauthenticated(needsCredential(kind))] },
  );
  const plugin: Plugin<GraphQLContext> = {
    ...gate,
    async onParams({ request, setResult }) {
      let identity: Identity;
      try {
        identity = await identify(request);
      } catch (error) {
        if (!(error instanceof GraphQLError)) throw error;
        identities.set(request, error);
        setResult({ errors: [error] });
        return;
      }
      if (!identity.authenticated && authenticator.needsCredential(OperationTypeNode.QUERY)) {
        const refusal = unauthenticated(needsCredential(OperationTypeNode.QUERY));
        identities.set(request, refusal);
        setResult({ errors: [refusal] });
        return;
      }
      identities.set(request, identity);
    },
  };
  return {
    plugin,
    of: async (request) => {
      const known = identities.get(request);
      if (known instanceof GraphQLError) throw known;
      return known ?? identify(request);
    },
  };
}
