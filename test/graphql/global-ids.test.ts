/**
 * Global object identification (issue 26, point 1), through the real server on each database:
 * `Tool.id` and `ToolRevision.id` are opaque and stable (a tool keeps its id through every write
 * but a purge, a revision's never changes), and `node(id:)` / `nodes(ids:)` read an object by its
 * id with the same reach as `tool(name:)` and `toolRevision`: null, never an error, for any id that
 * names nothing a client could read, and not one answer more when reads need a credential.
 */
import { randomBytes } from 'node:crypto';
import { MAX_NODE_IDS } from '../../src/domain/limits';
import { globalId } from '../../src/graphql/global-ids';
import { Authenticator } from '../../src/server/auth/authenticator';
import { createJwtVerifier } from '../../src/server/auth/jwt';
import { TokenVerifier } from '../../src/server/auth/tokens';
import { createToolgraphServer, type ToolgraphServer } from '../../src/server/yoga';
import { createStores, type Stores } from '../../src/store';
import { queryDatabase, testDatabases } from '../support/databases';
import { signJwt } from '../support/jwt-issuer';
import { useTestServer } from '../support/test-server';
import { data, exchange, execute } from './helpers';

const CREATE = `mutation ($input: ToolInput!) { createTool(input: $input) { __typename } }`;
const UPDATE = `mutation ($name: String!, $input: ToolPatch!) { updateTool(name: $name, input: $input) { __typename } }`;
const DEPRECATE = `mutation ($name: String!) { deprecateTool(name: $name, message: "Use another.") { __typename } }`;
const UNDEPRECATE = `mutation ($name: String!) { undeprecateTool(name: $name) { __typename } }`;
const RENAME = `mutation ($name: String!, $newName: String!) { renameTool(name: $name, newName: $newName) { __typename } }`;
const DELETE = `mutation ($name: String!) { deleteTool(name: $name) { __typename } }`;
const PURGE = `mutation ($name: String!) { purgeTool(name: $name) { __typename } }`;
const IMPORT = `mutation ($config: String!) { importTools(config: $config) { __typename } }`;
const RESTORE = `mutation ($name: String!, $revision: Int!) { restoreTool(name: $name, revision: $revision) { __typename } }`;

const TOOL_FIELDS = 'id name description revision status';
const REVISION_FIELDS = 'id name revision kind contentHash';
const TOOL = `query ($name: String!) { tool(name: $name) { ${TOOL_FIELDS} history { edges { node { ${REVISION_FIELDS} } } } } }`;
const NODE = `query ($id: ID!) { node(id: $id) { __typename id ... on Tool { ${TOOL_FIELDS} } ... on ToolRevision { ${REVISION_FIELDS} } } }`;
const NODES = `query ($ids: [ID!]!) { nodes(ids: $ids) { __typename id ... on Tool { ${TOOL_FIELDS} } ... on ToolRevision { ${REVISION_FIELDS} } } }`;

const builtin = (name: string, description = `The ${name} tool.`) => ({ name, description, source: 'BUILTIN' });

interface ReadRevision {
  id: string;
  name: string;
  revision: number;
  kind: string;
  contentHash: string;
}

describe.each(testDatabases())('global object identification on %s', (kind) => {
  const server = useTestServer(kind, { recordSql: true });

  const write = async (mutation: string, variables: Record<string, unknown>) => {
    const answer = Object.values(await data(server.yoga, mutation, variables))[0] as { __typename: string };
    expect(answer.__typename).toMatch(/Success$/);
  };
  const create = (name: string, description?: string) => write(CREATE, { input: builtin(name, description) });
  const readTool = async (name: string) => (await data(server.yoga, TOOL, { name })).tool;
  const idOf = async (name: string): Promise<string> => (await readTool(name)).id;
  /** The history of `name`, oldest first. */
  const historyOf = async (name: string): Promise<ReadRevision[]> =>
    (await readTool(name)).history.edges.map((edge: { node: ReadRevision }) => edge.node).reverse();
  const node = async (id: string) => {
    const answer = await execute(server.yoga, NODE, { id });
    expect(answer.errors).toBeUndefined();
    return answer.data.node;
  };
  /** The database key of the row of `name` that no read of tools answers (a tombstone). */
  const tombstoneKey = async (name: string) =>
    (await queryDatabase<{ id: number }>(server.database.url, `SELECT "id" FROM "Tool" WHERE "name" = '${name}' AND "deletedAt" IS NOT NULL`))[0]!.id;

  describe('Tool.id', () => {
    it('is opaque: neither the name nor a bare number', async () => {
      await create('ids/opaque');
      const id = await idOf('ids/opaque');
      expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(id).not.toContain('ids/opaque');
      expect(Number.isNaN(Number(id))).toBe(true);
    });

    it('stays the same through updates, deprecation, rename, deletion and creation again under the name, a restore and imports', async () => {
      await create('ids/kept', 'First.');
      const id = await idOf('ids/kept');
      await write(UPDATE, { name: 'ids/kept', input: { description: 'Second.' } });
      expect(await idOf('ids/kept')).toBe(id);
      await write(DEPRECATE, { name: 'ids/kept' });
      expect(await readTool('ids/kept')).toMatchObject({ id, status: 'DEPRECATED' });
      await write(UNDEPRECATE, { name: 'ids/kept' });
      await write(RENAME, { name: 'ids/kept', newName: 'ids/kept-renamed' });
      expect(await idOf('ids/kept-renamed')).toBe(id);
      await write(RENAME, { name: 'ids/kept-renamed', newName: 'ids/kept' });
      expect(await idOf('ids/kept')).toBe(id);
      await write(DELETE, { name: 'ids/kept' });
      await create('ids/kept', 'Again.');
      expect(await readTool('ids/kept')).toMatchObject({ id, description: 'Again.' });
      await write(DELETE, { name: 'ids/kept' });
      await write(RESTORE, { name: 'ids/kept', revision: 2 });
      expect(await readTool('ids/kept')).toMatchObject({ id, description: 'Second.' });
      const imported = async (description: string) => {
        const config = JSON.stringify({ tools: [{ name: 'ids/kept', description, source: 'builtin' }] });
        const answer = await data(server.yoga, IMPORT, { config });
        expect(answer.importTools.__typename).toBe('ImportToolsSuccess');
      };
      await imported('Imported.');
      expect(await readTool('ids/kept')).toMatchObject({ id, description: 'Imported.' });
      await write(DELETE, { name: 'ids/kept' });
      await imported('Imported again.');
      expect(await readTool('ids/kept')).toMatchObject({ id, description: 'Imported again.' });
    });

    it('belongs to one tool only: another tool, a tool created after a purge and any revision have ids of their own', async () => {
      await create('ids/one');
      await create('ids/two');
      await create('ids/purged');
      const purgedId = await idOf('ids/purged');
      await write(DELETE, { name: 'ids/purged' });
      await write(PURGE, { name: 'ids/purged' });
      await create('ids/purged');
      const ids = [await idOf('ids/one'), await idOf('ids/two'), await idOf('ids/purged'), purgedId];
      const revisionIds = [...(await historyOf('ids/one')), ...(await historyOf('ids/two'))].map((revision) => revision.id);
      expect(new Set([...ids, ...revisionIds]).size).toBe(ids.length + revisionIds.length);
      expect(await node(purgedId)).toBeNull();
    });
  });

  describe('ToolRevision.id', () => {
    it('never changes: a renamed tool’s history keeps its ids, and each id reads its revision as committed', async () => {
      await create('ids/history', 'One.');
      await write(UPDATE, { name: 'ids/history', input: { description: 'Two.' } });
      const before = await historyOf('ids/history');
      await write(RENAME, { name: 'ids/history', newName: 'ids/history-moved' });
      const after = await historyOf('ids/history-moved');
      expect(after.slice(0, 2)).toEqual(before);
      expect(after[2]).toMatchObject({ revision: 3, kind: 'RENAMED', name: 'ids/history-moved' });
      for (const revision of after) expect(await node(revision.id)).toEqual({ __typename: 'ToolRevision', ...revision });
    });
  });

  describe('node(id:)', () => {
    it('answers a tool as tool(name:) does, and a revision as toolRevision does', async () => {
      await create('ids/read', 'Read me.');
      const tool = await readTool('ids/read');
      const { history, ...fields } = tool;
      expect(await node(tool.id)).toEqual({ __typename: 'Tool', ...fields });
      const revision = history.edges[0].node;
      const { toolRevision } = await data(server.yoga, `query { toolRevision(name: "ids/read", revision: 1) { ${REVISION_FIELDS} } }`);
      expect(await node(revision.id)).toEqual({ __typename: 'ToolRevision', ...toolRevision });
    });

    it('answers null, and no error, for every text that is no id it issued', async () => {
      await create('ids/malformed');
      const id = await idOf('ids/malformed');
      const key = Buffer.from(id, 'base64url').toString('utf8').split(':')[1]!;
      const encoded = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
      const notIds = [
        '',
        'ids/malformed',
        key,
        `${id}=`,
        `${id}.`,
        `${id}${id}`,
        Buffer.from(Buffer.from(id, 'base64url')).toString('base64'),
        encoded(`Tool:0${key}`),
        encoded(`Tool:+${key}`),
        encoded(`tool:${key}`),
        encoded(`Tool:${key}:1`),
        encoded('Tool:0'),
        encoded('Tool:-1'),
        encoded('Tool:99999999999999999999'),
        // Past the 32-bit integers both databases keep ids as.
        encoded('Tool:2147483648'),
        encoded('Tool:4294967296'),
        encoded('ToolRevision:2147483648'),
        encoded(`Namespace:${key}`),
        encoded(`ToolTombstone:${key}`),
        'x'.repeat(10_000),
        '\u0000',
      ].filter((text) => text !== id);
      const { nodes } = await data(server.yoga, NODES, { ids: notIds });
      expect(nodes).toEqual(notIds.map(() => null));
      for (const text of [...notIds.slice(0, 3), encoded('Tool:2147483648')]) expect(await node(text)).toBeNull();
    });

    it('answers null for an id of a tool deleted since, of a revision pruned or purged since', async () => {
      await create('ids/gone');
      const toolId = await idOf('ids/gone');
      const [revision] = await historyOf('ids/gone');
      await write(DELETE, { name: 'ids/gone' });
      expect(await node(toolId)).toBeNull();
      // As toolRevision(name:) does, a deleted tool's history stays readable until it is purged.
      expect(await node(revision!.id)).toMatchObject({ __typename: 'ToolRevision', revision: 1 });
      await write(PURGE, { name: 'ids/gone' });
      expect(await node(revision!.id)).toBeNull();

      const keepingOne = server.serve({ historyRetention: { keep: 1, keepDays: 0 } });
      await create('ids/pruned');
      const [first] = await historyOf('ids/pruned');
      expect(await node(first!.id)).not.toBeNull();
      expect(Object.values(await data(keepingOne, UPDATE, { name: 'ids/pruned', input: { description: 'Pruned its first.' } }))[0]).toEqual({
        __typename: 'UpdateToolSuccess',
      });
      expect(await node(first!.id)).toBeNull();
    });

    it('never answers what no read of tools answers: the tombstone a rename leaves under the old name', async () => {
      await create('ids/moving');
      const toolId = await idOf('ids/moving');
      await write(RENAME, { name: 'ids/moving', newName: 'ids/moved' });
      const tombstoneId = globalId('Tool', await tombstoneKey('ids/moving'));
      expect(tombstoneId).not.toBe(toolId);
      expect(await node(tombstoneId)).toBeNull();
      expect(await node(toolId)).toMatchObject({ __typename: 'Tool', name: 'ids/moved' });
    });
  });

  describe('nodes(ids:)', () => {
    it('answers each id as node(id:) does, in the order given, duplicates included, with one read per kind', async () => {
      for (const name of ['ids/many-a', 'ids/many-b', 'ids/many-c']) await create(name);
      const tools = await Promise.all(['ids/many-a', 'ids/many-b', 'ids/many-c'].map(readTool));
      const revisions = tools.map((tool) => tool.history.edges[0].node as ReadRevision);
      const ids = [tools[2].id, revisions[0]!.id, 'not-an-id', tools[0].id, revisions[2]!.id, tools[2].id, tools[1].id];
      server.sql.length = 0;
      const { nodes } = await data(server.yoga, NODES, { ids });
      const toolNode = (tool: (typeof tools)[number]) => ({
        __typename: 'Tool',
        id: tool.id,
        name: tool.name,
        description: tool.description,
        revision: 1,
        status: 'ACTIVE',
      });
      expect(nodes).toEqual([
        toolNode(tools[2]),
        { __typename: 'ToolRevision', ...revisions[0] },
        null,
        toolNode(tools[0]),
        { __typename: 'ToolRevision', ...revisions[2] },
        toolNode(tools[2]),
        toolNode(tools[1]),
      ]);
      const reads = server.sql.filter((sql) => /^\s*SELECT/i.test(sql));
      expect(reads.filter((sql) => sql.includes('FROM "Tool" WHERE'))).toHaveLength(1);
      expect(reads.filter((sql) => sql.includes('FROM "ToolRevision" WHERE'))).toHaveLength(1);
    });

    it('answers [] for no ids, and takes as many as MAX_NODE_IDS', async () => {
      expect(await data(server.yoga, NODES, { ids: [] })).toEqual({ nodes: [] });
      const ids = Array.from({ length: MAX_NODE_IDS }, (_, i) => globalId('Tool', 1_000_000 + i));
      expect((await data(server.yoga, NODES, { ids })).nodes).toEqual(ids.map(() => null));
    });

    it(`refuses more than ${MAX_NODE_IDS} ids before anything runs, with BAD_USER_INPUT naming the argument`, async () => {
      const ids = Array.from({ length: MAX_NODE_IDS + 1 }, (_, i) => globalId('Tool', i + 1));
      server.sql.length = 0;
      const answer = await exchange(server.yoga, NODES, { ids });
      expect(answer.status).toBe(400);
      expect(answer.body.data).toBeUndefined();
      expect(answer.body.errors).toEqual([
        expect.objectContaining({
          message: `\`nodes.ids\` (the variable \`$ids\`) must hold between 0 and ${MAX_NODE_IDS} values; got ${MAX_NODE_IDS + 1}.`,
          extensions: { code: 'BAD_USER_INPUT', argument: 'nodes.ids', variable: 'ids' },
        }),
      ]);
      expect(server.sql).toEqual([]);
    });
  });

  describe('with reads that need a credential', () => {
    const secret = randomBytes(32).toString('base64url');
    let stores: Stores;
    let tokens: TokenVerifier;
    let secured: ToolgraphServer;

    beforeAll(async () => {
      stores = await createStores(server.database.url);
      tokens = new TokenVerifier(stores.tokens);
      secured = createToolgraphServer({
        store: server.store,
        logging: false,
        authenticator: new Authenticator({ control: 'on', reads: 'authenticated' }, tokens, createJwtVerifier({ secret })),
      });
    });
    afterAll(async () => {
      await tokens?.close();
      await stores?.tools.close();
    });

    it('refuses node and nodes without one, as tool(name:), before anything runs; a reader gets what tool(name:) gives', async () => {
      await create('ids/secret');
      const tool = await readTool('ids/secret');
      const revisionId = tool.history.edges[0].node.id;
      const reads = [
        { query: TOOL, variables: { name: 'ids/secret' } },
        { query: NODE, variables: { id: tool.id } },
        { query: NODES, variables: { ids: [tool.id, revisionId] } },
      ];
      for (const { query, variables } of reads) {
        server.sql.length = 0;
        const refused = await exchange(secured, query, variables);
        expect(refused.status).toBe(401);
        expect(refused.body.data ?? null).toBeNull();
        expect(refused.body.errors).toEqual([expect.objectContaining({ extensions: { code: 'UNAUTHENTICATED' } })]);
        expect(server.sql).toEqual([]);
      }
      const now = Math.floor(Date.now() / 1000);
      const reader = await signJwt({ sub: 'reader', exp: now + 600, toolgraph_role: 'read', toolgraph_namespaces: [] }, { secret });
      const asReader = async (query: string, variables: Record<string, unknown>) =>
        (await exchange(secured, query, variables, undefined, { authorization: `Bearer ${reader}` })).body;
      const { history, ...fields } = (await asReader(TOOL, { name: 'ids/secret' })).data.tool;
      expect(await asReader(NODE, { id: tool.id })).toEqual({ data: { node: { __typename: 'Tool', ...fields } } });
      expect(await asReader(NODES, { ids: [tool.id, revisionId] })).toEqual({
        data: {
          nodes: [
            { __typename: 'Tool', ...fields },
            { __typename: 'ToolRevision', ...history.edges[0].node },
          ],
        },
      });
    });
  });
});
