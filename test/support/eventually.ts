/**
 * Polls `probe` until it finds something (not undefined), every 100 ms; a probe that throws counts
 * as nothing yet. The timeout only fails a test that would otherwise hang: `what` says what it
 * waited for, with whatever helps to see why (a server's output).
 */
export async function eventually<T>(what: () => string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await Promise.resolve()
      .then(probe)
      .catch(() => undefined);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
