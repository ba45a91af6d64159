/**
 * The MCP project's conformance suite (`@modelcontextprotocol/conformance`) against `POST /mcp` of
 * a running server, with the server scenarios that apply to a registry that serves tools and
 * nothing else: initialize, ping, tools/list and DNS-rebinding protection (the server listens on
 * 127.0.0.1). The suite needs Node 22 or later; it runs on Node 22 from the npm registry
 * (./../support/other-node.ts), the server on this machine's Node.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freshDatabase, type FreshDatabase } from '../support/databases';
import { otherNodeBinary } from '../support/other-node';
import { killServer, startServer, type RunningServer } from '../support/server-process';

const run = promisify(execFile);
const SUITE = join(__dirname, '..', '..', 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];

describe('the MCP conformance suite', () => {
  let database: FreshDatabase;
  let server: RunningServer;
  let node: string;

  beforeAll(async () => {
    node = otherNodeBinary('22');
    database = await freshDatabase('sqlite');
    server = await startServer(database.url, { HOST: '127.0.0.1' });
  }, 180_000);
  afterAll(async () => {
    await killServer(server);
    await database?.drop();
  });

  it.each(SCENARIOS)(
    'passes %s',
    async (scenario) => {
      const url = server.url.replace(/\/graphql$/, '/mcp');
      const { stdout, stderr } = await run(node, [SUITE, 'server', '--url', url, '--scenario', scenario], { timeout: 60_000 });
      const output = `${stdout}\n${stderr}`;
      expect(output).toMatch(/Passed: (\d+)\/\1, 0 failed/);
    },
    90_000,
  );
});
