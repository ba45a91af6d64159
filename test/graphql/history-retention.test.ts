/**
 * History retention through the API on each database (TOOLGRAPH_HISTORY_KEEP, src/domain/history.ts
 * `HistoryRetention`): each write prunes the oldest revisions of the tools it wrote beyond the newest
 * `keep`, never the current one nor one that was current within `keepDays`; history pages, the
 * tombstone, the change feed and `restoreTool` read what is left consistently, and
 * `toolgraph_history_revisions_pruned_total` counts what went. Unset, nothing is pruned.
 */
import type { HistoryRetention } from '../../src/domain/history';
import { ServerMetrics } from '../../src/server/metrics';
import type { ToolgraphServer } from '../../src/server/yoga';
import { changeDatabase, testDatabases } from '../support/databases';
import { useTestServer } from '../support/test-server';
import { data } from './helpers';

const CREATE = `mutation ($input: ToolInput!) { createTool(input: $input) { __typename ... on CreateToolSuccess { revision } } }`;
const UPDATE = `mutation ($name: String!, $input: ToolPatch!) { updateTool(name: $name, input: $input) { __typename ... on UpdateToolSuccess { revision } } }`;
const DELETE = `mutation ($name: String!) { deleteTool(name: $name) { __typename ... on DeleteToolSuccess { revision } } }`;
const RESTORE = `mutation ($name: String!, $revision: Int!) {
  restoreTool(name: $name, revision: $revision) {
    __typename
    ... on RestoreToolSuccess { revision tool { description } }
    ... on ToolValidationError { message issues { path code message } }
  }
}`;
const HISTORY = `query ($name: String!, $first: Int, $after: String) {
  tool(name: $name) {
    revision
    history(first: $first, after: $after) { edges { node { revision contentHash } } pageInfo { hasNextPage endCursor } }
  }
}`;
const TOMBSTONE = `query ($name: String!) {
  toolTombstone(name: $name) { lastRevision history(first: 100) { edges { node { revision kind } } pageInfo { hasNextPage } } }
}`;
const REVISION = `query ($name: String!, $revision: Int, $contentHash: String) { toolRevision(name: $name, revision: $revision, contentHash: $contentHash) { revision } }`;
const RENAME = `mutation ($name: String!, $newName: String!) { renameTool(name: $name, newName: $newName) { __typename ... on RenameToolSuccess { revision } } }`;
const IMPORT = `mutation ($config: String!) { importTools(config: $config) { __typename ... on ImportToolsSuccess { updated } } }`;
const CHANGES = `query { changes(first: 1000) { edges { node { kind name revision } } } }`;

const describedAs = (n: number) => `Counts lines, version ${n}.`;

describe.each(testDatabases())('history retention on %s', (kind) => {
  const server = useTestServer(kind);

  /** A server over the test's database with this retention, and the metrics it counts into. */
  const serving = (historyRetention?: HistoryRetention) => {
    const metrics = new ServerMetrics();
    return { yoga: server.serve({ historyRetention, metrics: { registry: metrics } }), metrics };
  };

  /** Creates `name` and updates it until it has `revisions` revisions. */
  async function writeRevisions(yoga: ToolgraphServer, name: string, revisions: number, from = 1): Promise<void> {
    if (from === 1) {
      const created = await data(yoga, CREATE, { input: { name, description: describedAs(1), source: 'BUILTIN' } });
      expect(created.createTool).toEqual({ __typename: 'CreateToolSuccess', revision: 1 });
    }
    for (let n = Math.max(2, from); n <= revisions; n += 1) {
      const updated = await data(yoga, UPDATE, { name, input: { description: describedAs(n) } });
      expect(updated.updateTool).toEqual({ __typename: 'UpdateToolSuccess', revision: n });
    }
  }

  /** Every kept revision of `name`, newest first, read page by page `first` at a time. */
  async function pagedHistory(yoga: ToolgraphServer, name: string, first: number): Promise<{ revisions: number[]; pages: number }> {
    const revisions: number[] = [];
    let after: string | undefined;
    for (let pages = 1; ; pages += 1) {
      const { history } = (await data(yoga, HISTORY, { name, first, after })).tool;
      revisions.push(...history.edges.map((edge: any) => edge.node.revision));
      if (!history.pageInfo.hasNextPage) return { revisions, pages };
      expect(history.edges).toHaveLength(first);
      after = history.pageInfo.endCursor;
    }
  }

  async function prunedCount(yoga: ToolgraphServer): Promise<number> {
    const text = await (await yoga.fetch('http://yoga/metrics')).text();
    const line = text.split('\n').find((row) => row.startsWith('toolgraph_history_revisions_pruned_total '));
    return Number(line?.split(' ')[1]);
  }

  it('prunes nothing by default: ten revisions stay ten', async () => {
    const { yoga } = serving();
    await writeRevisions(yoga, 'keep/all', 10);
    expect((await pagedHistory(yoga, 'keep/all', 100)).revisions).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(await prunedCount(yoga)).toBe(0);
  });

  describe('with TOOLGRAPH_HISTORY_KEEP=3 and TOOLGRAPH_HISTORY_KEEP_DAYS=0', () => {
    const keep3 = { keep: 3, keepDays: 0 };

    it('leaves revisions 8, 9 and 10 of ten, pages them without an empty page, and counts the 7 pruned', async () => {
      const { yoga } = serving(keep3);
      await writeRevisions(yoga, 'keep/three', 10);
      expect(await pagedHistory(yoga, 'keep/three', 100)).toEqual({ revisions: [10, 9, 8], pages: 1 });
      expect(await pagedHistory(yoga, 'keep/three', 2)).toEqual({ revisions: [10, 9, 8], pages: 2 });
      expect(await pagedHistory(yoga, 'keep/three', 3)).toEqual({ revisions: [10, 9, 8], pages: 1 });
      expect(await pagedHistory(yoga, 'keep/three', 1)).toEqual({ revisions: [10, 9, 8], pages: 3 });
      expect((await data(yoga, REVISION, { name: 'keep/three', revision: 7 })).toolRevision).toBeNull();
      expect((await data(yoga, REVISION, { name: 'keep/three', revision: 8 })).toolRevision).toEqual({ revision: 8 });
      expect(await prunedCount(yoga)).toBe(7);
    });

    it('answers a restore of a pruned revision with REVISION_PRUNED, of one never written with REVISION_NOT_FOUND, and restores a kept one', async () => {
      const { yoga } = serving(keep3);
      await writeRevisions(yoga, 'keep/restore', 5);
      const pruned = (await data(yoga, RESTORE, { name: 'keep/restore', revision: 2 })).restoreTool;
      expect(pruned).toMatchObject({ __typename: 'ToolValidationError', issues: [{ path: ['revision'], code: 'REVISION_PRUNED' }] });
      expect(pruned.issues[0].message).toMatch(/Revision 2 of "keep\/restore" is no longer kept.*TOOLGRAPH_HISTORY_KEEP/);
      expect((await data(yoga, RESTORE, { name: 'keep/restore', revision: 6 })).restoreTool).toMatchObject({
        issues: [{ path: ['revision'], code: 'REVISION_NOT_FOUND' }],
      });
      expect((await data(yoga, RESTORE, { name: 'keep/restore', revision: 3 })).restoreTool).toEqual({
        __typename: 'RestoreToolSuccess',
        revision: 6,
        tool: { description: describedAs(3) },
      });
      expect((await pagedHistory(yoga, 'keep/restore', 100)).revisions).toEqual([6, 5, 4]);
      expect(await prunedCount(yoga)).toBe(3);
    });

    it('keeps the current revision with KEEP=1, through a delete (the tombstone keeps its last) and a create that numbers on from it', async () => {
      const { yoga } = serving({ keep: 1, keepDays: 0 });
      await writeRevisions(yoga, 'keep/one', 4);
      expect((await pagedHistory(yoga, 'keep/one', 10)).revisions).toEqual([4]);
      expect((await data(yoga, DELETE, { name: 'keep/one' })).deleteTool).toEqual({ __typename: 'DeleteToolSuccess', revision: 5 });
      expect((await data(yoga, TOMBSTONE, { name: 'keep/one' })).toolTombstone).toEqual({
        lastRevision: 5,
        history: { edges: [{ node: { revision: 5, kind: 'DELETED' } }], pageInfo: { hasNextPage: false } },
      });
      const created = await data(yoga, CREATE, { input: { name: 'keep/one', description: describedAs(6), source: 'BUILTIN' } });
      expect(created.createTool).toEqual({ __typename: 'CreateToolSuccess', revision: 6 });
      expect((await pagedHistory(yoga, 'keep/one', 10)).revisions).toEqual([6]);
      expect(await prunedCount(yoga)).toBe(5);
    });

    it('leaves the change feed whole: every change keeps its place and revision number', async () => {
      const { yoga } = serving(keep3);
      await writeRevisions(yoga, 'keep/feed', 6);
      const changes = (await data(yoga, CHANGES)).changes.edges.map((edge: any) => edge.node).filter((change: any) => change.name === 'keep/feed');
      expect(changes.map((change: any) => `${change.kind} ${change.revision}`)).toEqual([
        'CREATED 1',
        'UPDATED 2',
        'UPDATED 3',
        'UPDATED 4',
        'UPDATED 5',
        'UPDATED 6',
      ]);
    });

    it('numbers 30 concurrent updates of one tool without a gap and keeps the newest 3', async () => {
      const { yoga } = serving(keep3);
      await writeRevisions(yoga, 'keep/racing', 1);
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => data(yoga, UPDATE, { name: 'keep/racing', input: { description: `Racer ${i}.` } })),
      );
      expect(answers.map((answer) => answer.updateTool.revision).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 2));
      expect(await pagedHistory(yoga, 'keep/racing', 2)).toEqual({ revisions: [31, 30, 29], pages: 2 });
      expect(await prunedCount(yoga)).toBe(28);
    });

    it('prunes every tool an import updates, and a renamed history under its new name', async () => {
      const { yoga } = serving(keep3);
      await writeRevisions(yoga, 'keep/imported-a', 3);
      await writeRevisions(yoga, 'keep/imported-b', 3);
      const config = ['a', 'b'].map((short) => `  - name: keep/imported-${short}\n    description: Imported.\n    source: builtin\n`).join('');
      expect((await data(yoga, IMPORT, { config: `tools:\n${config}` })).importTools).toEqual({ __typename: 'ImportToolsSuccess', updated: 2 });
      expect((await pagedHistory(yoga, 'keep/imported-a', 100)).revisions).toEqual([4, 3, 2]);
      expect((await pagedHistory(yoga, 'keep/imported-b', 100)).revisions).toEqual([4, 3, 2]);

      expect((await data(yoga, RENAME, { name: 'keep/imported-a', newName: 'keep/renamed' })).renameTool).toEqual({
        __typename: 'RenameToolSuccess',
        revision: 5,
      });
      expect((await pagedHistory(yoga, 'keep/renamed', 100)).revisions).toEqual([5, 4, 3]);
      expect((await data(yoga, TOMBSTONE, { name: 'keep/imported-a' })).toolTombstone).toMatchObject({ history: { edges: [] } });
    });

    it('prunes only the tools a write wrote', async () => {
      const { yoga: keepingAll } = serving();
      await writeRevisions(keepingAll, 'keep/untouched', 5);
      const { yoga } = serving(keep3);
      await writeRevisions(yoga, 'keep/touched', 5);
      expect((await pagedHistory(yoga, 'keep/untouched', 100)).revisions).toEqual([5, 4, 3, 2, 1]);
      await writeRevisions(yoga, 'keep/untouched', 6, 6);
      expect((await pagedHistory(yoga, 'keep/untouched', 100)).revisions).toEqual([6, 5, 4]);
    });
  });

  describe('with TOOLGRAPH_HISTORY_KEEP=3 and the default 30 days', () => {
    const keep3for30 = { keep: 3, keepDays: 30 };

    it('keeps every revision that was current in the last 30 days, and a pinned hash finds its revision', async () => {
      const { yoga } = serving(keep3for30);
      await writeRevisions(yoga, 'keep/pinned', 10);
      expect((await pagedHistory(yoga, 'keep/pinned', 100)).revisions).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
      const pinned = (await data(yoga, HISTORY, { name: 'keep/pinned', first: 100 })).tool.history.edges.find((edge: any) => edge.node.revision === 6).node;

      // Revisions 1 to 6 committed 40 days ago: 6 was current until 7 came, today, so it stays; 1 to 5 go.
      const longAgo = new Date(Date.now() - 40 * 86_400_000);
      await changeDatabase(
        server.database.url,
        `UPDATE "ToolRevision" SET "committedAt" = $1 WHERE "toolName" = $2 AND "revision" <= 6`,
        longAgo,
        'keep/pinned',
      );
      await writeRevisions(yoga, 'keep/pinned', 11, 11);
      expect((await pagedHistory(yoga, 'keep/pinned', 4)).revisions).toEqual([11, 10, 9, 8, 7, 6]);
      expect((await data(yoga, REVISION, { name: 'keep/pinned', contentHash: pinned.contentHash })).toolRevision).toEqual({ revision: 6 });

      // Once 7 to 11 are old too, only the newest three stay.
      await changeDatabase(server.database.url, `UPDATE "ToolRevision" SET "committedAt" = $1 WHERE "toolName" = $2`, longAgo, 'keep/pinned');
      await writeRevisions(yoga, 'keep/pinned', 12, 12);
      expect((await pagedHistory(yoga, 'keep/pinned', 100)).revisions).toEqual([12, 11, 10]);
      expect((await data(yoga, REVISION, { name: 'keep/pinned', contentHash: pinned.contentHash })).toolRevision).toBeNull();
      expect(await prunedCount(yoga)).toBe(5 + 4);
    });
  });
});
