/**
 * `npx tsx scripts/bench/trusted-documents-cost.ts [--seconds 3] [--rounds 5]`: what enforcing
 * trusted documents costs a request (docs/dashboards.md, "Trusted documents"). One SQLite file with one tool;
 * `query Tool($name: String!) { tool(name: $name) { name description } }` read with autocannon
 * (20 connections) from server processes of this tree:
 *   - TOOLGRAPH_TRUSTED_DOCUMENTS_MODE=off, no manifest, the text POSTed (twice, two processes:
 *     how far two identical settings differ is the noise floor);
 *   - enforce, a manifest of 100 documents, the document POSTed by `documentId`; the same GET by
 *     id (its answer hashed into an ETag); and that GET with the ETag in If-None-Match (304).
 * Each with the response cache on (the default) and off (RESPONSE_CACHE_TTL_SECONDS=0). The targets
 * take turns, one loaded at a time, for `rounds` rounds of `seconds`, after a warm-up; figures are
 * medians: requests/s, and the server's CPU time per request (Linux /proc), which other processes
 * on the machine sway less. Numbers, not a test.
 */
import autocannon from 'autocannon';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { execFileSync } from 'node:child_process';
import { createScratchSqlite } from '../db/scratch-databases';
import { killServer, post, startServer, type RunningServer } from '../../test/support/server-process';

const { values: options } = parseArgs({ options: { seconds: { type: 'string', default: '3' }, rounds: { type: 'string', default: '5' } } });
const SECONDS = Number(options.seconds);
const ROUNDS = Number(options.rounds);
const CONNECTIONS = 20;
const WARM_UP_SECONDS = 6;

const TOOL = 'query Tool($name: String!) { tool(name: $name) { name description } }';
const VARIABLES = { name: 'devops/probe' };
const idOf = (body: string) => createHash('sha256').update(body).digest('hex');

/** The manifest: the read, and 99 other documents, as a dashboard's would list. */
function manifest(): string {
  const bodies = [TOOL, ...Array.from({ length: 99 }, (_, i) => `query Other${i}($name: String!) { tool(name: $name) { name revision } }`)];
  return JSON.stringify({
    format: 'apollo-persisted-query-manifest',
    version: 1,
    operations: bodies.map((body) => ({ id: idOf(body), name: /query (\w+)/.exec(body)![1], type: 'query', body })),
  });
}

interface Target {
  label: string;
  server: RunningServer;
  request: { method: 'GET' | 'POST'; path: string; body?: string; headers: Record<string, string> };
  /** The status every answer must have. */
  status: number;
}

function cpuMicroseconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / CLOCK_TICKS_PER_SECOND; // utime, stime
}
const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

interface Measurement {
  requestsPerSecond: number;
  cpuMicrosecondsPerRequest: number;
}

async function measure(target: Target, seconds: number): Promise<Measurement> {
  const pid = target.server.child.pid!;
  const cpuBefore = cpuMicroseconds(pid);
  const result = await autocannon({
    url: new URL(target.request.path, target.server.url).toString(),
    method: target.request.method,
    headers: target.request.headers,
    body: target.request.body,
    connections: CONNECTIONS,
    duration: seconds,
  });
  const cpu = cpuMicroseconds(pid) - cpuBefore;
  const wrongStatus = Object.entries(result.statusCodeStats ?? {}).reduce(
    (sum, [code, { count = 0 }]) => sum + (Number(code) === target.status ? 0 : count),
    0,
  );
  if (result.errors > 0 || wrongStatus > 0) throw new Error(`${target.label}: ${result.errors} errors, ${wrongStatus} answers other than ${target.status}`);
  return { requestsPerSecond: result.requests.average, cpuMicrosecondsPerRequest: cpu / result.requests.total };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const database = createScratchSqlite('toolgraph-trusted-cost');
  const folder = mkdtempSync(join(tmpdir(), 'toolgraph-trusted-cost-'));
  const manifestFile = join(folder, 'manifest.json');
  writeFileSync(manifestFile, manifest());
  const servers: RunningServer[] = [];
  const start = async (env: Record<string, string>) => {
    const server = await startServer(database.url, env);
    servers.push(server);
    return server;
  };
  try {
    const targets: Target[] = [];
    for (const [cache, env] of [
      ['cached', {}],
      ['uncached', { RESPONSE_CACHE_TTL_SECONDS: '0' }],
    ] as const) {
      const off = await start(env);
      if (cache === 'cached')
        await post(off.url, `mutation { createTool(input: { name: "devops/probe", description: "Answers the load.", source: BUILTIN }) { __typename } }`);
      const offAgain = await start(env);
      const enforce = await start({ ...env, TOOLGRAPH_TRUSTED_DOCUMENTS: manifestFile, TOOLGRAPH_TRUSTED_DOCUMENTS_MODE: 'enforce' });
      const json = { 'content-type': 'application/json' };
      const text = { method: 'POST', path: '/graphql', headers: json, body: JSON.stringify({ query: TOOL, variables: VARIABLES }) } as const;
      const byIdGet = `/graphql?${new URLSearchParams({ documentId: idOf(TOOL), variables: JSON.stringify(VARIABLES) })}`;
      const etag = (await fetch(new URL(byIdGet, enforce.url))).headers.get('etag');
      if (!etag) throw new Error('the GET by id has no ETag');
      targets.push(
        { label: `off, text · ${cache}`, server: off, request: text, status: 200 },
        { label: `off, text (again: noise) · ${cache}`, server: offAgain, request: text, status: 200 },
        {
          label: `enforce, POST documentId · ${cache}`,
          server: enforce,
          request: { method: 'POST', path: '/graphql', headers: json, body: JSON.stringify({ documentId: idOf(TOOL), variables: VARIABLES }) },
          status: 200,
        },
        { label: `enforce, GET documentId · ${cache}`, server: enforce, request: { method: 'GET', path: byIdGet, headers: {} }, status: 200 },
        {
          label: `enforce, GET + If-None-Match · ${cache}`,
          server: enforce,
          request: { method: 'GET', path: byIdGet, headers: { 'if-none-match': etag } },
          status: 304,
        },
      );
    }
    for (const target of targets) await measure(target, WARM_UP_SECONDS);
    const figures = new Map<Target, Measurement[]>(targets.map((target) => [target, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < targets.length; i++) {
        const target = targets[(i + round) % targets.length]!;
        figures.get(target)!.push(await measure(target, SECONDS));
      }
    }
    console.log(`\ntool(name:) on SQLite, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per target; medians`);
    console.log(`  ${'target'.padEnd(44)} ${'req/s'.padStart(7)} ${'vs off'.padStart(9)} ${'CPU µs/req'.padStart(11)} ${'vs off'.padStart(8)}`);
    for (const cache of ['cached', 'uncached']) {
      const [baseline] = targets.filter((target) => target.label === `off, text · ${cache}`);
      const rateOf = (target: Target) => median(figures.get(target)!.map((m) => m.requestsPerSecond));
      const cpuOf = (target: Target) => median(figures.get(target)!.map((m) => m.cpuMicrosecondsPerRequest));
      for (const target of targets.filter((one) => one.label.endsWith(` · ${cache}`))) {
        const [rate, cpu] = [rateOf(target), cpuOf(target)];
        const vs = (value: number, reference: number, unit: string) =>
          target === baseline
            ? ''
            : `${value >= reference ? '+' : ''}${unit === '%' ? `${(((value - reference) / reference) * 100).toFixed(1)} %` : (value - reference).toFixed(0)}`;
        console.log(
          `  ${target.label.padEnd(44)} ${rate.toFixed(0).padStart(7)} ${vs(rate, rateOf(baseline!), '%').padStart(9)} ${cpu.toFixed(0).padStart(11)} ${vs(cpu, cpuOf(baseline!), 'µs').padStart(8)}`,
        );
      }
    }
  } finally {
    for (const server of servers) await killServer(server);
    await database.drop();
    rmSync(folder, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
