import type Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/**
 * How many operations one client may run per minute (spec section 6): reads and writes have
 * separate budgets, so a dashboard that polls cannot use up the writes of its CI job, nor a script
 * writing in a loop the reads of the dashboards. A client is its credential (token name, JWT
 * `sub`), or its address when it has none. With Redis the budgets are counted there, so they hold
 * across instances; while Redis does not answer, each instance counts in memory instead.
 *
 * Counted with rate-limiter-flexible: a fixed window of a minute, consumed one point per operation.
 */
export interface RateLimitSettings {
  /** TOOLGRAPH_RATE_LIMIT_READS: queries and subscriptions per minute; 0 for no limit. */
  readsPerMinute: number;
  /** TOOLGRAPH_RATE_LIMIT_WRITES: mutations per minute; 0 for no limit. */
  writesPerMinute: number;
}

/**
 * The defaults. Reads: a dashboard polls a few queries every few seconds and a person types into
 * the search box, so 3,000 a minute (50 a second) leaves room for many people behind one address.
 * Writes: a CI job imports a repository's tools in one request per file, so 600 a minute
 * (10 a second) never slows one, while a runaway loop is stopped within a minute.
 */
export const DEFAULT_RATE_LIMITS: RateLimitSettings = { readsPerMinute: 3000, writesPerMinute: 600 };

const WINDOW_SECONDS = 60;

export type Budget = 'reads' | 'writes';

/** The outcome of spending one operation of a budget: allowed, or refused until `retryAfterSeconds`. */
export type Spend = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class RateLimits {
  private readonly limiters: Partial<Record<Budget, RateLimiterAbstract>>;

  /**
   * `redis`: a connection of its own for the counts (REDIS_URL), with a short command timeout, so a
   * Redis that hangs falls back to the in-memory count instead of holding requests, and the prefix
   * of the registry's keys (its REDIS_CHANNEL, so two registries on one Redis count apart); none:
   * count in this process.
   */
  constructor(settings: RateLimitSettings, redis?: { client: Redis; keyPrefix: string }) {
    const limiter = (budget: Budget, points: number): RateLimiterAbstract | undefined => {
      if (points === 0) return undefined;
      const options = { points, duration: WINDOW_SECONDS, keyPrefix: `${redis?.keyPrefix ?? 'toolgraph'}:rate:${budget}` };
      const memory = new RateLimiterMemory(options);
      if (!redis) return memory;
      return new RateLimiterRedis({ ...options, storeClient: redis.client, rejectIfRedisNotReady: true, insuranceLimiter: memory });
    };
    this.limiters = { reads: limiter('reads', settings.readsPerMinute), writes: limiter('writes', settings.writesPerMinute) };
  }

  /** Spends `operations` of `client`'s budget at once: all of them are allowed, or the request is refused whole. */
  async spend(budget: Budget, client: string, operations = 1): Promise<Spend> {
    const limiter = this.limiters[budget];
    if (!limiter) return { allowed: true };
    try {
      await limiter.consume(client, operations);
      return { allowed: true };
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
    }
  }
}
