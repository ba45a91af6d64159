/**
 * A PostgreSQL server of one's own, to play outages with: `initdb` into a fresh temp folder, a free
 * port on 127.0.0.1, its own socket folder, trust authentication; `pg_ctl` stops it (`fast`: a
 * shutdown, `immediate`: a crash), starts and restarts it. Never the machine's shared server, which
 * other suites use at the same time.
 *
 * Also the clients that write through toolgraph while that server goes away, and the tally of what
 * they were told against what the database kept: test/server/outage.test.ts asserts on it,
 * scripts/load/database-restart.ts prints it.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { freePort } from '../events/redis-server';

const POSTGRES_ROOT = '/usr/lib/postgresql';

export interface PostgresInstallation {
  /** The folder of initdb and pg_ctl. */
  bin: string;
  /** The OS user to run them as (initdb refuses root), or null to run them as this process's user. */
  user: string | null;
}

/** The newest PostgreSQL server installed under /usr/lib/postgresql, or why there is none usable. */
export function findPostgresInstallation(): PostgresInstallation | string {
  const versions = existsSync(POSTGRES_ROOT)
    ? readdirSync(POSTGRES_ROOT).filter((version) => ['initdb', 'pg_ctl'].every((program) => existsSync(join(POSTGRES_ROOT, version, 'bin', program))))
    : [];
  if (versions.length === 0) return `no PostgreSQL server programs (initdb, pg_ctl) under ${POSTGRES_ROOT}/<version>/bin`;
  const newest = versions.sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a))[0]!;
  const bin = join(POSTGRES_ROOT, newest, 'bin');
  if (process.getuid?.() !== 0) return { bin, user: null };
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
  } catch {
    return `this process runs as root, which initdb refuses, and there is no "postgres" OS user to run ${bin}/initdb as`;
  }
  return { bin, user: 'postgres' };
}

/**
 * For a test file, at describe time: the installation to run private servers with, or null after
 * saying why the tests that need one do not run. With TOOLGRAPH_REQUIRE_POSTGRES=1 (CI) a missing
 * installation fails the suite instead, as in ./databases.ts.
 */
export function privatePostgresInstallation(): PostgresInstallation | null {
  const found = findPostgresInstallation();
  if (typeof found !== 'string') return found;
  if (process.env.TOOLGRAPH_REQUIRE_POSTGRES === '1') {
    throw new Error(`TOOLGRAPH_REQUIRE_POSTGRES=1 but no private PostgreSQL server can be run: ${found}. Install the PostgreSQL server package.`);
  }
  console.warn(`Skipping the tests that need a private PostgreSQL server: ${found}. Set TOOLGRAPH_REQUIRE_POSTGRES=1 to make this fail.`);
  return null;
}

/** `fast`: sessions are ended and the server shuts down cleanly; `immediate`: it stops at once, as in a crash, and recovers from its WAL on the next start. */
export type ShutdownMode = 'fast' | 'immediate';

export interface PrivatePostgres {
  readonly port: number;
  /** The `postgres` database as its superuser, over TCP: postgresql://postgres@127.0.0.1:<port>/postgres */
  readonly url: string;
  /** Starts the server; resolves once it accepts connections. */
  start(): Promise<void>;
  stop(mode: ShutdownMode): Promise<void>;
  /** Stops (`mode`) and starts again; resolves once it accepts connections. */
  restart(mode: ShutdownMode): Promise<void>;
  /** Starts the server unless it runs: after a test that failed while it was stopped, the next one still has it. */
  startIfStopped(): Promise<void>;
  /** Stops the server if it runs and removes its folder; safe to call whatever happened before. */
  destroy(): Promise<void>;
}

const run = promisify(execFile);

/** A new cluster of its own, started. */
export async function startPrivatePostgres(installation: PostgresInstallation): Promise<PrivatePostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'toolgraph-pg-'));
  const data = join(dir, 'data');
  const log = join(dir, 'postgres.log');
  const port = await freePort();
  const command = (name: string, args: string[]): [string, string[]] => {
    const path = join(installation.bin, name);
    return installation.user ? ['runuser', ['-u', installation.user, '--', path, ...args]] : [path, args];
  };
  const program = (name: string, args: string[]) => run(...command(name, args));
  const pgCtl = async (...args: string[]) => {
    try {
      await program('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '30', ...args]);
    } catch (error) {
      throw new Error(`pg_ctl ${args.join(' ')} failed: ${(error as Error).message}\n${tail(log)}`);
    }
  };

  // A script that exits without destroy() (interrupted, or failing) must not leave a server running;
  // stopping synchronously is all an exit handler can do. (Under jest, `process` is a per-file copy
  // whose 'exit' never fires: there, afterAll calls destroy().)
  const stopAtExit = () => {
    try {
      execFileSync(...command('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']), { stdio: 'ignore' });
    } catch {
      // Not running: nothing to stop.
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stopAtExit);
  const destroy = async () => {
    process.removeListener('exit', stopAtExit);
    await pgCtl('-m', 'immediate', 'stop').catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    if (installation.user) {
      const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, installation.user!], { encoding: 'utf8' }).trim()));
      chownSync(dir, uid!, gid!);
    }
    // --no-sync only skips initdb's own flush of a cluster that is thrown away; the server keeps the
    // default durability settings (fsync, synchronous_commit), those acknowledged writes rely on.
    await program('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
    // The socket goes in the cluster's own folder, so it never meets the shared server's in /var/run/postgresql.
    await appendFile(join(data, 'postgresql.conf'), `\nport = ${port}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${dir}'\n`);
    await pgCtl('start');
  } catch (error) {
    await destroy();
    throw error;
  }

  return {
    port,
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    start: () => pgCtl('start'),
    stop: (mode) => pgCtl('-m', mode, 'stop'),
    restart: (mode) => pgCtl('-m', mode, 'restart'),
    // `pg_ctl status` exits non-zero when no server runs on the folder.
    startIfStopped: () => program('pg_ctl', ['-D', data, 'status']).then(() => undefined, () => pgCtl('start')),
    destroy,
  };
}

function tail(file: string): string {
  try {
    return execFileSync('tail', ['-n', '20', file], { encoding: 'utf8' });
  } catch {
    return '(no server log)';
  }
}

/** An HTTP answer to one GraphQL request, with what a client needs to decide to retry. */
export interface GraphQLAnswer {
  status: number;
  retryAfter: string | null;
  text: string;
  body: any;
}

export async function requestGraphQL(url: string, query: string, variables?: object): Promise<GraphQLAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, retryAfter: response.headers.get('retry-after'), text, body };
}

const CREATE = `mutation ($input: ToolInput!) { createTool(input: $input) { __typename ... on UserError { message } } }`;

/**
 * One createTool as a writer saw it. `acknowledged`: answered `Tool`, so it must be stored;
 * `unavailable`: a SERVICE_UNAVAILABLE error, so the client knows to retry; `other`: anything else
 * (another error code, a user error, a failed connection to toolgraph).
 */
export interface WriteOutcome {
  name: string;
  /** Date.now() when the request was sent and when its answer arrived. */
  sentAt: number;
  answeredAt: number;
  outcome: 'acknowledged' | 'unavailable' | 'other';
  status: number;
  retryAfter: string | null;
  /** What came back, for `other`. */
  detail?: string;
}

export interface Writers {
  /** Every write answered so far, in the order answers arrived. */
  readonly outcomes: readonly WriteOutcome[];
  /** Lets each client finish its write in flight, then resolves with all outcomes. */
  stop(): Promise<WriteOutcome[]>;
}

/** After a failed write, a client pauses this long: it keeps probing the outage without spinning. */
const PAUSE_AFTER_FAILURE_MS = 50;

/**
 * `clients` concurrent clients, each creating tools `<namespace>/w<client>-<n>` one after the other
 * until stopped; every name is written once, whatever the answer, so a name in the database maps to
 * exactly one request.
 */
export function startWriters(graphqlUrl: string, { clients, namespace }: { clients: number; namespace: string }): Writers {
  const outcomes: WriteOutcome[] = [];
  let running = true;
  const client = async (id: number) => {
    for (let n = 0; running; n++) {
      const name = `${namespace}/w${id}-${n}`;
      const sentAt = Date.now();
      const outcome = await createTool(graphqlUrl, name);
      outcomes.push({ name, sentAt, answeredAt: Date.now(), ...outcome });
      if (outcome.outcome !== 'acknowledged') await new Promise((resolve) => setTimeout(resolve, PAUSE_AFTER_FAILURE_MS));
    }
  };
  const done = Promise.all(Array.from({ length: clients }, (_, id) => client(id)));
  return {
    outcomes,
    stop: async () => {
      running = false;
      await done;
      return outcomes;
    },
  };
}

async function createTool(url: string, name: string): Promise<Pick<WriteOutcome, 'outcome' | 'status' | 'retryAfter' | 'detail'>> {
  let answer: GraphQLAnswer;
  try {
    answer = await requestGraphQL(url, CREATE, { input: { name, description: 'Written while the database restarts.', source: 'BUILTIN' } });
  } catch (error) {
    return { outcome: 'other', status: 0, retryAfter: null, detail: `no answer: ${(error as Error).message}` };
  }
  const { status, retryAfter, body, text } = answer;
  if (body?.data?.createTool?.__typename === 'Tool' && !body.errors) return { outcome: 'acknowledged', status, retryAfter };
  const codes: unknown[] = Array.isArray(body?.errors) ? body.errors.map((error: any) => error?.extensions?.code) : [];
  if (codes.length > 0 && codes.every((code) => code === 'SERVICE_UNAVAILABLE')) return { outcome: 'unavailable', status, retryAfter };
  return { outcome: 'other', status, retryAfter, detail: text.slice(0, 500) };
}

/** The tool names of `namespace` that the database at `databaseUrl` holds, read directly. */
export async function storedToolNames(databaseUrl: string, namespace: string): Promise<Set<string>> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(`SELECT name FROM "Tool" WHERE name LIKE $1`, [`${namespace}/%`]);
    return new Set(rows.map((row) => row.name));
  } finally {
    await client.end();
  }
}

export interface WriteTally {
  attempted: number;
  acknowledged: number;
  unavailable: number;
  /** The outcomes that were neither: each one a failure of the outage contract. */
  other: WriteOutcome[];
  /** Names answered `Tool` that the database does not hold: lost writes. */
  acknowledgedButMissing: string[];
  /** Names answered SERVICE_UNAVAILABLE that the database holds anyway (committed, but the answer was lost): allowed, a retry would meet NAME_TAKEN. */
  unavailableButStored: number;
}

export function tallyWrites(outcomes: readonly WriteOutcome[], stored: ReadonlySet<string>): WriteTally {
  const of = (kind: WriteOutcome['outcome']) => outcomes.filter((write) => write.outcome === kind);
  return {
    attempted: outcomes.length,
    acknowledged: of('acknowledged').length,
    unavailable: of('unavailable').length,
    other: of('other'),
    acknowledgedButMissing: of('acknowledged')
      .filter((write) => !stored.has(write.name))
      .map((write) => write.name),
    unavailableButStored: of('unavailable').filter((write) => stored.has(write.name)).length,
  };
}
