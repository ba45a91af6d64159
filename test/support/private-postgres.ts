/**
 * A PostgreSQL server of one's own, to play outages with: `initdb` into a fresh temp folder, a free
 * port on 127.0.0.1, its own socket folder, trust authentication; `pg_ctl` stops it (`fast`: a
 * shutdown, `immediate`: a crash), starts and restarts it. Never the machine's shared server, which
 * other suites use at the same time.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
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
      throw new Error(`pg_ctl ${args.join(' ')} failed: ${(error as Error).message}\n${tail(log)}`, { cause: error });
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
    startIfStopped: () =>
      program('pg_ctl', ['-D', data, 'status']).then(
        () => undefined,
        () => pgCtl('start'),
      ),
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
