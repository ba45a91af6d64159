import { freshDatabase, type FreshDatabase } from './databases';
import { killServer, startServer, type RunningServer } from './server-process';

/**
 * A server process of the suite's own on a fresh SQLite database: started before the suite's tests
 * (with `env` added to its environment), stopped and its database dropped after them. The
 * returned function gives the running server inside a test.
 */
export function useServerProcess(env: Record<string, string> = {}, startTimeoutMs?: number): () => RunningServer {
  let database: FreshDatabase | undefined;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    database = await freshDatabase('sqlite');
    server = await startServer(database.url, env);
  }, startTimeoutMs);
  afterAll(async () => {
    await killServer(server);
    await database?.drop();
  });
  return () => {
    if (!server) throw new Error('useServerProcess: the server is running only inside the suite, after its beforeAll');
    return server;
  };
}
