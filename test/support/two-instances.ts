/**
 * Two server processes on one fresh database and one private Redis (./../events/redis-server.ts,
 * which a test may stop and start again), as a registry runs on several machines: made in the
 * suite's beforeAll, gone after it. The fields are getters, valid from that beforeAll on.
 */
import { privateRedis, requireTestRedis, type PrivateRedis } from '../events/redis-server';
import { freshDatabase, type DatabaseKind, type FreshDatabase } from './databases';
import { killServer, startServer, type RunningServer } from './server-process';

export interface TwoInstances {
  readonly database: FreshDatabase;
  readonly redis: PrivateRedis;
  readonly a: RunningServer;
  readonly b: RunningServer;
}

/** Both instances get REDIS_URL and `env`. */
export function useTwoInstances(kind: DatabaseKind, env: Record<string, string> = {}): TwoInstances {
  let database: FreshDatabase | undefined;
  let redis: PrivateRedis | undefined;
  let servers: RunningServer[] = [];

  beforeAll(async () => {
    await requireTestRedis();
    redis = await privateRedis();
    database = await freshDatabase(kind);
    const settings = { REDIS_URL: redis.url, ...env };
    servers = await Promise.all([startServer(database.url, settings), startServer(database.url, settings)]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => killServer(server)));
    await redis?.stop();
    await database?.drop();
  });

  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`useTwoInstances: no ${what} yet (read it in a hook or test)`);
    return value;
  };
  return {
    get database() {
      return ready(database, 'database');
    },
    get redis() {
      return ready(redis, 'Redis');
    },
    get a() {
      return ready(servers[0], 'instance A');
    },
    get b() {
      return ready(servers[1], 'instance B');
    },
  };
}
