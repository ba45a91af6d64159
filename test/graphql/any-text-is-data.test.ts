/**
 * Whatever text or size a client sends, the answer says whose fault it is: a write gets a typed
 * issue, a read an empty result, on both databases alike (PostgreSQL refuses NUL and lone
 * surrogates where SQLite would store them). A JSON Schema is stored exactly as given.
 */
import { MAX_CODE_LENGTH, MAX_RESOURCE_SLOTS, MAX_SCHEMA_BYTES } from '../../src/domain/limits';
import { DEFAULT_REQUEST_LIMITS } from '../../src/server/limits';
import { testDatabases } from '../support/databases';
import { useTestServer } from '../support/test-server';
import { data, execute } from './helpers';

const CREATE = `mutation ($input: ToolInput!) {
  createTool(input: $input) {
    __typename
    ... on ToolValidationError { issues { path code } }
  }
}`;
const IMPORT = `mutation ($config: String!) {
  importTools(config: $config) {
    __typename
    ... on ImportValidationError { issues { path code } invalidTools { index issues { path configPath code } } }
  }
}`;

const NUL = 'a\u0000b';
const LONE = 'a\ud800b';

describe.each(testDatabases())('any text is data, on %s', (kind) => {
  const server = useTestServer(kind);

  beforeAll(async () => {
    await data(server.yoga, CREATE, { input: { name: 'known/tool', description: 'Known.', source: 'BUILTIN' } });
  });

  describe('in writes: a typed issue at the field', () => {
    it.each([
      ['a NUL in the name', { name: `known/${NUL}` }, [{ path: ['input', 'name'], code: 'INVALID_NAME' }]],
      ['a lone surrogate in the name', { name: `known/${LONE}` }, [{ path: ['input', 'name'], code: 'INVALID_NAME' }]],
      ['a NUL in the description', { description: NUL }, [{ path: ['input', 'description'], code: 'INVALID_VALUE' }]],
      [
        'a lone surrogate in a slot',
        { resourceSlots: [{ name: 'repo', resourceType: LONE, access: 'READ_ONLY' }] },
        [{ path: ['input', 'resourceSlots', '0', 'resourceType'], code: 'INVALID_VALUE' }],
      ],
      ['a NUL in a side effect', { capability: { sideEffects: [NUL] } }, [{ path: ['input', 'capability', 'sideEffects', '0'], code: 'INVALID_VALUE' }]],
      [
        'a lone surrogate inside a schema',
        { inputSchema: { type: 'string', description: LONE } },
        [{ path: ['input', 'inputSchema'], code: 'INVALID_JSON_SCHEMA' }],
      ],
      [
        'a NUL in a schema key',
        { outputSchema: { type: 'object', properties: { [NUL]: {} } } },
        [{ path: ['input', 'outputSchema'], code: 'INVALID_JSON_SCHEMA' }],
      ],
    ])('createTool with %s', async (_label, fields, issues) => {
      const { createTool } = await data(server.yoga, CREATE, { input: { name: 'text/tool', description: 'A tool.', source: 'BUILTIN', ...fields } });
      expect(createTool).toEqual({ __typename: 'ToolValidationError', issues });
    });

    it('updateTool and deleteTool of a name with NUL or a lone surrogate: ToolNotFound', async () => {
      for (const name of [`known/${NUL}`, `known/${LONE}`, NUL]) {
        const update = await data(server.yoga, 'mutation ($name: String!) { updateTool(name: $name, input: { timeout: 5 }) { __typename } }', { name });
        const remove = await data(server.yoga, 'mutation ($name: String!) { deleteTool(name: $name) { __typename } }', { name });
        expect([update.updateTool.__typename, remove.deleteTool.__typename]).toEqual(['ToolNotFound', 'ToolNotFound']);
      }
    });

    it('importTools with a NUL and a lone surrogate (as JSON escapes): the tool is invalid, nothing written', async () => {
      const config = JSON.stringify({ tools: [{ name: 'text/imported', description: NUL, source: 'builtin', capability: { write_scope: LONE } }] });
      const { importTools } = await data(server.yoga, IMPORT, { config });
      expect(importTools).toEqual({
        __typename: 'ImportValidationError',
        issues: [],
        invalidTools: [
          {
            index: 0,
            issues: [
              { path: ['config'], configPath: ['tools', '0', 'description'], code: 'INVALID_VALUE' },
              { path: ['config'], configPath: ['tools', '0', 'capability', 'write_scope'], code: 'INVALID_VALUE' },
            ],
          },
        ],
      });
      expect((await data(server.yoga, '{ tool(name: "text/imported") { name } }')).tool).toBeNull();
    });
  });

  describe('in reads: nothing found, no error', () => {
    it.each([NUL, LONE, `known/${NUL}`, `known/tool${LONE}`, ''])('tool(name: %j) is null', async (name) => {
      expect(await data(server.yoga, 'query ($name: String!) { tool(name: $name) { name } }', { name })).toEqual({ tool: null });
    });

    it.each([NUL, LONE, 'Known', 'known/tool', ''])('the namespace %j matches no tool, in the list, its total and the facets', async (namespace) => {
      const result = await data(
        server.yoga,
        'query ($namespace: String) { tools(filter: { namespace: $namespace }) { totalCount edges { node { name } } } toolStats(filter: { namespace: $namespace }) { total } }',
        { namespace },
      );
      expect(result).toEqual({ tools: { totalCount: 0, edges: [] }, toolStats: { total: 0 } });
    });

    it('a federation reference with a NUL or lone surrogate resolves to null', async () => {
      const { _entities } = await data(server.yoga, 'query ($r: [_Any!]!) { _entities(representations: $r) { ... on Tool { name } } }', {
        r: [
          { __typename: 'Tool', name: `known/${NUL}` },
          { __typename: 'Tool', name: LONE },
          { __typename: 'Tool', name: 'known/tool' },
        ],
      });
      expect(_entities).toEqual([null, null, { name: 'known/tool' }]);
    });

    it('a forged cursor naming text that is no tool name is BAD_USER_INPUT', async () => {
      for (const name of [NUL, 'a/b\ud800']) {
        const after = Buffer.from(`tool:${name}`, 'utf8').toString('base64url');
        const result = await execute(server.yoga, 'query ($after: String) { tools(after: $after) { totalCount } }', { after });
        expect(result.errors?.map((error) => error.extensions?.code)).toEqual(['BAD_USER_INPUT']);
      }
    });
  });

  describe('JSON Schemas are stored exactly as given', () => {
    const schemaText =
      '{"type":"object","properties":{"__proto__":{"type":"string"},"constructor":{"type":"number"}},"__proto__":{"x-note":"kept"},"required":["__proto__"]}';

    it('through createTool (JSON variables): every key kept, in order, in inputSchema and cliDict', async () => {
      const inputSchema = JSON.parse(schemaText);
      const { createTool } = await data(server.yoga, CREATE, { input: { name: 'proto/created', description: 'Keeps keys.', source: 'BUILTIN', inputSchema } });
      expect(createTool.__typename).toBe('CreateToolSuccess');
      const response = await server.yoga.fetch('http://yoga/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ tool(name: "proto/created") { inputSchema cliDict } }' }),
      });
      const text = await response.text();
      expect(text).toContain(`"inputSchema":${schemaText}`);
      const { data: read } = JSON.parse(text);
      expect(Object.keys(read.tool.cliDict.input_schema)).toEqual(['__proto__', 'properties', 'required', 'type']);
      expect(Object.keys(read.tool.cliDict.input_schema.properties)).toEqual(['__proto__', 'constructor']);
    });

    it('through importTools (YAML): every key kept, and importing it again changes nothing', async () => {
      const config = `name: proto/imported\ndescription: Keeps keys.\nsource: builtin\ninput_schema: ${schemaText}\n`;
      expect((await data(server.yoga, IMPORT, { config })).importTools.__typename).toBe('ImportToolsSuccess');
      const response = await server.yoga.fetch('http://yoga/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ tool(name: "proto/imported") { inputSchema } }' }),
      });
      expect(await response.text()).toContain(`"inputSchema":${schemaText}`);
      const again = await data(
        server.yoga,
        'mutation ($config: String!) { importTools(config: $config) { ... on ImportToolsSuccess { changed unchanged } } }',
        { config },
      );
      expect(again.importTools).toEqual({ changed: false, unchanged: 1 });
    });
  });

  describe('sizes', () => {
    const slotsInput = (count: number) => ({
      name: 'big/slots',
      description: 'Slots.',
      source: 'BUILTIN',
      resourceSlots: Array.from({ length: count }, (_, i) => ({ name: `s${i}`, resourceType: 't', access: 'READ_ONLY' })),
    });

    it(`refuses more than ${MAX_RESOURCE_SLOTS} resource slots with one VALUE_TOO_LARGE at resourceSlots`, async () => {
      const { createTool } = await data(server.yoga, CREATE, { input: slotsInput(5_000) });
      expect(createTool).toEqual({ __typename: 'ToolValidationError', issues: [{ path: ['input', 'resourceSlots'], code: 'VALUE_TOO_LARGE' }] });
    });

    it('refuses 100,000 resource slots before reading them: VARIABLES_TOO_LARGE, HTTP 400, in moments', async () => {
      const started = performance.now();
      const response = await server.yoga.fetch('http://yoga/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
        body: JSON.stringify({ query: CREATE, variables: { input: slotsInput(100_000) } }),
      });
      const elapsed = performance.now() - started;
      expect(response.status).toBe(400);
      const body = (await response.json()) as { errors: { message: string; extensions: { code: string } }[] };
      expect(body.errors.map((error) => error.extensions.code)).toEqual(['VARIABLES_TOO_LARGE']);
      expect(body.errors[0]!.message).toContain(`more than ${DEFAULT_REQUEST_LIMITS.maxVariableValues.toLocaleString('en-US')} values`);
      expect(elapsed).toBeLessThan(2000);
    });

    it('lets the largest valid schema through the limit on values: 256 KiB of small numbers', async () => {
      const count = Math.floor((MAX_SCHEMA_BYTES - 64) / 2);
      const inputSchema = { type: 'integer', enum: Array.from({ length: count }, (_, i) => i % 10) };
      expect(Buffer.byteLength(JSON.stringify(inputSchema))).toBeLessThanOrEqual(MAX_SCHEMA_BYTES);
      const { createTool } = await data(server.yoga, CREATE, { input: { name: 'big/enum', description: 'Enum.', source: 'BUILTIN', inputSchema } });
      expect(createTool.__typename).toBe('CreateToolSuccess');
    });

    it('refuses code of one character more than the limit, and stores code of exactly the limit', async () => {
      const input = (code: string, name: string) => ({ name, description: 'Code.', source: 'CUSTOM', code });
      const tooLong = await data(server.yoga, CREATE, { input: input('x'.repeat(MAX_CODE_LENGTH + 1), 'big/code-over') });
      expect(tooLong.createTool).toEqual({ __typename: 'ToolValidationError', issues: [{ path: ['input', 'code'], code: 'VALUE_TOO_LARGE' }] });
      const atLimit = await data(server.yoga, CREATE, { input: input('x'.repeat(MAX_CODE_LENGTH), 'big/code-at') });
      expect(atLimit.createTool.__typename).toBe('CreateToolSuccess');
    });
  });
});
