/**
 * Writes with an `Idempotency-Key` (issue 27, point 1): a repeat with the same key and request gets
 * the first answer and writes nothing, concurrent repeats included; the same key with another
 * request is IDEMPOTENCY_KEY_REUSED (422); a malformed key, or a key on several mutation fields, is
 * BAD_USER_INPUT before anything runs; a key outlives 24 hours no more. Through yoga.fetch, on both
 * databases. Dropped connections and several callers: test/server/write-keys-http.test.ts.
 */
import type { ToolgraphServer } from '../../src/server/yoga';
import { changeDatabase, queryDatabase, testDatabases } from '../support/databases';
import { useTestServer } from '../support/test-server';
import { data, exchange } from './helpers';

const CREATE = 'mutation ($input: ToolInput!) { createTool(input: $input) { __typename ... on CreateToolSuccess { tool { name revision updatedAt } } } }';
const UPDATE =
  'mutation ($name: String!, $input: ToolPatch!) { updateTool(name: $name, input: $input) { __typename ... on UpdateToolSuccess { tool { name revision description updatedAt } } } }';
const IMPORT =
  'mutation ($config: String!) { importTools(config: $config) { __typename ... on ImportToolsSuccess { tools { name change tool { revision } } } } }';
const REVISIONS = 'query ($name: String!) { tool(name: $name) { revision history(first: 100) { edges { node { revision } } } } }';

const builtin = (name: string, description = `The tool ${name}.`) => ({ name, description, source: 'BUILTIN' });

/** One operation sent with `key` as its Idempotency-Key. */
const keyed = (yoga: ToolgraphServer, key: string, query: string, variables?: Record<string, unknown>) =>
  exchange(yoga, query, variables, undefined, { 'idempotency-key': key });

describe.each(testDatabases())('writes with an Idempotency-Key (%s)', (kind) => {
  const server = useTestServer(kind);
  const revisionsOf = async (name: string) => (await data(server.yoga, REVISIONS, { name })).tool;

  it('creates once: the repeat gets the first answer, and the history holds one revision', async () => {
    const variables = { input: builtin('keys/created-once') };
    const first = await keyed(server.yoga, 'create-1', CREATE, variables);
    expect(first.body.data?.createTool).toMatchObject({ __typename: 'CreateToolSuccess', tool: { revision: 1 } });
    const again = await keyed(server.yoga, 'create-1', CREATE, variables);
    expect(again).toEqual(first);
    // Without a key, the same request is a second write, refused as such.
    expect((await keyed(server.yoga, 'create-2', CREATE, variables)).body.data?.createTool.__typename).toBe('ToolValidationError');
    expect(await revisionsOf('keys/created-once')).toEqual({ revision: 1, history: { edges: [{ node: { revision: 1 } }] } });
  });

  it('updates once, and a bare key and its quoted form (the draft standard) are one key', async () => {
    await data(server.yoga, CREATE, { input: builtin('keys/updated-once') });
    const variables = { name: 'keys/updated-once', input: { description: 'Updated once.' } };
    const first = await keyed(server.yoga, 'a3c1e6f2-0000-4000-8000-000000000001', UPDATE, variables);
    expect(first.body.data?.updateTool.tool).toMatchObject({ revision: 2, description: 'Updated once.' });
    expect(await keyed(server.yoga, '"a3c1e6f2-0000-4000-8000-000000000001"', UPDATE, variables)).toEqual(first);
    expect((await revisionsOf('keys/updated-once')).revision).toBe(2);
  });

  it('refuses the same key with another request: IDEMPOTENCY_KEY_REUSED, 422, nothing written', async () => {
    await data(server.yoga, CREATE, { input: builtin('keys/reused') });
    await keyed(server.yoga, 'reused', UPDATE, { name: 'keys/reused', input: { description: 'First.' } });
    const other = await keyed(server.yoga, 'reused', UPDATE, { name: 'keys/reused', input: { description: 'Second.' } });
    expect(other.status).toBe(422);
    expect(other.body.errors).toEqual([
      expect.objectContaining({ extensions: { code: 'IDEMPOTENCY_KEY_REUSED' }, message: expect.stringMatching(/another request/) }),
    ]);
    expect(await data(server.yoga, 'query { tool(name: "keys/reused") { revision description } }')).toEqual({ tool: { revision: 2, description: 'First.' } });
  });

  it('writes once for ten concurrent repeats of one keyed update', async () => {
    await data(server.yoga, CREATE, { input: builtin('keys/raced') });
    const variables = { name: 'keys/raced', input: { description: 'Raced.' } };
    const answers = await Promise.all(Array.from({ length: 10 }, () => keyed(server.yoga, 'raced', UPDATE, variables)));
    expect(new Set(answers.map((answer) => JSON.stringify(answer)))).toEqual(new Set([JSON.stringify(answers[0])]));
    expect(answers[0]!.body.data?.updateTool.tool.revision).toBe(2);
    expect((await revisionsOf('keys/raced')).history.edges).toHaveLength(2);
  });

  it('imports once', async () => {
    const config = JSON.stringify({ tools: ['keys/imported-a', 'keys/imported-b'].map((name) => ({ name, description: 'Imported.', source: 'builtin' })) });
    const first = await keyed(server.yoga, 'import', IMPORT, { config });
    expect(first.body.data?.importTools.tools).toEqual([
      { name: 'keys/imported-a', change: 'CREATED', tool: { revision: 1 } },
      { name: 'keys/imported-b', change: 'CREATED', tool: { revision: 1 } },
    ]);
    expect(await keyed(server.yoga, 'import', IMPORT, { config })).toEqual(first);
    expect((await revisionsOf('keys/imported-a')).history.edges).toHaveLength(1);
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(256)],
    ['not ASCII', 'clé'],
    ['a control character', 'a\tb'],
  ])('refuses a key that is %s with BAD_USER_INPUT, writing nothing', async (_label, key) => {
    const answer = await keyed(server.yoga, key, CREATE, { input: builtin('keys/never') }).catch((error: unknown) => ({ status: 0, error }));
    // fetch itself refuses to send a header it cannot encode (a non-Latin-1 or control character): no client sends it either.
    if ('error' in answer) return expect(key === '' ? 'sent' : 'unsendable').toBe('unsendable');
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([expect.objectContaining({ extensions: { code: 'BAD_USER_INPUT' } })]);
    expect(await data(server.yoga, 'query { tool(name: "keys/never") { name } }')).toEqual({ tool: null });
  });

  it('refuses a key on two mutation fields: a key names one write', async () => {
    const two =
      'mutation { a: createTool(input: { name: "keys/two-a", description: "A.", source: BUILTIN }) { __typename } b: createTool(input: { name: "keys/two-b", description: "B.", source: BUILTIN }) { __typename } }';
    const answer = await keyed(server.yoga, 'two', two);
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      expect.objectContaining({ extensions: { code: 'BAD_USER_INPUT' }, message: expect.stringMatching(/one mutation field/) }),
    ]);
    expect(await data(server.yoga, 'query { tools(filter: { namespace: "keys" }) { edges { node { name } } } }').then((d) => d.tools.edges)).not.toContainEqual(
      {
        node: { name: 'keys/two-a' },
      },
    );
  });

  it('reads with a key as without one', async () => {
    expect((await keyed(server.yoga, 'read', 'query { tool(name: "keys/created-once") { name } }')).body).toEqual({
      data: { tool: { name: 'keys/created-once' } },
    });
  });

  it('forgets a key after 24 hours: the key then names a new write', async () => {
    await data(server.yoga, CREATE, { input: builtin('keys/expired') });
    await keyed(server.yoga, 'expires', UPDATE, { name: 'keys/expired', input: { description: 'Day one.' } });
    const dayAgo = new Date(Date.now() - 24 * 3_600_000 - 60_000);
    expect(await changeDatabase(server.database.url, `UPDATE "KeyedWrite" SET "createdAt" = $1 WHERE "key" = 'expires'`, dayAgo)).toBe(1);
    const next = await keyed(server.yoga, 'expires', UPDATE, { name: 'keys/expired', input: { description: 'Day two.' } });
    expect(next.body.data?.updateTool.tool).toMatchObject({ revision: 3, description: 'Day two.' });
    // The keyed write made then deleted the records past their lifetime, this one's old record replaced.
    expect(await queryDatabase<{ key: string }>(server.database.url, `SELECT "key" FROM "KeyedWrite" WHERE "key" = 'expires'`)).toHaveLength(1);
  });
});
