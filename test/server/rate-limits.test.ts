/**
 * Rate limits (spec section 6) on the real server process over HTTP: each client (a credential, or
 * an address without one) has a budget of reads and one of writes per minute; past it an operation
 * is refused with RATE_LIMITED, HTTP 429 and a retry hint. With REDIS_URL the budgets are shared by
 * every instance; while Redis is away each instance keeps counting on its own.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import { privateRedis, type PrivateRedis } from '../events/redis-server';
import { freshDatabase, type FreshDatabase } from '../support/databases';
import { killServer, startServer, type RunningServer } from '../support/server-process';
import type { GraphQLAnswer } from '../support/write-clients';

const run = promisify(execFile);
const root = join(__dirname, '..', '..');

const READ = '{ namespaces { name } }';
const CREATE = 'mutation ($input: ToolInput!) { createTool(input: $input) { __typename } }';
const create = (name: string) => ({ input: { name, description: 'A tool.', source: 'BUILTIN' } });

async function makeToken(databaseUrl: string, name: string): Promise<string> {
  const { stdout } = await run('npm', ['run', '--silent', 'token', '--', 'create', '--name', name, '--namespaces', '*', '--role', 'write'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  return stdout.trim().split('\n').pop()!;
}

async function send(server: RunningServer, query: string, variables?: object, token?: string): Promise<GraphQLAnswer> {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const text = await response.text();
  return { status: response.status, retryAfter: response.headers.get('retry-after'), text, body: JSON.parse(text) };
}

const codeOf = (answer: GraphQLAnswer): string => answer.body.errors?.[0]?.extensions?.code ?? 'ok';

describe('rate limits', () => {
  let database: FreshDatabase;
  const servers: RunningServer[] = [];
  beforeAll(async () => {
    database = await freshDatabase('sqlite');
  });
  afterEach(async () => {
    await Promise.all(servers.splice(0).map(killServer));
  });
  afterAll(async () => database?.drop());

  const start = async (env: Record<string, string>) => {
    const server = await startServer(database.url, env);
    servers.push(server);
    return server;
  };

  it('gives reads and writes separate budgets, refuses past them with RATE_LIMITED, 429 and Retry-After', async () => {
    const server = await start({ TOOLGRAPH_RATE_LIMIT_READS: '5', TOOLGRAPH_RATE_LIMIT_WRITES: '3' });
    const writes = [];
    for (let i = 0; i < 4; i++) writes.push(await send(server, CREATE, create(`budget/t-${i}`)));
    expect(writes.map(codeOf)).toEqual(['ok', 'ok', 'ok', 'RATE_LIMITED']);
    const refused = writes[3]!;
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.retryAfter);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.body.errors[0].extensions.retryAfterSeconds).toBe(retryAfter);

    // The reads are a budget of their own, untouched by the writes above; the refused write wrote nothing.
    const { body } = await send(server, '{ tools(filter: { namespace: "budget" }) { totalCount } }');
    expect(body.data.tools.totalCount).toBe(3);
    const reads = [];
    for (let i = 0; i < 5; i++) reads.push(await send(server, READ));
    expect(reads.map(codeOf)).toEqual(['ok', 'ok', 'ok', 'ok', 'RATE_LIMITED']);
  });

  it('counts each credential apart; a write without a credential is refused before it counts', async () => {
    const first = await makeToken(database.url, `team-a-${randomBytes(3).toString('hex')}`);
    const second = await makeToken(database.url, `team-b-${randomBytes(3).toString('hex')}`);
    const server = await start({ TOOLGRAPH_AUTH: 'on', TOOLGRAPH_RATE_LIMIT_WRITES: '2' });
    const spend = async (token: string | undefined, count: number, prefix: string) => {
      const codes = [];
      for (let i = 0; i < count; i++) codes.push(codeOf(await send(server, CREATE, create(`${prefix}/t-${i}`), token)));
      return codes;
    };
    expect(await spend(first, 3, 'cred-a')).toEqual(['ok', 'ok', 'RATE_LIMITED']);
    expect(await spend(second, 3, 'cred-b')).toEqual(['ok', 'ok', 'RATE_LIMITED']);
    // Without a credential writes are refused for that first (access control is on), and not counted.
    expect(await spend(undefined, 1, 'cred-none')).toEqual(['UNAUTHENTICATED']);
  });

  describe('with Redis', () => {
    let redis: PrivateRedis | undefined;
    beforeEach(async () => {
      redis = await privateRedis();
    });
    afterEach(async () => redis?.stop());

    it('shares the budgets between instances', async () => {
      const env = { REDIS_URL: redis!.url, TOOLGRAPH_RATE_LIMIT_READS: '6' };
      const [a, b] = await Promise.all([start(env), start(env)]);
      const codes = [];
      for (let i = 0; i < 8; i++) codes.push(codeOf(await send(i % 2 === 0 ? a : b, READ)));
      expect(codes).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'RATE_LIMITED', 'RATE_LIMITED']);
    });

    it('keeps limiting while Redis is away, counting in memory, and answers no request with an error', async () => {
      const server = await start({ REDIS_URL: redis!.url, TOOLGRAPH_RATE_LIMIT_READS: '4' });
      await redis!.stop();
      const codes = [];
      for (let i = 0; i < 6; i++) codes.push(codeOf(await send(server, READ)));
      expect(codes).toEqual(['ok', 'ok', 'ok', 'ok', 'RATE_LIMITED', 'RATE_LIMITED']);
    });
  });
});
