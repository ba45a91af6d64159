/**
 * toolgraph as an Apollo Federation v2 subgraph, seen from a gateway's side: `_service { sdl }`
 * and `_entities(representations:)` on the real store (SQLite always, Postgres when reachable).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { composeServices, compositionHasErrors } from '@theguild/federation-composition';
import { parse } from 'graphql';
import { testDatabases } from '../support/databases';
import { useTestServer } from '../support/test-server';
import { data, execute } from '../graphql/helpers';

const root = join(__dirname, '..', '..');
const schemaFile = readFileSync(join(root, 'schema.graphql'), 'utf8');

const ENTITIES = /* GraphQL */ `
  query Entities($representations: [_Any!]!) {
    _entities(representations: $representations) {
      __typename
      ... on Tool { name description source capability { readOnly } implementation { __typename ... on McpImplementation { server toolName } } wrappedBy { name } }
    }
  }
`;

describe.each(testDatabases())('the federation subgraph on %s', (kind) => {
  const server = useTestServer(kind, { recordSql: true });

  beforeAll(async () => {
    const create = `mutation($input: ToolInput!) { createTool(input: $input) { __typename } }`;
    for (let i = 0; i < 20; i += 1) {
      const input = { name: `fed/tool-${String(i).padStart(2, '0')}`, description: `Tool ${i}.`, source: 'BUILTIN' };
      expect(await data(server.yoga, create, { input })).toEqual({ createTool: { __typename: 'CreateToolSuccess' } });
    }
    const mcp = {
      name: 'fed/docker',
      description: 'Build an image.',
      source: 'MCP',
      mcpServer: 'docker',
      mcpToolName: 'build',
      capability: { readOnly: true },
    };
    const guard = { name: 'fed/docker-guard', description: 'Guard the build.', source: 'WRAPPED', toolType: 'VALIDATION', wraps: 'fed/docker' };
    for (const input of [mcp, guard]) expect(await data(server.yoga, create, { input })).toEqual({ createTool: { __typename: 'CreateToolSuccess' } });
  });

  describe('_service', () => {
    it('serves schema.graphql as the subgraph SDL, federation directives included', async () => {
      const { _service } = await data(server.yoga, '{ _service { sdl } }');
      expect(_service.sdl).toBe(schemaFile);
      expect(_service.sdl).toContain('@link(url: "https://specs.apollo.dev/federation/v2.4"');
      expect(_service.sdl).toMatch(/type Tool implements Node @key\(fields: "name"\) \{\n(.*\n)*? {2}id: ID!\n/);
      expect(_service.sdl).toMatch(/type PageInfo @shareable/);
    });
  });

  describe('_entities', () => {
    it('resolves a Tool reference by name, with enums, unions and related tools as in the standalone API', async () => {
      const result = await data(server.yoga, ENTITIES, { representations: [{ __typename: 'Tool', name: 'fed/docker' }] });
      expect(result._entities).toEqual([
        {
          __typename: 'Tool',
          name: 'fed/docker',
          description: 'Build an image.',
          source: 'MCP',
          capability: { readOnly: true },
          implementation: { __typename: 'McpImplementation', server: 'docker', toolName: 'build' },
          wrappedBy: [{ name: 'fed/docker-guard' }],
        },
      ]);
    });

    it('resolves N Tool references with one batched read: the SQL of one reference, in the order asked', async () => {
      const statementsFor = async (count: number) => {
        const names = Array.from({ length: count }, (_, i) => `fed/tool-${String(19 - i).padStart(2, '0')}`);
        server.sql.length = 0;
        const result = await data(
          server.yoga,
          `query($r: [_Any!]!) { _entities(representations: $r) { ... on Tool { name description resourceSlots { name } } } }`,
          {
            r: names.map((name) => ({ __typename: 'Tool', name })),
          },
        );
        expect(result._entities.map((tool: { name: string }) => tool.name)).toEqual(names);
        return [...server.sql];
      };
      const one = await statementsFor(1);
      const twenty = await statementsFor(20);
      // Exactly one SQL statement for any number of references: the SELECT of the tools by name
      // (`IN (…)`), their resource slots included (a JSON column of the Tool row).
      expect(one).toHaveLength(1);
      expect(twenty).toHaveLength(1);
      // Every name bound as one parameter: a list on Postgres, a JSON array on SQLite.
      expect(twenty[0]).toMatch(/FROM\s+"Tool"\s+WHERE\s+"name"\s+(= ANY\(\$1::text\[\]\)|IN \(SELECT "value" FROM json_each\(\?\)\))/);
    });

    it('resolves a reference by a name the tool had before renames to the tool it became; a deleted name to null', async () => {
      const rename = (name: string, newName: string) =>
        data(server.yoga, `mutation ($name: String!, $newName: String!) { renameTool(name: $name, newName: $newName) { __typename } }`, { name, newName });
      await data(server.yoga, `mutation { createTool(input: { name: "fed/counter", description: "Counts.", source: BUILTIN }) { __typename } }`);
      expect(await rename('fed/counter', 'text/counter')).toEqual({ renameTool: { __typename: 'RenameToolSuccess' } });
      expect(await rename('text/counter', 'text/line-counter')).toEqual({ renameTool: { __typename: 'RenameToolSuccess' } });
      await data(server.yoga, `mutation { createTool(input: { name: "fed/gone", description: "Gone.", source: BUILTIN }) { __typename } }`);
      await data(server.yoga, `mutation { deleteTool(name: "fed/gone") { __typename } }`);
      const result = await execute(server.yoga, ENTITIES.replace('description', 'description revision'), {
        representations: ['fed/counter', 'text/counter', 'text/line-counter', 'fed/gone', 'fed/tool-01'].map((name) => ({ __typename: 'Tool', name })),
      });
      expect(result.errors).toBeUndefined();
      expect(result.data?._entities.map((tool: { name: string; revision: number } | null) => tool && [tool.name, tool.revision])).toEqual([
        ['text/line-counter', 3],
        ['text/line-counter', 3],
        ['text/line-counter', 3],
        null,
        ['fed/tool-01', 1],
      ]);
      // `tool(name:)` stays a read of the name itself: a deleted or renamed name has no tool.
      expect(await data(server.yoga, '{ tool(name: "fed/counter") { name } }')).toEqual({ tool: null });
    });

    it("gives a gateway the tool's global id, the one `tool(name:)` and `node(id:)` answer", async () => {
      const { tool } = await data(server.yoga, '{ tool(name: "fed/docker") { id } }');
      const result = await data(server.yoga, `query($r: [_Any!]!) { _entities(representations: $r) { ... on Tool { id name } } }`, {
        r: [{ __typename: 'Tool', name: 'fed/docker' }],
      });
      expect(result._entities).toEqual([{ id: tool.id, name: 'fed/docker' }]);
      expect(await data(server.yoga, 'query($id: ID!) { node(id: $id) { ... on Tool { name } } }', { id: tool.id })).toEqual({ node: { name: 'fed/docker' } });
    });

    it('resolves an unknown name to null, not to an error', async () => {
      const result = await execute(server.yoga, ENTITIES, {
        representations: [
          { __typename: 'Tool', name: 'fed/missing' },
          { __typename: 'Tool', name: 'fed/tool-00' },
        ],
      });
      expect(result.errors).toBeUndefined();
      expect(result.data?._entities).toEqual([null, expect.objectContaining({ name: 'fed/tool-00' })]);
    });

    it('refuses, with a clear error at its index, a reference to a type toolgraph does not own; the others resolve', async () => {
      const result = await execute(server.yoga, `query($r: [_Any!]!) { _entities(representations: $r) { ... on Tool { name } } }`, {
        r: [
          { __typename: 'Agent', id: 'a1' },
          { __typename: 'ToolCapability', readOnly: true },
          { __typename: 'Tool', name: 'fed/tool-01' },
        ],
      });
      expect(result.data?._entities).toEqual([null, null, { name: 'fed/tool-01' }]);
      expect(result.errors).toEqual([
        expect.objectContaining({
          message: 'This subgraph owns no entity type "Agent"; it resolves "Tool".',
          path: ['_entities', 0],
          extensions: { code: 'BAD_USER_INPUT' },
        }),
        expect.objectContaining({
          message: 'This subgraph owns no entity type "ToolCapability"; it resolves "Tool".',
          path: ['_entities', 1],
          extensions: { code: 'BAD_USER_INPUT' },
        }),
      ]);
    });

    it('refuses a Tool reference without its key field, and a representation without __typename', async () => {
      const missingKey = await execute(server.yoga, `query($r: [_Any!]!) { _entities(representations: $r) { ... on Tool { name } } }`, {
        r: [{ __typename: 'Tool', id: 'x' }],
      });
      expect(missingKey.data?._entities).toEqual([null]);
      expect(missingKey.errors).toEqual([
        expect.objectContaining({ message: 'A "Tool" reference needs the fields of its key: name.', extensions: { code: 'BAD_USER_INPUT' } }),
      ]);

      const noTypename = await execute(server.yoga, `{ _entities(representations: [{ name: "fed/tool-00" }]) { ... on Tool { name } } }`);
      expect(noTypename.data).toBeUndefined();
      expect(noTypename.errors?.[0]?.message).toMatch(/object with a string `__typename`/);
    });

    it("refuses a Tool reference whose name is not a string, as the gateway's error, not an internal one", async () => {
      const result = await execute(server.yoga, `query($r: [_Any!]!) { _entities(representations: $r) { ... on Tool { name } } }`, {
        r: [
          { __typename: 'Tool', name: 42 },
          { __typename: 'Tool', name: 'fed/tool-01' },
        ],
      });
      expect(result.data?._entities).toEqual([null, { name: 'fed/tool-01' }]);
      expect(result.errors).toEqual([
        expect.objectContaining({ message: 'A Tool reference\'s "name" must be a string.', path: ['_entities', 0], extensions: { code: 'BAD_USER_INPUT' } }),
      ]);
    });
  });
});

describe('npm run sdl', () => {
  it('prints the subgraph SDL, exactly schema.graphql', async () => {
    const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'sdl'], { cwd: root });
    expect(stdout).toBe(schemaFile);
  });
});

describe('composition with a subgraph that has names of its own', () => {
  /** A platform subgraph using the generic names a registry must not take from it. */
  const platformSdl = (extra = '') => /* GraphQL */ `
    extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key", "@shareable"])
    type Query { issues(order: OrderDirection): [Issue!]! }
    type Issue @key(fields: "id") { id: ID! path: String code: IssueCode }
    enum IssueCode { BLOCKER MINOR }
    interface UserError { message: String! field: String }
    type Forbidden implements UserError { message: String! field: String role: String }
    enum OrderDirection { ASCENDING DESCENDING }
    type ToolChange { id: ID! summary: String }
    ${extra}
  `;
  const compose = (platform: string) =>
    composeServices([
      { name: 'toolgraph', typeDefs: parse(schemaFile), url: 'http://toolgraph/graphql' },
      { name: 'platform', typeDefs: parse(platform), url: 'http://platform/graphql' },
    ]);

  it('composes: every type name of the registry is its own', () => {
    const composition = compose(platformSdl());
    expect(compositionHasErrors(composition) ? composition.errors.map((error) => error.message) : []).toEqual([]);
  });

  it("fails when the other subgraph defines one of the registry's names differently (the check can fail)", () => {
    expect(compositionHasErrors(compose(platformSdl('enum ToolOrderDirection { UP DOWN }')))).toBe(true);
  });
});
