/**
 * What access control costs a read: `{ tool(name: "devops/probe") { name } }` requests per second
 * over HTTP, with N concurrent keep-alive clients, against the real server process (one per
 * setting) on a fresh SQLite file and a fresh Postgres database, in these settings:
 *
 *   (a) TOOLGRAPH_AUTH=off, the zero-setup default on loopback;
 *   (b) TOOLGRAPH_AUTH=on (with an HS256 secret), a read without a credential;
 *   (c) the same, with an API token made by the token command;
 *   (d) the same, with an HS256 JWT;
 *
 * and (a') a second process like (a): how far two identical settings differ is the noise floor.
 *
 * Each server is warmed up first; then the settings take turns, round after round (the order
 * rotating), so that a machine that gets busier or quieter meanwhile weighs on all of them alike;
 * each row is the median over the rounds. Besides requests per second and latency, it prints the
 * server process's CPU time per request (Linux /proc), which other work on the machine moves less.
 * Rate limits are off (TOOLGRAPH_RATE_LIMIT_READS=0): they would measure themselves, not this.
 *
 *   npx tsx scripts/load/auth-overhead.ts [seconds per round] [clients] [rounds]   (default 2 20 7)
 *
 * Numbers, not a test: run it on a quiet machine; it prints the load average it started with.
 */
import type { FormattedExecutionResult } from 'graphql';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { createScratchPostgres, createScratchSqlite, postgresServerUrl, type ScratchDatabase } from '../db/scratch-databases';
import { signJwt } from '../../test/support/jwt-issuer';
import { killServer, post, startServer, type RunningServer } from '../../test/support/server-process';
import { createToken } from '../../test/support/token-command';

const seconds = Number(process.argv[2] ?? 2);
const clients = Number(process.argv[3] ?? 20);
const rounds = Number(process.argv[4] ?? 7);

const TOOL = 'devops/probe';
const READ = JSON.stringify({ query: `{ tool(name: "${TOOL}") { name } }` });
const EXPECTED = JSON.stringify({ data: { tool: { name: TOOL } } });
const SECRET = randomBytes(32).toString('base64url');
const ISSUER = 'https://issuer.toolgraph.test';
const NO_RATE_LIMITS = { TOOLGRAPH_RATE_LIMIT_READS: '0', TOOLGRAPH_RATE_LIMIT_WRITES: '0' };

interface Setting {
  label: string;
  server: RunningServer;
  bearer?: string;
}

interface Round {
  perSecond: number;
  p50: number;
  p99: number;
  /** The server's CPU time (all its threads) per answered request, in µs. */
  cpuPerRequest: number;
  /** Answers other than the tool: a setting that refuses its credential would look fast. */
  errors: number;
  firstError?: string;
}

/**
 * node:http with a keep-alive agent rather than fetch: the client shares the machine's cores with
 * the server, and the lighter it is, the more of them the server gets.
 */
function read(agent: Agent, url: URL, bearer: string | undefined): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        agent,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(READ), ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(READ);
  });
}

/** CPU time the process has used so far, in ms: utime + stime of /proc/<pid>/stat, in ticks of 10 ms (CLK_TCK 100). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function load(setting: Setting, durationMs: number): Promise<Round> {
  const pid = setting.server.child.pid!;
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const url = new URL(setting.server.url);
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const cpuBefore = cpuMs(pid);
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const sent = performance.now();
        const { status, text } = await read(agent, url, setting.bearer);
        latencies.push(performance.now() - sent);
        if (status !== 200 || text !== EXPECTED) {
          errors += 1;
          firstError ??= `${status} ${text.slice(0, 200)}`;
        }
      }
    }),
  );
  const elapsed = performance.now() - started;
  const cpu = cpuMs(pid) - cpuBefore;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? Number.NaN;
  return { perSecond: (latencies.length / elapsed) * 1000, p50: at(0.5), p99: at(0.99), cpuPerRequest: (cpu * 1000) / latencies.length, errors, firstError };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * How long each server is loaded before it is measured: its CPU time per request falls to a third
 * over its first 6 to 8 seconds of load (V8 compiling the request path), then stays.
 */
const WARM_UP_MS = 8000;

async function measure(kind: string, database: ScratchDatabase): Promise<void> {
  const servers: RunningServer[] = [];
  try {
    // A process per setting, so that each is warmed and loaded alike; started one after the
    // other, since each migrates the database as it starts.
    const start = async (env: Record<string, string>) => {
      const server = await startServer(database.url, { ...env, ...NO_RATE_LIMITS });
      servers.push(server);
      return server;
    };
    const on = { TOOLGRAPH_AUTH: 'on', TOOLGRAPH_JWT_SECRET: SECRET, TOOLGRAPH_JWT_ISSUER: ISSUER };
    const off = await start({ TOOLGRAPH_AUTH: 'off' });
    const seeded = await post<FormattedExecutionResult<{ createTool: { __typename: string } | null }>>(
      off.url,
      `mutation { createTool(input: { name: "${TOOL}", description: "Answers the load.", source: BUILTIN }) { __typename } }`,
    );
    if (seeded?.data?.createTool?.__typename !== 'CreateToolSuccess') throw new Error(`could not seed ${TOOL}: ${JSON.stringify(seeded)}`);
    const token = await createToken(database.url, { name: 'load-reader', namespaces: 'devops', role: 'read' });
    const now = Math.floor(Date.now() / 1000);
    const jwt = await signJwt(
      { sub: 'load-reader', iss: ISSUER, iat: now, exp: now + 3600, toolgraph_role: 'read', toolgraph_namespaces: ['devops'] },
      { secret: SECRET },
    );
    const settings: Setting[] = [
      { label: '(a) access control off (default)', server: off },
      { label: "(a') off again: the noise floor", server: await start({ TOOLGRAPH_AUTH: 'off' }) },
      { label: '(b) on, anonymous read', server: await start(on) },
      { label: '(c) on, API token', server: await start(on), bearer: token },
      { label: '(d) on, HS256 JWT', server: await start(on), bearer: jwt },
    ];

    for (const setting of settings) {
      const warm = await load(setting, WARM_UP_MS);
      if (warm.errors > 0) throw new Error(`${setting.label} does not answer the tool: ${warm.firstError}`);
    }
    const results = new Map<Setting, Round[]>(settings.map((setting) => [setting, []]));
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < settings.length; i++) {
        const setting = settings[(i + round) % settings.length]!;
        results.get(setting)!.push(await load(setting, seconds * 1000));
      }
    }

    const medianOf = (setting: Setting, field: 'perSecond' | 'p50' | 'p99' | 'cpuPerRequest') => median(results.get(setting)!.map((r) => r[field]));
    const baseline = { setting: settings[0]!, perSecond: medianOf(settings[0]!, 'perSecond'), cpu: medianOf(settings[0]!, 'cpuPerRequest') };
    console.log(`\n${kind}: ${clients} clients, ${rounds} rounds of ${seconds} s per setting, medians over the rounds`);
    console.log(
      `  ${'setting'.padEnd(36)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'CPU µs/req'.padStart(11)}   ${'vs (a): req/s'.padStart(13)} ${'CPU µs/req'.padStart(11)}   errors`,
    );
    for (const setting of settings) {
      const perSecond = medianOf(setting, 'perSecond');
      const cpu = medianOf(setting, 'cpuPerRequest');
      const vsBaseline =
        setting === baseline.setting
          ? ['', '']
          : [`${((perSecond / baseline.perSecond - 1) * 100).toFixed(1)} %`, `${cpu >= baseline.cpu ? '+' : ''}${(cpu - baseline.cpu).toFixed(0)}`];
      const errors = results.get(setting)!.reduce((sum, r) => sum + r.errors, 0);
      const firstError = results.get(setting)!.find((r) => r.firstError)?.firstError;
      console.log(
        `  ${setting.label.padEnd(36)} ${perSecond.toFixed(0).padStart(7)} ${medianOf(setting, 'p50').toFixed(1).padStart(7)} ${medianOf(setting, 'p99').toFixed(1).padStart(7)} ${cpu.toFixed(0).padStart(11)}   ${vsBaseline[0]!.padStart(13)} ${vsBaseline[1]!.padStart(11)}   ${errors}${firstError ? ` (${firstError})` : ''}`,
      );
    }
  } finally {
    for (const server of servers) await killServer(server);
  }
}

async function main(): Promise<void> {
  console.log(
    `load average at start: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const sqlite = createScratchSqlite('toolgraph-auth-load');
  try {
    await measure('SQLite', sqlite);
  } finally {
    await sqlite.drop();
  }
  const postgres = await createScratchPostgres(postgresServerUrl(), 'toolgraph_auth_load');
  try {
    await measure('Postgres', postgres);
  } finally {
    await postgres.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
