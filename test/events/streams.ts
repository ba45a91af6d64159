import type { ToolEvent } from '../../src/domain/events';

/** The next item of `stream`, or 'timeout' if none comes within `ms`; a failed stream rejects. */
export async function nextWithin<T>(stream: AsyncIterator<T>, ms: number): Promise<IteratorResult<T> | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)));
  try {
    return await Promise.race([stream.next(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The error `stream` fails with within `ms` (after skipping any events still buffered). */
export async function failureOf(stream: AsyncIterator<unknown>, ms = 5000): Promise<unknown> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      const result = await nextWithin(stream, deadline - Date.now());
      if (result === 'timeout') break;
      if (result.done) throw new Error('the stream ended without an error');
    } catch (error) {
      return error;
    }
  }
  throw new Error(`the stream did not fail within ${ms} ms`);
}

export function deletedEvent(name: string, occurredAt = new Date(), position = 1): ToolEvent {
  return {
    position,
    kind: 'deleted',
    name,
    tool: null,
    occurredAt,
    actor: 'tester',
    revision: 2,
    contentHash: '0'.repeat(64),
    renamedFrom: null,
    safetyDowngrades: [],
  };
}
