import type { IncomingMessage } from 'node:http';
import { GraphQLError, OperationTypeNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { GraphQLContext } from '../../graphql/context';
import type { RateLimits } from '../rate-limits';
import { useOperationGate, type GateDecision } from './use-operation-gate';

/** The client a request's budget belongs to: its credential's actor, or its address when it has none. */
export function clientOf(actor: string | null, req: IncomingMessage | undefined): string {
  return actor !== null ? `actor:${actor}` : `address:${req?.socket?.remoteAddress ?? 'unknown'}`;
}

/**
 * Spends one operation of `client`'s read or write budget; past it, the refusal to answer with:
 * RATE_LIMITED, HTTP 429 and Retry-After (also in `extensions`).
 */
export async function spendOperation(limits: RateLimits, kind: OperationTypeNode, client: string): Promise<GateDecision> {
  const budget = kind === OperationTypeNode.MUTATION ? 'writes' : 'reads';
  const spent = await limits.spend(budget, client);
  if (spent.allowed) return null;
  const error = new GraphQLError(`Too many ${budget} from this client; retry in ${spent.retryAfterSeconds} s.`, {
    extensions: {
      code: 'RATE_LIMITED',
      retryAfterSeconds: spent.retryAfterSeconds,
      http: { status: 429, headers: { 'retry-after': String(spent.retryAfterSeconds) } },
    },
  });
  return { errors: [error] };
}

/** Spends one operation of the client's budget before an operation runs (`spendOperation`). */
export function useRateLimits(limits: RateLimits): Plugin<GraphQLContext> {
  return useOperationGate((kind, context: GraphQLContext & { req?: IncomingMessage }) =>
    spendOperation(limits, kind, clientOf(context.authenticated ? context.caller.actor : null, context.req)),
  );
}
