import { isAsyncIterable, mapAsyncIterator } from '@graphql-tools/utils';
import type { Plugin } from 'graphql-yoga';
import type { GraphQLContext } from '../../graphql/context';

/**
 * Each result of a subscription carries the cursor of its event in `extensions.cursor` (whatever
 * the client selected), and over SSE each frame says it as its `id:`, so that a browser's
 * EventSource reconnects with `Last-Event-ID` and resumes where it stopped (spec section 9, Sync).
 * Written here because yoga's SSE processor has no hook for an event id: the frames it writes
 * pass through a transform that gives each `next` frame an `id:` line, with the cursors of the
 * results in the order yoga read them.
 */
export function useEventIds(): Plugin<GraphQLContext> {
  return {
    onSubscribe({ args }) {
      const context = args.contextValue as GraphQLContext;
      return {
        onSubscribeResult() {
          return {
            onNext({ result, setResult }) {
              // The resolver of the event just resolved set it (toolEvents.ts); an error result has none.
              if (context.eventCursor !== undefined) setResult({ ...result, extensions: { ...result.extensions, cursor: context.eventCursor } });
              context.eventCursor = undefined;
            },
          };
        },
      };
    },
    onResultProcess(payload) {
      const { result, resultProcessor } = payload;
      // An operation's stream of results is a subscription's, which yoga sends only as SSE here (no @defer or @stream).
      if (!isAsyncIterable(result) || !resultProcessor) return;
      const cursors: (string | undefined)[] = [];
      const withCursors = mapAsyncIterator(result[Symbol.asyncIterator](), (value) => {
        cursors.push((value.extensions as { cursor?: string } | undefined)?.cursor);
        return value;
      });
      payload.setResultProcessor(async (_result, fetchAPI, mediaType) => {
        const response = await resultProcessor(withCursors, fetchAPI, mediaType);
        if (!response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) return response;
        return new fetchAPI.Response(response.body.pipeThrough(framesWithIds(cursors, fetchAPI)), response);
      }, 'text/event-stream');
    },
  };
}

/**
 * Puts `id: <cursor>` into each `next` frame yoga writes, taking the cursors in order. Frames end
 * with a blank line and their data is one line of JSON, so whole frames are cut out of the text
 * however it is chunked; each goes on as soon as it is whole.
 */
function framesWithIds(
  cursors: (string | undefined)[],
  fetchAPI: { TextEncoder: typeof TextEncoder; TextDecoder: typeof TextDecoder; TransformStream: typeof TransformStream },
): TransformStream<Uint8Array, Uint8Array> {
  const encoder = new fetchAPI.TextEncoder();
  const decoder = new fetchAPI.TextDecoder();
  let pending = '';
  return new fetchAPI.TransformStream({
    transform(chunk, controller) {
      pending += decoder.decode(chunk, { stream: true });
      const end = pending.lastIndexOf('\n\n');
      if (end < 0) return;
      const frames = pending.slice(0, end + 2).split(/(?<=\n\n)/);
      pending = pending.slice(end + 2);
      const withIds = frames.map((frame) => {
        if (!frame.startsWith('event: next\n')) return frame;
        const cursor = cursors.shift();
        return cursor === undefined ? frame : `id: ${cursor}\n${frame}`;
      });
      controller.enqueue(encoder.encode(withIds.join('')));
    },
    flush(controller) {
      if (pending !== '') controller.enqueue(encoder.encode(pending));
    },
  });
}
