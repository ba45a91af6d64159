/**
 * `ToolInput.implementation` and `ToolPatch.implementation` (spec section 9): one `@oneOf` member
 * per source, from which `source` and `toolType` follow, judged by the domain's one validation
 * with its issues at the member's own fields; the deprecated flat fields keep working beside it.
 */
import { testDatabases } from '../support/databases';
import { useTestServer } from '../support/test-server';
import { data, execute } from './helpers';

const TOOL = `
  __typename
  ... on ToolWriteSuccess { tool {
    name source toolType code mcpServer mcpToolName agentSkillPath wraps { name } cliDict
    implementation {
      __typename
      ... on McpImplementation { server toolName }
      ... on AgentSkillImplementation { path }
      ... on BuiltinImplementation { builtin }
      ... on CustomImplementation { code }
      ... on WrappedImplementation { toolName }
    }
  } }
  ... on ToolValidationError { issues { path code message } }
`;
const CREATE = `mutation ($input: ToolInput!) { createTool(input: $input) { ${TOOL} } }`;
const UPDATE = `mutation ($name: String!, $input: ToolPatch!) { updateTool(name: $name, input: $input) { ${TOOL} } }`;

describe.each(testDatabases())('the implementation input on %s', (kind) => {
  const server = useTestServer(kind);
  const create = async (input: Record<string, unknown>) => (await data(server.yoga, CREATE, { input })).createTool;
  const update = async (name: string, input: Record<string, unknown>) => (await data(server.yoga, UPDATE, { name, input })).updateTool;
  const issuesOf = (result: { __typename: string; issues?: { path: string[]; code: string }[] }) => {
    expect(result.__typename).toBe('ToolValidationError');
    return result.issues!.map(({ path, code }) => `${code} ${path.join('.')}`);
  };
  const exists = async (name: string) => (await data(server.yoga, 'query ($name: String!) { tool(name: $name) { name } }', { name })).tool !== null;

  describe('creating', () => {
    it.each([
      ['mcp', { mcp: { server: 'github', toolName: 'create_issue' } }, { source: 'MCP', mcpServer: 'github', mcpToolName: 'create_issue' }],
      ['agentSkill', { agentSkill: { path: 'skills/pdf' } }, { source: 'AGENT_SKILL', agentSkillPath: 'skills/pdf' }],
      ['builtin', { builtin: true }, { source: 'BUILTIN' }],
      ['custom', { custom: { code: 'print(1)' } }, { source: 'CUSTOM', code: 'print(1)' }],
      ['wrapped', { wrapped: { toolName: 'impl/base' } }, { source: 'WRAPPED', toolType: 'VALIDATION', wraps: 'impl/base' }],
    ])('makes from the %s member the tool the deprecated flat fields make', async (member, implementation, flat) => {
      if (!(await exists('impl/base')))
        expect((await create({ name: 'impl/base', description: 'Wrapped.', implementation: { builtin: true } })).__typename).toBe('CreateToolSuccess');
      const description = 'One of each source.';
      const madeResult = await create({ name: `impl/new-${member.toLowerCase()}`, description, implementation });
      const old = (await create({ name: `impl/old-${member.toLowerCase()}`, description, ...flat })).tool;
      expect(madeResult.__typename).toBe('CreateToolSuccess');
      const made = madeResult.tool;
      expect(made.source).toBe(flat.source);
      expect(made.toolType).toBe(member === 'wrapped' ? 'VALIDATION' : 'TOOL');
      const { name: _made, short_name: _madeShort, ...definition } = made.cliDict;
      const { name: _old, short_name: _oldShort, ...oldDefinition } = old.cliDict;
      expect(definition).toEqual(oldDefinition);
      expect(made.implementation).toEqual(old.implementation);
    });

    it('takes a deprecated field beside implementation when it says the same, or is null', async () => {
      const { tool: made } = await create({
        name: 'impl/agreeing',
        description: 'Says it twice.',
        implementation: { mcp: { server: 'github', toolName: 'list_issues' } },
        source: 'MCP',
        toolType: 'TOOL',
        mcpServer: 'github',
        code: null,
      });
      expect(made.implementation).toEqual({ __typename: 'McpImplementation', server: 'github', toolName: 'list_issues' });
    });

    it('refuses a deprecated field that contradicts implementation, at implementation, and writes nothing', async () => {
      const contradicted = await create({
        name: 'impl/contradicted',
        description: 'Says two things.',
        implementation: { mcp: { server: 'github', toolName: 'list_issues' } },
        source: 'CUSTOM',
        toolType: 'VALIDATION',
        code: 'print(1)',
        mcpServer: 'gitlab',
      });
      expect(issuesOf(contradicted)).toEqual([
        'INVALID_VALUE input.implementation',
        'INVALID_VALUE input.implementation',
        'INVALID_VALUE input.implementation',
        'INVALID_VALUE input.implementation',
      ]);
      expect(contradicted.issues.map((issue: { message: string }) => issue.message)).toEqual([
        expect.stringMatching(/^source is "custom", but implementation makes it "mcp"; leave the deprecated source out\.$/),
        expect.stringMatching(/^toolType is "validation", but implementation makes it "tool"/),
        expect.stringMatching(/^code is "print\(1\)", but implementation makes it null/),
        expect.stringMatching(/^mcpServer is "gitlab", but implementation makes it "github"/),
      ]);
      expect(await exists('impl/contradicted')).toBe(false);
    });

    it("reports the domain's issues at the member's own fields", async () => {
      const blank = await create({ name: 'impl/blank', description: 'Blank server.', implementation: { mcp: { server: ' ', toolName: 'x' } } });
      expect(issuesOf(blank)).toEqual(['MISSING_SOURCE_FIELD input.implementation.mcp.server']);
      const nowhere = await create({ name: 'impl/checks-nothing', description: 'Wraps nothing.', implementation: { wrapped: { toolName: 'impl/no-such' } } });
      expect(issuesOf(nowhere)).toEqual(['WRAPPED_TOOL_NOT_FOUND input.implementation.wrapped.toolName']);
      const tooLong = await create({ name: 'impl/long', description: 'Long path.', implementation: { agentSkill: { path: 'p'.repeat(5000) } } });
      expect(issuesOf(tooLong)).toEqual(['VALUE_TOO_LARGE input.implementation.agentSkill.path']);
    });

    it('refuses builtin: false', async () => {
      expect(issuesOf(await create({ name: 'impl/not-builtin', description: 'No.', implementation: { builtin: false } }))).toEqual([
        'INVALID_VALUE input.implementation.builtin',
      ]);
    });

    it('still takes the deprecated flat fields alone, and asks for a source without implementation', async () => {
      expect((await create({ name: 'impl/flat', description: 'Flat.', source: 'CUSTOM', code: 'pass' })).tool.implementation).toEqual({
        __typename: 'CustomImplementation',
        code: 'pass',
      });
      expect(issuesOf(await create({ name: 'impl/nothing', description: 'No source at all.' }))).toEqual(['REQUIRED_FIELD input.source']);
    });
  });

  describe('@oneOf', () => {
    it.each([
      [
        'two members',
        { mcp: { server: 'a', toolName: 'b' }, builtin: true },
        /"ToolImplementationInput".* exactly one key|exactly one key .*"ToolImplementationInput"/i,
      ],
      ['no member', {}, /"ToolImplementationInput".* exactly one key|exactly one key .*"ToolImplementationInput"/i],
      ['a null member', { custom: null }, /"(ToolImplementationInput\.)?custom" must be non-null/],
      [
        'a null member beside another',
        { builtin: true, custom: null },
        /"ToolImplementationInput".* exactly one key|exactly one key .*"ToolImplementationInput"/i,
      ],
    ])('refuses %s before anything runs, saying so', async (_what, implementation, message) => {
      const name = 'impl/one-of';
      for (const request of [
        execute(server.yoga, CREATE, { input: { name, description: 'Ambiguous.', implementation } }),
        // The same written into the document, where validation refuses it.
        execute(
          server.yoga,
          `mutation { createTool(input: { name: "${name}", description: "Ambiguous.", implementation: ${literal(implementation)} }) { __typename } }`,
        ),
      ]) {
        const result = await request;
        expect(result.data ?? null).toBeNull();
        expect(result.errors).toEqual([expect.objectContaining({ message: expect.stringMatching(message) })]);
      }
      expect(await exists(name)).toBe(false);
    });
  });

  describe('patching', () => {
    it('replaces the whole implementation, clearing the old source’s fields', async () => {
      await create({ name: 'impl/switch', description: 'Switches.', implementation: { mcp: { server: 'github', toolName: 'create_issue' } } });
      const custom = await update('impl/switch', { implementation: { custom: { code: 'print(2)' } } });
      expect(custom).toMatchObject({
        __typename: 'UpdateToolSuccess',
        tool: { source: 'CUSTOM', toolType: 'TOOL', code: 'print(2)', mcpServer: null, mcpToolName: null },
      });

      await create({ name: 'impl/target', description: 'To wrap.', implementation: { builtin: true } });
      const validation = await update('impl/switch', { implementation: { wrapped: { toolName: 'impl/target' } } });
      expect(validation).toMatchObject({
        __typename: 'UpdateToolSuccess',
        tool: { source: 'WRAPPED', toolType: 'VALIDATION', code: null, wraps: { name: 'impl/target' } },
      });

      const skill = await update('impl/switch', { implementation: { agentSkill: { path: 'skills/x' } } });
      expect(skill).toMatchObject({
        __typename: 'UpdateToolSuccess',
        tool: { source: 'AGENT_SKILL', toolType: 'TOOL', wraps: null, agentSkillPath: 'skills/x' },
      });
    });

    it('refuses a reset of a field the implementation sets', async () => {
      await create({ name: 'impl/reset', description: 'Reset.', implementation: { custom: { code: 'pass' } } });
      expect(issuesOf(await update('impl/reset', { implementation: { builtin: true }, reset: ['CODE'] }))).toEqual(['INVALID_VALUE input.reset.0']);
    });

    it('leaves the implementation as it is when left out', async () => {
      await create({ name: 'impl/stays', description: 'Stays.', implementation: { custom: { code: 'pass' } } });
      expect(await update('impl/stays', { description: 'Still stays.' })).toMatchObject({
        __typename: 'UpdateToolSuccess',
        tool: { source: 'CUSTOM', code: 'pass' },
      });
    });

    it('refuses a null implementation, and a tool that validations wrap becoming one, at implementation', async () => {
      await create({ name: 'impl/wrapped-base', description: 'Wrapped.', implementation: { builtin: true } });
      await create({ name: 'impl/wrapper', description: 'Wraps.', implementation: { wrapped: { toolName: 'impl/wrapped-base' } } });
      expect(issuesOf(await update('impl/wrapped-base', { implementation: null }))).toEqual(['INVALID_VALUE input.implementation']);
      expect(issuesOf(await update('impl/wrapped-base', { implementation: { wrapped: { toolName: 'impl/stays' } } }))).toEqual([
        'TOOL_IS_WRAPPED input.implementation',
      ]);
    });

    it('refuses a deprecated field that contradicts it, and takes the old way of switching by hand', async () => {
      await create({ name: 'impl/by-hand', description: 'By hand.', source: 'MCP', mcpServer: 'github', mcpToolName: 'x' });
      expect(issuesOf(await update('impl/by-hand', { implementation: { builtin: true }, mcpServer: 'github' }))).toEqual([
        'INVALID_VALUE input.implementation',
      ]);
      expect(await update('impl/by-hand', { source: 'CUSTOM', code: 'pass', mcpServer: null, mcpToolName: null })).toMatchObject({
        __typename: 'UpdateToolSuccess',
        tool: { source: 'CUSTOM', code: 'pass', mcpServer: null },
      });
    });
  });
});

/** A JSON value as a GraphQL input literal. */
function literal(value: unknown): string {
  if (value !== null && typeof value === 'object') {
    return `{ ${Object.entries(value)
      .map(([key, item]) => `${key}: ${literal(item)}`)
      .join(', ')} }`;
  }
  return JSON.stringify(value);
}
