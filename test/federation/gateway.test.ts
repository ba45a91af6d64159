/**
 * toolgraph behind a real gateway, as docs/operators.md "Running toolgraph behind a gateway" describes: the
 * server process (`npm start`), its SDL from `npm run sdl`, composed with an independent agents
 * subgraph by @theguild/federation-composition, served by the Hive Gateway CLI
 * (`hive-gateway supergraph`). Queries cross both subgraphs in both directions. toolgraph runs with
 * access control on and accepts HS256 JWTs; the gateway forwards the client's Authorization header
 * to it (./gateway.config.ts), so toolgraph authorizes writes made through the gateway.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildSchema, parse } from 'graphql';
import { composeServices, compositionHasErrors } from '@theguild/federation-composition';
import { graphqlAs } from '../support/credentials';
import { freshDatabase, testDatabases, type FreshDatabase } from '../support/databases';
import { signJwt } from '../support/jwt-issuer';
import { killServer, logLines, post, startServer, type RunningServer } from '../support/server-process';
import { AGENT_TOOL_FIELDS, AGENTS_SDL, startAgentsSubgraph, type AgentsSubgraph } from './agents-subgraph';
import { subscribe } from '../events/sse';

const root = join(__dirname, '..', '..');

const JWT_SECRET = randomBytes(32).toString('hex');
/** An HS256 JWT of toolgraph's secret: role write in `namespaces`, recorded as `sub`. */
const writerJwt = (sub: string, namespaces: string[]) =>
  signJwt({ sub, exp: Math.floor(Date.now() / 1000) + 600, toolgraph_role: 'write', toolgraph_namespaces: namespaces }, { secret: JWT_SECRET });

const AGENTS = [
  { id: 'release-bot', name: 'Release bot', toolNames: ['gw/docker-build', 'gw/rollout-guard'] },
  { id: 'counter', name: 'Counter', toolNames: ['gw/line-counter', 'gw/docker-build'] },
];

const TOOLS = [
  {
    name: 'gw/docker-build',
    description: 'Build a container image.',
    source: 'MCP',
    mcpServer: 'docker',
    mcpToolName: 'build',
    capability: { writes: true, writeScope: 'images' },
  },
  { name: 'gw/rollout-guard', description: 'Check a build before rollout.', source: 'WRAPPED', toolType: 'VALIDATION', wraps: 'gw/docker-build' },
  { name: 'gw/line-counter', description: 'Count the lines of a file.', source: 'BUILTIN', capability: { readOnly: true } },
];

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** `hive-gateway supergraph <file> --host 127.0.0.1 --port <port> -c gateway.config.ts`, ready when /readiness says so. */
async function startGateway(supergraphFile: string): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const port = await freePort();
  const args = ['supergraph', supergraphFile, '--host', '127.0.0.1', '--port', String(port), '-c', join(__dirname, 'gateway.config.ts')];
  const child = spawn(join(root, 'node_modules', '.bin', 'hive-gateway'), args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`hive-gateway exited with ${child.exitCode}:\n${output}`);
    const ready = await fetch(`${base}/readiness`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { child, url: `${base}/graphql`, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`hive-gateway did not become ready:\n${output}`);
}

describe.each(testDatabases())('toolgraph behind Hive Gateway, on %s', (kind) => {
  let database: FreshDatabase;
  let toolgraph: RunningServer | undefined;
  let agents: AgentsSubgraph | undefined;
  let gateway: { child: ChildProcess; url: string; output: () => string } | undefined;
  let workdir: string;

  /** One operation through the gateway, with a bearer token when given; fails the test on GraphQL errors. */
  const query = async (source: string, token?: string) => {
    const result = await post(gateway!.url, source, undefined, token);
    if (result.errors) throw new Error(`gateway errors: ${JSON.stringify(result.errors)}\n${gateway!.output()}`);
    return result.data;
  };

  beforeAll(async () => {
    workdir = mkdtempSync(join(tmpdir(), 'toolgraph-gateway-'));
    database = await freshDatabase(kind);
    toolgraph = await startServer(database.url, { TOOLGRAPH_AUTH: 'on', TOOLGRAPH_JWT_SECRET: JWT_SECRET });
    const seeder = await writerJwt('seeder', ['gw']);
    for (const input of TOOLS) {
      const created = await post(toolgraph.url, 'mutation($input: ToolInput!) { createTool(input: $input) { __typename } }', { input }, seeder);
      expect(created).toEqual({ data: { createTool: { __typename: 'CreateToolSuccess' } } });
    }
    agents = await startAgentsSubgraph(AGENTS);

    // The SDL a schema registry would get from toolgraph, and the one it serves itself.
    const { stdout: toolgraphSdl } = await promisify(execFile)('npm', ['run', '--silent', 'sdl'], { cwd: root });
    expect((await post(toolgraph.url, '{ _service { sdl } }')).data._service.sdl).toBe(toolgraphSdl);

    const composition = composeServices([
      { name: 'toolgraph', typeDefs: parse(toolgraphSdl), url: toolgraph.url },
      { name: 'agents', typeDefs: parse(AGENTS_SDL), url: agents.url },
    ]);
    if (compositionHasErrors(composition)) throw new Error(`composition failed: ${composition.errors.map((e) => e.message).join('\n')}`);
    const supergraphFile = join(workdir, 'supergraph.graphql');
    writeFileSync(supergraphFile, composition.supergraphSdl);
    gateway = await startGateway(supergraphFile);
  }, 90_000);

  afterAll(async () => {
    if (gateway?.child.exitCode === null) {
      gateway.child.kill('SIGKILL');
      await new Promise((resolve) => gateway!.child.once('exit', resolve));
    }
    await agents?.close();
    await killServer(toolgraph);
    await database?.drop();
    rmSync(workdir, { recursive: true, force: true });
  });

  it('answers a query that starts in the agents subgraph with tool fields from the registry', async () => {
    const data = await query(/* GraphQL */ `
      {
        agents {
          edges {
            node {
              name
              tools { ${AGENT_TOOL_FIELDS} }
            }
          }
        }
      }
    `);
    const docker = {
      name: 'gw/docker-build',
      description: 'Build a container image.',
      source: 'MCP',
      toolType: 'TOOL',
      capability: { readOnly: false, writes: true, writeScope: 'images' },
      implementation: { __typename: 'McpImplementation', server: 'docker', toolName: 'build' },
      wrappedBy: [{ name: 'gw/rollout-guard' }],
    };
    expect(data.agents.edges.map((edge: { node: unknown }) => edge.node)).toEqual([
      {
        name: 'Release bot',
        tools: [
          docker,
          {
            name: 'gw/rollout-guard',
            description: 'Check a build before rollout.',
            source: 'WRAPPED',
            toolType: 'VALIDATION',
            capability: { readOnly: false, writes: false, writeScope: null },
            implementation: { __typename: 'WrappedImplementation', tool: { name: 'gw/docker-build' } },
            wrappedBy: [],
          },
        ],
      },
      {
        name: 'Counter',
        tools: [
          {
            name: 'gw/line-counter',
            description: 'Count the lines of a file.',
            source: 'BUILTIN',
            toolType: 'TOOL',
            capability: { readOnly: true, writes: false, writeScope: null },
            implementation: { __typename: 'BuiltinImplementation' },
            wrappedBy: [],
          },
          docker,
        ],
      },
    ]);
  });

  it('answers a query that starts in toolgraph with the field the agents subgraph adds to Tool', async () => {
    const data = await query(/* GraphQL */ `
      {
        tool(name: "gw/docker-build") { timeout usedBy { name } }
        tools(first: 2) {
          edges { node { name usedBy { name } } }
          pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
        }
      }
    `);
    expect(data.tool).toEqual({ timeout: 300, usedBy: [{ name: 'Release bot' }, { name: 'Counter' }] });
    expect(data.tools.edges).toEqual([
      { node: { name: 'gw/docker-build', usedBy: [{ name: 'Release bot' }, { name: 'Counter' }] } },
      { node: { name: 'gw/line-counter', usedBy: [{ name: 'Counter' }] } },
    ]);
    expect(data.tools.pageInfo).toEqual({
      hasNextPage: true,
      hasPreviousPage: false,
      startCursor: expect.any(String),
      endCursor: expect.any(String),
    });
  });

  it("gives the registry's global ids through the gateway, on entities reached from the agents subgraph too, and reads them with node(id:)", async () => {
    const own = (await post(toolgraph!.url, '{ tool(name: "gw/docker-build") { id } }')).data.tool.id;
    const data = await query(/* GraphQL */ `
      {
        agents { edges { node { name tools { id name } } } }
        tool(name: "gw/docker-build") { id }
      }
    `);
    expect(data.tool).toEqual({ id: own });
    expect(data.agents.edges[0].node.tools[0]).toEqual({ id: own, name: 'gw/docker-build' });
    expect(await query(`{ node(id: "${own}") { __typename id ... on Tool { name usedBy { name } } } }`)).toEqual({
      node: { __typename: 'Tool', id: own, name: 'gw/docker-build', usedBy: [{ name: 'Release bot' }, { name: 'Counter' }] },
    });
  });

  it('serves toolgraph mutations through the gateway', async () => {
    const data = await query(`mutation { deleteTool(name: "gw/nope") { __typename ... on ToolNotFound { name } } }`, await writerJwt('gw-writer', ['gw']));
    expect(data).toEqual({ deleteTool: { __typename: 'ToolNotFound', name: 'gw/nope' } });
  });

  describe('a write through the gateway, authorized by toolgraph from the forwarded Authorization header', () => {
    const CREATE = /* GraphQL */ `
      mutation ($input: ToolInput!) {
        createTool(input: $input) { __typename ... on CreateToolSuccess { tool { name createdBy updatedBy } } ... on NamespaceForbidden { namespace } }
      }
    `;
    const create = (token: string | undefined, name: string) =>
      graphqlAs(token, gateway!.url, CREATE, { input: { name, description: 'Written through the gateway.', source: 'BUILTIN' } });
    /** The tool as toolgraph itself has it, read without a credential (reads are public); null when it has none. */
    const stored = async (name: string) => (await post(toolgraph!.url, 'query ($name: String!) { tool(name: $name) { name createdBy } }', { name })).data.tool;

    it("succeeds with a JWT of the namespace, recording the JWT's sub", async () => {
      const result = await create(await writerJwt('release-pipeline', ['gw-auth']), 'gw-auth/deploy');
      expect(result).toEqual({
        status: 200,
        body: {
          data: {
            createTool: {
              __typename: 'CreateToolSuccess',
              tool: { name: 'gw-auth/deploy', createdBy: 'jwt:release-pipeline', updatedBy: 'jwt:release-pipeline' },
            },
          },
        },
      });
      expect(await stored('gw-auth/deploy')).toEqual({ name: 'gw-auth/deploy', createdBy: 'jwt:release-pipeline' });
    });

    it("reaches toolgraph only: the agents subgraph never sees the client's credential", async () => {
      const seen = agents!.authorizations.length;
      const data = await query(`{ agents { edges { node { name tools { name } } } } }`, await writerJwt('curious', ['gw']));
      expect(data.agents.edges).toHaveLength(2);
      expect(agents!.authorizations.length).toBeGreaterThan(seen);
      expect(agents!.authorizations.slice(seen).filter((header) => header !== null)).toEqual([]);
    });

    it('is UNAUTHENTICATED without the header, and nothing is written', async () => {
      const result = await create(undefined, 'gw-auth/anonymous');
      // toolgraph's refusal, as the gateway passes it on: its code, the subgraph named, no data
      // (the HTTP status is the gateway's: it does not hand on toolgraph's 401).
      expect(result.body.data).toBeNull();
      expect(result.body.errors).toEqual([expect.objectContaining({ extensions: { code: 'UNAUTHENTICATED', serviceName: 'toolgraph' } })]);
      expect(await stored('gw-auth/anonymous')).toBeNull();
    });

    it('is NamespaceForbidden with a JWT of another namespace, and nothing is written', async () => {
      const result = await create(await writerJwt('other-team', ['gw-other']), 'gw-auth/intruder');
      expect(result.body).toEqual({ data: { createTool: { __typename: 'NamespaceForbidden', namespace: 'gw-auth' } } });
      expect(await stored('gw-auth/intruder')).toBeNull();
    });
  });

  it('carries toolEvents to a client of the gateway, from toolgraph over WebSocket, as writes are made on the subgraph', async () => {
    // From where the change log ends now: the write below is delivered even if it commits before
    // the gateway has opened its socket to toolgraph.
    const { cursor } = (await query('{ changes(first: 1000) { cursor } }')).changes;
    const events = await subscribe(
      fetch,
      gateway!.url,
      `subscription ($after: String) { toolEvents(after: $after) { cursor kind name tool { name description } } }`,
      {
        after: cursor,
      },
    );
    try {
      expect(events.status).toBe(200);
      const seeder = await writerJwt('seeder', ['gw']);
      const created = await post(
        toolgraph!.url,
        'mutation($input: ToolInput!) { createTool(input: $input) { __typename } }',
        { input: { name: 'gw/live-one', description: 'Made on the subgraph.', source: 'BUILTIN' } },
        seeder,
      );
      expect(created.data.createTool.__typename).toBe('CreateToolSuccess');
      const event = await events.next(10_000);
      if (typeof event === 'string') throw new Error(`no event through the gateway (${event}):\n${gateway!.output()}`);
      expect(event.errors).toBeUndefined();
      expect(event.data.toolEvents).toMatchObject({
        kind: 'CREATED',
        name: 'gw/live-one',
        tool: { name: 'gw/live-one', description: 'Made on the subgraph.' },
      });
      expect(typeof event.data.toolEvents.cursor).toBe('string');
      // It came over a socket: toolgraph logged no subscription made over HTTP (SSE).
      expect(logLines(toolgraph!.output()).filter((line) => line.operationType === 'subscription')).toEqual([]);
    } finally {
      events.close();
    }
  });

  it('exposes no federation internals in the public API', async () => {
    const data = await query('{ __schema { types { name } queryType { fields { name } } directives { name } } }');
    const typeNames: string[] = data.__schema.types.map((type: { name: string }) => type.name).filter((name: string) => !name.startsWith('__'));
    expect(typeNames.filter((name) => /^_|^link__|^federation__|^join__/.test(name))).toEqual([]);
    // toolgraph's own queries (schema.graphql) and the agents subgraph's, nothing else.
    const ownQueries = Object.keys(
      buildSchema(readFileSync(join(__dirname, '..', '..', 'schema.graphql'), 'utf8'))
        .getQueryType()!
        .getFields(),
    );
    expect(data.__schema.queryType.fields.map((field: { name: string }) => field.name).sort()).toEqual([...ownQueries, 'agents'].sort());
    expect(data.__schema.directives.map((directive: { name: string }) => directive.name)).not.toEqual(expect.arrayContaining(['key', 'link', 'shareable']));
  });
});
