/**
 * Many clients writing at once, on both databases, through the API: every write gets the answer
 * the rules give it (never an error), nothing is half-written, nothing is lost. The store retries
 * what the database aborts for a clash; a client never sees a transient conflict.
 */
import { testDatabases } from '../support/databases';
import { useTestServer } from '../support/test-server';
import { data, execute, type GraphQLResponse } from './helpers';

const CREATE = `mutation ($input: ToolInput!) {
  createTool(input: $input) {
    __typename
    ... on ToolValidationError { issues { path code } }
  }
}`;
const UPDATE = `mutation ($name: String!, $input: ToolPatch!) { updateTool(name: $name, input: $input) { __typename } }`;
const DELETE = `mutation ($name: String!) { deleteTool(name: $name) { __typename } }`;
const IMPORT = `mutation ($config: String!) {
  importTools(config: $config) {
    __typename
    ... on ImportToolsSuccess { created updated unchanged }
    ... on ImportValidationError { message invalidTools { name issues { path code } } }
  }
}`;

const builtin = (name: string, description = `The ${name} tool.`) => ({ name, description, source: 'BUILTIN' });

/** Every response's typename at `field`, and the GraphQL errors, counted. */
function tally(responses: GraphQLResponse[], field: string): { typenames: Record<string, number>; errors: string[] } {
  const typenames: Record<string, number> = {};
  const errors: string[] = [];
  for (const response of responses) {
    if (response.errors?.length) errors.push(...response.errors.map((e) => `${String(e.extensions?.code)}: ${e.message}`));
    const typename = response.data?.[field]?.__typename as string | undefined;
    if (typename) typenames[typename] = (typenames[typename] ?? 0) + 1;
  }
  return { typenames, errors };
}

describe.each(testDatabases())('concurrent writes on %s', (kind) => {
  const server = useTestServer(kind);
  const run = <T>(count: number, write: (i: number) => Promise<T>) => Promise.all(Array.from({ length: count }, (_, i) => write(i)));

  it('100 creates of one name: exactly one created, 99 NAME_TAKEN, no error', async () => {
    const responses = await run(100, () => execute(server.yoga, CREATE, { input: builtin('race/one') }));
    expect(tally(responses, 'createTool')).toEqual({ typenames: { CreateToolSuccess: 1, ToolValidationError: 99 }, errors: [] });
    const refused = responses.map((r) => r.data?.createTool).filter((answer) => answer?.__typename === 'ToolValidationError');
    expect(refused.map((answer) => answer.issues)).toEqual(Array(99).fill([{ path: ['input', 'name'], code: 'NAME_TAKEN' }]));
    expect((await data(server.yoga, '{ tools(filter: { namespace: "race" }) { totalCount } }')).tools.totalCount).toBe(1);
  });

  it('100 creates of distinct names, and 10 writers of 20 creates each: every one created', async () => {
    const distinct = await run(100, (i) => execute(server.yoga, CREATE, { input: builtin(`many/t-${i}`) }));
    expect(tally(distinct, 'createTool')).toEqual({ typenames: { CreateToolSuccess: 100 }, errors: [] });
    const writers = await run(10, async (w) => {
      const answers: GraphQLResponse[] = [];
      for (let i = 0; i < 20; i++) answers.push(await execute(server.yoga, CREATE, { input: builtin(`writer-${w}/t-${i}`) }));
      return answers;
    });
    expect(tally(writers.flat(), 'createTool')).toEqual({ typenames: { CreateToolSuccess: 200 }, errors: [] });
    const { namespaces } = await data(server.yoga, '{ namespaces { name toolCount } }');
    const counts = namespaces.filter((n: { name: string }) => /^(many|writer-\d)$/.test(n.name));
    expect(counts.map((n: { toolCount: number }) => n.toolCount)).toEqual([100, ...Array(10).fill(20)]);
  });

  it('100 updates of one tool, each changing one field: every change is kept, none overwritten by a stale read', async () => {
    const name = 'patch/target';
    await data(server.yoga, CREATE, {
      input: { ...builtin(name, 'initial'), timeout: 1, capability: { writeScope: 'initial', costProfile: 'initial' }, lifecycle: { discover: 'initial' } },
    });
    // Each patch sets one of these fields; a lost update would leave a field at its initial value.
    const patches: ((i: number) => Record<string, unknown>)[] = [
      (i) => ({ description: `description ${i}` }),
      (i) => ({ timeout: 100 + i }),
      (i) => ({ capability: { writeScope: `scope ${i}` } }),
      (i) => ({ capability: { costProfile: `profile ${i}` } }),
      () => ({ capability: { idempotent: true } }),
      () => ({ capability: { unsafe: true } }),
      () => ({ capability: { humanApprovalRequired: true } }),
      (i) => ({ lifecycle: { discover: `discover ${i}` } }),
      (i) => ({ lifecycle: { activate: `activate ${i}` } }),
      (i) => ({ lifecycle: { deactivate: `deactivate ${i}` } }),
    ];
    const responses = await run(100, (i) => execute(server.yoga, UPDATE, { name, input: patches[i % patches.length]!(i) }));
    expect(tally(responses, 'updateTool')).toEqual({ typenames: { UpdateToolSuccess: 100 }, errors: [] });
    const { tool } = await data(
      server.yoga,
      `{ tool(name: "${name}") { description timeout capability { writeScope costProfile idempotent unsafe humanApprovalRequired } lifecycle { discover activate deactivate } } }`,
    );
    expect(tool).toEqual({
      description: expect.stringMatching(/^description \d+$/),
      timeout: expect.any(Number),
      capability: {
        writeScope: expect.stringMatching(/^scope \d+$/),
        costProfile: expect.stringMatching(/^profile \d+$/),
        idempotent: true,
        unsafe: true,
        humanApprovalRequired: true,
      },
      lifecycle: {
        discover: expect.stringMatching(/^discover \d+$/),
        activate: expect.stringMatching(/^activate \d+$/),
        deactivate: expect.stringMatching(/^deactivate \d+$/),
      },
    });
    expect(tool.timeout).toBeGreaterThanOrEqual(100);
  });

  it('10 overlapping imports of 20 tools each: all succeed, every tool once, all or nothing each', async () => {
    // Import k holds tools k … k+19 of 0 … 29: each name is in up to 10 imports at once, and its
    // validation wraps a tool that other imports create at the same time.
    const configOf = (k: number) => {
      const lines = ['tools:'];
      for (let i = k; i < k + 20; i++) {
        lines.push(`  - { name: overlap/t-${i}, description: "Tool ${i}.", source: builtin }`);
        if (i % 5 === 0)
          lines.push(`  - { name: overlap/check-${i}, description: "Checks ${i}.", tool_type: validation, source: wrapped, wraps: overlap/t-${i} }`);
      }
      return lines.join('\n');
    };
    const responses = await run(10, (k) => execute<{ importTools: { __typename: string; created: number } }>(server.yoga, IMPORT, { config: configOf(k) }));
    const { typenames, errors } = tally(responses, 'importTools');
    const refusals = responses.map((r) => r.data?.importTools).filter((answer) => answer?.__typename === 'ImportValidationError');
    expect({ typenames, errors, refusals }).toEqual({ typenames: { ImportToolsSuccess: 10 }, errors: [], refusals: [] });
    const created = responses.reduce((sum, r) => sum + r.data!.importTools.created, 0);
    const { tools } = await data(server.yoga, '{ tools(filter: { namespace: "overlap" }, first: 100) { totalCount edges { node { name wraps { name } } } } }');
    expect(tools.totalCount).toBe(29 + 6); // t-0 … t-28, check-0 … check-25
    expect(created).toBe(tools.totalCount);
    for (const { node } of tools.edges) {
      if (node.name.includes('check-')) expect(node.wraps.name).toBe(node.name.replace('check-', 't-'));
    }
  });

  it('validations created while their tool is deleted: one of the two wins, no error, no orphan', async () => {
    const rounds = 30;
    await run(rounds, (i) => data(server.yoga, CREATE, { input: builtin(`orphan/t-${i}`) }));
    const outcomes = await run(rounds, async (i) => {
      const [validation, deletion] = await Promise.all([
        execute(server.yoga, CREATE, {
          input: { name: `orphan/check-${i}`, description: 'Checks it.', toolType: 'VALIDATION', source: 'WRAPPED', wraps: `orphan/t-${i}` },
        }),
        execute(server.yoga, DELETE, { name: `orphan/t-${i}` }),
      ]);
      expect([...(validation.errors ?? []), ...(deletion.errors ?? [])]).toEqual([]);
      const created = validation.data!.createTool.__typename === 'CreateToolSuccess';
      const deleted = deletion.data!.deleteTool.__typename === 'DeleteToolSuccess';
      // Exactly one of the two: the validation keeps its tool alive, or the deletion makes the
      // validation refer to nothing (refused with WRAPPED_TOOL_NOT_FOUND).
      expect(created !== deleted).toBe(true);
      if (deleted) expect(validation.data!.createTool.issues).toEqual([{ path: ['input', 'wraps'], code: 'WRAPPED_TOOL_NOT_FOUND' }]);
      else expect(deletion.data!.deleteTool.__typename).toBe('ToolIsWrapped');
      return created ? 'validation' : 'deletion';
    });
    const { tools } = await data(
      server.yoga,
      '{ tools(filter: { namespace: "orphan", toolType: VALIDATION }, first: 100) { edges { node { name wraps { name } } } } }',
    );
    expect(tools.edges).toHaveLength(outcomes.filter((o) => o === 'validation').length);
    for (const { node } of tools.edges) expect(node.wraps).not.toBeNull();
  });

  it('after all the concurrent writes above, the counts (kept by each write) agree with the tools listed one by one', async () => {
    const perNamespace = new Map<string, number>();
    let after: string | null = null;
    let listed = 0;
    do {
      const { tools }: { tools: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; edges: { node: { name: string } }[] } } = await data(
        server.yoga,
        'query ($after: String) { tools(first: 100, after: $after) { pageInfo { hasNextPage endCursor } edges { node { name } } } }',
        { after },
      );
      for (const { node } of tools.edges) {
        const namespace = node.name.slice(0, node.name.indexOf('/'));
        perNamespace.set(namespace, (perNamespace.get(namespace) ?? 0) + 1);
      }
      listed += tools.edges.length;
      after = tools.pageInfo.hasNextPage ? tools.pageInfo.endCursor : null;
    } while (after !== null);
    const answer = await data(server.yoga, '{ namespaces { name toolCount } toolStats { total } tools { totalCount } }');
    const expected = [...perNamespace].sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, toolCount]) => ({ name, toolCount }));
    expect(listed).toBeGreaterThan(100);
    expect(answer).toEqual({ namespaces: expected, toolStats: { total: listed }, tools: { totalCount: listed } });
  });
});
