import { InProcessToolEventBus } from './in-process';
import { RedisToolEventBus, type RedisToolEventBusOptions } from './redis';

/** Event bus implementations: in-process (one instance) or Redis pub/sub (several instances). */

export { InProcessToolEventBus } from './in-process';
export { RedisToolEventBus, DEFAULT_CHANNEL } from './redis';

/** Redis pub/sub when `redisUrl` is set, in-process events otherwise. */
export function createToolEventBus(redisUrl: string | undefined, options: RedisToolEventBusOptions = {}): InProcessToolEventBus | RedisToolEventBus {
  return redisUrl ? new RedisToolEventBus(redisUrl, options) : new InProcessToolEventBus();
}
