/**
 * Outages are visible and survivable (issue 7, point 7), shown on the real server process over HTTP
 * with a PostgreSQL server the test runs itself and stops, crashes and restarts:
 * - while the database is down, `/ready` says so (503) and `/health` does not; operations answer
 *   SERVICE_UNAVAILABLE (HTTP 503, Retry-After), never INTERNAL_SERVER_ERROR, and say nothing of
 *   SQL, stacks or files; once the database is back the same process serves again;
 * - started while the database is down, the process waits, saying why, and serves once it can;
 * - a database restart or crash under concurrent writes loses no acknowledged write.
 */
import { spawn } from 'node:child_process';
import { createScratchPostgres, createScratchSqlite, type ScratchDatabase } from '../../scripts/db/scratch-databases';
import { freePort } from '../events/redis-server';
import { privatePostgresInstallation, startPrivatePostgres, type PrivatePostgres, type ShutdownMode } from '../support/private-postgres';
import { requestGraphQL, startWriters, storedToolNames, tallyWrites, type GraphQLAnswer, type WriteOutcome } from '../support/write-clients';
import { killServer, launch, startServer, type RunningServer, type ServerProcess } from '../support/server-process';
import { eventually } from '../support/eventually';

const installation = privatePostgresInstallation();

const QUERY = '{ tool(name: "outage/before") { name } }';
const CREATE = 'mutation ($input: ToolInput!) { createTool(input: $input) { __typename } }';
const builtin = (name: string) => ({ input: { name, description: 'A tool.', source: 'BUILTIN' } });

/** What must not reach a client: SQL, stack frames, file paths, what the driver or Prisma said. */
const LEAKS = /\b(SELECT|INSERT|UPDATE|FROM)\b|"Tool"|\bat .+:\d+:\d+|\/[\w.-]+\/[\w.-]+\.(ts|js|mjs)\b|node_modules|ECONN|127\.0\.0\.1|[Pp]ostgres|[Pp]risma/;

const outputMatching = (server: ServerProcess, pattern: RegExp, timeoutMs: number) =>
  eventually(
    () => `${pattern} in the server output:\n${server.output()}`,
    async () => pattern.exec(server.output()) ?? undefined,
    timeoutMs,
  );

/** A GET's status and body (`/health` answers an empty one, `/ready` a JSON report). */
async function get(url: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : text };
}

function expectServiceUnavailable(answer: GraphQLAnswer): void {
  expect(answer.status).toBe(503);
  expect(answer.retryAfter).toMatch(/^\d+$/);
  expect(answer.body.errors.map((error: any) => error.extensions?.code)).toEqual(['SERVICE_UNAVAILABLE']);
  expect(answer.text).not.toMatch(LEAKS);
}

/** The server's messages of waiting for its database: why, and how long until the next attempt (seconds). */
const waitingMessages = (server: ServerProcess) =>
  [...server.output().matchAll(/the database is not reachable \(([\s\S]*?)\); trying again in ([\d.]+) s/g)].map(([, reason, pause]) => ({ reason, pause }));

/** Launches the server on a port known in advance: while it waits for its database it announces none. */
async function launchWaiting(databaseUrl: string): Promise<{ server: ServerProcess; base: string }> {
  const port = await freePort();
  return { server: launch({ DATABASE_URL: databaseUrl, PORT: String(port) }), base: `http://127.0.0.1:${port}` };
}

/** Checks the state of a server that waits for its database: alive, not ready, GraphQL refused with a retry hint. */
async function expectWaiting(server: ServerProcess, base: string): Promise<void> {
  expect(await get(`${base}/health`)).toMatchObject({ status: 200 });
  expect(await get(`${base}/ready`)).toEqual({
    status: 503,
    body: { ready: false, database: 'starting', events: 'in-process', reason: 'waiting for the database' },
  });
  expectServiceUnavailable(await requestGraphQL(`${base}/graphql`, QUERY));
  expect(server.child.exitCode).toBeNull();
  expect(server.output()).not.toMatch(/listening on/);
}

describe('the server started while nothing answers at DATABASE_URL', () => {
  let server: ServerProcess | undefined;
  afterEach(async () => killServer(server));

  it('keeps running, says why it waits with growing pauses, answers /health, and 503 on /ready and /graphql', async () => {
    const port = await freePort();
    const waiting = await launchWaiting(`postgresql://postgres@127.0.0.1:${port}/toolgraph`);
    server = waiting.server;
    const messages = await eventually(
      () => `two waiting messages in the server output:\n${server!.output()}`,
      async () => {
        const found = waitingMessages(server!);
        return found.length >= 2 ? found : undefined;
      },
      15_000,
    );
    // It says which database it cannot reach, tried again after the first pause, and the pause grew.
    expect(messages.slice(0, 2)).toEqual([
      { reason: expect.stringContaining(`127.0.0.1:${port}`), pause: '0.5' },
      { reason: expect.stringContaining(`127.0.0.1:${port}`), pause: '1.0' },
    ]);
    await expectWaiting(server, waiting.base);
  });
});

describe('the server on a SQLite file another process is writing to', () => {
  let database: ScratchDatabase;
  let server: RunningServer | undefined;
  beforeAll(() => {
    database = createScratchSqlite('toolgraph-locked');
  });
  afterAll(async () => {
    await killServer(server);
    await database?.drop();
  });

  it('still reads while the other write lasts, answers its own writes SERVICE_UNAVAILABLE, and writes once it is done', async () => {
    server = await startServer(database.url);
    expect((await requestGraphQL(server.url, CREATE, builtin('outage/before'))).body.data.createTool.__typename).toBe('CreateToolSuccess');
    // Another process holds the write lock (RESERVED): readers share the file with it, writers wait.
    const holder = spawn(process.execPath, ['-e', LOCK_HOLDER, database.url.slice('file:'.length)], { stdio: ['pipe', 'pipe', 'inherit'] });
    try {
      await new Promise((resolve, reject) => {
        holder.stdout.once('data', resolve);
        holder.once('exit', (code) => reject(new Error(`the lock holder exited with ${code}`)));
      });
      expect((await requestGraphQL(server.url, QUERY)).body).toEqual({ data: { tool: { name: 'outage/before' } } });
      expectServiceUnavailable(await requestGraphQL(server.url, CREATE, builtin('outage/during')));
    } finally {
      holder.stdin.end();
      await new Promise((resolve) => holder.once('exit', resolve));
    }
    expect((await requestGraphQL(server.url, QUERY)).body).toEqual({ data: { tool: { name: 'outage/before' } } });
    expect((await requestGraphQL(server.url, CREATE, builtin('outage/after'))).body.data.createTool.__typename).toBe('CreateToolSuccess');
  }, 60_000);
});

/** A process in a write transaction on the SQLite file argv[1] until its stdin closes. */
const LOCK_HOLDER = `
  const database = new (require('better-sqlite3'))(process.argv[1], { timeout: 5000 });
  database.exec('BEGIN IMMEDIATE');
  process.stdout.write('locked');
  process.stdin.on('end', () => { database.exec('ROLLBACK'); database.close(); });
  process.stdin.resume();
`;

if (installation) {
  describe('the server on a private PostgreSQL server', () => {
    let postgres: PrivatePostgres;
    beforeAll(async () => {
      postgres = await startPrivatePostgres(installation);
    }, 60_000);
    afterAll(async () => postgres?.destroy());

    describe('started while PostgreSQL is stopped', () => {
      let database: ScratchDatabase;
      let server: ServerProcess | undefined;
      afterEach(async () => {
        await killServer(server);
        await postgres.startIfStopped();
        await database?.drop();
      });

      it('waits, saying why, then migrates the empty database and serves once PostgreSQL starts', async () => {
        database = await createScratchPostgres(postgres.url, 'toolgraph_startup');
        await postgres.stop('fast');
        const waiting = await launchWaiting(database.url);
        server = waiting.server;
        const [first] = await eventually(
          () => `a waiting message in the server output:\n${server!.output()}`,
          async () => {
            const found = waitingMessages(server!);
            return found.length > 0 ? found : undefined;
          },
          15_000,
        );
        expect(first!.reason).toContain(`127.0.0.1:${postgres.port}`);
        await expectWaiting(server, waiting.base);

        await postgres.start();
        const [, url] = await outputMatching(server, /toolgraph listening on (http:\/\/\S+\/graphql)/, 20_000);
        expect(url).toBe(`${waiting.base}/graphql`);
        expect((await requestGraphQL(url!, CREATE, builtin('startup/first'))).body).toEqual({ data: { createTool: { __typename: 'CreateToolSuccess' } } });
        expect(await get(`${waiting.base}/ready`)).toEqual({ status: 200, body: { ready: true, database: 'up', events: 'in-process' } });
      }, 45_000);
    });

    describe('when PostgreSQL goes away while it serves', () => {
      let server: RunningServer;
      let base: string;
      beforeAll(async () => {
        server = await startServer(postgres.url);
        base = new URL(server.url).origin;
      }, 30_000);
      afterAll(async () => killServer(server));
      afterEach(async () => {
        await postgres.startIfStopped();
        // One process all along: it never exited, and never started over.
        expect(server.child.exitCode).toBeNull();
        expect(server.child.signalCode).toBeNull();
        expect(server.output().match(/listening on/g)).toHaveLength(1);
      });

      it('says it is not ready, answers SERVICE_UNAVAILABLE without details, and serves again once PostgreSQL is back', async () => {
        expect((await requestGraphQL(server.url, CREATE, builtin('outage/before'))).body.data.createTool.__typename).toBe('CreateToolSuccess');
        await postgres.stop('fast');

        expect(await get(`${base}/ready`)).toEqual({ status: 503, body: { ready: false, database: 'down', events: 'in-process' } });
        expect(await get(`${base}/health`)).toMatchObject({ status: 200 });
        expectServiceUnavailable(await requestGraphQL(server.url, QUERY));
        expectServiceUnavailable(await requestGraphQL(server.url, CREATE, builtin('outage/during')));

        await postgres.start();
        await eventually(
          () => '/ready to answer 200',
          async () => ((await get(`${base}/ready`)).status === 200 ? true : undefined),
          10_000,
        );
        expect((await requestGraphQL(server.url, QUERY)).body).toEqual({ data: { tool: { name: 'outage/before' } } });
        expect((await requestGraphQL(server.url, CREATE, builtin('outage/after'))).body.data.createTool.__typename).toBe('CreateToolSuccess');
      }, 30_000);

      it.each<ShutdownMode>(['fast', 'immediate'])(
        'loses no acknowledged write when PostgreSQL restarts (pg_ctl restart -m %s) under 8 concurrent writers',
        async (mode) => {
          const namespace = `restart-${mode}`;
          const writers = startWriters(server.url, { clients: 8, namespace });
          const acknowledgedSince = (time: number) => writers.outcomes.filter((write) => write.outcome === 'acknowledged' && write.sentAt >= time).length;
          let outcomes: WriteOutcome[];
          try {
            await eventually(
              () => 'writes before the restart',
              async () => (acknowledgedSince(0) >= 20 ? true : undefined),
              10_000,
            );
            await postgres.restart(mode);
            const back = Date.now();
            await eventually(
              () => 'writes after the restart',
              async () => (acknowledgedSince(back) >= 20 ? true : undefined),
              15_000,
            );
          } finally {
            outcomes = await writers.stop();
          }

          const tally = tallyWrites(outcomes, await storedToolNames(postgres.url, namespace));
          expect(tally.other).toEqual([]);
          expect(tally.acknowledgedButMissing).toEqual([]);
          // The writers did meet the outage, and were told to retry each time.
          expect(tally.unavailable).toBeGreaterThan(0);
          const refusals = outcomes.filter((write) => write.outcome === 'unavailable');
          expect(refusals.filter((write) => write.status !== 503 || write.retryAfter === null)).toEqual([]);
        },
        40_000,
      );
    });
  });
}
