/**
 * Measures what the hostile requests of issue 7 do to a real server: `src/server/main.ts` as its
 * own process on a fresh SQLite database (and a fresh Postgres one with `--postgres`), seeded with a
 * tool x/y wrapped by 10 validations. For each request, while another client polls
 * `{ tool(name: "x/y") { name } }` every 50 ms, it prints the HTTP status, the answer (its
 * `extensions.code`, or the result's type and first issue code), the time to answer, the worst
 * latency of the concurrent poll, and the server's memory: RSS after minus before, and the peak
 * (VmHWM, reset before each request through /proc/<pid>/clear_refs) minus RSS before.
 * Targets: the poll answers within 1 s and RSS grows by less than 256 MB, for each request.
 *
 *   npx tsx scripts/load/hostile-requests.ts [--postgres]
 *
 * Numbers, not a test: it fails only if the server cannot be started.
 */
import type { FormattedExecutionResult } from 'graphql';
import { createScratchPostgres, createScratchSqlite, postgresServerUrl, type ScratchDatabase } from '../db/scratch-databases';
import { killServer, post, startServer, type RunningServer } from '../../test/support/server-process';
import { memory, resetPeak } from './process-memory';

const POLL_EVERY_MS = 50;
/** How long the poll goes on after the hostile request has been answered, to catch a blocked loop's tail. */
const SETTLE_MS = 300;
const MB = 1_000_000;

const CREATE = 'mutation ($input: ToolInput!) { createTool(input: $input) { __typename ... on ToolValidationError { issues { path code } } } }';
const IMPORT =
  'mutation ($config: String!) { importTools(config: $config) { __typename ... on ImportValidationError { issues { path code } invalidTools { issues { path code } } } } }';

/** A GraphQL request body, as text: some are built by hand because JSON.stringify cannot nest 10,000 deep. */
const body = (query: string, variables?: object) => JSON.stringify({ query, variables });
const createBody = (input: object) => body(CREATE, { input });
const nested = (open: string, close: string, depth: number, inner: string) => `${open.repeat(depth)}${inner}${close.repeat(depth)}`;

interface Hostile {
  name: string;
  body: () => string;
}

const HOSTILE: Hostile[] = [
  { name: '12 levels of wrappedBy { wraps }', body: () => body(`{ tool(name: "x/y") { ${nested('wrappedBy { wraps { ', ' } }', 12, 'name')} } }`) },
  {
    name: '2,000 aliased tools(first: 100)',
    body: () => body(`{ ${Array.from({ length: 2000 }, (_, i) => `p${i}: tools(first: 100) { edges { node { name } } }`).join(' ')} }`),
  },
  { name: '10,000-deep selection', body: () => body(`{ tool(name: "x/y") { ${nested('wraps { ', ' }', 10_000, 'name')} } }`) },
  { name: '10,000-deep input literal', body: () => body(`{ tools(filter: { search: ${nested('[', ']', 10_000, '"x"')} }) { totalCount } }`) },
  {
    name: '5,000-fragment chain',
    body: () =>
      body(
        `{ ...F0 } ${Array.from({ length: 5000 }, (_, i) => `fragment F${i} on Query { ${i + 1 < 5000 ? `...F${i + 1}` : 'namespaces { name }'} }`).join(' ')}`,
      ),
  },
  {
    name: 'a query just under MAX_QUERY_COST',
    body: () => body('{ tools(first: 100) { edges { node { name wrappedBy { name wrappedBy { name } } } } } }'),
  },
  {
    name: '10 MB body (createTool code)',
    body: () => createBody({ name: 'hostile/ten-mb', description: 'Big.', source: 'CUSTOM', code: 'x'.repeat(10 * MB) }),
  },
  {
    name: '5.9 MB code, body under 6 MiB',
    body: () => createBody({ name: 'hostile/almost', description: 'Big.', source: 'CUSTOM', code: 'x'.repeat(5.9 * MB) }),
  },
  {
    name: 'createTool with 100,000 slots',
    body: () =>
      createBody({
        name: 'hostile/slots',
        description: 'Many slots.',
        source: 'BUILTIN',
        resourceSlots: Array.from({ length: 100_000 }, (_, i) => ({ name: `s${i}`, resourceType: 'f', access: 'READ_ONLY' })),
      }),
  },
  { name: '5 MB import of nested "- - - …"', body: () => body(IMPORT, { config: `${'- '.repeat(2.5 * MB)}x` }) },
  {
    name: '5 MB import, deep indentation',
    // Mappings nested one space deeper per line: about 3,150 levels in 5 MB.
    body: () => {
      let config = '';
      for (let depth = 0; config.length < 5 * MB; depth += 1) config += `${' '.repeat(depth)}k${depth}:\n`;
      return body(IMPORT, { config });
    },
  },
  {
    name: '10,000-deep JSON array in inputSchema',
    body: () =>
      `{"query":${JSON.stringify(CREATE)},"variables":{"input":{"name":"hostile/schema","description":"Deep.","source":"BUILTIN","inputSchema":{"type":"object","default":${nested('[', ']', 10_000, '')}}}}}`,
  },
];

/** Polls the read every POLL_EVERY_MS until stopped; the worst latency, counting one still unanswered. */
function poll(url: string) {
  const started = new Set<number>();
  let worst = 0;
  let failures = 0;
  let firstFailure = '';
  const timer = setInterval(() => {
    const at = performance.now();
    started.add(at);
    post<FormattedExecutionResult<{ tool: { name: string } | null }>>(url, '{ tool(name: "x/y") { name } }')
      .then((result) => {
        if (result.data?.tool?.name !== 'x/y') throw new Error(JSON.stringify(result).slice(0, 60));
      })
      .catch((error: unknown) => {
        failures += 1;
        firstFailure ||= error instanceof Error ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}` : String(error);
      })
      .finally(() => {
        started.delete(at);
        worst = Math.max(worst, performance.now() - at);
      });
  }, POLL_EVERY_MS);
  return {
    stop() {
      clearInterval(timer);
      const now = performance.now();
      for (const at of started) worst = Math.max(worst, now - at);
      return { worst, failures: failures ? `${failures} failed: ${firstFailure}` : '' };
    },
  };
}

interface Issue {
  path: string[];
  code: string;
}

/** What the hostile requests select of a result: its type and issues (CREATE, IMPORT), or something else. */
type HostileAnswer = FormattedExecutionResult<Record<string, { __typename?: string; issues?: Issue[]; invalidTools?: { issues?: Issue[] }[] } | null>>;

/** What came back: the error code, or the result's type with its first issue code. */
function answerOf(json: HostileAnswer | null): string {
  const code = json?.errors?.[0]?.extensions?.code;
  if (typeof code === 'string' && code) return code;
  if (json?.errors?.length) return `error: ${json.errors[0]!.message.slice(0, 40)}`;
  const result = json?.data && Object.values(json.data)[0];
  if (result && typeof result === 'object' && '__typename' in result) {
    const issue = result.issues?.[0] ?? result.invalidTools?.[0]?.issues?.[0];
    return issue ? `${result.__typename} ${issue.code} at ${issue.path.join('.')}` : String(result.__typename);
  }
  return json?.data ? 'data' : 'no answer';
}

async function measure(server: RunningServer, hostile: Hostile) {
  const pid = server.child.pid!;
  const text = hostile.body();
  const before = memory(pid);
  const peakReset = resetPeak(pid);
  const poller = poll(server.url);
  const started = performance.now();
  let status = 0;
  let answer: string;
  try {
    const response = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
    status = response.status;
    const raw = await response.text();
    try {
      answer = answerOf(JSON.parse(raw) as HostileAnswer | null);
    } catch {
      answer = `not JSON: ${raw.slice(0, 40)}`;
    }
  } catch (error) {
    answer = `request failed: ${String((error as Error).cause ?? error)}`;
  }
  const ms = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const { worst, failures } = poller.stop();
  const after = memory(pid);
  return {
    request: hostile.name,
    body: `${(Buffer.byteLength(text) / MB).toFixed(1)} MB`,
    status,
    answer,
    ms: Math.round(ms),
    pollWorstMs: `${Math.round(worst)}${failures ? ` (${failures})` : ''}`,
    rssGrowthMB: Math.round((after.rss - before.rss) / MB),
    peakGrowthMB: peakReset ? Math.round((after.peak - before.rss) / MB) : NaN,
  };
}

function printTable(title: string, rows: Record<string, unknown>[]) {
  const columns = Object.keys(rows[0]!);
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => String(row[column]).length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\n${title}\n`);
  console.log(line(columns));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(columns.map((column) => String(row[column]))));
}

async function run(kind: 'sqlite' | 'postgres') {
  const database: ScratchDatabase =
    kind === 'sqlite' ? createScratchSqlite('toolgraph-hostile') : await createScratchPostgres(postgresServerUrl(), 'toolgraph_hostile');
  let server: RunningServer | undefined;
  try {
    server = await startServer(database.url);
    const seed = async (input: object) => {
      const result = await post<HostileAnswer>(server!.url, CREATE, { input });
      if (result.data?.createTool?.__typename !== 'CreateToolSuccess') throw new Error(`seeding failed: ${JSON.stringify(result)}`);
    };
    await seed({ name: 'x/y', description: 'The wrapped one.', source: 'BUILTIN' });
    for (let i = 0; i < 10; i += 1) await seed({ name: `x/check-${i}`, description: 'A validation.', source: 'WRAPPED', toolType: 'VALIDATION', wraps: 'x/y' });
    const rows = [];
    for (const hostile of HOSTILE) rows.push(await measure(server, hostile));
    const start = memory(server.child.pid!);
    printTable(`${kind}: server RSS at the end ${Math.round(start.rss / MB)} MB; targets: poll < 1000 ms, growth < 256 MB`, rows);
    if (server.child.exitCode !== null) console.log(`the server exited (${server.child.exitCode}):\n${server.output()}`);
  } finally {
    await killServer(server);
    await database.drop();
  }
}

async function main() {
  await run('sqlite');
  if (process.argv.includes('--postgres')) await run('postgres');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
