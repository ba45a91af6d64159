/**
 * Exactly once through real failures (issue 27, point 1): a real server process behind a TCP proxy
 * that cuts the connection as the answer of a keyed write starts to come back, after the write
 * committed. The client, told nothing, sends the write again with its key: every write is in the
 * registry once, as the change log and the histories count. Without a key the same retry is a
 * second write. `toolgraph apply` retries by itself through the same proxy. Keys are the caller's:
 * two credentials with one key make two writes. On both databases.
 */
import { randomBytes } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import type { JWTPayload } from 'jose';
import { runCli, useScratchFolder } from '../support/cli-process';
import { freshDatabase, testDatabases, type FreshDatabase } from '../support/databases';
import { signJwt } from '../support/jwt-issuer';
import { killServer, startServer, type RunningServer } from '../support/server-process';

const SECRET = randomBytes(32).toString('base64url');
const seconds = () => Math.floor(Date.now() / 1000);
const jwt = (claims: JWTPayload) =>
  signJwt({ iat: seconds(), exp: seconds() + 600, toolgraph_role: 'write', toolgraph_namespaces: '*', ...claims }, { secret: SECRET });

const CREATE = 'mutation ($input: ToolInput!) { createTool(input: $input) { __typename ... on CreateToolSuccess { tool { name revision } } } }';
const UPDATE =
  'mutation ($name: String!, $input: ToolPatch!) { updateTool(name: $name, input: $input) { __typename ... on UpdateToolSuccess { tool { revision } } } }';
const CHANGES = 'query ($after: String) { changes(first: 1000, after: $after) { edges { node { kind name revision actor } } } }';

/**
 * A TCP proxy to `target` that, while `drops` is above zero, cuts a connection (both ways) when the
 * answer to a request carrying an Idempotency-Key starts to arrive: the server has done the work
 * and the client never hears of it.
 */
class CuttingProxy {
  drops = 0;
  cut = 0;
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();

  constructor(private readonly target: URL) {
    this.server = createServer((client) => {
      const upstream = connect(Number(target.port), target.hostname);
      this.sockets.add(client).add(upstream);
      let cutNextAnswer = false;
      client.on('data', (chunk: Buffer) => {
        if (this.drops > 0 && /\r\nidempotency-key:/i.test(chunk.toString('latin1'))) {
          this.drops--;
          cutNextAnswer = true;
        }
        upstream.write(chunk);
      });
      upstream.on('data', (chunk: Buffer) => {
        if (cutNextAnswer) {
          this.cut++;
          client.destroy();
          upstream.destroy();
          return;
        }
        client.write(chunk);
      });
      const close = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('close', close).on('error', close);
      upstream.on('close', close).on('error', close);
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address() as { port: number };
    return `http://127.0.0.1:${address.port}${this.target.pathname}`;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

/** One POST of a GraphQL operation; the parsed answer, or the network error when the connection was cut. */
async function send(url: string, token: string, query: string, variables: object, key?: string): Promise<{ body?: any; failed?: string }> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return { body: await response.json() };
  } catch (error) {
    return { failed: String(error) };
  }
}

describe.each(testDatabases())('keyed writes through cut connections (%s)', (kind) => {
  let database: FreshDatabase;
  let server: RunningServer;
  let proxy: CuttingProxy;
  let viaProxy: string;
  let alice: string;
  let bob: string;
  const folder = useScratchFolder('toolgraph-write-keys');

  beforeAll(async () => {
    database = await freshDatabase(kind);
    server = await startServer(database.url, { TOOLGRAPH_AUTH: 'on', TOOLGRAPH_JWT_SECRET: SECRET, TOOLGRAPH_RATE_LIMIT_WRITES: '0' });
    proxy = new CuttingProxy(new URL(server.url));
    viaProxy = await proxy.listen();
    [alice, bob] = await Promise.all([jwt({ sub: 'alice' }), jwt({ sub: 'bob' })]);
  }, 60_000);

  afterAll(async () => {
    await proxy?.close();
    await killServer(server);
    await database?.drop();
  });

  const changesOf = async (name: string) => {
    const answer = await send(server.url, alice, CHANGES, {});
    return (answer.body.data.changes.edges as { node: { name: string; kind: string; revision: number; actor: string } }[])
      .map(({ node }) => node)
      .filter((change) => change.name === name);
  };

  it('writes each of 30 writes once when every first answer is cut and the client retries with its key', async () => {
    const writes = Array.from({ length: 15 }, (_, i) => [
      { query: CREATE, variables: { input: { name: `cut/tool-${i}`, description: 'Made once.', source: 'BUILTIN' } } },
      { query: UPDATE, variables: { name: `cut/tool-${i}`, input: { description: 'Changed once.' } } },
    ]).flat();
    let retried = 0;
    for (const [i, { query, variables }] of writes.entries()) {
      const key = `write-${i}`;
      proxy.drops = 1;
      const first = await send(viaProxy, alice, query, variables, key);
      expect(first.failed).toBeDefined();
      const again = await send(viaProxy, alice, query, variables, key);
      retried++;
      expect(again.body.errors).toBeUndefined();
      expect(Object.values(again.body.data as object)[0].__typename).toMatch(/Success$/);
    }
    expect(proxy.cut).toBe(30);
    expect(retried).toBe(30);
    for (let i = 0; i < 15; i++) {
      expect((await changesOf(`cut/tool-${i}`)).map((change) => [change.kind, change.revision])).toEqual([
        ['CREATED', 1],
        ['UPDATED', 2],
      ]);
    }
  });

  it('without a key, the same retry is a second write: the failure a key prevents', async () => {
    const create = { input: { name: 'cut/unkeyed', description: 'Made once.', source: 'BUILTIN' } };
    proxy.drops = 1;
    // Cut by hand: the proxy cuts keyed requests only, so this one goes through the proxy with a key the retry then leaves out.
    expect((await send(viaProxy, alice, CREATE, create, 'first-of-unkeyed')).failed).toBeDefined();
    const retry = await send(viaProxy, alice, CREATE, create);
    expect(retry.body.data.createTool.__typename).toBe('ToolValidationError');
  });

  it("keeps keys per caller: bob's request with alice's key is bob's own write, not a replay of hers", async () => {
    const create = { input: { name: 'cut/shared', description: 'Shared.', source: 'BUILTIN' } };
    expect((await send(server.url, alice, CREATE, create, 'same-key')).body.data.createTool.__typename).toBe('CreateToolSuccess');
    // A replay would answer bob with alice's success; his own write finds the name taken.
    expect((await send(server.url, bob, CREATE, create, 'same-key')).body.data.createTool.__typename).toBe('ToolValidationError');
    const other = await send(server.url, alice, UPDATE, { name: 'cut/shared', input: { description: 'Another request.' } }, 'same-key');
    expect(other.body.errors).toEqual([expect.objectContaining({ extensions: { code: 'IDEMPOTENCY_KEY_REUSED' } })]);
  });

  it('toolgraph apply sends a key and retries: the cut import is applied once', async () => {
    const file = join(
      folder('apply', {
        'tools.yaml':
          'tools:\n  - name: cut/applied-a\n    description: Applied once.\n    source: builtin\n  - name: cut/applied-b\n    description: Applied once.\n    source: builtin\n',
      }),
      'tools.yaml',
    );
    proxy.drops = 1;
    const cutBefore = proxy.cut;
    const run = await runCli(['apply', file, '--server', viaProxy], { env: { TOOLGRAPH_TOKEN: alice } });
    expect(run).toMatchObject({ code: 0 });
    expect(run.stdout).toMatch(/cut\/applied-a\s+created/);
    expect(proxy.cut).toBe(cutBefore + 1);
    expect((await changesOf('cut/applied-a')).map((change) => change.revision)).toEqual([1]);
  });
});
