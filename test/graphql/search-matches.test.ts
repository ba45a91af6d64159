/**
 * A search's matches are read once per change of the registry (src/store/search-matches.ts): its
 * pages, next pages and total come from them until the next write, which every search after it
 * sees. Checked through the API on both databases: which statements a search runs, every kind of
 * write followed by a search, racing writers and searchers, and two instances over Redis with and
 * without Redis.
 */
import { changeDatabase, testDatabases, type DatabaseKind } from '../support/databases';
import { post, type RunningServer } from '../support/server-process';
import { useTwoInstances } from '../support/two-instances';
import { useTestServer } from '../support/test-server';
import type { ToolgraphServer } from '../../src/server/yoga';
import { data } from './helpers';

const WORD = 'needle';

const SEARCH = `query ($search: String!, $first: Int, $after: String, $orderBy: ToolOrder) {
  tools(filter: { search: $search }, first: $first, after: $after, orderBy: $orderBy) {
    totalCount
    edges { node { name description } }
    pageInfo { hasNextPage endCursor }
  }
}`;
const ALL = `query ($after: String) { tools(first: 100, after: $after) { edges { node { name description } } pageInfo { hasNextPage endCursor } } }`;
const IMPORT = 'mutation ($config: String!) { importTools(config: $config) { __typename } }';

interface Page {
  totalCount: number;
  names: string[];
  hasNextPage: boolean;
  endCursor: string | null;
}

async function searchPage(yoga: ToolgraphServer, variables: Record<string, unknown>): Promise<Page> {
  const { tools } = await data(yoga, SEARCH, { search: WORD, ...variables });
  return { totalCount: tools.totalCount, names: tools.edges.map((edge: any) => edge.node.name), ...tools.pageInfo };
}

/** Every page of the search, `first` at a time, with the totals each page reported. */
async function searchAll(yoga: ToolgraphServer, first: number, orderBy?: object): Promise<{ names: string[]; totals: number[] }> {
  const names: string[] = [];
  const totals: number[] = [];
  let after: string | null = null;
  do {
    const page: Page = await searchPage(yoga, { first, after, orderBy });
    names.push(...page.names);
    totals.push(page.totalCount);
    after = page.hasNextPage ? page.endCursor : null;
  } while (after);
  return { names, totals };
}

/** What the search must find, worked out from every tool listed without a search: the names whose name or description holds the word. */
async function oracle(yoga: ToolgraphServer): Promise<string[]> {
  const found: string[] = [];
  let after: string | null = null;
  do {
    const { tools }: { tools: any } = await data(yoga, ALL, { after });
    for (const { node } of tools.edges)
      if (`${node.name}\n${node.description}`.split('\n').some((text: string) => text.toLowerCase().includes(WORD))) found.push(node.name);
    after = tools.pageInfo.hasNextPage ? tools.pageInfo.endCursor : null;
  } while (after);
  return found;
}

const tool = (name: string, description: string) => ({ name, description, source: 'builtin' });
const config = (tools: object[]) => JSON.stringify({ tools });

/** The statements that read a search's matches (src/store/tool-sql.ts `matchKeysSql`). */
const matchReads = (sql: readonly string[]) => sql.filter((statement) => /^SELECT "name"(, "updatedAt")? FROM "Tool" WHERE/.test(statement)).length;

describe.each(testDatabases())('a search on %s', (kind) => {
  const server = useTestServer(kind, { recordSql: true });

  beforeAll(async () => {
    const tools = Array.from({ length: 40 }, (_, i) =>
      tool(`ns-${i % 4}/tool-${String(i).padStart(2, '0')}`, i % 3 === 0 ? `Finds the ${i % 2 ? 'Needle' : 'NEEDLE'} in stack ${i}.` : `Tool ${i}.`),
    );
    tools.push(tool('ns-9/needle-by-name', 'Matched by its name.'));
    expect((await data(server.yoga, IMPORT, { config: config(tools) })).importTools.__typename).toBe('ImportToolsSuccess');
  });

  it('reads the matches once, then answers pages, next pages and the total from them, and again for another order', async () => {
    const expected = await oracle(server.yoga);
    expect(expected).toHaveLength(15);

    server.sql.length = 0;
    const first = await searchPage(server.yoga, { first: 4 });
    expect(matchReads(server.sql)).toBe(1);
    expect(first).toMatchObject({ totalCount: 15, names: expected.slice(0, 4), hasNextPage: true });

    server.sql.length = 0;
    const all = await searchAll(server.yoga, 4);
    expect(all.names).toEqual(expected);
    expect(new Set(all.totals)).toEqual(new Set([15]));
    expect(matchReads(server.sql)).toBe(0);

    server.sql.length = 0;
    const newestFirst = await searchAll(server.yoga, 6, { field: 'UPDATED_AT', direction: 'DESC' });
    expect([...newestFirst.names].sort()).toEqual(expected);
    expect(matchReads(server.sql)).toBe(1);
    const again = await searchAll(server.yoga, 5, { field: 'UPDATED_AT', direction: 'DESC' });
    expect(again.names).toEqual(newestFirst.names);
    expect(matchReads(server.sql)).toBe(1);
  });

  it('sees every kind of write in the next search', async () => {
    const names = async () => (await searchAll(server.yoga, 7)).names;
    const writes: [string, string, Record<string, unknown>][] = [
      [
        'create a match',
        'mutation ($n: String!) { createTool(input: { name: $n, description: "A needle.", source: BUILTIN }) { __typename } }',
        { n: 'ns-5/new' },
      ],
      ['update it away', 'mutation ($n: String!) { updateTool(name: $n, input: { description: "Nothing to see." }) { __typename } }', { n: 'ns-5/new' }],
      ['update it back', 'mutation ($n: String!) { updateTool(name: $n, input: { description: "The needle again." }) { __typename } }', { n: 'ns-5/new' }],
      ['rename it', 'mutation ($n: String!) { renameTool(name: $n, newName: "ns-6/renamed") { __typename } }', { n: 'ns-5/new' }],
      ['delete a match', 'mutation ($n: String!) { deleteTool(name: $n) { __typename } }', { n: 'ns-0/tool-00' }],
      ['restore it', 'mutation ($n: String!) { restoreTool(name: $n, revision: 1) { __typename } }', { n: 'ns-0/tool-00' }],
      ['import matches and non-matches', IMPORT, { config: config([tool('ns-7/imported', 'Imported needle.'), tool('ns-0/tool-03', 'No longer.')]) }],
      [
        'deprecate one (no change in what matches)',
        'mutation ($n: String!) { deprecateTool(name: $n, message: "Old.") { __typename } }',
        { n: 'ns-7/imported' },
      ],
    ];
    for (const [what, mutation, variables] of writes) {
      await names(); // the matches as they stand are kept
      const result = await data(server.yoga, mutation, variables);
      expect([what, Object.values(result)[0]]).toEqual([
        what,
        expect.objectContaining({ __typename: expect.stringMatching(/^((Create|Update|Rename|Delete|Restore|Deprecate)ToolSuccess|ImportToolsSuccess)$/) }),
      ]);
      expect([what, await names()]).toEqual([what, await oracle(server.yoga)]);
    }
  });

  it('finds what racing writers left, once they stop', async () => {
    const racers = Array.from({ length: 4 }, (_, writer) => async () => {
      for (let step = 0; step < 25; step++) {
        const name = `race-${writer}/tool-${step % 6}`;
        const description = step % 2 ? `Needle ${step}.` : `Hay ${step}.`;
        await data(server.yoga, IMPORT, { config: config([tool(name, description)]) });
        if (step % 5 === 4) await data(server.yoga, 'mutation ($n: String!) { deleteTool(name: $n) { __typename } }', { n: name });
      }
    });
    const searchers = Array.from({ length: 3 }, () => async () => {
      for (let i = 0; i < 15; i++) {
        const page = await searchPage(server.yoga, { first: 50 });
        expect(page.names.length).toBeLessThanOrEqual(page.totalCount);
      }
    });
    await Promise.all([...racers, ...searchers].map((run) => run()));
    const found = await searchAll(server.yoga, 9);
    expect(found.names).toEqual(await oracle(server.yoga));
    expect(new Set(found.totals)).toEqual(new Set([found.names.length]));
  });
});

/** Takes a tool out of every search in the database itself, as another program would: no event tells the servers. */
const unmatchBehindTheServersBack = (url: string, name: string) =>
  changeDatabase(url, 'UPDATE "Tool" SET "descriptionSearch" = $1 WHERE "name" = $2', 'hay', name);

const kind: DatabaseKind = testDatabases().includes('postgres') ? 'postgres' : 'sqlite';

describe(`the search matches of two instances on one ${kind} database and one Redis, answers not cached`, () => {
  const instances = useTwoInstances(kind, { RESPONSE_CACHE_TTL_SECONDS: '0' });
  const found = async (server: RunningServer): Promise<string[]> =>
    (await post(server.url, SEARCH, { search: WORD, first: 50 })).data.tools.edges.map((edge: any) => edge.node.name);
  const create = async (server: RunningServer, name: string) =>
    expect((await post(server.url, IMPORT, { config: config([tool(name, 'A needle.')]) })).data.importTools.__typename).toBe('ImportToolsSuccess');

  /**
   * Waits until B answers a search from the matches it keeps: a probe taken out of the matches in
   * the database itself (no event) is still found. B keeps nothing until it listens to events.
   */
  async function untilBKeeps(): Promise<void> {
    for (let i = 0; i < 100; i++) {
      const probe = `shared/probe-${i}`;
      await create(instances.a, probe);
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (!(await found(instances.b)).includes(probe)) continue;
      await unmatchBehindTheServersBack(instances.database.url, probe);
      if ((await found(instances.b)).includes(probe)) return;
    }
    throw new Error('instance B never kept a search');
  }

  it("shows a write made on A to B's next search as soon as its event arrives", async () => {
    await untilBKeeps();
    const written = performance.now();
    await create(instances.a, 'shared/written-on-a');
    let seen = await found(instances.b);
    while (!seen.includes('shared/written-on-a') && performance.now() - written < 2000) seen = await found(instances.b);
    expect(seen).toContain('shared/written-on-a');
  });

  it('keeps nothing while Redis is away, and keeps again once it is back', async () => {
    await instances.redis.stop();
    await unmatchBehindTheServersBack(instances.database.url, 'shared/written-on-a');
    // Events may be missed now: each search of B reads the database.
    let seen = await found(instances.b);
    for (let i = 0; i < 100 && seen.includes('shared/written-on-a'); i++) seen = await found(instances.b);
    expect(seen).not.toContain('shared/written-on-a');
    await create(instances.a, 'shared/during-the-outage');
    expect(await found(instances.b)).toContain('shared/during-the-outage');

    await instances.redis.start();
    await untilBKeeps();
  });
});
