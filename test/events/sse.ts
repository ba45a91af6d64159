/**
 * A GraphQL-over-SSE client for tests (yoga's "distinct connections" mode): POST the subscription
 * with `accept: text/event-stream`, read `next` events until `complete`. Works with `yoga.fetch`
 * (in memory) and with global fetch against a real server.
 */

export interface SseResult {
  data?: any;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

export interface SseSubscription {
  /** The HTTP status of the response. */
  status: number;
  /** The next `next` payload, 'complete' when the server ended the stream, 'timeout' after `ms`. */
  next(ms?: number): Promise<SseResult | 'complete' | 'timeout'>;
  /**
   * The payloads before the first one that `isMarker` accepts (the event of a marker write made
   * after the writes under test), that marker dropped. Throws if the marker does not come within
   * `ms`: the window only decides failure, never what is received.
   */
  until(isMarker: (result: SseResult) => boolean, ms?: number): Promise<SseResult[]>;
  /** The `id` of the last frame `next` returned that had one (an EventSource's last event ID); null before. */
  readonly lastEventId: string | null;
  /**
   * The `extensions.cursor` of the last payload `next` returned (null if it had none). The helper
   * takes it out of the payload, so that suites compare payloads as their operations shape them.
   */
  readonly lastCursor: string | null;
  close(): void;
}

/** `fetch`, or a server's in-memory one (`(url, init) => yoga.fetch(url, init)`). */
type FetchLike = (url: string, init: RequestInit) => Response | Promise<Response>;

export async function subscribe(
  fetchFn: FetchLike,
  url: string,
  query: string,
  variables?: object,
  headers: Record<string, string> = {},
): Promise<SseSubscription> {
  const abort = new AbortController();
  const response = await fetchFn(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
    body: JSON.stringify({ query, variables }),
    signal: abort.signal,
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const queue: (SseResult | 'complete')[] = [];
  const ids = new WeakMap<SseResult, string>();
  const cursors = new WeakMap<SseResult, string>();
  let lastEventId: string | null = null;
  let lastCursor: string | null = null;
  const signal: { wake: (() => void) | null } = { wake: null };
  let buffer = '';
  let ended = false;

  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let boundary: number;
        while ((boundary = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          let event = 'message';
          let id: string | null = null;
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
            else if (line.startsWith('id:')) id = line.slice(3).trimStart();
          }
          if (event === 'next') {
            const result = JSON.parse(data.join('\n')) as SseResult & { extensions?: { cursor?: string } };
            if (id !== null) ids.set(result, id);
            if (result.extensions?.cursor !== undefined) {
              cursors.set(result, result.extensions.cursor);
              delete result.extensions.cursor;
              if (Object.keys(result.extensions).length === 0) delete result.extensions;
            }
            queue.push(result);
          } else if (event === 'complete') queue.push('complete');
          else continue;
          signal.wake?.();
        }
      }
    } catch {
      // aborted
    } finally {
      ended = true;
      signal.wake?.();
    }
  })();
  void pump;

  const next = async (ms = 5000): Promise<SseResult | 'complete' | 'timeout'> => {
    const deadline = Date.now() + ms;
    while (queue.length === 0) {
      if (ended) return 'complete';
      const left = deadline - Date.now();
      if (left <= 0) return 'timeout';
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        signal.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      signal.wake = null;
    }
    const item = queue.shift()!;
    if (item !== 'complete') {
      lastEventId = ids.get(item) ?? lastEventId;
      lastCursor = cursors.get(item) ?? null;
    }
    return item;
  };

  return {
    status: response.status,
    next,
    get lastEventId() {
      return lastEventId;
    },
    get lastCursor() {
      return lastCursor;
    },
    async until(isMarker, ms = 15_000) {
      const results: SseResult[] = [];
      const deadline = Date.now() + ms;
      for (;;) {
        const item = await next(Math.max(0, deadline - Date.now()));
        if (item === 'timeout' || item === 'complete') {
          throw new Error(`no marker event (${item} after ${ms} ms); received before: ${JSON.stringify(results)}`);
        }
        if (isMarker(item)) return results;
        results.push(item);
      }
    },
    close() {
      abort.abort();
      reader.cancel().catch(() => undefined);
    },
  };
}
