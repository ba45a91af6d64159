/**
 * `npx tsx scripts/bench/observability-overhead.ts [-- --base <commit>] [-- --seconds 4] [-- --rounds 5]`:
 * what logs and metrics cost a request. The compiled server of this tree (a JSON log line per
 * request, written to a pipe that is drained, and /metrics on) against the compiled server of
 * `--base` (default: where this branch left main), both on one SQLite file of 1,000 tools, reading
 * `tool(name:)` with autocannon (20 connections), from the response cache and with it off
 * (RESPONSE_CACHE_TTL_SECONDS=0); and this tree without log lines and metrics (LOG_LEVEL=warn,
 * METRICS=off: the request ids and timing still run). The servers take turns, one loaded at a time, for `rounds`
 * rounds of `seconds`; figures are medians: requests/s, and the server's CPU time per request,
 * which other processes on the machine sway less. Numbers, not a test.
 */
import autocannon from 'autocannon';
import type { FormattedExecutionResult } from 'graphql';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createScratchSqlite } from '../db/scratch-databases';
import { freePort } from '../../test/events/redis-server';
import { post } from '../../test/support/server-process';
import { nameAt, seedBatch } from './seed';

const root = join(__dirname, '..', '..');
const { values: options } = parseArgs({
  options: { base: { type: 'string' }, seconds: { type: 'string', default: '4' }, rounds: { type: 'string', default: '5' } },
});
const SECONDS = Number(options.seconds);
const ROUNDS = Number(options.rounds);
const CONNECTIONS = 20;
const TOOLS = 1_000;

const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

/** The base commit's tree, compiled, in a temporary folder that uses this tree's node_modules. */
function buildBase(commit: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'toolgraph-base-'));
  execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C ${folder}`], { cwd: root });
  symlinkSync(join(root, 'node_modules'), join(folder, 'node_modules'));
  // The generated Prisma clients are not committed (npm install makes them); both trees share one schema.
  cpSync(join(root, 'src', 'store', 'generated'), join(folder, 'src', 'store', 'generated'), { recursive: true });
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: folder, stdio: 'inherit' });
  return folder;
}

interface Target {
  label: string;
  child: ChildProcess;
  url: string;
}

/**
 * Starts a compiled server on a free port and waits until /ready says it serves (its "listening"
 * line is not printed at LOG_LEVEL=warn); its output is drained and dropped, as a log shipper would.
 */
async function start(label: string, tree: string, databaseUrl: string, env: Record<string, string>): Promise<Target> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(tree, 'dist', 'src', 'server', 'main.js')], {
    cwd: tree,
    env: { ...process.env, DATABASE_URL: databaseUrl, HOST: '127.0.0.1', PORT: String(port), TOOLGRAPH_RATE_LIMIT_READS: '0', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout.resume();
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`${label} exited with ${code}`))));
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    const ready = await Promise.race([
      fetch(`http://127.0.0.1:${port}/ready`).then(
        (response) => response.ok,
        () => false,
      ),
      exited,
    ]);
    if (ready) return { label, child, url: `http://127.0.0.1:${port}/graphql` };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`${label} did not become ready`);
}

/** CPU time (user + system, all threads) the process has used so far, in microseconds, from /proc. */
function cpuMicroseconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime
  return (ticks * 1_000_000) / CLOCK_TICKS_PER_SECOND;
}
const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

interface Measurement {
  requestsPerSecond: number;
  /** The server's CPU time per request: what the load costs it, less swayed by other processes than requests/s. */
  cpuMicrosecondsPerRequest: number;
}

async function measure(target: Target, body: string, seconds: number): Promise<Measurement> {
  const cpuBefore = cpuMicroseconds(target.child.pid!);
  const result = await autocannon({
    url: target.url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    connections: CONNECTIONS,
    duration: seconds,
  });
  const cpu = cpuMicroseconds(target.child.pid!) - cpuBefore;
  if (result.errors + result.non2xx > 0) throw new Error(`${target.label}: ${result.errors} errors, ${result.non2xx} non-2xx answers`);
  return { requestsPerSecond: result.requests.average, cpuMicrosecondsPerRequest: cpu / result.requests.total };
}

/** The servers of this tree: as configured by default (a log line per request, metrics on), and without one or both. */
const HEAD_VARIANTS: Record<string, Record<string, string>> = {
  'head (logs + metrics)': {},
  'head (LOG_LEVEL=warn, METRICS=off)': { LOG_LEVEL: 'warn', METRICS: 'off' },
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const base = options.base ?? git('merge-base', 'HEAD', 'main');
  console.log(`head ${git('rev-parse', '--short', 'HEAD')} against base ${git('rev-parse', '--short', base)}; building both`);
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  const baseTree = buildBase(base);
  const database = createScratchSqlite('toolgraph-overhead');
  const targets: Target[] = [];
  try {
    const seeding = await start('seeding', root, database.url, {});
    for (let from = 0; from < TOOLS; from += 1000)
      await post(seeding.url, 'mutation ($c: String!) { importTools(config: $c) { __typename } }', { c: seedBatch(from, 1000) });
    seeding.child.kill('SIGTERM');
    await new Promise((resolve) => seeding.child.once('exit', resolve));

    for (const [cache, env] of [
      ['cached', {}],
      ['uncached', { RESPONSE_CACHE_TTL_SECONDS: '0' }],
    ] as const) {
      targets.push(await start(`base · ${cache}`, baseTree, database.url, env));
      for (const [variant, settings] of Object.entries(HEAD_VARIANTS))
        targets.push(await start(`${variant} · ${cache}`, root, database.url, { ...env, ...settings }));
    }
    const request = {
      query: 'query ToolByName($name: String!) { tool(name: $name) { name description source toolType timeout capability { readOnly writes } } }',
      variables: { name: nameAt(TOOLS / 2) },
    };
    const body = JSON.stringify(request);
    for (const target of targets) {
      const answer = await post<FormattedExecutionResult<{ tool: object | null }>>(target.url, request.query, request.variables);
      if (!answer.data?.tool) throw new Error(`${target.label}: ${JSON.stringify(answer)}`);
      await measure(target, body, 1); // warm-up
    }
    const figures = new Map<string, Measurement[]>(targets.map((target) => [target.label, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const target of targets) figures.get(target.label)!.push(await measure(target, body, SECONDS));
    }
    console.log(`\ntool(name:) on SQLite, ${TOOLS} tools, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s; medians`);
    console.log(`  ${'server'.padEnd(44)} ${'req/s by round'.padEnd(36)} req/s   vs base   server CPU µs/request   vs base`);
    for (const cache of ['cached', 'uncached']) {
      const base = figures.get(`base · ${cache}`)!;
      const [baseRate, baseCpu] = [median(base.map((m) => m.requestsPerSecond)), median(base.map((m) => m.cpuMicrosecondsPerRequest))];
      for (const [label, measurements] of figures) {
        if (!label.endsWith(` · ${cache}`)) continue;
        const rate = median(measurements.map((m) => m.requestsPerSecond));
        const cpu = median(measurements.map((m) => m.cpuMicrosecondsPerRequest));
        const change = (value: number, reference: number) => `${value >= reference ? '+' : ''}${(((value - reference) / reference) * 100).toFixed(1)} %`;
        console.log(
          `  ${label.padEnd(44)} ${measurements
            .map((m) => m.requestsPerSecond.toFixed(0).padStart(6))
            .join(' ')
            .padEnd(
              36,
            )} ${rate.toFixed(0).padStart(5)}  ${change(rate, baseRate).padStart(8)}   ${cpu.toFixed(0).padStart(21)}  ${change(cpu, baseCpu).padStart(8)}`,
        );
      }
    }
  } finally {
    for (const target of targets) target.child.kill('SIGKILL');
    await database.drop();
    rmSync(baseTree, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
