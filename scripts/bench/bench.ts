/**
 * `npm run bench [-- --short] [-- --only sqlite|postgres]`: what dashboards and agents get from
 * toolgraph at 1,000 and at 100,000 tools, beside bare graphql-yoga (`{ hello }`, the ceiling of a
 * yoga server on this machine) and, on Postgres, PostGraphile v5 over the same rows, each used as
 * its users use it.
 *
 * Per database: a scratch database, the real server process, seeded through `importTools` with
 * tools as large as real MCP servers' (every source, validations, slots, described input schemas,
 * side effects) in batches of 1,000; the 10,000 tools after the first 1,000 are timed as "import
 * 10,000". The reads start right after the import, as for a user who has just loaded the registry
 * (no statistics gathered by hand: the server sees to them). Each query then runs over HTTP with
 * autocannon (keep-alive, CONNECTIONS clients) for ROUND_SECONDS, the targets and queries taking
 * turns, for ROUNDS rounds; each figure is the median over the rounds. A single tool is a
 * different one each request, spread over the whole registry, and a ranked search a different
 * task; PostGraphile reads through its idiomatic `toolByName` (a smart tag declares the unique
 * name that Prisma keeps as an index) and `allTools(first: 50, orderBy: NAME_ASC)`. Server and
 * load share the machine, so compare figures of one run, not of two. "toolgraph" is the server as
 * `npm start` runs it (the compiled build, which the bench brings up to date first), so a repeated
 * query is answered by its response cache; "toolgraph, no cache" (RESPONSE_CACHE_TTL_SECONDS=0)
 * computes every answer (a repeated substring search from the matches its instance keeps until a
 * write, so that search is also timed in process, the first after a change and the next). RSS is
 * the default server's, the one that imported: its peak during the import, after it, and after
 * serving the read load.
 *
 * `--short` (a minute or two per database): 1,000 and 11,000 tools, one round of 2 s.
 * `--query <text>`: only the queries whose label holds the text (`--query searchTools`), to
 * measure one change without the whole run.
 * Numbers, not a test.
 */
import autocannon from 'autocannon';
import type { FormattedExecutionResult } from 'graphql';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createScratchPostgres, createScratchSqlite, postgresServerUrl, type ScratchDatabase } from '../db/scratch-databases';
import { COMPILED_MAIN, killServer, post, startServer, type RunningServer } from '../../test/support/server-process';
import { memory, resetPeak } from '../load/process-memory';
import { toolQuery } from '../../src/domain/filter';
import { createToolStore } from '../../src/store';
import { seedBatch, SEARCH_WORD, TASK_WORDS, namespaceOf, nameAt } from './seed';

const { values: options } = parseArgs({ options: { short: { type: 'boolean', default: false }, only: { type: 'string' }, query: { type: 'string' } } });
const SIZES = options.short ? [1_000, 11_000] : [1_000, 100_000];
const ROUND_SECONDS = options.short ? 2 : 3;
const ROUNDS = options.short ? 1 : 3;
const CONNECTIONS = 20;
const BATCH = 1_000;
const MB = 1024 * 1024;

const TOOL_FIELDS = `name description source toolType timeout
  capability { readOnly writes writeScope checkpointable idempotent unsafe humanApprovalRequired sideEffects }
  resourceSlots { name resourceType access required }
  implementation { __typename ... on McpImplementation { server toolName } ... on CustomImplementation { code } ... on AgentSkillImplementation { path } }`;
/** PostGraphile's names for the same columns (its schema is the table's). */
const ROW_FIELDS = `name description source toolType timeout readOnly writes writeScope checkpointable idempotent unsafe
  humanApprovalRequired sideEffects resourceSlots mcpServer mcpToolName code agentSkillPath`;

/** The body of request `n`: a query that users vary gives each request its own. */
type Bodies = (n: number) => string;

interface Query {
  label: string;
  /** The request bodies for a registry of `size` tools; the deep page needs a cursor the server issued. */
  bodies: (size: number, url: string) => Promise<Bodies>;
}

const text = (query: string, variables?: object) => JSON.stringify({ query, variables });
const fixed = (query: string, variables?: object) => async () => () => text(query, variables);
/**
 * Request `n` reads the tool at position `n * STRIDE` modulo the size: a stride prime to both sizes
 * walks the whole registry before a name comes back, neighbours far apart.
 */
const STRIDE = 7_919;
const spreadNames = (query: string) => async (size: number) => (n: number) => text(query, { name: nameAt((n * STRIDE) % size) });
/** Task texts an agent might send, from the words the seeded descriptions use: a different one each request. */
const task = (n: number) => [0, 1, 2].map((k) => TASK_WORDS[(n * (k + 3) + k * 5) % TASK_WORDS.length]).join(' ');

const ALL_FLAGS = 'capabilities { readOnly writes checkpointable idempotent unsafe humanApprovalRequired }';

const TOOLGRAPH_QUERIES: Query[] = [
  { label: 'tool(name:), a different tool each request', bodies: spreadNames(`query ($name: String!) { tool(name: $name) { ${TOOL_FIELDS} } }`) },
  { label: 'tools(first: 50)', bodies: fixed(`{ tools(first: 50) { edges { node { ${TOOL_FIELDS} } } } }`) },
  {
    label: 'toolStats, every flag',
    bodies: fixed(`{ toolStats { total byNamespace { name toolCount } bySource { source count } byToolType { toolType count } ${ALL_FLAGS} } }`),
  },
  {
    label: 'toolStats(filter: source), every flag',
    bodies: fixed(`{ toolStats(filter: { source: MCP }) { total byNamespace { name toolCount } ${ALL_FLAGS} } }`),
  },
  { label: 'namespaces', bodies: fixed('{ namespaces { name toolCount } }') },
  {
    label: `search "${SEARCH_WORD}" + totalCount`,
    bodies: fixed(`{ tools(filter: { search: "${SEARCH_WORD}" }, first: 20) { totalCount edges { node { name description } } } }`),
  },
  {
    label: 'searchTools, a different task each request',
    bodies: async () => (n) =>
      text('query ($query: String!) { searchTools(query: $query, first: 10) { score tool { name description inputSchema } } }', { query: task(n) }),
  },
  {
    // 7 tools at 1k (a namespace holds 20, a third of them read-only), a full page of 50 at 100k.
    label: 'filtered page (namespace, readOnly)',
    bodies: fixed(`{ tools(filter: { namespace: "${namespaceOf(7)}", readOnly: true }, first: 50) { totalCount edges { node { ${TOOL_FIELDS} } } } }`),
  },
  {
    // A full page of 50 at every size (1 tool in 12 matches), so its p99 ratio is the registry's size alone.
    label: 'filtered full page (source, readOnly)',
    bodies: fixed(`{ tools(filter: { source: MCP, readOnly: true }, first: 50) { totalCount edges { node { ${TOOL_FIELDS} } } } }`),
  },
  {
    label: 'deep keyset page (90 %)',
    bodies: async (size, url) => {
      // The cursor of the tool at 90 % of the name order, as the server issues it.
      const answer = await post<FormattedExecutionResult<{ tools: { pageInfo: { endCursor: string | null } } }>>(
        url,
        'query ($name: String!) { tools(filter: { search: $name }, first: 1) { pageInfo { endCursor } } }',
        { name: nameAt(Math.floor(size * 0.9)) },
      );
      const after = answer.data!.tools.pageInfo.endCursor;
      return () => text(`query ($after: String) { tools(first: 50, after: $after) { edges { node { ${TOOL_FIELDS} } } } }`, { after });
    },
  },
];

const POSTGRAPHILE_QUERIES: Query[] = [
  { label: 'tool(name:), a different tool each request', bodies: spreadNames(`query ($name: String!) { toolByName(name: $name) { ${ROW_FIELDS} } }`) },
  { label: 'tools(first: 50)', bodies: fixed(`{ allTools(first: 50, orderBy: NAME_ASC) { nodes { ${ROW_FIELDS} } } }`) },
];

/** PostGraphile 5 needs Node 22 or later (it calls Promise.withResolvers); its binary from the npm registry (the `node` package). */
function node22(): string {
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  return execFileSync('npx', ['-y', '-p', 'node@22', 'node', '-e', 'process.stdout.write(process.execPath)'], { encoding: 'utf8' });
}

const HELLO: Query = { label: '{ hello }', bodies: fixed('{ hello }') };

/** The queries `--query` asks for; all of them without it. */
const chosen = (queries: Query[]) => queries.filter((query) => options.query === undefined || query.label.includes(options.query));

interface Target {
  label: string;
  server: RunningServer;
  queries: Query[];
}

interface Measurement {
  requestsPerSecond: number;
  p99: number;
  failures: number;
}

async function load(url: string, bodies: Bodies, seconds: number): Promise<Measurement> {
  let sent = 0;
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [{ setupRequest: (request) => ({ ...request, body: bodies(sent++) }) }],
    connections: CONNECTIONS,
    duration: seconds,
  });
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99, failures: result.errors + result.non2xx };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Checks a few answers first: a benchmark of error responses would measure nothing. */
async function checkedBodies(target: Target, query: Query, size: number): Promise<Bodies> {
  const bodies = await query.bodies(size, target.server.url);
  for (const n of [0, 1, 1_000]) {
    const response = await fetch(target.server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: bodies(n) });
    const answer = (await response.json()) as { errors?: unknown[]; data?: Record<string, unknown> };
    const empty = !answer.data || Object.values(answer.data).some((value) => value === null);
    if (!response.ok || answer.errors || empty) throw new Error(`${target.label} ${query.label}: ${JSON.stringify(answer).slice(0, 500)}`);
  }
  return bodies;
}

/** Every query of every target, ROUNDS interleaved rounds; rows keyed "target · query". */
async function measureAll(targets: Target[], size: number): Promise<Map<string, Measurement>> {
  const requests = new Map<string, { url: string; bodies: Bodies }>();
  for (const target of targets) {
    for (const query of target.queries)
      requests.set(`${target.label} · ${query.label}`, { url: target.server.url, bodies: await checkedBodies(target, query, size) });
  }
  for (const { url, bodies } of requests.values()) await load(url, bodies, 1); // warm-up
  const rounds = new Map<string, Measurement[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const [key, { url, bodies }] of requests) rounds.set(key, [...(rounds.get(key) ?? []), await load(url, bodies, ROUND_SECONDS)]);
  }
  const result = new Map<string, Measurement>();
  for (const [key, measurements] of rounds) {
    result.set(key, {
      requestsPerSecond: median(measurements.map((m) => m.requestsPerSecond)),
      p99: median(measurements.map((m) => m.p99)),
      failures: measurements.reduce((sum, m) => sum + m.failures, 0),
    });
  }
  return result;
}

const IMPORT =
  'mutation ($config: String!) { importTools(config: $config) { __typename ... on ImportToolsSuccess { created } ... on ImportValidationError { message invalidTools { index issues { path code message } } } } }';

async function seed(url: string, from: number, to: number): Promise<number> {
  const started = performance.now();
  for (let start = from; start < to; start += BATCH) {
    const answer = await post<FormattedExecutionResult<{ importTools: { __typename: string } | null }>>(url, IMPORT, {
      config: seedBatch(start, Math.min(BATCH, to - start)),
    });
    if (answer.data?.importTools?.__typename !== 'ImportToolsSuccess') throw new Error(`seeding failed at ${start}: ${JSON.stringify(answer).slice(0, 500)}`);
  }
  return (performance.now() - started) / 1000;
}

const pad = (value: string | number, width: number) => String(value).padStart(width);

/**
 * The search's page and total as the store answers them, in this process: the first search after a
 * change (its matches read, every time) and a search after it (from the matches kept); medians of
 * 300, in microseconds.
 */
async function searchInProcess(databaseUrl: string): Promise<{ afterChange: number; kept: number }> {
  const store = await createToolStore(databaseUrl);
  try {
    const request = { query: toolQuery({ search: SEARCH_WORD })!, first: 20, withTotal: true };
    let generation = 0;
    store.followChanges({ generation: () => generation });
    const medianMicros = async (beforeEach: () => void) => {
      const samples: number[] = [];
      for (let i = 0; i < 320; i++) {
        beforeEach();
        const started = performance.now();
        await store.listPage(request);
        if (i >= 20) samples.push((performance.now() - started) * 1000);
      }
      return median(samples);
    };
    return { afterChange: await medianMicros(() => (generation += 1)), kept: await medianMicros(() => undefined) };
  } finally {
    await store.close();
  }
}

type Figures = Map<number, Map<string, Measurement>>;

async function run(kind: 'sqlite' | 'postgres', database: ScratchDatabase): Promise<Figures> {
  const hello = await startServer('', {}, join(__dirname, 'bare-yoga.ts'));
  const toolgraph = await startServer(database.url, {}, COMPILED_MAIN);
  let uncached: RunningServer | undefined;
  let postgraphile: RunningServer | undefined;
  const sizes: Figures = new Map();
  const rssBySize = new Map<number, Record<string, number>>();
  const searches = new Map<number, { afterChange: number; kept: number }>();
  const pid = toolgraph.child.pid!;
  let importSeconds = 0;
  let importCount = 0;
  try {
    let seeded = 0;
    for (const size of SIZES) {
      const label = size.toLocaleString('en-US');
      const rss: Record<string, number> = {};
      rssBySize.set(size, rss);
      resetPeak(pid);
      if (seeded > 0) {
        // The first 10,000 tools past the smallest size are the timed import.
        const timedEnd = Math.min(size, seeded + 10_000);
        importSeconds = await seed(toolgraph.url, seeded, timedEnd);
        importCount = timedEnd - seeded;
        seeded = timedEnd;
      }
      await seed(toolgraph.url, seeded, size);
      seeded = size;
      rss[`peak importing to ${label} tools`] = memory(pid).peak;
      rss[`after the import`] = memory(pid).rss;
      resetPeak(pid);
      await killServer(uncached);
      uncached = await startServer(database.url, { RESPONSE_CACHE_TTL_SECONDS: '0' }, COMPILED_MAIN);
      if (kind === 'postgres') {
        await killServer(postgraphile);
        postgraphile = await startServer(database.url, {}, join(__dirname, 'postgraphile-server.mjs'), node22());
      }
      const targets: Target[] = [
        { label: 'toolgraph', server: toolgraph, queries: chosen(TOOLGRAPH_QUERIES) },
        { label: 'toolgraph, no cache', server: uncached, queries: chosen(TOOLGRAPH_QUERIES) },
        ...(postgraphile ? [{ label: 'postgraphile', server: postgraphile, queries: chosen(POSTGRAPHILE_QUERIES) }] : []),
        { label: 'bare yoga', server: hello, queries: [HELLO] },
      ];
      sizes.set(size, await measureAll(targets, size));
      searches.set(size, await searchInProcess(database.url));
      rss[`peak serving the reads`] = memory(pid).peak;
      rss[`after them`] = memory(pid).rss;
    }
  } finally {
    await Promise.all([killServer(hello), killServer(toolgraph), killServer(uncached), killServer(postgraphile)]);
    await database.drop();
  }

  const [small, large] = SIZES as [number, number];
  console.log(`\n${kind}: ${CONNECTIONS} connections, ${ROUNDS} round(s) of ${ROUND_SECONDS} s, medians`);
  console.log(
    `  ${'query'.padEnd(60)} ${pad(`req/s ${small / 1000}k`, 12)} ${pad(`p99 ms ${small / 1000}k`, 12)} ${pad(`req/s ${large / 1000}k`, 13)} ${pad(`p99 ms ${large / 1000}k`, 13)} ${pad('p99 ratio', 10)} failures`,
  );
  for (const key of sizes.get(small)!.keys()) {
    const a = sizes.get(small)!.get(key)!;
    const b = sizes.get(large)!.get(key)!;
    const ratio = b.p99 / Math.max(a.p99, 1);
    console.log(
      `  ${key.padEnd(60)} ${pad(Math.round(a.requestsPerSecond), 12)} ${pad(a.p99, 12)} ${pad(Math.round(b.requestsPerSecond), 13)} ${pad(b.p99, 13)} ${pad(ratio.toFixed(2), 10)} ${a.failures + b.failures}`,
    );
  }
  const micros = (size: number, key: 'afterChange' | 'kept') => `${Math.round(searches.get(size)![key])} µs`;
  console.log(
    `  search "${SEARCH_WORD}" + totalCount in process, ${small / 1000}k / ${large / 1000}k: first after a change ${micros(small, 'afterChange')} / ${micros(large, 'afterChange')}, ` +
      `matches kept ${micros(small, 'kept')} / ${micros(large, 'kept')}`,
  );
  console.log(`  import ${importCount.toLocaleString('en-US')} tools (batches of ${BATCH.toLocaleString('en-US')}): ${importSeconds.toFixed(1)} s`);
  for (const [size, figures] of rssBySize) {
    console.log(
      `  RSS of the server that imported, ${size.toLocaleString('en-US')} tools: ${Object.entries(figures)
        .map(([label, bytes]) => `${label} ${Math.round(bytes / MB)} MB`)
        .join('; ')}`,
    );
  }
  return sizes;
}

/** The issue's ratios: computed answers against PostGraphile's on Postgres, and SQLite's against Postgres's. */
function printRatios(figures: Map<string, Figures>): void {
  const sqlite = figures.get('sqlite');
  const postgres = figures.get('postgres');
  const rate = (of: Figures | undefined, size: number, key: string) => of?.get(size)?.get(key)?.requestsPerSecond;
  const ratio = (a?: number, b?: number) => (a && b ? `${(a / b).toFixed(2)}×` : 'n/a');
  console.log('\nratios of requests/s, computed answers (toolgraph, no cache)');
  for (const size of SIZES) {
    for (const query of chosen(POSTGRAPHILE_QUERIES).map((q) => q.label)) {
      const uncached = `toolgraph, no cache · ${query}`;
      console.log(
        `  ${size.toLocaleString('en-US').padStart(7)} tools · ${query.padEnd(44)} Postgres / PostGraphile ${ratio(rate(postgres, size, uncached), rate(postgres, size, `postgraphile · ${query}`)).padStart(6)}` +
          `   SQLite / Postgres ${ratio(rate(sqlite, size, uncached), rate(postgres, size, uncached)).padStart(6)}`,
      );
    }
  }
}

async function main(): Promise<void> {
  const kinds = options.only ? [options.only] : ['sqlite', 'postgres'];
  // What `npm start` runs: the compiled server.
  execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  const figures = new Map<string, Figures>();
  for (const kind of kinds) {
    if (kind === 'sqlite') figures.set(kind, await run('sqlite', createScratchSqlite('toolgraph-bench')));
    else if (kind === 'postgres') figures.set(kind, await run('postgres', await createScratchPostgres(postgresServerUrl(), 'toolgraph_bench')));
    else throw new Error(`--only sqlite or --only postgres, not ${kind}`);
  }
  printRatios(figures);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
