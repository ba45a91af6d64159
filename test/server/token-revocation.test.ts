/**
 * API tokens on several instances (spec section 6, "API tokens"; issue 8, point 2): two real server
 * processes on one fresh Postgres database, tokens made and revoked by the token command in its own
 * process. A revoked token is refused by both instances within a second of the command returning
 * (the delay is measured and printed); the last use of tokens is written in batches, never per
 * request, and once more on shutdown, where `token list` shows it.
 */
import { Client } from 'pg';
import { graphqlAs } from '../support/credentials';
import { freshDatabase, testDatabases, type FreshDatabase } from '../support/databases';
import { killServer, startServer, type RunningServer } from '../support/server-process';
import { createToken, revokeToken, runTokenCommand } from '../support/token-command';

const CREATE = `mutation ($input: ToolInput!) { createTool(input: $input) { __typename ... on CreateToolSuccess { tool { createdBy } } } }`;
/** A write that writes nothing: ToolNotFound when the credential is accepted, UNAUTHENTICATED when not. */
const PROBE = `mutation { deleteTool(name: "rev/absent") { __typename } }`;
/** How often the servers write the last use of tokens (src/server/auth/tokens.ts, LAST_USE_FLUSH_MS). */
const LAST_USE_FLUSH_MS = 60_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Several instances share Postgres in production; without a Postgres server there is nothing to test
// here (testDatabases() says so, and fails under TOOLGRAPH_REQUIRE_POSTGRES=1).
const describeOnPostgres = testDatabases().includes('postgres') ? describe : describe.skip;

describeOnPostgres('an API token on two instances of one Postgres database', () => {
  let database: FreshDatabase;
  let sql: Client;
  let a: RunningServer | undefined;
  let b: RunningServer | undefined;
  let serversStarted: number;
  const tokens = { revoked: '', lasting: '' };

  /** UPDATE statements run on "ApiToken" so far, counted by a statement trigger this test installs. */
  const tokenUpdates = async () => Number((await sql.query('SELECT count(*) AS n FROM token_updates')).rows[0].n);

  beforeAll(async () => {
    database = await freshDatabase('postgres');
    sql = new Client({ connectionString: database.url });
    await sql.connect();
    await sql.query(`
      CREATE TABLE token_updates (at timestamptz NOT NULL DEFAULT now());
      CREATE FUNCTION count_token_update() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO token_updates DEFAULT VALUES; RETURN NULL; END $$;
      CREATE TRIGGER count_token_updates AFTER UPDATE ON "ApiToken" FOR EACH STATEMENT EXECUTE FUNCTION count_token_update();
    `);
    tokens.revoked = await createToken(database.url, { name: 'to-revoke', namespaces: 'rev', role: 'write' });
    tokens.lasting = await createToken(database.url, { name: 'lasting', namespaces: 'keep', role: 'write' });
    serversStarted = Date.now();
    [a, b] = await Promise.all([startServer(database.url, { TOOLGRAPH_AUTH: 'on' }), startServer(database.url, { TOOLGRAPH_AUTH: 'on' })]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([killServer(a), killServer(b)]);
    await sql?.end();
    await database?.drop();
  });

  it('is refused by both instances within 1 s of `token revoke` returning', async () => {
    for (const [server, name] of [
      [a!, 'rev/from-a'],
      [b!, 'rev/from-b'],
    ] as const) {
      expect((await graphqlAs(tokens.revoked, server.url, CREATE, { input: { name, description: 'Before the revocation.', source: 'BUILTIN' } })).body).toEqual(
        {
          data: { createTool: { __typename: 'CreateToolSuccess', tool: { createdBy: 'to-revoke' } } },
        },
      );
    }

    // Both instances are asked without pause, before, during and after the revocation, so each
    // keeps the token's lookup in its cache: the slowest case for a revocation to be seen.
    const answers = new Map<RunningServer, { sent: number; status: number }[]>([
      [a!, []],
      [b!, []],
    ]);
    let probing = true;
    const probe = async (server: RunningServer) => {
      while (probing) {
        const sent = performance.now();
        const { status, body } = await graphqlAs(tokens.revoked, server.url, PROBE);
        expect(status === 200 ? body.data.deleteTool.__typename : body.errors[0].extensions.code).toBe(status === 200 ? 'ToolNotFound' : 'UNAUTHENTICATED');
        answers.get(server)!.push({ sent, status });
        await pause(10);
      }
    };
    // When the revocation became visible to other connections: the instances cannot see it sooner.
    let deleted: number | undefined;
    const watch = async () => {
      while (deleted === undefined) {
        const { rows } = await sql.query(`SELECT 1 FROM "ApiToken" WHERE name = 'to-revoke'`);
        if (rows.length === 0) deleted = performance.now();
        else await pause(5);
      }
    };
    const probes = [probe(a!), probe(b!)];
    await pause(300);
    const started = performance.now();
    const watching = watch();
    await revokeToken(database.url, 'to-revoke');
    const returned = performance.now();
    await watching;
    await pause(1500);
    probing = false;
    await Promise.all(probes);

    const report: string[] = [];
    for (const [label, server] of [
      ['A', a!],
      ['B', b!],
    ] as const) {
      const log = answers.get(server)!;
      const firstRefused = log.find((answer) => answer.status === 401);
      const lastAccepted = log.filter((answer) => answer.status === 200).at(-1);
      // Accepted before the command started: the probe tells an accepted token from a refused one.
      expect(log.some((answer) => answer.status === 200 && answer.sent < started)).toBe(true);
      expect(firstRefused).toBeDefined();
      // Once refused, always refused: no instance goes back to an older answer.
      expect(log.filter((answer) => answer.sent >= firstRefused!.sent).every((answer) => answer.status === 401)).toBe(true);
      expect(firstRefused!.sent - returned).toBeLessThan(1000);
      expect(firstRefused!.sent - deleted!).toBeLessThan(1000);
      report.push(
        `instance ${label}: last accepted request sent ${(lastAccepted!.sent - deleted!).toFixed(0)} ms and first refused one ` +
          `${(firstRefused!.sent - deleted!).toFixed(0)} ms after the commit (${(firstRefused!.sent - returned).toFixed(0)} ms after the command returned)`,
      );
    }
    console.log(
      `revocation on two instances: the revoke command ran ${(returned - started).toFixed(0)} ms and committed ` +
        `${(returned - deleted!).toFixed(0)} ms before it returned; ${report.join('; ')}`,
    );
  }, 30_000);

  it('records the last use without a write per request, and writes it on shutdown for `token list`', async () => {
    const firstUse = Date.now();
    for (let i = 0; i < 50; i++) {
      for (const server of [a!, b!]) expect((await graphqlAs(tokens.lasting, server.url, PROBE)).status).toBe(200);
    }
    const lastUseOnA = Date.now();
    expect((await graphqlAs(tokens.lasting, b!.url, PROBE)).status).toBe(200);
    const lastUse = Date.now();

    // Hundreds of requests so far with two tokens; the only writes of their last use may be the
    // periodic ones, each instance writing at most one statement per token per period.
    const periods = Math.floor((Date.now() - serversStarted) / LAST_USE_FLUSH_MS);
    expect(await tokenUpdates()).toBeLessThanOrEqual(periods * 2 * 2);
    const beforeShutdown = await tokenUpdates();

    a!.child.kill('SIGTERM');
    expect(await a!.exit).toBe(0);
    expect(await tokenUpdates()).toBeGreaterThan(beforeShutdown);
    const afterA = lastUsed((await runTokenCommand(database.url, ['list'])).stdout, 'lasting');
    expect(afterA).toBeGreaterThanOrEqual(firstUse);
    expect(afterA).toBeLessThanOrEqual(lastUseOnA);

    b!.child.kill('SIGTERM');
    expect(await b!.exit).toBe(0);
    const afterB = lastUsed((await runTokenCommand(database.url, ['list'])).stdout, 'lasting');
    expect(afterB).toBeGreaterThan(lastUseOnA);
    expect(afterB).toBeLessThanOrEqual(lastUse);

    for (const server of [a!, b!]) {
      for (const token of Object.values(tokens)) expect(server.output()).not.toContain(token);
    }
  }, 60_000);
});

/** The last use `token list` shows for the token `name`, in ms since the epoch. */
function lastUsed(listing: string, name: string): number {
  const line = listing.split('\n').find((row) => row.startsWith(`${name}\t`));
  const at = line && /last used (\S+)/.exec(line)?.[1];
  if (!at) throw new Error(`token list shows no last use of "${name}":\n${listing}`);
  return Date.parse(at);
}
