import type { IncomingMessage } from 'node:http';
import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { GraphQLContext } from '../../graphql/context';
import type { RateLimits } from '../rate-limits';
import { useOperationGate } from './use-operation-gate';

/** The client a request's budget belongs to: its credential, or its address when it has none. */
function clientOf(context: GraphQLContext & { req?: IncomingMessage }): string {
  if (context.authenticated) return `actor:${context.caller.actor}`;
  return `address:${context.req?.socket?.remoteAddress ?? 'unknown'}`;
}

/**
 * Spends one operation of the client's read or write budget before an operation runs; past it the
 * request is refused with RATE_LIMITED, HTTP 429 and Retry-After (also in `extensions`).
 */
export function useRateLimits(limits: RateLimits): Plugin<GraphQLContext> {
  return useOperationGate(async (kind, context) => {
    const budget = kind === 'mutation' ? 'writes' : 'reads';
    const spent = await limits.spend(budget, clientOf(context));
    if (spent.allowed) return null;
    const error = new GraphQLError(`Too many ${budget} from this client; retry in ${spent.retryAfterSeconds} s.`, {
      extensions: {
        code: 'RATE_LIMITED',
        retryAfterSeconds: spent.retryAfterSeconds,
        http: { status: 429, headers: { 'retry-after': String(spent.retryAfterSeconds) } },
      },
    });
    return { errors: [error] };
  });
}
