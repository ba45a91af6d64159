/**
 * The largest import there is: exactly MAX_IMPORT_TOOLS tools through `importTools`, end to end on
 * the real store (SQLite always, Postgres when reachable), read back by paging, by count and
 * through federation's `_entities`; one tool more is refused before the database is touched.
 * (SQLite refuses a statement with more than 999 bound values: the store binds any number of
 * names as one parameter.)
 */
import { MAX_IMPORT_TOOLS } from '../../src/domain/limits';
import { q } from '../support/fixtures';
import { testDatabases } from '../support/databases';
import { useTestServer } from '../support/test-server';
import { data } from './helpers';

const LARGE = 120_000;

const nameOf = (i: number) => `bulk-${i % 10}/tool-${String(i).padStart(4, '0')}`;

/** A config of `count` tools (from `from` on) with an input schema and a resource slot each, as JSON text. */
function configOf(count: number, from = 0): string {
  const tools = Array.from({ length: count }, (_, k) => {
    const i = from + k;
    return {
      name: nameOf(i),
      description: `Bulk tool number ${i}, imported with its siblings.`,
      source: 'mcp',
      mcp_server: 'bulk',
      mcp_tool_name: `tool_${i}`,
      input_schema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
      capability: { read_only: i % 2 === 0, writes: i % 2 === 1 },
      resource_slots: [{ name: 'workspace', resource_type: 'directory', access: i % 2 === 0 ? 'read_only' : 'read_write' }],
    };
  });
  return JSON.stringify({ tools });
}

const IMPORT = /* GraphQL */ `
  mutation Import($config: String!) {
    importTools(config: $config) {
      __typename
      ... on ImportToolsSuccess { changed created updated unchanged tools { name change } }
      ... on ImportValidationError { message issues { path configPath code message } invalidTools { index } }
    }
  }
`;

const PAGE = /* GraphQL */ `
  query Page($after: String) {
    tools(first: 100, after: $after) {
      totalCount
      edges { node { name resourceSlots { name } } }
      pageInfo { hasNextPage endCursor }
    }
  }
`;

interface Page {
  totalCount: number;
  edges: { node: { name: string } }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

describe.each(testDatabases())('an import of the maximum size on %s', (kind) => {
  const server = useTestServer(kind, { recordSql: true });
  const allNames = Array.from({ length: MAX_IMPORT_TOOLS }, (_, i) => nameOf(i)).sort();

  it(
    `imports exactly MAX_IMPORT_TOOLS (${MAX_IMPORT_TOOLS}) tools, readable back page by page and by count`,
    async () => {
      const { importTools } = await data(server.yoga, IMPORT, { config: configOf(MAX_IMPORT_TOOLS) });
      expect(importTools).toMatchObject({ __typename: 'ImportToolsSuccess', changed: true, created: MAX_IMPORT_TOOLS, updated: 0, unchanged: 0 });
      expect(importTools.tools).toHaveLength(MAX_IMPORT_TOOLS);

      const seen: string[] = [];
      let after: string | null = null;
      for (let pages = 1; ; pages++) {
        const { tools }: { tools: Page } = await data(server.yoga, PAGE, { after });
        expect(tools.totalCount).toBe(MAX_IMPORT_TOOLS);
        seen.push(...tools.edges.map((edge) => edge.node.name));
        if (!tools.pageInfo.hasNextPage) {
          expect(pages).toBe(Math.ceil(MAX_IMPORT_TOOLS / 100));
          break;
        }
        after = tools.pageInfo.endCursor;
      }
      expect(seen).toEqual(allNames);
      expect(await server.store.count(q({}))).toBe(MAX_IMPORT_TOOLS);
    },
    LARGE,
  );

  it(
    'imports the same text again as all unchanged, and again changed as all updated',
    async () => {
      const again = await data(server.yoga, IMPORT, { config: configOf(MAX_IMPORT_TOOLS) });
      expect(again.importTools).toMatchObject({ changed: false, created: 0, updated: 0, unchanged: MAX_IMPORT_TOOLS });
      const changed = configOf(MAX_IMPORT_TOOLS).replaceAll('imported with its siblings', 'imported again');
      const updated = await data(server.yoga, IMPORT, { config: changed });
      expect(updated.importTools).toMatchObject({ changed: true, created: 0, updated: MAX_IMPORT_TOOLS, unchanged: 0 });
    },
    LARGE,
  );

  it(
    'resolves every tool of the import in one _entities request',
    async () => {
      const representations = allNames.map((name) => ({ __typename: 'Tool', name }));
      const { _entities } = await data(server.yoga, 'query($r: [_Any!]!) { _entities(representations: $r) { ... on Tool { name } } }', { r: representations });
      expect(_entities.map((entity: { name: string }) => entity.name)).toEqual(allNames);
    },
    LARGE,
  );

  it('refuses one tool more with VALUE_TOO_LARGE stating the limit, before any SQL runs, writing nothing', async () => {
    const before = await server.store.count(q({}));
    server.sql.length = 0;
    const { importTools } = await data(server.yoga, IMPORT, { config: configOf(MAX_IMPORT_TOOLS + 1, MAX_IMPORT_TOOLS) });
    expect(server.sql).toEqual([]);
    expect(importTools).toEqual({
      __typename: 'ImportValidationError',
      message: 'The config could not be read; nothing was imported.',
      issues: [
        {
          path: ['config'],
          configPath: ['tools'],
          code: 'VALUE_TOO_LARGE',
          message: 'The config holds 1,001 tools; one import takes at most 1,000. Split it into several imports.',
        },
      ],
      invalidTools: [],
    });
    expect(await server.store.count(q({}))).toBe(before);
    expect(await server.store.findByNames([nameOf(MAX_IMPORT_TOOLS)])).toEqual([]);
  });
});
