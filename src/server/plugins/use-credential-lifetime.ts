import type { ExecutionResult } from 'graphql';
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import type { GraphQLContext } from '../../graphql/context';
import type { LiveCredentials, Revocation } from '../auth/live-credentials';
import { unauthenticated, type RequestIdentities } from './use-credential-requirement';

/**
 * A subscription lasts as long as the credential it was opened with (spec section 6): when
 * LiveCredentials finds that credential revoked or expired, the stream's last payload is an
 * UNAUTHENTICATED error and it completes, its source unsubscribed at once. Streams opened without
 * a credential (public reads) have nothing to lose.
 */
export function useCredentialLifetime(live: LiveCredentials, identities: RequestIdentities): Plugin<GraphQLContext> {
  return {
    async onSubscribe({ args }) {
      const request = (args.contextValue as GraphQLContext & { request: Request }).request;
      const identity = await identities.of(request);
      if (!identity.authenticated) return;
      return {
        onSubscribeResult({ result, setResult }) {
          if (!isAsyncIterable(result)) return;
          const ending = endable(result);
          ending.stopWatching = live.watch(request, identity, ending.end);
          setResult(ending.stream);
        },
      };
    },
  };
}

/**
 * `source` as a stream that `end(why)` can finish from outside: a pending `next()` is answered
 * with the refusal, the source is returned (unsubscribed), and the stream completes. A plain
 * iterator rather than an async generator, so that ending it does not wait for the source's next
 * event, which may never come.
 */
function endable(source: AsyncIterable<ExecutionResult>) {
  const iterator = source[Symbol.asyncIterator]();
  let refusal: ExecutionResult | null = null;
  let finished = false;
  let wake: (() => void) | null = null;
  const finish = async () => {
    if (finished) return;
    finished = true;
    handle.stopWatching();
    await iterator.return?.();
  };
  const handle = {
    stopWatching: (): void => undefined,
    end: (why: Revocation) => {
      if (finished || refusal) return;
      refusal = { errors: [unauthenticated(`${why} The stream has ended.`)] };
      wake?.();
    },
    stream: {
      async next(): Promise<IteratorResult<ExecutionResult>> {
        if (finished) return { value: undefined, done: true };
        if (!refusal) {
          const ended = new Promise<'ended'>((resolve) => (wake = () => resolve('ended')));
          const result = await Promise.race([iterator.next(), ended]);
          wake = null;
          if (result !== 'ended') {
            if (result.done) await finish();
            return result;
          }
        }
        const last = refusal!;
        await finish();
        return { value: last, done: false };
      },
      async return(): Promise<IteratorResult<ExecutionResult>> {
        await finish();
        return { value: undefined, done: true };
      },
      [Symbol.asyncIterator]() {
        return this;
      },
    } satisfies AsyncIterableIterator<ExecutionResult>,
  };
  return handle;
}
