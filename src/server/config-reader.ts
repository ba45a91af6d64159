import Piscina from 'piscina';
import type { Checked } from '../domain/issues';
import type { ConfigEntry } from '../domain/config';
import { DependencyUnavailable } from '../domain/ports';
import type { ConfigReader } from '../domain/registry';
import { ownScript } from './own-script';

/**
 * Reads `importTools` config texts in a worker thread. Parsing YAML is synchronous and its cost
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

export interface WorkerConfigReader {
  read: ConfigReader;
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
      const code = (error as { code?: unknown })?.code;
      const name = (error as { name?: unknown })?.name;
      if (code === 'ERR_WORKER_OUT_OF_MEMORY') return tooLarge(`The config needs more than ${WORKER_HEAP_MB} MB to read. Split it into several imports.`);
      if (name === 'AbortError' || name === 'TimeoutError') {
        return tooLarge(`The config takes longer than ${READ_TIMEOUT_MS / 1000} s to read. Split it into several imports.`);
      }
      if (pool.queueSize >= MAX_QUEUED) throw new DependencyUnavailable('Too many imports are being read right now.', { cause: error });
      throw error;
    }
  };
  return { read, close: () => pool.destroy() };
}
