import type { ExecutionArgs, ExecutionResult } from 'graphql';
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import type { GraphQLContext } from '../../graphql/context';
import { limitRefusal } from '../limits';
import { clientOfContext } from './use-rate-limits';

/**
 * At most `cap` open subscriptions per client (MAX_SUBSCRIPTIONS_PER_CLIENT), over SSE and
 * graphql-ws alike, since both subscribe through this envelope. A client is its credential's actor,
 * else its address (as for rate limits). Past the cap, the subscription is answered with
 * TOO_MANY_SUBSCRIPTIONS (HTTP 429 over SSE) before anything streams. The slot is held until the
 * stream ends, however it ends: the client leaves (SSE request aborted, graphql-ws `complete` or
 * socket closed), the credential lapses (./use-credential-lifetime.ts ends the stream), the server
 * closes the bus, or the stream fails.
 *
 * Counted in this process: behind a load balancer each instance allows `cap`. A count shared through
 * Redis would leak slots of a crashed instance until some expiry, for a bound that only needs to be
 * one of memory and sockets, which are per instance too.
 */
export function useSubscriptionCap(cap: number): Plugin<GraphQLContext> {
  const open = new Map<string, number>();
  const release = (client: string) => {
    const left = (open.get(client) ?? 1) - 1;
    if (left > 0) open.set(client, left);
    else open.delete(client);
  };
  return {
    onSubscribe({ subscribeFn, setSubscribeFn }) {
      // The slot is taken where the stream is made, not here: a later plugin may refuse the
      // operation, and then no stream would ever end to give the slot back.
      setSubscribeFn(async (args: ExecutionArgs) => {
        const client = clientOfContext(args.contextValue as GraphQLContext);
        const count = open.get(client) ?? 0;
        if (count >= cap) {
          const refusal = limitRefusal(
            'maxSubscriptionsPerClient',
            `This client already has ${cap} open subscription${cap === 1 ? '' : 's'}, the most allowed; end one before opening another.`,
            429,
          );
          return { errors: [refusal] } satisfies ExecutionResult;
        }
        open.set(client, count + 1);
        let result: unknown;
        try {
          result = await subscribeFn(args);
        } catch (error) {
          release(client);
          throw error;
        }
        if (!isAsyncIterable(result)) {
          release(client);
          return result;
        }
        return untilEnded(result, () => release(client));
      });
    },
  };
}

/** `source`, calling `onEnd` once when it completes, fails, or its consumer leaves (`return`/`throw`). */
function untilEnded<T>(source: AsyncIterable<T>, onEnd: () => void): AsyncIterableIterator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    onEnd();
  };
  return {
    async next() {
      try {
        const result = await iterator.next();
        if (result.done) end();
        return result;
      } catch (error) {
        end();
        throw error;
      }
    },
    async return(value?: unknown) {
      end();
      return (await iterator.return?.(value)) ?? { done: true, value: undefined };
    },
    async throw(error?: unknown) {
      end();
      if (iterator.throw) return iterator.throw(error);
      throw error;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
