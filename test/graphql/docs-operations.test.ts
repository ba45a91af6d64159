/**
 * The documentation's promise: its example operations work against the tools in examples/tools/.
 * Loads every example config through the public importTools mutation, then runs each operation of
 * the ```graphql blocks of README.md and docs/ (test/support/docs.ts), in reading order, on a
 * fresh SQLite database.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useTestServer } from '../support/test-server';
import { data, execute } from './helpers';
import { codeBlocks } from '../support/docs';

const root = join(__dirname, '..', '..');
const exampleFiles = readdirSync(join(root, 'examples', 'tools'))
  .filter((f) => /\.(ya?ml|json)$/.test(f))
  .sort();
const operationName = (operation: string): string => /(?:query|mutation)\s+(\w+)/.exec(operation)?.[1] ?? '(anonymous)';
const documentedOperations = codeBlocks('graphql').map((block) => [`${block.file}:${block.line} ${operationName(block.text)}`, block.text] as const);

describe("the documentation's operations against examples/tools", () => {
  const server = useTestServer('sqlite');

  it.each(exampleFiles)('imports examples/tools/%s without issues', async (file) => {
    const config = readFileSync(join(root, 'examples', 'tools', file), 'utf8');
    const result = await data(
      server.yoga,
      `mutation ($config: String!) {
        importTools(config: $config) {
          __typename
          ... on ImportToolsSuccess { created }
          ... on ImportValidationError { issues { path code message } invalidTools { name issues { path code message } } }
        }
      }`,
      { config },
    );
    expect(result.importTools.__typename).toBe('ImportToolsSuccess');
    expect(result.importTools.created).toBeGreaterThan(0);
  });

  it('the examples cover every source, a validation, static and contextual slots, and schemas', async () => {
    const { tools } = await data(
      server.yoga,
      `{ tools(first: 100) { edges { node { source toolType inputSchema outputSchema resourceSlots { binding } } } } }`,
    );
    const nodes = tools.edges.map((edge: { node: any }) => edge.node);
    expect(new Set(nodes.map((n: any) => n.source))).toEqual(new Set(['MCP', 'AGENT_SKILL', 'BUILTIN', 'CUSTOM', 'WRAPPED']));
    expect(nodes.some((n: any) => n.toolType === 'VALIDATION')).toBe(true);
    const bindings = new Set(nodes.flatMap((n: any) => n.resourceSlots.map((slot: any) => slot.binding)));
    expect(bindings).toEqual(new Set(['STATIC', 'CONTEXTUAL']));
    expect(nodes.some((n: any) => n.inputSchema && n.outputSchema)).toBe(true);
  });

  it("the README and every reader's page have example operations", () => {
    const files = new Set(codeBlocks('graphql').map((block) => block.file));
    expect([...files].sort()).toEqual(expect.arrayContaining(['README.md', 'docs/agents.md', 'docs/dashboards.md', 'docs/tool-authors.md']));
  });

  it.each(documentedOperations)('%s runs without errors', async (_name, operation) => {
    const variables = { config: readFileSync(join(root, 'examples', 'tools', exampleFiles[0]!), 'utf8') };
    const result = await execute(server.yoga, operation, variables);
    expect(result.errors).toBeUndefined();
    const [field] = Object.values<any>(result.data ?? {});
    expect(field).not.toBeNull();
    // Mutations answer with a union; an error member means the page shows a failing example.
    if (field && typeof field === 'object' && '__typename' in field) {
      expect([
        'Tool',
        'CreateToolSuccess',
        'UpdateToolSuccess',
        'DeleteToolSuccess',
        'DeprecateToolSuccess',
        'UndeprecateToolSuccess',
        'RestoreToolSuccess',
        'RenameToolSuccess',
        'PurgeToolSuccess',
        'ImportToolsSuccess',
      ]).toContain(field.__typename);
    }
  });
});
