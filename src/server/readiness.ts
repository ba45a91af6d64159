import type { ToolStore } from '../domain/ports';

/** Whether this instance can serve, and if not, which dependency is missing (`GET /ready`). */
export interface ReadinessReport {
  ready: boolean;
  /** `starting` until the database has been reached and migrated once. */
  database: 'up' | 'down' | 'starting';
  /** `in-process` without REDIS_URL; with it, whether Redis answers. */
  events: 'up' | 'down' | 'in-process';
  /** While `starting`: what start-up waits for (the database, or migrations a release job is to apply). */
  reason?: string;
}

export interface ReadinessSources {
  store: ToolStore;
  /** The Redis event bus, when there is one. */
  sharedEvents?: { readonly available: boolean };
  /** Why the instance cannot serve yet (start-up), or null once it can. */
  starting?: () => string | null;
}

/** A database that does not answer a ping within this time counts as down. */
const PING_TIMEOUT_MS = 2000;

export function readinessCheck({ store, sharedEvents, starting }: ReadinessSources): () => Promise<ReadinessReport> {
  return async () => {
    const events = sharedEvents ? (sharedEvents.available ? 'up' : 'down') : 'in-process';
    const reason = starting?.();
    if (reason != null) return { ready: false, database: 'starting', events, reason };
    const database = (await answersWithin(store.ping(), PING_TIMEOUT_MS)) ? 'up' : 'down';
    return { ready: database === 'up' && events !== 'down', database, events };
  };
}

async function answersWithin(ping: Promise<void>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([
      ping.then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
