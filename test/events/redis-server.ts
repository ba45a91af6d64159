/**
 * Real Redis for the event tests: the shared one (TOOLGRAPH_TEST_REDIS_URL, default
 * redis://127.0.0.1:6379, which CI starts), and private redis-server processes that a test can stop
 * and start again to play an outage.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import Redis from 'ioredis';

const configuredRedisUrl = process.env.TOOLGRAPH_TEST_REDIS_URL;
/** TOOLGRAPH_TEST_REDIS_URL; set but empty counts as unset. */
export const TEST_REDIS_URL = configuredRedisUrl === undefined || configuredRedisUrl === '' ? 'redis://127.0.0.1:6379' : configuredRedisUrl;

/** A TCP port on 127.0.0.1 where nothing listens (free at the time of asking). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Fails with a clear message when the shared test Redis does not answer PING. */
export async function requireTestRedis(): Promise<void> {
  const client = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, disconnectTimeout: 100 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    throw new Error(
      `The event tests need Redis at ${TEST_REDIS_URL} (${(error as Error).message}). Start it, e.g. ` +
        `redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no, or set TOOLGRAPH_TEST_REDIS_URL.`,
      { cause: error },
    );
  } finally {
    client.disconnect();
  }
}

export interface PrivateRedis {
  url: string;
  port: number;
  /** Stops the server (SIGKILL: an outage, not a shutdown) and waits for it to go. */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  /** Freezes the server (SIGSTOP): connections stay open, nothing is answered. A hung Redis. */
  pause(): void;
  /** Lets a frozen server go on (SIGCONT). */
  resume(): void;
}

/** A redis-server process of its own on a free port, without persistence. */
export async function privateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let i = 0; i < 100; i++) {
      const client = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, disconnectTimeout: 100 });
      client.on('error', () => undefined);
      try {
        await client.connect();
        await client.ping();
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 50));
      } finally {
        client.disconnect();
      }
    }
    throw new Error(`redis-server did not start on port ${port}`);
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (running?.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  const signal = (name: NodeJS.Signals) => {
    const running = child;
    if (running?.exitCode !== null) throw new Error('the private redis-server is not running');
    running.kill(name);
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, stop, start, pause: () => signal('SIGSTOP'), resume: () => signal('SIGCONT') };
}
