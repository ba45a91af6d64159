import Piscina from 'piscina';
import type { Checked } from '../domain/issues';
import type { ConfigEntry } from '../domain/config';
import { DependencyUnavailable } from '../domain/ports';
import type { LocatedConfigIssue } from '../domain/config-source';
import type { ConfigLocator, ConfigReader } from '../domain/registry';
import { ownScript } from './own-script';

/**
 * Reads `importTools` config texts in a worker thread, and finds an invalid one's issues in it. Parsing YAML is synchronous and its cost
 * grows with the text (up to seconds and a few hundred MB for a hostile 5 MiB text), so on the
 * server's own thread one import would stall every other request. The worker is bounded in time
 * (READ_TIMEOUT_MS) and memory (WORKER_HEAP_MB); a text that exceeds either is refused as too large
 * to read, and the worker is replaced. Idle, the worker exits and gives its memory back.
 */

/** A text that takes longer than this to read is refused (the worker reading it is stopped). */
const READ_TIMEOUT_MS = 10_000;
/** Old-generation heap of the worker: several times what the largest valid import needs. */
const WORKER_HEAP_MB = 160;
/** Texts read at once; more wait in the queue. */
const WORKERS = 1;
/** Texts waiting for a worker; more are refused as unavailable (retry later). */
const MAX_QUEUED = 32;
/** An idle worker exits after this long. */
const IDLE_TIMEOUT_MS = 30_000;

const tooLarge = (message: string): Checked<ConfigEntry[]> => ({
  ok: false,
  issues: [{ path: '', code: 'VALUE_TOO_LARGE', message }],
});

const isOutOfMemory = (error: unknown) => (error as { code?: unknown })?.code === 'ERR_WORKER_OUT_OF_MEMORY';
const isTimeout = (error: unknown) => ['AbortError', 'TimeoutError'].includes(String((error as { name?: unknown })?.name));
const isBeyondBounds = (error: unknown) => isOutOfMemory(error) || isTimeout(error);

export interface WorkerConfigReader {
  read: ConfigReader;
  locate: ConfigLocator;
  close(): Promise<void>;
}

export function createWorkerConfigReader(): WorkerConfigReader {
  const { filename, execArgv } = ownScript('workers/read-config');
  const pool = new Piscina({
    filename,
    minThreads: 0,
    maxThreads: WORKERS,
    maxQueue: MAX_QUEUED,
    idleTimeout: IDLE_TIMEOUT_MS,
    execArgv,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  const read: ConfigReader = async (text) => {
    try {
      return (await pool.run(text, { signal: AbortSignal.timeout(READ_TIMEOUT_MS) })) as Checked<ConfigEntry[]>;
    } catch (error) {
      if (isOutOfMemory(error)) return tooLarge(`The config needs more than ${WORKER_HEAP_MB} MB to read. Split it into several imports.`);
      if (isTimeout(error)) return tooLarge(`The config takes longer than ${READ_TIMEOUT_MS / 1000} s to read. Split it into several imports.`);
      if (pool.queueSize >= MAX_QUEUED) throw new DependencyUnavailable('Too many imports are being read right now.', { cause: error });
      throw error;
    }
  };
  // Positions help a person fix the text; the refusal stands without them. A text that cannot be
  // read again in time (or while the queue is full) gets its issues without a line and column.
  const locate: ConfigLocator = async (text, issues) => {
    try {
      return (await pool.run({ text, issues }, { name: 'locate', signal: AbortSignal.timeout(READ_TIMEOUT_MS) })) as LocatedConfigIssue[];
    } catch (error) {
      if (!isBeyondBounds(error) && pool.queueSize < MAX_QUEUED) throw error;
      return issues.map(() => null);
    }
  };
  return { read, locate, close: () => pool.destroy() };
}
