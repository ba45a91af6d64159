/**
 * Spec section 9, "Reads": a failure at run time stays where it happened. The fields that read
 * more data (the root fields, `Tool.history`, `wrappedBy`, `wraps`, `findings`) are nullable, so
 * when one fails only it is null, with an error at its path, and the rest of a dashboard's query
 * is answered. The failure is real: the history's table is taken away on the database itself, as
 * another program (a migration gone wrong) would, so the history loader's query fails.
 */
import { changeDatabase, testDatabases } from '../support/databases';
import { useTestServer } from '../support/test-server';
import { data, execute } from './helpers';

const CREATE = 'mutation ($input: ToolInput!) { createTool(input: $input) { __typename } }';
const DASHBOARD = `{
  toolStats { total }
  namespaces { name toolCount }
  tools { totalCount edges { node { name wrappedBy { name } history { edges { node { revision } } } } } }
  firstRevision: toolRevision(name: "partial/tool", revision: 1) { revision }
}`;

/** What must not reach a client: SQL, stack frames, file paths, what the driver said. */
const LEAKS = /\b(SELECT|FROM)\b|ToolRevision|no such table|does not exist|\bat .+:\d+:\d+|\.(ts|js):/;

describe.each(testDatabases())('a read that fails at run time (%s)', (kind) => {
  const server = useTestServer(kind);

  beforeAll(async () => {
    await data(server.yoga, CREATE, { input: { name: 'partial/tool', description: 'A tool.', source: 'BUILTIN' } });
  });

  it('answers the whole dashboard while every read works', async () => {
    expect(await data(server.yoga, DASHBOARD)).toEqual({
      toolStats: { total: 1 },
      namespaces: [{ name: 'partial', toolCount: 1 }],
      tools: { totalCount: 1, edges: [{ node: { name: 'partial/tool', wrappedBy: [], history: { edges: [{ node: { revision: 1 } }] } } }] },
      firstRevision: { revision: 1 },
    });
  });

  it('leaves the rest answered when the history cannot be read: null and an error at each failed field only', async () => {
    await changeDatabase(server.database.url, 'ALTER TABLE "ToolRevision" RENAME TO "ToolRevisionAway"');
    try {
      const answer = await execute(server.yoga, DASHBOARD);
      expect(answer.data).toEqual({
        toolStats: { total: 1 },
        namespaces: [{ name: 'partial', toolCount: 1 }],
        tools: { totalCount: 1, edges: [{ node: { name: 'partial/tool', wrappedBy: [], history: null } }] },
        firstRevision: null,
      });
      expect(answer.errors?.map(({ path, message, extensions }) => ({ path, message, extensions }))).toEqual(
        expect.arrayContaining([
          { path: ['tools', 'edges', 0, 'node', 'history'], message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } },
          { path: ['firstRevision'], message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } },
        ]),
      );
      expect(answer.errors).toHaveLength(2);
      expect(JSON.stringify(answer)).not.toMatch(LEAKS);
    } finally {
      await changeDatabase(server.database.url, 'ALTER TABLE "ToolRevisionAway" RENAME TO "ToolRevision"');
    }
    expect((await data(server.yoga, DASHBOARD)).firstRevision).toEqual({ revision: 1 });
  });
});
