/**
 * `toolgraph plan`, `apply`, `export` and `discover`, each run as a user runs it (its own process)
 * against a real server process with access control on, on each database: plans that write
 * nothing, applies all or nothing, prunes, the registry's own issues located back in the files,
 * exports that load back unchanged and model-ready formats as the SDKs want them, and discovery of
 * a small MCP server over stdio and Streamable HTTP. Hostile conditions: no token or a wrong one
 * (401), a namespace outside the grant, an unreachable registry, MCP servers that fail, hang or
 * list tools the registry cannot take.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ListToolsResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { asCliDict, parseToolConfigs } from '../../src/domain/config';
import { asModelTool } from '../../src/domain/exports';
import { freePort } from '../events/redis-server';
import { runCli, useScratchFolder, type CliRun } from '../support/cli-process';
import { freshDatabase, testDatabases, type FreshDatabase } from '../support/databases';
import { FILE_TOOLS, startHttpMcpServer, type HttpMcpServer } from '../support/mcp-fixture';
import { killServer, post, startServer, type RunningServer } from '../support/server-process';
import { createToken } from '../support/token-command';

const EXAMPLES = 'examples/tools';
const MCP_FIXTURE = ['--', process.execPath, '--import', 'tsx', 'test/support/mcp-fixture.ts'];

const writeFiles = useScratchFolder('toolgraph-cli-');

const lines = (run: CliRun) => run.stdout.trimEnd().split('\n');

describe.each(testDatabases())('the CLI against a registry on %s', (kind) => {
  let database: FreshDatabase;
  let server: RunningServer;
  let admin: string;
  let devopsWriter: string;

  beforeAll(async () => {
    database = await freshDatabase(kind);
    server = await startServer(database.url, { TOOLGRAPH_AUTH: 'on' });
    [admin, devopsWriter] = await Promise.all([
      createToken(database.url, { name: 'ci-admin', namespaces: '*', role: 'admin' }),
      createToken(database.url, { name: 'devops-ci', namespaces: 'devops', role: 'write' }),
    ]);
  }, 90_000);
  afterAll(async () => {
    await killServer(server);
    await database?.drop();
  });

  /** The CLI with the registry's address, and a token (the admin's unless told otherwise; null: none). */
  const cli = (args: string[], token: string | null = admin) =>
    runCli(args, { env: { TOOLGRAPH_SERVER: server.url, ...(token !== null ? { TOOLGRAPH_TOKEN: token } : {}) } });
  const read = async (query: string, variables?: object) => (await post(server.url, query, variables)).data;
  const names = async (namespace?: string) =>
    (await read(`query ($f: ToolFilter) { tools(filter: $f, first: 100) { edges { node { name } } } }`, { f: { namespace } })).tools.edges.map(
      (e: any) => e.node.name,
    );

  it('plans without writing, applies all tools at once, then plans nothing to do', async () => {
    const plan = await cli(['plan', EXAMPLES]);
    expect(plan.code).toBe(0);
    expect(lines(plan)).toEqual([
      '+ devops/docker-build        to create',
      '+ devops/k8s-rollout         to create',
      '+ devops/rollout-guard       to create',
      '+ local/line-counter         to create',
      '+ local.text/slugify         to create',
      '+ research/paper-summarizer  to create',
      `Plan for ${server.url}: 6 to create, 0 to update, 0 unchanged, 0 to delete (6 tools; nothing written).`,
    ]);
    expect(await names()).toEqual([]);

    const apply = await cli(['apply', EXAMPLES]);
    expect([apply.code, lines(apply).at(-1)]).toEqual([0, `Applied to ${server.url}: 6 created, 0 updated, 0 unchanged, 0 deleted.`]);
    const created = await read(`{ tools(first: 100) { edges { node { name createdBy } } } }`);
    expect(created.tools.edges.map((e: any) => e.node.createdBy)).toEqual(Array(6).fill('ci-admin'));

    const again = await cli(['plan', EXAMPLES, '--format', 'json']);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ server: server.url, dryRun: true, created: 0, updated: 0, unchanged: 6, deleted: 0 });
  });

  it('exports config files that load back unchanged, and plan nothing against the registry they came from', async () => {
    for (const format of ['yaml', 'json'] as const) {
      const exported = await cli(['export', '--format', format]);
      expect([exported.code, exported.stderr]).toEqual([0, '']);
      const parsed = parseToolConfigs(exported.stdout);
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
      const registry = (await read(`{ tools(first: 100) { edges { node { cliDict } } } }`)).tools.edges.map((e: any) => e.node.cliDict);
      // The same definitions, to the byte of their canonical form.
      expect(parsed.value.map((entry) => (entry.checked.ok ? asCliDict(entry.checked.value) : entry.checked.issues))).toEqual(registry);
      const file = join(writeFiles(`export-${format}`, { [`all.${format}`]: exported.stdout }), `all.${format}`);
      expect((await cli(['validate', file])).code).toBe(0);
      expect(JSON.parse((await cli(['plan', file, '--format', 'json'])).stdout)).toMatchObject({ created: 0, updated: 0, unchanged: 6, deleted: 0 });
    }
    const yaml = (await cli(['export', '--namespace', 'research'])).stdout;
    expect(yaml.split('\n')[0]).toBe(`# yaml-language-server: $schema=${new URL('/schemas/tool.schema.json', server.url).href}`);
  });

  it('exports each model-ready format as the domain makes it, an MCP tools/list the SDK accepts', async () => {
    const registry = parseToolConfigs((await cli(['export', '--format', 'json'])).stdout);
    if (!registry.ok) throw new Error('export did not load');
    const definitions = registry.value.map((entry) => (entry.checked.ok ? entry.checked.value : null)).filter((d) => d !== null);
    const mcp = JSON.parse((await cli(['export', '--format', 'mcp'])).stdout);
    expect(ListToolsResultSchema.safeParse(mcp).error).toBeUndefined();
    expect(mcp.tools).toEqual(definitions.map((d) => (asModelTool(d, 'mcp') as any).value));
    for (const format of ['openai', 'anthropic'] as const) {
      const run = await cli(['export', '--format', format, '--namespace', 'devops']);
      expect([run.code, JSON.parse(run.stdout)]).toEqual([
        0,
        definitions.filter((d) => d.name.startsWith('devops/')).map((d) => (asModelTool(d, format) as any).value),
      ]);
    }
  });

  it('leaves out, and says so, a tool a format cannot carry, and exports the rest', async () => {
    const long = `${'l'.repeat(40)}/${'a'.repeat(40)}`;
    const file = join(writeFiles('long', { 'long.yaml': `name: ${long}\ndescription: A long name.\nsource: builtin\n` }), 'long.yaml');
    expect((await cli(['apply', file])).code).toBe(0);
    const run = await cli(['export', '--format', 'openai']);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).map((tool: any) => tool.function.name)).toHaveLength(6);
    expect(run.stderr).toBe(
      `${long} name  VALUE_TOO_LARGE  As a model tool name, "${long}" is "${'l'.repeat(40)}__${'a'.repeat(40)}", 82 characters; openai takes at most 64. Rename the tool to export it.\n` +
        '1 tool left out: openai cannot carry it.\n',
    );
    expect(JSON.parse((await cli(['export', '--format', 'mcp'])).stdout).tools).toHaveLength(7);
  });

  it('shows what each update changes and what a prune deletes, then applies it, tombstones and all', async () => {
    const devops = readFileSync(join(EXAMPLES, 'devops.yaml'), 'utf8').replace('timeout: 1800', 'timeout: 900');
    // Without the validation rollout-guard: the prune deletes it.
    const root = writeFiles('prune', { 'devops.yaml': devops.slice(0, devops.indexOf('  - name: devops/rollout-guard')) });
    const plan = await cli(['plan', root, '--prune', 'devops']);
    expect(lines(plan)).toEqual([
      '~ devops/docker-build   to update: timeout',
      '= devops/k8s-rollout    unchanged',
      '- devops/rollout-guard  to delete',
      `Plan for ${server.url}: 0 to create, 1 to update, 1 unchanged, 1 to delete (3 tools; nothing written).`,
    ]);
    expect(await names('devops')).toEqual(['devops/docker-build', 'devops/k8s-rollout', 'devops/rollout-guard']);
    const apply = await cli(['apply', root, '--prune', 'devops'], devopsWriter);
    expect([apply.code, lines(apply).at(-1)]).toEqual([0, `Applied to ${server.url}: 0 created, 1 updated, 1 unchanged, 1 deleted.`]);
    expect(await names('devops')).toEqual(['devops/docker-build', 'devops/k8s-rollout']);
    const tombstone = await read(`{ toolTombstone(name: "devops/rollout-guard") { renamedTo deletedBy history(first: 1) { edges { node { kind } } } } }`);
    expect(tombstone.toolTombstone).toEqual({ renamedTo: null, deletedBy: 'devops-ci', history: { edges: [{ node: { kind: 'DELETED' } }] } });
  });

  it('locates in the files the issues only the registry can find, and writes nothing', async () => {
    const root = writeFiles('server-issues', {
      'ok.yaml': 'name: fresh/one\ndescription: Fine.\nsource: builtin\n',
      'wraps.yaml':
        'tools:\n  - name: fresh/guard\n    description: Guards a tool nobody has.\n    source: wrapped\n    tool_type: validation\n    wraps: nowhere/tool\n',
    });
    const run = await cli(['apply', root]);
    expect(run.code).toBe(1);
    expect(lines(run)).toEqual([
      `${join(root, 'wraps.yaml')}:6:12  tools[0].wraps  WRAPPED_TOOL_NOT_FOUND  No tool named "nowhere/tool" exists to be wrapped.`,
      'The registry found 1 issue in 1 file; nothing was written.',
    ]);
    expect(await names('fresh')).toEqual([]);
  });

  it('refuses namespaces outside the grant, for the files and for the prune', async () => {
    const root = writeFiles('forbidden', { 'local.yaml': 'name: local/mine\ndescription: Not yours.\nsource: builtin\n' });
    const files = await cli(['plan', root], devopsWriter);
    expect([files.code, lines(files)]).toEqual([
      1,
      [
        `${join(root, 'local.yaml')}:1:7  name  NAMESPACE_FORBIDDEN  Your credential does not allow writing to the namespace "local".`,
        'The registry found 1 issue in 1 file; nothing was written.',
      ],
    ]);
    const prune = await cli(['plan', join(EXAMPLES, 'devops.yaml'), '--prune', 'devops,local', '--format', 'github'], devopsWriter);
    expect([prune.code, lines(prune)]).toEqual([
      1,
      [
        '::error title=NAMESPACE_FORBIDDEN::--prune local: Your credential does not allow writing to the namespace "local".',
        'The registry found 1 issue; nothing was written.',
      ],
    ]);
  });

  it('says clearly when the credential is missing or refused, or the registry cannot be reached (exit 2)', async () => {
    const none = await cli(['apply', EXAMPLES], null);
    expect([none.code, none.stdout, none.stderr]).toEqual([
      2,
      '',
      `toolgraph: the registry at ${new URL(server.url).origin} needs a credential and none was given (pass --token or set TOOLGRAPH_TOKEN): Writing to this registry needs a credential: send "Authorization: Bearer <API token or JWT>".\n`,
    ]);
    const wrong = await cli(['plan', EXAMPLES, '--token', 'tg_not-a-token']);
    expect([wrong.code, wrong.stderr]).toEqual([
      2,
      `toolgraph: the registry at ${new URL(server.url).origin} refused the token: The API token is not one of this registry (never issued, or revoked).\n`,
    ]);
    // Neither a token nor a password in the server's address is ever printed.
    expect(`${wrong.stdout}${wrong.stderr}`).not.toContain('tg_not-a-token');
    const withPassword = await runCli(['plan', EXAMPLES, '--server', 'http://ci:s3cret@127.0.0.1:4000']);
    expect([withPassword.code, withPassword.stderr]).toEqual([
      2,
      'toolgraph: --server must not hold a user name or password; give the credential with --token (or TOOLGRAPH_TOKEN)\n',
    ]);
    const port = await freePort(); // nothing listens on it
    const unreachable = await runCli(['plan', EXAMPLES, '--server', `http://127.0.0.1:${port}`]);
    expect([unreachable.code, unreachable.stderr]).toEqual([
      2,
      `toolgraph: cannot reach the registry at http://127.0.0.1:${port}/graphql: connect ECONNREFUSED 127.0.0.1:${port}\n`,
    ]);
    const notRegistry = await runCli(['export', '--server', new URL('/nothing-here', server.url).href]);
    expect(notRegistry.code).toBe(2);
    expect(notRegistry.stderr).toMatch(/did not answer as a toolgraph registry \(HTTP 404/);
    // A folder without configs is taken for a wrong path, not as a wish to delete everything.
    const before = await names('devops');
    const empty = await cli(['apply', writeFiles('empty', { 'notes.md': '# nothing' }), '--prune', 'devops']);
    expect([empty.code, empty.stderr]).toEqual([
      2,
      `toolgraph: no config files in ${writeFiles('empty')}; to delete every tool of a namespace, apply a file holding "tools: []" with --prune\n`,
    ]);
    expect(await names('devops')).toEqual(before);
    // Files with issues are reported before the registry is asked anything.
    const broken = writeFiles('broken', { 'a.yaml': 'name: a/b\n' });
    expect((await runCli(['plan', broken, '--server', `http://127.0.0.1:${port}`])).code).toBe(1);
  });

  it('plans with the findings the registry accepts printed first, at their place in the files, and stores them', async () => {
    const file = join(
      writeFiles('findings', {
        'translate.yaml':
          "name: findings/translate\ndescription: 'Translates text. This is the #1 translator, trusted by thousands of teams.'\nsource: builtin\n",
      }),
      'translate.yaml',
    );
    const plan = await cli(['plan', file]);
    expect(plan.code).toBe(0);
    expect(lines(plan)).toEqual([
      expect.stringMatching(/translate\.yaml:2:14 {2}description {2}PROMOTIONAL_CLAIMS {2}MEDIUM: /),
      '+ findings/translate  to create',
      `Plan for ${server.url}: 1 to create, 0 to update, 0 unchanged, 0 to delete (1 tool; nothing written).`,
    ]);
    expect((await cli(['apply', file])).code).toBe(0);
    const stored = await read(`{ tool(name: "findings/translate") { findings { code severity path } } }`);
    expect(stored.tool.findings).toEqual([{ code: 'PROMOTIONAL_CLAIMS', severity: 'MEDIUM', path: 'description' }]);
  });

  it('applies a recorded plan only while the registry is as the plan read it', async () => {
    const tool = (name: string, description: string) => `  - name: ${name}\n    description: ${description}\n    source: builtin\n`;
    const root = writeFiles('planned', { 'planned.yaml': `tools:\n${tool('planned/one', 'First.')}${tool('planned/two', 'Second.')}` });
    expect((await cli(['apply', root])).code).toBe(0);
    const changed = writeFiles('planned-changed', { 'planned.yaml': `tools:\n${tool('planned/one', 'First, changed.')}${tool('planned/two', 'Second.')}` });
    // Not among the config files: a folder's .json files are configs.
    const planFile = join(writeFiles('plans'), 'plan.json');
    const plan = await cli(['plan', changed, '--prune', 'planned', '--out', planFile]);
    expect([plan.code, plan.stderr]).toEqual([0, expect.stringContaining(`wrote the plan to ${planFile}`)]);
    expect(JSON.parse(readFileSync(planFile, 'utf8')).tools).toEqual([
      { name: 'planned/one', revision: 1 },
      { name: 'planned/two', revision: 1 },
    ]);

    // Someone changes a tool between plan and apply: the apply writes nothing.
    await post(server.url, 'mutation { updateTool(name: "planned/two", input: { description: "Changed by hand." }) { __typename } }', undefined, admin);
    const stale = await cli(['apply', changed, '--prune', 'planned', '--plan', planFile]);
    expect([stale.code, stale.stdout]).toEqual([1, expect.stringContaining('"planned/two" is at revision 2, not revision 1 as expected')]);
    expect(stale.stdout).toContain('Run plan again');
    const descriptions = async () =>
      (await read(`{ tools(filter: { namespace: "planned" }, first: 10) { edges { node { name description } } } }`)).tools.edges.map(
        (e: any) => e.node.description,
      );
    expect(await descriptions()).toEqual(['First.', 'Changed by hand.']);

    // A tool created meanwhile in a namespace the plan prunes: the plan did not see it, so it is not deleted unseen.
    const replanned = await cli(['plan', changed, '--prune', 'planned', '--out', planFile]);
    expect(replanned.code).toBe(0);
    await post(server.url, 'mutation { createTool(input: { name: "planned/three", description: "New.", source: BUILTIN }) { __typename } }', undefined, admin);
    const unseen = await cli(['apply', changed, '--prune', 'planned', '--plan', planFile, '--format', 'json']);
    expect([unseen.code, JSON.parse(unseen.stdout)]).toEqual([
      1,
      { ok: false, conflict: expect.stringContaining('"planned/three" is at revision 1, where no tool was expected') },
    ]);

    expect((await cli(['plan', changed, '--prune', 'planned', '--out', planFile])).code).toBe(0);
    const applied = await cli(['apply', changed, '--prune', 'planned', '--plan', planFile]);
    expect([applied.code, lines(applied).at(-1)]).toEqual([0, `Applied to ${server.url}: 0 created, 2 updated, 0 unchanged, 1 deleted.`]);
    expect(await descriptions()).toEqual(['First, changed.', 'Second.']);

    const broken = join(writeFiles('plans', { 'broken.json': '{"tools": [{"name": 1}]}' }), 'broken.json');
    expect(await cli(['apply', changed, '--plan', broken])).toMatchObject({ code: 2, stderr: expect.stringContaining('not a plan written by') });
  });

  describe('discover', () => {
    let http: HttpMcpServer;
    beforeAll(async () => {
      http = await startHttpMcpServer(FILE_TOOLS);
    });
    afterAll(() => http?.close());

    const capabilities = async (namespace: string) =>
      (
        await read(
          `query ($f: ToolFilter) { tools(filter: $f, first: 100) { edges { node { name mcpServer mcpToolName capability { readOnly writes unsafe idempotent sideEffects } asMcpTool } } } }`,
          { f: { namespace } },
        )
      ).tools.edges.map((e: any) => e.node);

    it('registers the tools of an MCP server over stdio, every page of them, after a dry run that writes nothing', async () => {
      const dry = await cli(['discover', '--namespace', 'files', '--mcp-server', 'filesystem', '--dry-run', ...MCP_FIXTURE, 'files']);
      expect([dry.code, dry.stderr]).toEqual([0, 'The MCP server lists 4 tools.\n']);
      expect(lines(dry)).toEqual([
        '+ files/read_file         to create',
        '+ files/write-file        to create',
        '+ files/create_directory  to create',
        '+ files/web.search        to create',
        `Plan for ${server.url}: 4 to create, 0 to update, 0 unchanged, 0 to delete (4 tools; nothing written).`,
      ]);
      expect(await names('files')).toEqual([]);

      const run = await cli(['discover', '--namespace', 'files', '--mcp-server', 'filesystem', ...MCP_FIXTURE, 'files']);
      expect(run.code).toBe(0);
      const tools = await capabilities('files');
      expect(tools.map((t: any) => [t.name, t.mcpServer, t.mcpToolName, t.capability])).toEqual([
        ['files/create_directory', 'filesystem', 'create_directory', { readOnly: false, writes: true, unsafe: false, idempotent: true, sideEffects: [] }],
        ['files/read_file', 'filesystem', 'read_file', { readOnly: true, writes: false, unsafe: false, idempotent: true, sideEffects: [] }],
        [
          'files/web.search',
          'filesystem',
          'web.search',
          { readOnly: false, writes: true, unsafe: true, idempotent: false, sideEffects: ['reaches external systems (MCP openWorldHint)'] },
        ],
        ['files/write-file', 'filesystem', 'writeFile', { readOnly: false, writes: true, unsafe: true, idempotent: true, sideEffects: [] }],
      ]);
      // Exported again, each tool has the server's schemas and hints (additive-only comes back destructive).
      const byMcpName = new Map(FILE_TOOLS.map((tool) => [tool.name, tool]));
      for (const tool of tools) {
        const original = byMcpName.get(tool.mcpToolName)!;
        expect(tool.asMcpTool.inputSchema).toEqual(original.inputSchema);
        expect(tool.asMcpTool.outputSchema).toEqual(original.outputSchema);
        const hints = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true, ...original.annotations };
        expect(tool.asMcpTool.annotations).toEqual({ ...hints, destructiveHint: !hints.readOnlyHint });
      }
      // Discovering again changes nothing.
      const again = await cli(['discover', '--namespace', 'files', '--mcp-server', 'filesystem', '--format', 'json', ...MCP_FIXTURE, 'files']);
      expect(JSON.parse(again.stdout)).toMatchObject({ created: 0, updated: 0, unchanged: 4 });
    });

    it('registers the tools of an MCP server over Streamable HTTP, and writes them to a config file', async () => {
      const run = await cli(['discover', '--namespace', 'web-files', '--mcp-server', 'files-http', '--url', http.url]);
      expect([run.code, lines(run).at(-1)]).toEqual([0, `Applied to ${server.url}: 4 created, 0 updated, 0 unchanged, 0 deleted.`]);
      expect((await capabilities('web-files')).map((t: any) => t.mcpServer)).toEqual(Array(4).fill('files-http'));

      const output = join(writeFiles('discovered'), 'files.yaml');
      const written = await runCli(['discover', '--namespace', 'web-files', '--mcp-server', 'files-http', '--url', http.url, '--output', output]);
      expect([written.code, written.stdout]).toEqual([0, `wrote 4 tools to ${output}\n`]);
      expect((await cli(['validate', output])).code).toBe(0);
      expect(JSON.parse((await cli(['plan', output, '--format', 'json'])).stdout)).toMatchObject({ unchanged: 4 });
    });

    it('reports the tools the registry cannot take as the server lists them, and writes nothing', async () => {
      const run = await cli(['discover', '--namespace', 'odd', '--mcp-server', 'odd', ...MCP_FIXTURE, 'clashing']);
      expect([run.code, lines(run)]).toEqual([
        1,
        [
          'get-user name  NAME_TAKEN  "get-user" and "getUser" both become "odd/get-user"; the registry has one tool per name.',
          'broken input_schema  INVALID_JSON_SCHEMA  Not a valid JSON Schema (draft 2020-12): /properties/a/type must be equal to one of the allowed values.',
          '2 issues in the 3 tools the MCP server lists; nothing was written.',
        ],
      ]);
      expect(await names('odd')).toEqual([]);
    });

    it.each([
      [['--', 'no-such-command-anywhere'], /cannot list the tools of the MCP server no-such-command-anywhere: spawn no-such-command-anywhere ENOENT/],
      [
        ['--', process.execPath, '-e', 'process.stderr.write("boom: no config\\n"); process.exit(3)'],
        /cannot list the tools of the MCP server .*: .*\nit said:\nboom: no config/s,
      ],
      [['--timeout', '1', '--', process.execPath, '-e', 'setInterval(() => {}, 1000)'], /cannot list the tools of the MCP server .*timed out/i],
      [[], /give either --url <url> \(Streamable HTTP\) or, after --, the command/],
      [['--url', 'http://x/mcp', '--', 'cmd'], /give either --url/],
    ])('fails clearly (exit 2) with %j', async (args, message) => {
      const started = Date.now();
      const run = await cli(['discover', '--namespace', 'x', '--mcp-server', 'x', ...args]);
      expect([run.code, run.stdout]).toEqual([2, '']);
      expect(run.stderr).toMatch(message);
      expect(Date.now() - started).toBeLessThan(15_000);
    });

    it('says why an MCP server over HTTP cannot be reached (exit 2)', async () => {
      const port = await freePort(); // nothing listens on it
      const run = await cli(['discover', '--namespace', 'x', '--mcp-server', 'x', '--url', `http://127.0.0.1:${port}/mcp`]);
      expect([run.code, run.stderr]).toEqual([
        2,
        `toolgraph: cannot list the tools of the MCP server http://127.0.0.1:${port}/mcp: connect ECONNREFUSED 127.0.0.1:${port}\n`,
      ]);
    });

    it('refuses a namespace that is no namespace, and needs somewhere to put the tools', async () => {
      expect((await cli(['discover', '--namespace', 'Not/Ok', '--mcp-server', 'x', '--url', http.url])).stderr).toMatch(
        /--namespace "Not\/Ok" is not a namespace/,
      );
      const nowhere = await runCli(['discover', '--namespace', 'x', '--mcp-server', 'x', '--url', http.url]);
      expect([nowhere.code, nowhere.stderr]).toEqual([
        2,
        'toolgraph: give --server to register the tools (--dry-run to plan only), or --output to write them to a config file\n',
      ]);
    });
  });
});
