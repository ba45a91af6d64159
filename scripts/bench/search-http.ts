/**
 * `npm run bench:search-http [-- --only sqlite|postgres] [-- --sizes 1000,100000]`: `searchTools`
 * as agents use it, over HTTP: the compiled server (`npm start`'s) with no response cache and no
 * rate limits, on a scratch database of each kind holding the retrieval benchmark's tools
 * (retrieval-set.ts) among generated ones (generated-tools.ts), seeded through `importTools`.
 * autocannon keeps CONNECTIONS connections busy for SECONDS, every request a different task of
 * the benchmark's queries (so nothing is answered from memory of the last one), half of them with
 * a filter, first as fast as the server answers, then at a steady STEADY_RATE; printed: requests
 * per second, p50 and p99 latency of both, how long the index took to build
 * at start-up, and the server's RSS idle and after the load. Last, the same two loads on bare
 * graphql-yoga's `{ hello }`, the floor of a yoga server's latency on this machine. Numbers, not a test.
 */
import autocannon from 'autocannon';
import { Agent, request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { execFileSync } from 'node:child_process';
import type { FormattedExecutionResult } from 'graphql';
import type { SearchableTool } from '../../src/domain/search/document';
import { COMPILED_MAIN, killServer, logLines, post, startServer } from '../../test/support/server-process';
import { createScratchPostgres, createScratchSqlite, postgresServerUrl, type ScratchDatabase } from '../db/scratch-databases';
import { memory } from '../load/process-memory';
import { generatedTools, registryNameOf } from './generated-tools';
import { readRetrievalSet } from './retrieval-set';

const { values: options } = parseArgs({ options: { only: { type: 'string' }, sizes: { type: 'string', default: '1000,100000' } } });
const SIZES = options.sizes.split(',').map(Number);
const CONNECTIONS = 20;
const SECONDS = 10;
/** A steady load: an agent platform searching 200 times a second (17 million searches a day). */
const STEADY_RATE = 200;
const BATCH = 1_000;
const SEED = 23;
const MB = 1024 * 1024;

const IMPORT =
  'mutation ($config: String!) { importTools(config: $config) { __typename ... on ImportValidationError { invalidTools { index issues { path code message } } } } }';
const SEARCH =
  'query ($query: String!, $filter: ToolFilter) { searchTools(query: $query, first: 10, filter: $filter) { score tool { name description inputSchema } } }';
/** Filters an agent sends: read-only tools only, one source. */
const FILTERS = [undefined, { readOnly: false }, undefined, { source: 'BUILTIN' }];

const { tools: benchmarkTools, queries } = readRetrievalSet();

/** A tool as a config file of `importTools` holds it (the model's snake_case keys), in the registry's spelling. */
function configOf(tool: SearchableTool): object {
  return {
    name: registryNameOf(tool.name),
    description: tool.description,
    ...(tool.inputSchema ? { input_schema: tool.inputSchema } : {}),
    ...(tool.mcpServer ? { source: 'mcp', mcp_server: tool.mcpServer, mcp_tool_name: tool.mcpToolName } : { source: 'builtin' }),
  };
}

/** The benchmark's tools among generated ones, `size` in all, no two of one registry name. */
function toolsOfSize(size: number): SearchableTool[] {
  const names = new Set<string>();
  const crowd = generatedTools(Math.ceil(size * 1.2), SEED);
  return [...benchmarkTools, ...crowd]
    .filter((tool) => {
      const name = registryNameOf(tool.name);
      return !names.has(name) && names.add(name);
    })
    .slice(0, size);
}

async function seed(url: string, tools: SearchableTool[]): Promise<number> {
  const started = performance.now();
  for (let start = 0; start < tools.length; start += BATCH) {
    const config = JSON.stringify({ tools: tools.slice(start, start + BATCH).map(configOf) });
    const answer = await post<FormattedExecutionResult<{ importTools: { __typename: string } }>>(url, IMPORT, { config });
    if (answer.data?.importTools.__typename !== 'ImportToolsSuccess') throw new Error(`seeding failed at ${start}: ${JSON.stringify(answer).slice(0, 400)}`);
  }
  return (performance.now() - started) / 1000;
}

/** The body of the `i`th search: a different task each time, half of them filtered. */
const searchBody = (i: number) =>
  JSON.stringify({ query: SEARCH, variables: { query: queries[i % queries.length]!.query, filter: FILTERS[i % FILTERS.length] } });

/** The value at `fraction` of sorted `values`. */
const percentile = (values: readonly number[], fraction: number) => values[Math.min(values.length - 1, Math.floor(values.length * fraction))]!;

/**
 * Requests sent at a steady `rate` per second over at most CONNECTIONS kept-alive connections,
 * each on its schedule whether or not earlier answers came: a latency runs from when the request
 * was due, so a late answer also counts against the requests it held back. (autocannon's
 * `overallRate` sends each connection's share of a second at its start, a burst every second.)
 */
async function measureSteady(url: string, rate: number, bodyOf = searchBody): Promise<{ p50: number; p99: number; failures: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const target = new URL(url);
  const latencies: number[] = [];
  let failures = 0;
  const send = (i: number, due: number) =>
    new Promise<void>((resolve) => {
      const body = bodyOf(i);
      const request = httpRequest(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            if (response.statusCode !== 200) failures++;
            latencies.push(performance.now() - due);
            resolve();
          });
        },
      );
      request.on('error', () => {
        failures++;
        resolve();
      });
      request.end(body);
    });
  const started = performance.now();
  const total = rate * SECONDS;
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total;) {
    const now = performance.now();
    for (; i < total && started + (i * 1000) / rate <= now; i++) pending.push(send(i, started + (i * 1000) / rate));
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { p50: Math.round(percentile(latencies, 0.5) * 10) / 10, p99: Math.round(percentile(latencies, 0.99) * 10) / 10, failures };
}

/** Each of CONNECTIONS connections sends its next request when its answer comes: as fast as the server answers. */
async function measure(url: string, bodyOf = searchBody): Promise<{ requestsPerSecond: number; p50: number; p99: number; failures: number }> {
  let next = 0;
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        setupRequest: (request) => ({ ...request, body: bodyOf(next++) }),
      },
    ],
  });
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failures: result.errors + result.non2xx };
}

async function run(kind: 'sqlite' | 'postgres', size: number): Promise<void> {
  const database: ScratchDatabase =
    kind === 'sqlite' ? createScratchSqlite('toolgraph-search') : await createScratchPostgres(postgresServerUrl(), 'toolgraph_search');
  const env = { RESPONSE_CACHE_TTL_SECONDS: '0', TOOLGRAPH_RATE_LIMIT_READS: '0', TOOLGRAPH_RATE_LIMIT_WRITES: '0', LOG_LEVEL: 'info' };
  try {
    const seeding = await startServer(database.url, env, COMPILED_MAIN);
    const tools = toolsOfSize(size);
    const seedSeconds = await seed(seeding.url, tools);
    await killServer(seeding);

    // A fresh process on the seeded database: the index is built at start-up, as after a deploy.
    const server = await startServer(database.url, env, COMPILED_MAIN);
    const idle = await waitForIndex(server);
    const check = await post<FormattedExecutionResult<{ searchTools: unknown[] }>>(server.url, SEARCH, { query: queries[0]!.query });
    if (!check.data?.searchTools.length) throw new Error(`searchTools answered ${JSON.stringify(check).slice(0, 400)}`);
    await measure(server.url); // warm-up
    const load = await measure(server.url);
    await measureSteady(server.url, STEADY_RATE); // warm-up: new connections, and the first requests of a steady pace
    const steady = await measureSteady(server.url, STEADY_RATE);
    const after = memory(server.child.pid!);
    console.log(
      `${kind.padEnd(8)} ${String(tools.length).padStart(7)} tools  seeded in ${seedSeconds.toFixed(1)} s, index built in ${idle.indexSeconds} s` +
        loadsText(load, steady) +
        `  |  RSS idle ${(idle.rss / MB).toFixed(0)} MB, after the load ${(after.rss / MB).toFixed(0)} MB`,
    );
    await killServer(server);
  } finally {
    await database.drop();
  }
}

/** Waits for the start-up log line of the index; its build time, and the server's RSS then. */
async function waitForIndex(server: Awaited<ReturnType<typeof startServer>>): Promise<{ indexSeconds: string; rss: number }> {
  for (;;) {
    const line = logLines(server.output()).find((entry) => String(entry.msg).includes('ranked search index built in'));
    if (line) return { indexSeconds: /in ([\d.]+) s/.exec(String(line.msg))![1]!, rss: memory(server.child.pid!).rss };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The figures of both loads, as one run's line prints them. */
function loadsText(load: Awaited<ReturnType<typeof measure>>, steady: Awaited<ReturnType<typeof measureSteady>>): string {
  return (
    `  |  as fast as answered: ${load.requestsPerSecond.toFixed(0)} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms, ${load.failures} failed` +
    `  |  at ${STEADY_RATE} req/s: p50 ${steady.p50} ms, p99 ${steady.p99} ms, ${steady.failures} failed`
  );
}

/**
 * The same two loads on bare graphql-yoga answering `{ hello }` (./bare-yoga.ts): the least any
 * yoga server's p99 can be here, whatever a query does.
 */
async function measureFloor(): Promise<void> {
  const hello = await startServer('', {}, join(__dirname, 'bare-yoga.ts'));
  try {
    const body = () => JSON.stringify({ query: '{ hello }' });
    await measure(hello.url, body); // warm-up
    const load = await measure(hello.url, body);
    await measureSteady(hello.url, STEADY_RATE, body);
    const steady = await measureSteady(hello.url, STEADY_RATE, body);
    console.log(`${'floor'.padEnd(8)} bare yoga { hello }${loadsText(load, steady)}`);
  } finally {
    await killServer(hello);
  }
}

async function main(): Promise<void> {
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: join(__dirname, '..', '..'), stdio: 'inherit' });
  console.log(`searchTools over HTTP: ${CONNECTIONS} connections, ${SECONDS} s, ${queries.length} different tasks, no response cache\n`);
  for (const kind of ['sqlite', 'postgres'] as const) {
    if (options.only && options.only !== kind) continue;
    for (const size of SIZES) await run(kind, size);
  }
  await measureFloor();
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
