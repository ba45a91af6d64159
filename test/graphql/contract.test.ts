/**
 * The GraphQL contract (registry spec, section 4) end to end: yoga.fetch → resolvers → registry →
 * the real store on a fresh, migrated database (SQLite always, Postgres when reachable).
 */
import { testDatabases } from '../support/databases';
import { useTestServer } from '../support/test-server';
import { data, execute } from './helpers';

describe.each(testDatabases())('GraphQL contract on %s', (kind) => {
  const server = useTestServer(kind, { recordSql: true });

  const TOOL_FIELDS = /* GraphQL */ `
      name namespace shortName description source toolType timeout
      code mcpServer mcpToolName agentSkillPath
      inputSchema outputSchema
      capability { readOnly writes writeScope checkpointable checkpointScope sideEffects idempotent unsafe humanApprovalRequired costProfile }
      resourceSlots { name resourceType access description binding staticResource required }
      lifecycle { discover activate deactivate }
      implementation {
        __typename
        ... on McpImplementation { server toolName }
        ... on AgentSkillImplementation { path }
        ... on BuiltinImplementation { builtin }
        ... on CustomImplementation { code }
        ... on WrappedImplementation { tool { name } }
      }
      wraps { name }
      wrappedBy { name }
      createdAt updatedAt
  `;
  const TOOL_RESULT = /* GraphQL */ `
    __typename
    ... on ToolWriteSuccess { changed changedFields revision safetyDowngrades { kind sideEffect } tool { ${TOOL_FIELDS} } }
    ... on RegistryError { message code }
    ... on ToolValidationError { issues { path code message } }
  `;

  const CREATE = `mutation Create($input: ToolInput!) { createTool(input: $input) { ${TOOL_RESULT} } }`;
  const UPDATE = `mutation Update($name: String!, $input: ToolPatch!) { updateTool(name: $name, input: $input) { ${TOOL_RESULT} ... on ToolNotFound { name } } }`;
  const DELETE = /* GraphQL */ `
    mutation Delete($name: String!) {
      deleteTool(name: $name) {
        __typename
        ... on RegistryError { message code }
        ... on DeleteToolSuccess { changed changedFields revision safetyDowngrades { kind } tool { name } }
        ... on ToolNotFound { name }
        ... on ToolIsWrapped { name wrappedBy { name } }
      }
    }
  `;
  const IMPORT = /* GraphQL */ `
    mutation Import($config: String!, $dryRun: Boolean) {
      importTools(config: $config, dryRun: $dryRun) {
        __typename
        ... on ImportToolsSuccess { dryRun changed created updated unchanged tools { name change tool { name description } } }
        ... on ImportValidationError { message code issues { path code configPath } invalidTools { index name issues { path code configPath line column } } }
      }
    }
  `;

  const create = async (input: Record<string, unknown>) => (await data(server.yoga, CREATE, { input })).createTool;
  const update = async (name: string, input: Record<string, unknown>) => (await data(server.yoga, UPDATE, { name, input })).updateTool;
  const remove = async (name: string) => (await data(server.yoga, DELETE, { name })).deleteTool;
  const importTools = async (config: string, dryRun?: boolean) => (await data(server.yoga, IMPORT, { config, dryRun })).importTools;
  const builtin = (name: string, extra: Record<string, unknown> = {}) => ({ name, description: `The ${name} tool.`, source: 'BUILTIN', ...extra });

  describe('createTool', () => {
    it('stores a tool with every field and returns it, enums in UPPER_CASE', async () => {
      const result = await create({
        name: 'create/mcp-tool',
        description: 'Reads a repository.',
        source: 'MCP',
        mcpServer: 'git',
        mcpToolName: 'read_file',
        inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
        capability: { writes: true, checkpointable: true, checkpointScope: 'WRITE_SCOPE', sideEffects: ['network'], humanApprovalRequired: true },
        resourceSlots: [
          { name: 'repo', resourceType: 'git_repository', access: 'READ_WRITE', binding: 'STATIC', staticResource: 'main-repo' },
          { name: 'cache', resourceType: 'dir', access: 'READ_ONLY', required: false },
        ],
        lifecycle: { activate: 'hooks.activate' },
        timeout: 60,
      });
      expect(result).toMatchObject({ __typename: 'CreateToolSuccess', changed: true, changedFields: [], revision: 1, safetyDowngrades: [] });
      const { tool } = result;
      expect(tool).toMatchObject({
        name: 'create/mcp-tool',
        namespace: 'create',
        shortName: 'mcp-tool',
        source: 'MCP',
        toolType: 'TOOL',
        timeout: 60,
        mcpServer: 'git',
        code: null,
        inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
        outputSchema: null,
        capability: {
          readOnly: false,
          writes: true,
          writeScope: null,
          checkpointable: true,
          checkpointScope: 'WRITE_SCOPE',
          sideEffects: ['network'],
          idempotent: false,
          unsafe: false,
          humanApprovalRequired: true,
          costProfile: null,
        },
        resourceSlots: [
          {
            name: 'repo',
            resourceType: 'git_repository',
            access: 'READ_WRITE',
            description: '',
            binding: 'STATIC',
            staticResource: 'main-repo',
            required: true,
          },
          { name: 'cache', resourceType: 'dir', access: 'READ_ONLY', description: '', binding: 'CONTEXTUAL', staticResource: null, required: false },
        ],
        lifecycle: { discover: null, activate: 'hooks.activate', deactivate: null },
        implementation: { __typename: 'McpImplementation', server: 'git', toolName: 'read_file' },
        wraps: null,
        wrappedBy: [],
      });
      expect(new Date(tool.createdAt).toISOString()).toBe(tool.createdAt);
      expect((await data(server.yoga, '{ tool(name: "create/mcp-tool") { name source } }')).tool).toEqual({ name: 'create/mcp-tool', source: 'MCP' });
    });

    it('applies the model defaults to fields left out', async () => {
      const result = await create(builtin('create/defaults'));
      expect(result.__typename).toBe('CreateToolSuccess');
      expect(result.tool).toMatchObject({
        toolType: 'TOOL',
        timeout: 300,
        capability: { readOnly: false, writes: false, sideEffects: [], checkpointScope: null },
        resourceSlots: [],
        lifecycle: null,
        implementation: { __typename: 'BuiltinImplementation', builtin: true },
      });
    });

    it('gives each source its own implementation member', async () => {
      const skill = await create({ name: 'create/skill', description: 'A skill.', source: 'AGENT_SKILL', agentSkillPath: 'skills/pdf' });
      const custom = await create({ name: 'create/custom', description: 'Custom.', source: 'CUSTOM', code: 'print(1)' });
      expect(skill.tool.implementation).toEqual({ __typename: 'AgentSkillImplementation', path: 'skills/pdf' });
      expect(custom.tool.implementation).toEqual({ __typename: 'CustomImplementation', code: 'print(1)' });
    });

    it('reports every broken rule at once as ToolValidationError, writing nothing', async () => {
      const result = await create({
        name: 'No Slash',
        description: '   ',
        source: 'CUSTOM',
        mcpServer: 'x',
        capability: { readOnly: true, writes: true, checkpointScope: 'SESSION' },
        resourceSlots: [{ name: 'class', resourceType: 'r', access: 'READ_ONLY', binding: 'STATIC' }],
        timeout: 0,
      });
      expect(result).toMatchObject({ __typename: 'ToolValidationError', code: 'VALIDATION_FAILED' });
      expect(result.message).toMatch(/nothing was written/);
      const codes = result.issues.map((issue: { path: string[]; code: string }) => `${issue.path.join(' ')} ${issue.code}`);
      expect(codes).toEqual(
        expect.arrayContaining([
          'input name INVALID_NAME',
          'input description INVALID_DESCRIPTION',
          'input code MISSING_SOURCE_FIELD',
          'input mcpServer FIELD_NOT_ALLOWED',
          'input capability writes READ_ONLY_CONFLICT',
          'input capability checkpointScope CHECKPOINT_SCOPE_WITHOUT_CHECKPOINTABLE',
          'input resourceSlots 0 name INVALID_SLOT_NAME',
          'input resourceSlots 0 staticResource STATIC_RESOURCE_REQUIRED',
          'input timeout INVALID_TIMEOUT',
        ]),
      );
      expect((await data(server.yoga, '{ tool(name: "No Slash") { name } }')).tool).toBeNull();
    });

    it('refuses a taken name with ToolValidationError, the issue NAME_TAKEN at name', async () => {
      await create(builtin('create/taken'));
      const result = await create(builtin('create/taken'));
      expect(result).toMatchObject({ __typename: 'ToolValidationError', code: 'VALIDATION_FAILED' });
      expect(result.issues).toEqual([{ path: ['input', 'name'], code: 'NAME_TAKEN', message: expect.stringContaining('create/taken') }]);
    });

    it('creates a validation that wraps a tool, linked both ways', async () => {
      await create(builtin('wrap/target'));
      const validation = await create({ name: 'wrap/guard', description: 'Guards it.', source: 'WRAPPED', toolType: 'VALIDATION', wraps: 'wrap/target' });
      expect(validation.__typename).toBe('CreateToolSuccess');
      expect(validation.tool).toMatchObject({
        toolType: 'VALIDATION',
        source: 'WRAPPED',
        wraps: { name: 'wrap/target' },
        implementation: { __typename: 'WrappedImplementation', tool: { name: 'wrap/target' } },
      });
      const target = await data(server.yoga, '{ tool(name: "wrap/target") { wrappedBy { name toolType } } }');
      expect(target.tool.wrappedBy).toEqual([{ name: 'wrap/guard', toolType: 'VALIDATION' }]);
    });

    it('refuses a validation of a missing tool', async () => {
      const result = await create({ name: 'wrap/orphan', description: 'Orphan.', source: 'WRAPPED', toolType: 'VALIDATION', wraps: 'wrap/missing' });
      expect(result).toMatchObject({ __typename: 'ToolValidationError', code: 'VALIDATION_FAILED' });
      expect(result.issues).toContainEqual(expect.objectContaining({ path: ['input', 'wraps'], code: 'WRAPPED_TOOL_NOT_FOUND' }));
    });
  });

  describe('updateTool', () => {
    it('changes only the fields given, merging capability and replacing lists', async () => {
      await create(
        builtin('update/tool', {
          capability: { readOnly: true, idempotent: true },
          resourceSlots: [{ name: 'a', resourceType: 'r', access: 'READ_ONLY' }],
          timeout: 30,
        }),
      );
      const result = await update('update/tool', {
        capability: { costProfile: 'cheap' },
        resourceSlots: [{ name: 'b', resourceType: 's', access: 'READ_WRITE' }],
      });
      expect(result).toMatchObject({ __typename: 'UpdateToolSuccess', changed: true, revision: 2, safetyDowngrades: [] });
      expect([...result.changedFields].sort()).toEqual(['CAPABILITY', 'RESOURCE_SLOTS']);
      const { tool } = result;
      expect(tool).toMatchObject({
        description: 'The update/tool tool.',
        timeout: 30,
        capability: { readOnly: true, idempotent: true, costProfile: 'cheap' },
        resourceSlots: [{ name: 'b', resourceType: 's', access: 'READ_WRITE' }],
      });
      expect(new Date(tool.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(tool.createdAt).getTime());
    });

    it('resets a single value given as null, and the fields named in reset, to their defaults', async () => {
      await create(builtin('update/reset', { timeout: 30, lifecycle: { discover: 'd' } }));
      const result = await update('update/reset', { timeout: null, reset: ['LIFECYCLE'] });
      expect(result).toMatchObject({ __typename: 'UpdateToolSuccess', changed: true, tool: { timeout: 300, lifecycle: null } });
      expect([...result.changedFields].sort()).toEqual(['LIFECYCLE', 'TIMEOUT']);
    });

    it('reports broken rules of the result, leaving the tool as it was', async () => {
      await create(builtin('update/invalid', { capability: { readOnly: true } }));
      const result = await update('update/invalid', { capability: { writes: true }, timeout: 0 });
      expect(result).toMatchObject({ __typename: 'ToolValidationError', code: 'VALIDATION_FAILED' });
      expect(result.issues.map((issue: { code: string }) => issue.code)).toEqual(expect.arrayContaining(['READ_ONLY_CONFLICT', 'INVALID_TIMEOUT']));
      const stored = await data(server.yoga, '{ tool(name: "update/invalid") { timeout capability { writes } } }');
      expect(stored.tool).toEqual({ timeout: 300, capability: { writes: false } });
    });

    it('answers ToolNotFound for an unknown name', async () => {
      expect(await update('update/nobody', { timeout: 5 })).toMatchObject({ __typename: 'ToolNotFound', code: 'TOOL_NOT_FOUND', name: 'update/nobody' });
    });
  });

  describe('deleteTool', () => {
    it('deletes a tool and returns what it was', async () => {
      await create(builtin('delete/gone'));
      expect(await remove('delete/gone')).toEqual({
        __typename: 'DeleteToolSuccess',
        changed: true,
        changedFields: [],
        revision: 2,
        safetyDowngrades: [],
        tool: { name: 'delete/gone' },
      });
      expect((await data(server.yoga, '{ tool(name: "delete/gone") { name } }')).tool).toBeNull();
    });

    it('answers ToolNotFound for an unknown name', async () => {
      expect(await remove('delete/nobody')).toMatchObject({ __typename: 'ToolNotFound', code: 'TOOL_NOT_FOUND', name: 'delete/nobody' });
    });

    it('refuses a tool that validations wrap with ToolIsWrapped, listing them', async () => {
      await create(builtin('delete/wrapped'));
      await create({ name: 'delete/guard', description: 'Guard.', source: 'WRAPPED', toolType: 'VALIDATION', wraps: 'delete/wrapped' });
      const result = await remove('delete/wrapped');
      expect(result).toMatchObject({ __typename: 'ToolIsWrapped', code: 'TOOL_IS_WRAPPED', name: 'delete/wrapped', wrappedBy: [{ name: 'delete/guard' }] });
      expect(result.message).toContain('delete/guard');
    });
  });

  describe('importTools', () => {
    const config = [
      'tools:',
      '  - name: import/a',
      '    description: Tool A.',
      '    source: builtin',
      '  - name: import/guard',
      '    description: Guards A.',
      '    source: wrapped',
      '    tool_type: validation',
      '    wraps: import/a',
    ].join('\n');

    it('on a dry run reports what would change and writes nothing', async () => {
      const result = await importTools(config, true);
      expect(result).toEqual({
        __typename: 'ImportToolsSuccess',
        dryRun: true,
        changed: true,
        created: 2,
        updated: 0,
        unchanged: 0,
        tools: [
          { name: 'import/a', change: 'CREATED', tool: null },
          { name: 'import/guard', change: 'CREATED', tool: null },
        ],
      });
      expect((await data(server.yoga, '{ tool(name: "import/a") { name } }')).tool).toBeNull();
    });

    it('creates new names, then reports them unchanged, then updated', async () => {
      expect(await importTools(config)).toMatchObject({
        dryRun: false,
        changed: true,
        created: 2,
        tools: [{ change: 'CREATED', tool: { name: 'import/a' } }, { change: 'CREATED' }],
      });
      expect(await importTools(config)).toMatchObject({ changed: false, unchanged: 2 });
      const changed = await importTools(config.replace('Tool A.', 'Tool A, improved.'));
      expect(changed).toMatchObject({
        changed: true,
        updated: 1,
        unchanged: 1,
        tools: [{ name: 'import/a', change: 'UPDATED', tool: { description: 'Tool A, improved.' } }, { change: 'UNCHANGED' }],
      });
    });

    it('writes nothing when one tool is invalid, reporting every invalid tool', async () => {
      const text = JSON.stringify({
        tools: [
          { name: 'import/fine', description: 'Fine.', source: 'builtin' },
          { name: 'import/bad', description: '', source: 'mcp' },
          { name: 'import/worse', description: 'x', source: 'custom', colour: 'red' },
        ],
      });
      const result = await importTools(text);
      expect(result).toMatchObject({ __typename: 'ImportValidationError', code: 'VALIDATION_FAILED' });
      expect(result.invalidTools.map((tool: { index: number; name: string }) => [tool.index, tool.name])).toEqual([
        [1, 'import/bad'],
        [2, 'import/worse'],
      ]);
      expect(result.invalidTools[1].issues).toContainEqual({
        path: ['config'],
        code: 'UNKNOWN_FIELD',
        configPath: ['tools', '2', 'colour'],
        line: 1,
        column: 188,
      });
      expect((await data(server.yoga, '{ tool(name: "import/fine") { name } }')).tool).toBeNull();
    });

    it('reports a text that is not YAML or JSON as a whole-config issue', async () => {
      const result = await importTools('tools: [unclosed');
      expect(result).toMatchObject({ __typename: 'ImportValidationError', invalidTools: [], issues: [{ code: 'INVALID_CONFIG' }] });
      expect(result.issues[0]).toMatchObject({ path: ['config'], configPath: [] });
    });

    it('points at each issue in the config text: its config path from the root, its line and column', async () => {
      const yaml = [
        'tools:',
        '  - name: import/fine',
        '    description: Fine.',
        '    source: builtin',
        '  - name: import/slots',
        '    description: Slots.',
        '    source: builtin',
        '    capability:',
        '      read_only: true',
        '      writes: true',
        '    resource_slots:',
        '      - name: repo',
        '        resource_type: git',
        '        access: read_only',
        '        binding: contextual',
        '        static_resource: x',
        '',
      ].join('\n');
      const result = await importTools(yaml);
      expect(result.invalidTools).toEqual([
        {
          index: 1,
          name: 'import/slots',
          issues: expect.arrayContaining([
            { path: ['config'], code: 'READ_ONLY_CONFLICT', configPath: ['tools', '1', 'capability', 'writes'], line: 10, column: 15 },
            {
              path: ['config'],
              code: 'STATIC_RESOURCE_FORBIDDEN',
              configPath: ['tools', '1', 'resource_slots', '0', 'static_resource'],
              line: 16,
              column: 26,
            },
          ]),
        },
      ]);
    });
  });

  it.each([
    ['a key given twice', 'name: a/b\nname: a/c\n', 'INVALID_CONFIG', 2, 1],
    ['a tag it does not read', 'name: a/b\ncode: !!js/function "f"\n', 'INVALID_CONFIG', 2, 7],
    ['collections nested too deep', `${'['.repeat(1_000)}${']'.repeat(1_000)}`, 'VALUE_TOO_LARGE', 1, 72],
  ])('places a text it cannot read (%s) where the message says the reader stopped', async (_label, config, code, line, column) => {
    const { importTools: refused } = await data(
      server.yoga,
      'mutation ($config: String!) { importTools(config: $config) { ... on ImportValidationError { issues { code message line column } } } }',
      { config },
    );
    expect(refused.issues).toEqual([{ code, message: expect.stringContaining(`(line ${line}, column ${column})`), line, column }]);
  });

  describe('tool', () => {
    it('is null for a name that does not exist', async () => {
      expect(await data(server.yoga, '{ tool(name: "nowhere/nothing") { name } }')).toEqual({ tool: null });
    });

    it('has the CLI dict: snake_case keys in the model order, defaults included', async () => {
      await create(builtin('cli/dict'));
      const { tool } = await data(server.yoga, '{ tool(name: "cli/dict") { cliDict } }');
      expect(Object.keys(tool.cliDict)).toEqual([
        'name',
        'namespace',
        'short_name',
        'description',
        'source',
        'tool_type',
        'code',
        'mcp_server',
        'mcp_tool_name',
        'agent_skill_path',
        'wraps',
        'input_schema',
        'output_schema',
        'capability',
        'resource_slots',
        'lifecycle',
        'timeout',
      ]);
      expect(tool.cliDict).toMatchObject({ name: 'cli/dict', namespace: 'cli', short_name: 'dict', source: 'builtin', timeout: 300 });
    });
  });

  describe('tools and namespaces', () => {
    const PAGE = /* GraphQL */ `
      query Page($filter: ToolFilter, $first: Int, $after: String) {
        tools(filter: $filter, first: $first, after: $after) {
          edges { cursor node { name } }
          pageInfo { hasNextPage endCursor }
        }
      }
    `;
    const names = async (filter: Record<string, unknown>) =>
      (await data(server.yoga, PAGE, { filter, first: 100 })).tools.edges.map((edge: { node: { name: string } }) => edge.node.name);

    beforeAll(async () => {
      for (const short of ['c', 'a', 'e', 'b', 'd']) await create(builtin(`page/${short}`, { description: `Page tool ${short.toUpperCase()}.` }));
      await create({
        name: 'page/writer',
        description: 'Writes FILES.',
        source: 'MCP',
        mcpServer: 's',
        mcpToolName: 't',
        capability: { writes: true, unsafe: true },
      });
      await create({ name: 'page/reader', description: 'Reads.', source: 'CUSTOM', code: 'x', capability: { readOnly: true, humanApprovalRequired: true } });
      await create({ name: 'page/check', description: 'Checks the writer.', source: 'WRAPPED', toolType: 'VALIDATION', wraps: 'page/writer' });
    });

    it('pages through a filter in name order with opaque cursors', async () => {
      const seen: string[] = [];
      let after: string | null = null;
      for (;;) {
        const { tools }: { tools: any } = await data(server.yoga, PAGE, { filter: { namespace: 'page', source: 'BUILTIN' }, first: 2, after });
        seen.push(...tools.edges.map((edge: { node: { name: string } }) => edge.node.name));
        expect(tools.pageInfo.endCursor).toBe(tools.edges.at(-1)?.cursor ?? null);
        if (!tools.pageInfo.hasNextPage) break;
        after = tools.pageInfo.endCursor;
      }
      expect(seen).toEqual(['page/a', 'page/b', 'page/c', 'page/d', 'page/e']);
    });

    it('filters by every criterion of ToolFilter', async () => {
      expect(await names({ namespace: 'page', writes: true })).toEqual(['page/writer']);
      expect(await names({ namespace: 'page', unsafe: true })).toEqual(['page/writer']);
      expect(await names({ namespace: 'page', readOnly: true })).toEqual(['page/reader']);
      expect(await names({ namespace: 'page', humanApprovalRequired: true })).toEqual(['page/reader']);
      expect(await names({ namespace: 'page', toolType: 'VALIDATION' })).toEqual(['page/check']);
      expect(await names({ namespace: 'page', source: 'CUSTOM' })).toEqual(['page/reader']);
      expect(await names({ namespace: 'page', search: 'files' })).toEqual(['page/writer']);
      expect(await names({ namespace: 'page', search: 'PAGE/B' })).toEqual(['page/b']);
    });

    it('counts the whole filter in totalCount, whatever the page size', async () => {
      const { tools } = await data(server.yoga, '{ tools(filter: { namespace: "page" }, first: 1) { totalCount edges { node { name } } } }');
      expect(tools.totalCount).toBe(8);
      expect(tools.edges).toHaveLength(1);
    });

    it('defaults first to 20', async () => {
      const { tools } = await data(server.yoga, '{ tools { edges { node { name } } } }');
      expect(tools.edges.length).toBeLessThanOrEqual(20);
    });

    it('lists namespaces with their tool counts', async () => {
      const { namespaces } = await data(server.yoga, '{ namespaces { name toolCount } }');
      expect(namespaces).toContainEqual({ name: 'page', toolCount: 8 });
      const sorted = [...namespaces].map((n: { name: string }) => n.name).sort();
      expect(namespaces.map((n: { name: string }) => n.name)).toEqual(sorted);
    });

    it('rejects a malformed cursor and an out-of-range first with BAD_USER_INPUT', async () => {
      const bad = await execute(server.yoga, PAGE, { after: 'garbage!' });
      expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      const big = await execute(server.yoga, PAGE, { first: 1000 });
      expect(big.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    });
  });

  describe('batching', () => {
    const FULL_PAGE = /* GraphQL */ `
      query Full($first: Int) {
        tools(filter: { namespace: "batch" }, first: $first) {
          totalCount
          edges {
            node {
              name
              capability { writes }
              resourceSlots { name }
              implementation { __typename ... on WrappedImplementation { tool { name wrappedBy { name } } } }
              wraps { name }
              wrappedBy { name }
            }
          }
        }
      }
    `;

    beforeAll(async () => {
      for (let i = 0; i < 25; i += 1) {
        const n = String(i).padStart(2, '0');
        await create(builtin(`batch/tool-${n}`, { resourceSlots: [{ name: 'slot', resourceType: 'r', access: 'READ_ONLY' }] }));
        await create({ name: `batch/v-${n}`, description: 'Guard.', source: 'WRAPPED', toolType: 'VALIDATION', wraps: `batch/tool-${n}` });
      }
    });

    it('reads a page of 50 tools with slots, implementation, wraps and wrappedBy in as many queries as a page of 5', async () => {
      const queriesFor = async (first: number) => {
        server.sql.length = 0;
        const { tools } = await data(server.yoga, FULL_PAGE, { first });
        expect(tools.edges).toHaveLength(first);
        return server.sql.length;
      };
      const small = await queriesFor(5);
      const large = await queriesFor(50);
      expect(large).toBe(small);
      // The page (slots are a column of its rows), its totalCount, and one batched read of wrappedBy.
      expect(large).toBe(3);
    });
  });
});
