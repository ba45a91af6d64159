/**
 * The compiled build (`npm run build`, run by `npm start`) as it is deployed, on each database and on
 * each Node it supports: this machine's, and those of TOOLGRAPH_TEST_NODE_VERSIONS (CI: 22 and 24,
 * from the npm registry: ../support/other-node.ts). The migrate command a release job runs
 * (dist/src/server/migrate-command.js) migrates a new database; dist/src/server/main.js, with plain
 * Node and no transpiler, starts (running that command itself, which finds nothing left to do),
 * writes, reads, reads an import in its worker, sends the write's event to a live subscription over
 * SSE, and serves the browser page's files copied beside it, running the page's operations by the ids
 * of the manifest copied with them.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { subscribe } from '../events/sse';
import { freshDatabase, testDatabases, type FreshDatabase } from '../support/databases';
import { otherNode, otherNodeMajors, type OtherNode } from '../support/other-node';
import { COMPILED_MAIN, killServer, post, startServer, type RunningServer } from '../support/server-process';

const root = join(__dirname, '..', '..');
const COMPILED_MIGRATE = join(root, 'dist', 'src', 'server', 'migrate-command.js');
/** Downloading a Node, the first time. */
const OTHER_NODE_SETUP_MS = 3 * 60_000;

beforeAll(async () => {
  await promisify(execFile)('npm', ['run', '--silent', 'build'], { cwd: root });
}, 120_000);

const thisNode: OtherNode = { version: process.version, node: process.execPath };
const nodes: [string, () => OtherNode][] = [
  [`this machine's Node (${process.version})`, () => thisNode],
  ...otherNodeMajors().map((major): [string, () => OtherNode] => [`Node ${major} from the npm registry`, () => otherNode(major)]),
];

describe.each(nodes)('the compiled server on %s', (_label, prepare) => {
  let node: OtherNode;
  beforeAll(() => {
    node = prepare();
  }, OTHER_NODE_SETUP_MS);

  describe.each(testDatabases())('and %s', (kind) => {
    let database: FreshDatabase;
    let server: RunningServer | undefined;
    beforeAll(async () => {
      database = await freshDatabase(kind, { migrated: false });
    });
    afterAll(async () => {
      await killServer(server);
      await database?.drop();
    });

    it('is migrated by the compiled migrate command, starts without a transpiler, writes, imports, reads, sends live events and serves the browser page', async () => {
      const migrate = (await promisify(execFile)(node.node, [COMPILED_MIGRATE, '--json'], { cwd: root, env: { ...process.env, DATABASE_URL: database.url } }))
        .stdout;
      expect(JSON.parse(migrate)).toMatchObject({ provider: kind, applied: expect.arrayContaining([expect.any(String)]) });

      server = await startServer(database.url, {}, COMPILED_MAIN, node.node);
      expect(readFileSync(`/proc/${server.child.pid}/cmdline`, 'utf8').split('\0')).toEqual([node.node, COMPILED_MAIN, '']);
      // prom-client's default metrics say which Node the server runs on.
      expect(await (await fetch(`${new URL(server.url).origin}/metrics`)).text()).toContain(`nodejs_version_info{version="${node.version}"`);

      const events = await subscribe(fetch, server.url, 'subscription { toolEvents(namespace: "built") { kind name } }');
      try {
        expect(events.status).toBe(200);
        const created = await post(server.url, 'mutation { createTool(input: { name: "built/echo", description: "Echo.", source: BUILTIN }) { __typename } }');
        expect(created).toEqual({ data: { createTool: { __typename: 'CreateToolSuccess' } } });
        expect(await events.next()).toEqual({ data: { toolEvents: { kind: 'CREATED', name: 'built/echo' } } });
      } finally {
        events.close();
      }
      const config = 'tools:\n  - name: built/count\n    description: Counts.\n    source: builtin\n';
      const imported = await post(server.url, 'mutation ($config: String!) { importTools(config: $config) { __typename } }', { config });
      expect(imported).toEqual({ data: { importTools: { __typename: 'ImportToolsSuccess' } } });
      // An invalid one is located in its text by the same worker.
      const refused = await post(
        server.url,
        'mutation ($config: String!) { importTools(config: $config) { ... on ImportValidationError { invalidTools { issues { path configPath line column code } } } } }',
        { config: `${config}    timeout: 0\n` },
      );
      expect(refused).toEqual({
        data: {
          importTools: {
            invalidTools: [{ issues: [{ path: ['config'], configPath: ['tools', '0', 'timeout'], line: 5, column: 14, code: 'INVALID_TIMEOUT' }] }],
          },
        },
      });
      // A text nested past the reader's depth is refused where the reader stopped, and not read again to
      // place the issue: read again without a depth limit, 100,000 levels killed the whole process.
      const nested = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
      for (let send = 0; send < 2; send++) {
        expect(
          await post(
            server.url,
            'mutation ($config: String!) { importTools(config: $config) { ... on ImportValidationError { issues { code line column } } } }',
            {
              config: nested,
            },
          ),
        ).toEqual({ data: { importTools: { issues: [{ code: 'VALUE_TOO_LARGE', line: 1, column: 72 }] } } });
      }
      expect(await post(server.url, '{ tools(filter: { namespace: "built" }) { totalCount edges { node { name } } } }')).toEqual({
        data: { tools: { totalCount: 2, edges: [{ node: { name: 'built/count' } }, { node: { name: 'built/echo' } }] } },
      });

      const origin = new URL(server.url).origin;
      for (const [path, type] of [
        ['/', 'text/html'],
        ['/browser/browser.js', 'text/javascript'],
        ['/browser/browser.css', 'text/css'],
        ['/browser/persisted-query-manifest.json', 'application/json'],
      ] as const) {
        const response = await fetch(`${origin}${path}`);
        expect({ path, status: response.status, type: response.headers.get('content-type')?.split(';')[0] }).toEqual({ path, status: 200, type });
      }
      // The page's operations run by their ids from the manifest shipped beside the compiled server.
      const manifest = (await (await fetch(`${origin}/browser/persisted-query-manifest.json`)).json()) as { operations: { id: string; name: string }[] };
      const toolView = manifest.operations.find((operation) => operation.name === 'ToolView')!;
      const byId = await fetch(server.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ documentId: toolView.id, variables: { name: 'built/echo' } }),
      });
      expect(await byId.json()).toMatchObject({ data: { tool: { name: 'built/echo', description: 'Echo.' } } });
    });
  });
});
