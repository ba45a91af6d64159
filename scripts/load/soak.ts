/**
 * A soak (issue 27, point 5): the compiled server (`npm start`'s, rate limits off) on a scratch
 * database of each kind, seeded with 1,000 tools, then for `--minutes` (default 10) at once:
 * READERS clients reading as dashboards and agents do (a tool by name, a filtered page, a ranked
 * search, counts, namespaces, the change feed), WRITERS clients updating and creating tools with
 * Idempotency-Keys, an importer applying 100 tools every IMPORT_EVERY_MS, and SUBSCRIPTIONS open
 * `toolEvents` streams, some closed and opened again every minute. Printed per minute: requests,
 * errors, p50 and p99 latency, events received, and the server's RSS (the mean of a sample every
 * RSS_SAMPLE_MS: one sample lands anywhere on the garbage collector's saw); then the totals:
 * errors (must be 0), RSS in the first minute and in the last (growth must stay within 10 %), and
 * the p99s' spread. A minute of the same load before them warms the server up (its caches fill,
 * its heap grows to its working size) and is not counted. Exits 1 when a target is missed.
 * Numbers, not a test.
 *
 *   npx tsx scripts/load/soak.ts [--minutes 10] [--only sqlite|postgres]
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { subscribe, type SseSubscription } from '../../test/events/sse';
import { COMPILED_MAIN, killServer, startServer, type RunningServer } from '../../test/support/server-process';
import { createScratchPostgres, createScratchSqlite, postgresServerUrl, type ScratchDatabase } from '../db/scratch-databases';
import { memory } from './process-memory';

const { values: options } = parseArgs({ options: { minutes: { type: 'string', default: '10' }, only: { type: 'string' } } });
const MINUTES = Number(options.minutes);
const TOOLS = 1_000;
const READERS = 6;
const WRITERS = 2;
const SUBSCRIPTIONS = 20;
/** Subscriptions closed and opened again at every minute's turn. */
const CHURNED_SUBSCRIPTIONS = 5;
const IMPORT_EVERY_MS = 10_000;
const IMPORTED_TOOLS = 100;
const MB = 1024 * 1024;
const MAX_RSS_GROWTH = 0.1;
const RSS_SAMPLE_MS = 5_000;

const READS: [label: string, query: string, variables: (i: number) => object][] = [
  [
    'tool',
    'query ($name: String!) { tool(name: $name) { name description revision capability { readOnly } inputSchema } }',
    (i) => ({ name: nameOf(i % TOOLS) }),
  ],
  [
    'page',
    'query ($filter: ToolFilter) { tools(first: 50, filter: $filter) { totalCount edges { node { name source resourceSlots { name } } } } }',
    (i) => ({ filter: i % 2 === 0 ? { readOnly: true } : { namespace: 'soak' } }),
  ],
  [
    'search',
    'query ($query: String!) { searchTools(query: $query, first: 10) { score tool { name description } } }',
    (i) => ({ query: TASKS[i % TASKS.length] }),
  ],
  [
    'stats',
    '{ toolStats { total bySource { source count } capabilities { readOnly writes checkpointable idempotent unsafe humanApprovalRequired } } }',
    () => ({}),
  ],
  ['namespaces', '{ namespaces { name toolCount } }', () => ({})],
  ['changes', '{ changes(first: 100) { edges { node { kind name revision } } } }', () => ({})],
];
const TASKS = ['count the lines of a file', 'build a docker image', 'open a ticket for this bug', 'look up the weather', 'send an email to the team'];
const UPDATE = 'mutation ($name: String!, $input: ToolPatch!) { updateTool(name: $name, input: $input) { __typename } }';
const CREATE = 'mutation ($input: ToolInput!) { createTool(input: $input) { __typename } }';
const IMPORT = 'mutation ($config: String!) { importTools(config: $config) { __typename } }';
const EVENTS = 'subscription { toolEvents { kind name } }';

const nameOf = (i: number) => `soak/tool-${i}`;
const WORDS = ['counts', 'builds', 'files', 'tickets', 'weather', 'images', 'lines', 'mail', 'reports', 'queues'];
const configOf = (i: number, round: number) => ({
  name: nameOf(i),
  description: `A tool that ${WORDS[i % WORDS.length]} and ${WORDS[(i + round) % WORDS.length]} things, round ${round}.`,
  source: 'builtin',
  capability: { read_only: i % 3 === 0 },
  input_schema: { type: 'object', properties: { path: { type: 'string', description: 'Where to look.' } } },
});

interface Minute {
  latencies: number[];
  requests: number;
  errors: number;
  events: number;
  rss: number[];
}
/** An open `toolEvents` stream and its reader; `closed` once the soak closed it (the server must not). */
interface Stream {
  subscription: SseSubscription;
  drained: Promise<void>;
  closed: boolean;
}
const close = (stream: Stream) => {
  stream.closed = true;
  stream.subscription.close();
};

const freshMinute = (): Minute => ({ latencies: [], requests: 0, errors: 0, events: 0, rss: [] });
const meanRss = (minute: Minute) => minute.rss.reduce((sum, rss) => sum + rss, 0) / minute.rss.length;
const percentile = (values: number[], fraction: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * fraction))] ?? 0;

async function soak(kind: 'sqlite' | 'postgres'): Promise<boolean> {
  const database: ScratchDatabase =
    kind === 'sqlite' ? createScratchSqlite('toolgraph-soak') : await createScratchPostgres(postgresServerUrl(), 'toolgraph_soak');
  let server: RunningServer | undefined;
  const errorSamples: string[] = [];
  try {
    server = await startServer(database.url, { TOOLGRAPH_RATE_LIMIT_READS: '0', TOOLGRAPH_RATE_LIMIT_WRITES: '0', LOG_LEVEL: 'info' }, COMPILED_MAIN);
    const url = server.url;
    const pid = server.child.pid!;
    for (let start = 0; start < TOOLS; start += IMPORTED_TOOLS) {
      const config = JSON.stringify({ tools: Array.from({ length: IMPORTED_TOOLS }, (_, k) => configOf(start + k, 0)) });
      await send(url, IMPORT, { config });
    }
    const seededRss = memory(pid).rss;

    let minute = freshMinute();
    let warmUpErrors = 0;
    const minutes: Minute[] = [];
    let running = true;
    const record = (started: number, error: string | null) => {
      minute.requests++;
      minute.latencies.push(performance.now() - started);
      if (error !== null) {
        minute.errors++;
        if (errorSamples.length < 10) errorSamples.push(error);
      }
    };
    const timed = async (query: string, variables: object, key?: string) => {
      const started = performance.now();
      record(started, await send(url, query, variables, key));
    };

    const readers = Array.from({ length: READERS }, async (_, id) => {
      for (let i = id; running; i += READERS) {
        const [, query, variables] = READS[i % READS.length]!;
        await timed(query, variables(i));
      }
    });
    let created = 0;
    const writers = Array.from({ length: WRITERS }, async (_, id) => {
      for (let i = id; running; i += WRITERS) {
        if (i % 10 === 0)
          await timed(
            CREATE,
            { input: { name: `soak-new/w${id}-${created++}`, description: 'Made during the soak.', source: 'BUILTIN' } },
            `create-${id}-${i}`,
          );
        else await timed(UPDATE, { name: nameOf((i * 7) % TOOLS), input: { description: `Updated during the soak, step ${i}.` } }, `update-${id}-${i}`);
      }
    });
    const importer = (async () => {
      for (let round = 1; running; round++) {
        const first = (round * IMPORTED_TOOLS) % TOOLS;
        const config = JSON.stringify({ tools: Array.from({ length: IMPORTED_TOOLS }, (_, k) => configOf(first + k, round)) });
        await timed(IMPORT, { config }, `import-${round}`);
        await new Promise((resolve) => setTimeout(resolve, IMPORT_EVERY_MS));
      }
    })();
    const streams: Stream[] = [];
    const open = async () => {
      const subscription = await subscribe(fetch, url, EVENTS);
      if (subscription.status !== 200) record(performance.now(), `subscription refused with HTTP ${subscription.status}`);
      const stream: Stream = { subscription, drained: Promise.resolve(), closed: false };
      stream.drained = (async () => {
        while (running && !stream.closed) {
          const next = await subscription.next(5_000).catch((error: unknown) => (stream.closed ? 'complete' : String(error)));
          if (next === 'timeout') continue;
          if (next === 'complete') {
            if (!stream.closed && running) record(performance.now(), 'a subscription ended by the server');
            return;
          }
          if (typeof next === 'string' || next.errors) record(performance.now(), `subscription: ${JSON.stringify(next).slice(0, 200)}`);
          else minute.events++;
        }
      })();
      streams.push(stream);
    };
    for (let i = 0; i < SUBSCRIPTIONS; i++) await open();

    console.log(
      `${kind}: ${TOOLS} tools seeded (RSS ${(seededRss / MB).toFixed(0)} MB); ${MINUTES} min of ${READERS} readers, ${WRITERS} writers, an import of ${IMPORTED_TOOLS} every ${IMPORT_EVERY_MS / 1000} s, ${SUBSCRIPTIONS} subscriptions`,
    );
    console.log('minute  requests  errors  p50 ms  p99 ms  events  RSS MB');
    for (let m = 0; m <= MINUTES; m++) {
      for (let sampled = 0; sampled < 60_000; sampled += RSS_SAMPLE_MS) {
        await new Promise((resolve) => setTimeout(resolve, RSS_SAMPLE_MS));
        minute.rss.push(memory(pid).rss);
      }
      const done = minute;
      minute = freshMinute();
      if (m === 0) {
        warmUpErrors = done.errors;
        console.log(`warm-up ${String(done.requests).padStart(9)}  ${String(done.errors).padStart(6)}`);
        continue;
      }
      minutes.push(done);
      console.log(
        `${String(m).padStart(6)}  ${String(done.requests).padStart(8)}  ${String(done.errors).padStart(6)}  ${percentile(done.latencies, 0.5).toFixed(1).padStart(6)}  ${percentile(done.latencies, 0.99).toFixed(1).padStart(6)}  ${String(done.events).padStart(6)}  ${(meanRss(done) / MB).toFixed(0).padStart(6)}`,
      );
      // Streams come and go, as dashboards do.
      streams.splice(0, CHURNED_SUBSCRIPTIONS).forEach(close);
      for (let i = 0; i < CHURNED_SUBSCRIPTIONS; i++) await open();
    }
    running = false;
    streams.forEach(close);
    await Promise.all([...readers, ...writers, importer, ...streams.map((stream) => stream.drained)]);

    // With the errors of the warm-up, and of the requests in flight at the stop.
    const errors = [...minutes, minute].reduce((sum, m) => sum + m.errors, 0) + warmUpErrors;
    const first = meanRss(minutes[0]!);
    const last = meanRss(minutes.at(-1)!);
    const growth = (last - first) / first;
    const p99s = minutes.map((m) => percentile(m.latencies, 0.99));
    console.log(
      `${kind}: errors ${errors}; RSS ${(first / MB).toFixed(0)} MB in minute 1, ${(last / MB).toFixed(0)} MB in minute ${MINUTES} (${(growth * 100).toFixed(1)} %);` +
        ` p99 per minute ${Math.min(...p99s).toFixed(1)}–${Math.max(...p99s).toFixed(1)} ms (last minute / first: ${(p99s.at(-1)! / p99s[0]!).toFixed(2)}×)`,
    );
    for (const sample of errorSamples) console.log(`  error: ${sample}`);
    return errors === 0 && growth <= MAX_RSS_GROWTH;
  } finally {
    await killServer(server);
    await database.drop();
  }
}

/** One operation over HTTP; null when it was answered without errors, else what went wrong. */
async function send(url: string, query: string, variables: object, key?: string): Promise<string | null> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    const text = await response.text();
    const body = JSON.parse(text) as { data?: Record<string, { __typename?: string } | null>; errors?: unknown[] };
    if (response.status !== 200 || body.errors) return `HTTP ${response.status}: ${text.slice(0, 200)}`;
    const refused = Object.values(body.data ?? {}).find((field) => field?.__typename !== undefined && !field.__typename.endsWith('Success'));
    return refused ? `${refused.__typename}: ${text.slice(0, 200)}` : null;
  } catch (error) {
    return `no answer: ${String(error)}`;
  }
}

async function main(): Promise<void> {
  if (!(MINUTES > 0)) throw new Error('--minutes must be a positive number');
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: join(__dirname, '..', '..'), stdio: 'inherit' });
  let passed = true;
  for (const kind of ['sqlite', 'postgres'] as const) {
    if (options.only && options.only !== kind) continue;
    passed = (await soak(kind)) && passed;
  }
  process.exitCode = passed ? 0 : 1;
}

void main().then(
  () => process.exit(),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
