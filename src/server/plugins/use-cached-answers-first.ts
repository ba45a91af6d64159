import type { IncomingMessage } from 'node:http';
import type { ExecutionResult } from 'graphql';
import type { GraphQLParams, Plugin } from 'graphql-yoga';
import type { GateDecision } from './use-operation-gate';

export interface CachedAnswersFirstOptions {
  /** The response cache's answer to these params, if it holds one (../response-cache.ts `answerTo`). */
  answerTo(params: GraphQLParams): ExecutionResult | undefined;
  /** Whether a request without a credential may read (reads are public). */
  anonymousReads: boolean;
  /** Spends the reads of `answer` for the anonymous client at this address (./use-rate-limits.ts); the refusal, if spent. */
  spendReads?(req: IncomingMessage | undefined, answer: ExecutionResult): Promise<GateDecision>;
  /** Told of each request answered here, which skips the hooks that would have seen its operation run. */
  answered?(request: Request): void;
}

/**
 * Answers a read that the response cache holds as soon as the request's params are read, before
 * yoga builds a context, parses, validates and executes it: a dashboard polling, agents reading
 * the same tools. Only what the full path would have answered the same way, for the same cost to
 * the client: the cache holds answers to queries that passed every limit (the limits depend on the
 * request alone), so a stored answer to these params is one the request would get; a request with
 * a credential takes the full path, which checks it (a bad one is refused, not answered); and
 * without one, reads must be public and the client's read budget pays for the answer. Anything
 * else, a miss included, goes on as usual, to the response cache's own lookup.
 */
export function useCachedAnswersFirst(options: CachedAnswersFirstOptions): Plugin {
  return {
    async onParams({ params, request, setResult, context }) {
      if (!options.anonymousReads || request.headers.has('authorization')) return;
      const answer = options.answerTo(params);
      if (!answer) return;
      const refusal = await options.spendReads?.((context as { req?: IncomingMessage }).req, answer);
      options.answered?.(request);
      setResult(refusal ?? answer);
    },
  };
}
