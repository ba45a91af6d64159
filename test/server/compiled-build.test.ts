/**
 * The compiled build (`npm run build`, run by `npm start`): dist/src/server/main.js with plain Node,
 * no transpiler, on each database: it migrates a new database (its migrate command compiled too),
 * writes, reads, reads an import in its worker, and serves the browser page's files copied beside it.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freshDatabase, testDatabases, type FreshDatabase } from '../support/databases';
import { COMPILED_MAIN, killServer, post, startServer, type RunningServer } from '../support/server-process';

const root = join(__dirname, '..', '..');

beforeAll(async () => {
  await promisify(execFile)('npm', ['run', '--silent', 'build'], { cwd: root });
}, 120_000);

describe.each(testDatabases())('the compiled server on %s', (kind) => {
  let database: FreshDatabase;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    database = await freshDatabase(kind, { migrated: false });
  });
  afterAll(async () => {
    await killServer(server);
    await database?.drop();
  });

  it('starts without a transpiler, migrates, writes, imports, reads and serves the browser page', async () => {
    server = await startServer(database.url, {}, COMPILED_MAIN);
    expect(readFileSync(`/proc/${server.child.pid}/cmdline`, 'utf8').split('\0')).toEqual([process.execPath, COMPILED_MAIN, '']);

    const created = await post(server.url, 'mutation { createTool(input: { name: "built/echo", description: "Echo.", source: BUILTIN }) { __typename } }');
    expect(created).toEqual({ data: { createTool: { __typename: 'Tool' } } });
    const config = 'tools:\n  - name: built/count\n    description: Counts.\n    source: builtin\n';
    const imported = await post(server.url, 'mutation ($config: String!) { importTools(config: $config) { __typename } }', { config });
    expect(imported).toEqual({ data: { importTools: { __typename: 'ImportedTools' } } });
    expect(await post(server.url, '{ tools(filter: { namespace: "built" }) { totalCount edges { node { name } } } }')).toEqual({
      data: { tools: { totalCount: 2, edges: [{ node: { name: 'built/count' } }, { node: { name: 'built/echo' } }] } },
    });

    const origin = new URL(server.url).origin;
    for (const [path, type] of [['/', 'text/html'], ['/browser/browser.js', 'text/javascript'], ['/browser/browser.css', 'text/css']] as const) {
      const response = await fetch(`${origin}${path}`);
      expect({ path, status: response.status, type: response.headers.get('content-type')?.split(';')[0] }).toEqual({ path, status: 200, type });
    }
  });
});
