/**
 * Runs `src/server/main.ts` as a user does: its own process, a real port (PORT=0 picks a free one),
 * configured only through the environment.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process printed so far, stdout and stderr. */
  output: () => string;
  /** Resolves with the exit code. */
  exit: Promise<number | null>;
}

export interface RunningServer extends ServerProcess {
  /** The GraphQL endpoint the server announced, e.g. http://127.0.0.1:39211/graphql. */
  url: string;
}

const MAIN = join(root, 'src', 'server', 'main.ts');

/** Characters of a process's output kept for `output()`, its latest. */
const MAX_KEPT_OUTPUT = 4 * 1024 * 1024;

/** The compiled server of `npm run build`, which `npm start` runs. */
export const COMPILED_MAIN = join(root, 'dist', 'src', 'server', 'main.js');

/**
 * Runs `entry` (the server's source unless told otherwise; benchmarks run other servers beside it)
 * with the `node` binary given: TypeScript under tsx, JavaScript (a build) as it is.
 */
export function launch(env: Record<string, string>, entry = MAIN, node = process.execPath): ServerProcess {
  const child = spawn(node, [...(entry.endsWith('.ts') ? ['--import', 'tsx'] : []), entry], {
    cwd: root,
    // Tests send many requests from one address; the tests of rate limits set their own.
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', TOOLGRAPH_RATE_LIMIT_READS: '0', TOOLGRAPH_RATE_LIMIT_WRITES: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // The latest output only: a benchmark's server logs a line per request, for minutes.
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > MAX_KEPT_OUTPUT) output = output.slice(-MAX_KEPT_OUTPUT / 2);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exit };
}

/** Launches the server (or `entry`) and waits for its "listening on" line. */
export async function startServer(databaseUrl: string, env: Record<string, string> = {}, entry = MAIN, node = process.execPath): Promise<RunningServer> {
  const server = launch({ DATABASE_URL: databaseUrl, ...env }, entry, node);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${server.output()}`)), 20_000);
    const announced = () => {
      const match = /listening on (http:\/\/\S+)/.exec(server.output());
      if (!match) return;
      clearTimeout(timer);
      server.child.stdout!.off('data', announced);
      resolve(match[1]!);
    };
    server.child.stdout!.on('data', announced);
    void server.exit.then((code) => reject(new Error(`server exited with ${code}:\n${server.output()}`)));
  }).catch(async (error: unknown) => {
    // A server that did not start must not outlive the test that started it.
    await killServer(server);
    throw error;
  });
  return { ...server, url };
}

/** Stops a server that is still running (SIGKILL) and waits for it to go. */
export async function killServer(server: ServerProcess | undefined): Promise<void> {
  if (server?.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGKILL');
  await server.exit;
}

/**
 * One GraphQL operation over HTTP, with `Authorization: Bearer <token>` when a token is given; the
 * parsed response body, of the type `Answer` its caller expects from its query (tests leave it
 * `any` and let `expect` check the shape; scripts name it).
 */
export async function post<Answer = any>(url: string, query: string, variables?: object, token?: string): Promise<Answer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as Answer;
}

/** The JSON lines a server logged (src/server/logger.ts), parsed; lines that are not JSON are left out. */
export function logLines(output: string): Record<string, any>[] {
  return output.split('\n').flatMap((line) => {
    try {
      const parsed: unknown = JSON.parse(line);
      return parsed !== null && typeof parsed === 'object' ? [parsed as Record<string, any>] : [];
    } catch {
      return [];
    }
  });
}

/** The messages a server logged, one a line, as a person reads them. */
export function logMessages(output: string): string {
  return logLines(output)
    .map((line) => String(line.msg))
    .join('\n');
}
