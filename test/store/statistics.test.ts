import { StatisticsRefresh } from '../../src/store/statistics';
import { eventually } from '../support/eventually';
import { queryDatabase, testDatabases } from '../support/databases';
import { useTestServer } from '../support/test-server';
import { data } from '../graphql/helpers';

const IMPORT = 'mutation ($config: String!) { importTools(config: $config) { __typename ... on ImportToolsSuccess { created } } }';
const configOf = (from: number, count: number) =>
  JSON.stringify({ tools: Array.from({ length: count }, (_, k) => ({ name: `bulk/tool-${from + k}`, description: `Tool ${from + k}.`, source: 'builtin' })) });

describe('StatisticsRefresh', () => {
  it('refreshes once the rows written pass 50 plus a tenth of the rows counted at the last refresh, one refresh at a time', async () => {
    const started: number[] = [];
    let finish: (rows: number) => void = () => undefined;
    const refresh = new StatisticsRefresh(
      () =>
        new Promise<number>((resolve) => {
          started.push(Date.now());
          finish = resolve;
        }),
    );
    refresh.wrote(50);
    expect(started).toHaveLength(0);
    refresh.wrote(1);
    expect(started).toHaveLength(1);
    // Writes while it runs are counted, and start one more refresh when it ends.
    refresh.wrote(500);
    expect(started).toHaveLength(1);
    finish(1_000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toHaveLength(2);
    finish(1_500);
    await new Promise((resolve) => setImmediate(resolve));
    // 1,500 rows now: the next refresh waits for more than 50 + 150 rows.
    refresh.wrote(200);
    expect(started).toHaveLength(2);
    refresh.wrote(1);
    expect(started).toHaveLength(3);
  });

  it('leaves a failed refresh to autovacuum: no write sees it, and the next threshold starts it again', async () => {
    let calls = 0;
    const refresh = new StatisticsRefresh(() => {
      calls += 1;
      return Promise.reject(new Error('canceling statement due to statement timeout'));
    });
    refresh.wrote(100);
    await new Promise((resolve) => setImmediate(resolve));
    refresh.wrote(51);
    expect(calls).toBe(2);
  });
});

describe.each(testDatabases())('planner statistics after a bulk import on %s', (kind) => {
  const server = useTestServer(kind);
  const analyzedTools = async () =>
    (
      await queryDatabase<{ analyzed: number; rows: number }>(
        server.database.url,
        `SELECT s.analyze_count::int AS analyzed, c.reltuples::float8 AS rows FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid WHERE s.relname = 'Tool'`,
      )
    )[0]!;

  if (kind === 'sqlite') {
    it('are none: SQLite plans without them, as measured', async () => {
      await data(server.yoga, IMPORT, { config: configOf(0, 300) });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await queryDatabase(server.database.url, `SELECT "name" FROM sqlite_master WHERE "name" LIKE 'sqlite_stat%'`)).toEqual([]);
    });
    return;
  }

  it('are gathered by the server right after the import commits, not up to a minute later by autovacuum, and not after every small write', async () => {
    const before = await analyzedTools();
    const { importTools } = await data(server.yoga, IMPORT, { config: configOf(0, 300) });
    expect(importTools).toEqual({ __typename: 'ImportToolsSuccess', created: 300 });
    const after = await eventually(
      () => 'an ANALYZE of "Tool" counting its 300 rows',
      async () => {
        const now = await analyzedTools();
        return now.analyzed > before.analyzed && now.rows === 300 ? now : undefined;
      },
      10_000,
    );
    // 10 more rows are not a tenth of 300: the planner's count stays as it was.
    await data(server.yoga, IMPORT, { config: configOf(300, 10) });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await analyzedTools()).toEqual(after);
  });
});
