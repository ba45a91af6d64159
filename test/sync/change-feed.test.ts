/**
 * Sync (spec section 9) on each database, through real HTTP: `changes(after:, first:)` pages
 * through every committed change in one registry-wide order while 20 writers commit, and
 * `toolEvents(after:)` over SSE, cut mid-flow and resumed with `Last-Event-ID`, delivers every
 * change once, in that order. On Postgres two server processes behind one Redis, the writers on
 * both, each stream resumed on the other instance; SQLite, the one-machine default, one process
 * (several processes writing one SQLite file answer racing writes with SERVICE_UNAVAILABLE).
 */
import { freshDatabase, testDatabases, type DatabaseKind, type FreshDatabase } from '../support/databases';
import { killServer, post, startServer, type RunningServer } from '../support/server-process';
import { useTwoInstances } from '../support/two-instances';
import { subscribe, type SseResult } from '../events/sse';

const CHANGES = `query ($after: String, $first: Int) {
  changes(after: $after, first: $first) {
    edges { cursor node { cursor kind name revision renamedFrom tool { name revision } tombstone { name renamedTo lastRevision deletedAt } } }
    pageInfo { hasNextPage endCursor }
    cursor
  }
}`;
const EVENTS = `subscription ($after: String) { toolEvents(after: $after) { cursor kind name revision } }`;
const CREATE = `mutation ($input: ToolInput!) { createTool(input: $input) { __typename ... on CreateToolSuccess { revision } } }`;
const UPDATE = `mutation ($name: String!, $input: ToolPatch!) { updateTool(name: $name, input: $input) { __typename ... on UpdateToolSuccess { revision } } }`;
const DEPRECATE = `mutation ($name: String!) { deprecateTool(name: $name, message: "Use another.") { __typename ... on DeprecateToolSuccess { revision } } }`;
const DELETE = `mutation ($name: String!) { deleteTool(name: $name) { __typename ... on DeleteToolSuccess { revision } } }`;
const RENAME = `mutation ($name: String!, $newName: String!) { renameTool(name: $name, newName: $newName) { __typename ... on RenameToolSuccess { revision } } }`;
const PURGE = `mutation ($name: String!) { purgeTool(name: $name) { __typename } }`;

interface Change {
  cursor: string;
  kind: string;
  name: string;
  revision: number;
}

/** The position a change cursor carries: the test reads it to check that positions have no gaps (clients never need to). */
const positionOf = (cursor: string) => Number(/^change:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'))![1]);
const keyOf = (change: Pick<Change, 'kind' | 'name' | 'revision'>) => `${change.kind} ${change.name} ${change.revision}`;

/** One server process on a fresh database, as both `a` and `b`. */
function useOneInstance(kind: DatabaseKind): { a: RunningServer; b: RunningServer } {
  let database: FreshDatabase | undefined;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    database = await freshDatabase(kind);
    server = await startServer(database.url);
  }, 60_000);
  afterAll(async () => {
    await killServer(server);
    await database?.drop();
  });
  return {
    get a() {
      return server!;
    },
    get b() {
      return server!;
    },
  };
}

describe.each(testDatabases())('the change feed on %s', (kind) => {
  const servers = kind === 'postgres' ? useTwoInstances(kind) : useOneInstance(kind);

  /** Every change after `after` (null: from the first), paging `first` at a time; and where to go on from. */
  async function readToEnd(url: string, after: string | null, first = 25): Promise<{ changes: Change[]; cursor: string }> {
    const changes: Change[] = [];
    let cursor = after;
    for (;;) {
      const page = (await post(url, CHANGES, { after: cursor, first })).data.changes;
      changes.push(...page.edges.map((edge: { cursor: string; node: Change }) => ({ ...edge.node, cursor: edge.cursor })));
      cursor = page.cursor;
      if (!page.pageInfo.hasNextPage) return { changes, cursor: cursor! };
    }
  }

  /** A writer's committed changes, as the answers of its writes say them. */
  async function write(url: string, query: string, variables: object, committed: string[], kindOf: string, nameOf: string): Promise<void> {
    const answer = await post(url, query, variables);
    const result = Object.values(answer.data ?? {})[0] as { __typename: string; revision?: number } | undefined;
    if (!result?.__typename.endsWith('Success')) throw new Error(`${kindOf} ${nameOf}: ${JSON.stringify(answer)}`);
    committed.push(keyOf({ kind: kindOf, name: nameOf, revision: result.revision! }));
  }

  it('pages every change once, in one order with no gap, to a reader reading while 20 writers commit', async () => {
    const committed: string[] = [];
    const writers = Array.from({ length: 20 }, async (_, w) => {
      const url = (w % 2 === 0 ? servers.a : servers.b).url;
      for (let j = 0; j < 5; j++) {
        const name = `gapless/w${w}-${j}`;
        await write(url, CREATE, { input: { name, description: `Tool ${w}-${j}.`, source: 'BUILTIN' } }, committed, 'CREATED', name);
        await write(url, UPDATE, { name, input: { description: `Tool ${w}-${j}, changed.` } }, committed, 'UPDATED', name);
        if (j % 3 === 0) await write(url, DEPRECATE, { name }, committed, 'DEPRECATED', name);
        if (j % 3 === 1) await write(url, DELETE, { name }, committed, 'DELETED', name);
        if (j % 3 === 2) await write(url, RENAME, { name, newName: `${name}-renamed` }, committed, 'RENAMED', `${name}-renamed`);
      }
    });
    let writing = true;
    const written = Promise.all(writers).finally(() => (writing = false));

    const seen: Change[] = [];
    let cursor: string | null = null;
    let passes = 0;
    while (writing) {
      const read = await readToEnd(passes % 2 === 0 ? servers.b.url : servers.a.url, cursor);
      seen.push(...read.changes);
      cursor = read.cursor;
      passes++;
    }
    await written;
    seen.push(...(await readToEnd(servers.b.url, cursor)).changes);

    console.log(`${kind}: ${committed.length} changes committed by 20 writers; the reader paged to the end ${passes + 1} times and read ${seen.length}`);
    expect(committed.length).toBe(20 * (5 * 2 + 5));
    expect(seen.map((change) => positionOf(change.cursor))).toEqual(seen.map((_, i) => i + 1));
    expect(seen.map(keyOf).sort()).toEqual([...committed].sort());
    // A page from the start gives the same changes in the same order (the tools as they are now).
    const changeOf = ({ cursor, kind, name, revision }: Change) => ({ cursor, kind, name, revision });
    expect((await readToEnd(servers.a.url, null, 1000)).changes.map(changeOf)).toEqual(seen.map(changeOf));
  }, 240_000);

  it('tells a reader what a name holds now: the tool, or its tombstone (deleted, renamed away, purged)', async () => {
    const { cursor: start } = await readToEnd(servers.a.url, null, 1000);
    const url = servers.a.url;
    for (const name of ['tomb/kept', 'tomb/deleted', 'tomb/moved', 'tomb/purged']) {
      await post(url, CREATE, { input: { name, description: 'A tool.', source: 'BUILTIN' } });
    }
    await post(url, DELETE, { name: 'tomb/deleted' });
    await post(url, RENAME, { name: 'tomb/moved', newName: 'tomb/moved-here' });
    await post(url, DELETE, { name: 'tomb/purged' });
    expect((await post(url, PURGE, { name: 'tomb/purged' })).data.purgeTool.__typename).toBe('PurgeToolSuccess');

    const page = (await post(url, CHANGES, { after: start, first: 100 })).data.changes;
    const nodes = page.edges.map((edge: { node: unknown }) => edge.node);
    expect(nodes.map((node: Change) => `${node.kind} ${node.name}`)).toEqual([
      'CREATED tomb/kept',
      'CREATED tomb/deleted',
      'CREATED tomb/moved',
      'CREATED tomb/purged',
      'DELETED tomb/deleted',
      'RENAMED tomb/moved-here',
      'DELETED tomb/purged',
      'PURGED tomb/purged',
    ]);
    const [kept, deleted, moved, purged] = nodes;
    expect(kept).toMatchObject({ tool: { name: 'tomb/kept', revision: 1 }, tombstone: null });
    expect(deleted).toMatchObject({ tool: null, tombstone: { name: 'tomb/deleted', renamedTo: null, lastRevision: 2 } });
    expect(moved).toMatchObject({ tool: null, tombstone: { name: 'tomb/moved', renamedTo: 'tomb/moved-here', lastRevision: 1 } });
    expect(nodes[5]).toMatchObject({ renamedFrom: 'tomb/moved', tool: { name: 'tomb/moved-here', revision: 2 }, tombstone: null });
    expect(purged).toMatchObject({ tool: null, tombstone: { name: 'tomb/purged', renamedTo: null, lastRevision: 2 } });
    expect(new Date(purged.tombstone.deletedAt).getTime()).toBeGreaterThan(0);
    // Past the end: an empty page that says to go on from where it was asked.
    const end = page.cursor;
    expect((await post(url, CHANGES, { after: end })).data.changes).toEqual({ edges: [], pageInfo: { hasNextPage: false, endCursor: null }, cursor: end });
  });

  it('refuses a cursor it did not issue, and a page size out of range, as the client’s mistake', async () => {
    const url = servers.a.url;
    const foreign = Buffer.from('change:99999999', 'utf8').toString('base64url');
    // Past the 32-bit integers both databases keep positions as.
    const beyond = Buffer.from('change:99999999999', 'utf8').toString('base64url');
    for (const after of ['not a cursor', Buffer.from('tool:a/b', 'utf8').toString('base64url'), foreign, beyond]) {
      const answer = await post(url, CHANGES, { after });
      expect(answer.errors).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }) })]);
    }
    for (const first of [0, 1001]) {
      const answer = await post(url, CHANGES, { first });
      expect(answer.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    for (const lastEventId of [
      foreign,
      beyond,
      'not a cursor',
      'change:12',
      '%00',
      'x'.repeat(10_000),
      Buffer.from('change:-1', 'utf8').toString('base64url'),
    ]) {
      const refused = await subscribe(fetch, url, EVENTS, {}, { 'last-event-id': lastEventId });
      const first = await refused.next(5000);
      refused.close();
      expect(first).toMatchObject({ errors: [{ extensions: { code: 'BAD_USER_INPUT' } }] });
    }
  });

  it('resumes a stream cut mid-flow with Last-Event-ID (on the other instance, where there are two) with no gap and no duplicate', async () => {
    const { cursor: start } = await readToEnd(servers.a.url, null, 1000);
    const committed: string[] = [];
    const writers = Array.from({ length: 4 }, async (_, w) => {
      const url = (w % 2 === 0 ? servers.a : servers.b).url;
      for (let j = 0; j < 30; j++) {
        const name = `resume/w${w}-${j}`;
        await write(url, CREATE, { input: { name, description: `Tool ${w}-${j}.`, source: 'BUILTIN' } }, committed, 'CREATED', name);
      }
    });
    const written = Promise.all(writers);

    const received: { id: string | null; cursor: string | null; event: Change }[] = [];
    const take = async (stream: Awaited<ReturnType<typeof subscribe>>, until: (count: number) => boolean) => {
      while (!until(received.length)) {
        const result = (await stream.next(15_000)) as SseResult | string;
        if (typeof result === 'string') throw new Error(`the stream gave ${result} after ${received.length} events`);
        expect(result.errors).toBeUndefined();
        received.push({ id: stream.lastEventId, cursor: stream.lastCursor, event: result.data.toolEvents as Change });
      }
    };
    // Cut twice while the writers write: after 20 events on B, after 50 on A; then read the rest on B.
    const first = await subscribe(fetch, servers.b.url, EVENTS, { after: start });
    await take(first, (count) => count >= 20);
    first.close();
    const second = await subscribe(fetch, servers.a.url, EVENTS, { after: start }, { 'last-event-id': received.at(-1)!.id! });
    await take(second, (count) => count >= 50);
    second.close();
    const third = await subscribe(fetch, servers.b.url, EVENTS, { after: start }, { 'last-event-id': received.at(-1)!.id! });
    await written;
    await take(third, (count) => count >= committed.length);
    third.close();

    console.log(`${kind}: ${committed.length} changes committed by 4 writers; received ${received.length} over 3 streams cut after 20 and 50`);
    // The frame's id and the result's extensions.cursor are the event's cursor.
    expect(received.map(({ id, cursor }) => [id, cursor])).toEqual(received.map(({ event }) => [event.cursor, event.cursor]));
    expect(received.map(({ event }) => positionOf(event.cursor))).toEqual(received.map((_, i) => positionOf(start) + 1 + i));
    expect(received.map(({ event }) => keyOf(event)).sort()).toEqual([...committed].sort());
  }, 120_000);
});
