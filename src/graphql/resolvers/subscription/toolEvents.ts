import { GraphQLError } from 'graphql';
import { EventsUnavailable, type ToolEvent } from '../../../domain/events';
import type { GraphQLContext } from '../../context';
import type { SubscriptionResolvers } from '../../generated/resolvers-types';
import { createToolLoaders } from '../../loaders';

/** What the stream hands to `resolve`: an event, or the news that events are unavailable. */
type Payload = ToolEvent | { unavailable: EventsUnavailable };

/**
 * The registry's event stream, with EventsUnavailable turned into a last payload (so that the
 * client receives it as a GraphQL error, then the stream completes). A plain iterator rather than
 * an async generator: `return()` must reach the registry's stream at once, even while a `next()`
 * waits, so that a client going away unsubscribes immediately.
 */
function payloads(stream: AsyncIterableIterator<ToolEvent>): AsyncIterableIterator<Payload> {
  let finished = false;
  return {
    async next(): Promise<IteratorResult<Payload>> {
      if (finished) return { value: undefined, done: true };
      try {
        const result = await stream.next();
        if (result.done) finished = true;
        return result;
      } catch (error) {
        if (!(error instanceof EventsUnavailable)) throw error;
        finished = true;
        return { value: { unavailable: error }, done: false };
      }
    },
    async return(): Promise<IteratorResult<Payload>> {
      finished = true;
      await stream.return?.();
      return { value: undefined, done: true };
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

/** `toolEvents(namespace)`: live events of committed writes, over SSE. */
export const toolEvents: NonNullable<SubscriptionResolvers['toolEvents']> = {
  subscribe: (_root, args, { registry }) => payloads(registry.subscribe({ namespace: args.namespace ?? null })),
  resolve: (payload: Payload, _args: unknown, context: GraphQLContext) => {
    if ('unavailable' in payload) {
      throw new GraphQLError(payload.unavailable.message, { extensions: { code: 'EVENTS_UNAVAILABLE' } });
    }
    // A subscription lives long and its context with it; each event reads fresh related tools.
    context.loaders = createToolLoaders(context.registry);
    return payload;
  },
};
