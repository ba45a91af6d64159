import type { ToolStore } from '../../src/domain/ports';
import { createToolgraphServer } from '../../src/server/yoga';
import { execute } from './helpers';

/** A store whose database is down: every call fails with a message full of internals. */
function brokenStore(): ToolStore {
  const fail = async (): Promise<never> => {
    throw new Error('SQLITE_CANTOPEN: SELECT "name" FROM "Tool" at /srv/toolgraph/src/store/tools.ts:42');
  };
  return {
    findByNames: fail,
    findByIds: fail,
    findRevisionsByIds: fail,
    findWrappersOf: fail,
    listPage: fail,
    count: fail,
    namespaces: fail,
    stats: fail,
    ping: fail,
    revisionsIn: fail,
    findRevision: fail,
    changesAfter: fail,
    tombstones: fail,
    lastChangePosition: fail,
    write: fail,
    followChanges: () => undefined,
    close: async () => undefined,
  };
}

describe("errors that are not the client's fault", () => {
  const yoga = createToolgraphServer({ store: brokenStore(), logging: false });

  it.each([
    ['a query', '{ namespaces { name } }'],
    ['a mutation', 'mutation { deleteTool(name: "local/x") { __typename } }'],
  ])('are masked in %s, with INTERNAL_SERVER_ERROR and no SQL, stack or path', async (_what, query) => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = 'development'; // masking must not depend on it
    try {
      const result = await execute(yoga, query);
      expect(result.errors).toHaveLength(1);
      expect(result.errors![0]!.message).toBe('Unexpected error.');
      expect(result.errors![0]!.extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR' });
      expect(JSON.stringify(result)).not.toMatch(/SELECT|SQLITE|\/srv\/|\.ts:|stack/);
    } finally {
      process.env.NODE_ENV = previous;
    }
  });
});

describe("errors that are the client's fault", () => {
  const yoga = createToolgraphServer({ store: brokenStore(), logging: false });

  it.each([0, 101, -5])('tools(first: %d) is BAD_USER_INPUT before the store is asked: first is 1 to 100', async (first) => {
    const result = await execute(yoga, `{ tools(first: ${first}) { totalCount } }`);
    expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(result.errors?.[0]?.message).toBe(`\`tools.first\` must be between 1 and 100; got ${first}.`);
  });

  it.each(['not a cursor', 'dG9vbDo', 'Zm9vOmJhcg'])('tools(after: %j) is BAD_USER_INPUT', async (after) => {
    const result = await execute(yoga, 'query($after: String) { tools(after: $after) { totalCount } }', { after });
    expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(result.errors?.[0]?.message).toMatch(/`after` is not a cursor/);
  });
});
