/**
 * `Tool.asMcpTool`, `asOpenAiTool`, `asAnthropicTool` and `toolByModelName` through the API on
 * each database: the example tools come out as the domain exports them (the same bytes from
 * either store), valid by the MCP SDK; a tool a format cannot carry reads null there; every model
 * tool name leads back to its tool.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ListToolsResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { fromConfig } from '../../src/domain/config';
import { asModelTool, MODEL_FORMATS } from '../../src/domain/exports';
import { testDatabases } from '../support/databases';
import { useTestServer } from '../support/test-server';
import { data } from './helpers';

const root = join(__dirname, '..', '..');
const examples = readdirSync(join(root, 'examples', 'tools'))
  .filter((file) => file.endsWith('.yaml'))
  .map((file) => readFileSync(join(root, 'examples', 'tools', file), 'utf8'));

const IMPORT = `mutation ($config: String!) { importTools(config: $config) { __typename } }`;
const EXPORTS = `query ($namespace: String) {
  tools(filter: { namespace: $namespace }, first: 100) { edges { node { name cliDict asMcpTool asOpenAiTool asAnthropicTool } } }
}`;
const FIELDS = { mcp: 'asMcpTool', openai: 'asOpenAiTool', anthropic: 'asAnthropicTool' } as const;

describe.each(testDatabases())('model-ready formats on %s', (kind) => {
  const server = useTestServer(kind);

  beforeAll(async () => {
    for (const config of examples) expect((await data(server.yoga, IMPORT, { config })).importTools.__typename).toBe('ImportedTools');
  });

  it('gives every tool in every format as the domain exports it, and as one MCP tools/list', async () => {
    const nodes = (await data(server.yoga, EXPORTS)).tools.edges.map((edge: any) => edge.node);
    expect(nodes.length).toBeGreaterThan(5);
    for (const node of nodes) {
      const definition = fromConfig(node.cliDict);
      if (!definition.ok) throw new Error(JSON.stringify(definition.issues));
      for (const format of MODEL_FORMATS) {
        const expected = asModelTool(definition.value, format);
        // The same text, key order included, whichever database stored the schemas.
        expect(JSON.stringify(node[FIELDS[format]])).toBe(JSON.stringify(expected.ok ? expected.value : null));
      }
    }
    expect(ListToolsResultSchema.safeParse({ tools: nodes.map((node: any) => node.asMcpTool) }).error).toBeUndefined();
  });

  it('leads every model tool name back to its tool, and nothing else to any', async () => {
    const nodes = (await data(server.yoga, EXPORTS)).tools.edges.map((edge: any) => edge.node);
    for (const node of nodes) {
      const found = await data(server.yoga, `query ($m: String!) { toolByModelName(modelName: $m) { name } }`, { m: node.asOpenAiTool.function.name });
      expect(found.toolByModelName).toEqual({ name: node.name });
    }
    for (const modelName of ['', 'devops/docker-build', 'devops__no-such-tool', 'devops__docker_Ubuild', '\u0000', 'x'.repeat(100_000)]) {
      expect((await data(server.yoga, `query ($m: String!) { toolByModelName(modelName: $m) { name } }`, { m: modelName })).toolByModelName).toBeNull();
    }
  });

  it('reads null in a format that cannot carry the tool', async () => {
    const long = `${'l'.repeat(40)}/${'a'.repeat(40)}`; // 82 characters as a model tool name
    const create = `mutation ($input: ToolInput!) { createTool(input: $input) { __typename } }`;
    await data(server.yoga, create, { input: { name: long, description: 'A long name.', source: 'BUILTIN' } });
    await data(server.yoga, create, { input: { name: 'odd/text-in', description: 'Takes a string.', source: 'BUILTIN', inputSchema: { type: 'string' } } });
    const read = async (namespace: string) => (await data(server.yoga, EXPORTS, { namespace })).tools.edges[0].node;

    const longTool = await read('l'.repeat(40));
    expect(longTool.asMcpTool.name).toBe(`${'l'.repeat(40)}__${'a'.repeat(40)}`);
    expect([longTool.asOpenAiTool, longTool.asAnthropicTool]).toEqual([null, null]);
    const odd = await read('odd');
    expect([odd.asMcpTool, odd.asOpenAiTool, odd.asAnthropicTool]).toEqual([null, null, null]);
  });
});
