import { GraphQLError } from 'graphql';
import { EventsUnavailable, type ToolEvent } from '../../../domain/events';
import type { GraphQLContext } from '../../context';
import type { SubscriptionResolvers } from '../../generated/resolvers-types';
import { createToolLoaders } from '../../loaders';
import { decodeChangeCursor, encodeChangeCursor, unknownChangeCursor } from '../../cursor';
import { UnknownChangePosition } from '../../../domain/registry';

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

/**
 * Where the stream starts: a reconnecting SSE client's `Last-Event-ID` (the `id` of the last frame it
 * got, which is newer than the `after` its URL still carries), else `after`; null: live from now on.
 */
async function startOf(args: { after?: string | null }, { registry, request }: GraphQLContext): Promise<number | null> {
  const lastEventId = request?.headers.get('last-event-id');
  const [cursor, argumentName] = lastEventId ? [lastEventId, 'Last-Event-ID'] : [args.after, 'after'];
  if (cursor == null) return null;
  const position = decodeChangeCursor(cursor, argumentName);
  try {
    await registry.verifyChangePosition(position);
  } catch (error) {
    throw error instanceof UnknownChangePosition ? unknownChangeCursor(argumentName) : error;
  }
  return position;
}

/** `toolEvents(namespace, after)`: the changes since `after`, then live events of committed writes, over SSE. */
export const toolEvents: NonNullable<SubscriptionResolvers['toolEvents']> = {
  subscribe: async (_root, args, context) => payloads(await context.registry.subscribe({ namespace: args.namespace ?? null }, await startOf(args, context))),
  resolve: (payload: Payload, _args: unknown, context: GraphQLContext) => {
    if ('unavailable' in payload) {
      context.eventCursor = undefined;
      throw new GraphQLError(payload.unavailable.message, { extensions: { code: 'EVENTS_UNAVAILABLE' } });
    }
    // A subscription lives long and its context with it; each event reads fresh related tools.
    context.loaders = createToolLoaders(context.registry);
    context.eventCursor = encodeChangeCursor(payload.position);
    return payload;
  },
};
