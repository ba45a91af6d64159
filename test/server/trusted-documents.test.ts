/**
 * Trusted documents (issue 26, points 3 and 4; docs/dashboards.md, "Trusted documents") as an operator sets them: the
 * server's own process, configured by TOOLGRAPH_TRUSTED_DOCUMENTS and TOOLGRAPH_TRUSTED_DOCUMENTS_MODE,
 * with a manifest in the format of Apollo's persisted query manifest, over real HTTP (POST, GET,
 * SSE) and WebSocket. The database plays no part in what is decided here: SQLite.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { subscribe } from '../events/sse';
import { freshDatabase, type FreshDatabase } from '../support/databases';
import { eventually } from '../support/eventually';
import { browserOperations } from '../support/own-operations';
import { killServer, launch, logLines, logMessages, startServer, type RunningServer } from '../support/server-process';
import { useServerProcess } from '../support/suite-server';
import { createToken } from '../support/token-command';

const TOOL = `query Tool($name: String!) { tool(name: $name) { name description } }`;
const CREATE = `mutation Create($input: ToolInput!) { createTool(input: $input) { __typename } }`;
const EVENTS = `subscription Events { toolEvents { name } }`;
/** Not in the manifest. */
const NAMESPACES = `query Namespaces { namespaces { name } }`;

/** The id Apollo's manifest generator gives a body: its SHA-256, in hex. */
const idOf = (body: string) => createHash('sha256').update(body).digest('hex');

const manifest = (bodies: Record<string, string>) =>
  JSON.stringify({
    format: 'apollo-persisted-query-manifest',
    version: 1,
    operations: Object.entries(bodies).map(([name, body]) => ({ id: idOf(body), name, type: /^\s*(\w+)/.exec(body)![1], body })),
  });

const folder = mkdtempSync(join(tmpdir(), 'toolgraph-trusted-'));
const MANIFEST = join(folder, 'manifest.json');
writeFileSync(MANIFEST, manifest({ Tool: TOOL, Create: CREATE, Events: EVENTS }));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

async function send(url: string, payload: object, token?: string): Promise<Answer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(payload),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/** A GET of `/graphql?documentId=…&variables=…`, as a CDN would forward it. */
async function get(url: string, params: Record<string, string>, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`${url}?${new URLSearchParams(params)}`, { headers: { accept: 'application/graphql-response+json', ...headers } });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

const codeOf = (answer: Answer) => answer.body.errors?.[0]?.extensions?.code;

/** The lines a server logged with this message, once there are `count` (it writes its log in batches, at least every 200 ms). */
const logged = (server: RunningServer, msg: string, count = 1) =>
  eventually(
    () => `${count} line(s) "${msg}" in:\n${server.output()}`,
    () => {
      const lines = logLines(server.output()).filter((line) => line.msg === msg);
      return lines.length >= count ? lines : undefined;
    },
    5000,
  );

describe('TOOLGRAPH_TRUSTED_DOCUMENTS_MODE=enforce, access control on', () => {
  let database: FreshDatabase;
  let server: RunningServer | undefined;
  let admin: string;
  let writer: string;
  const sockets: Client[] = [];

  beforeAll(async () => {
    database = await freshDatabase('sqlite');
    admin = await createToken(database.url, { name: 'platform', namespaces: '*', role: 'admin' });
    writer = await createToken(database.url, { name: 'dash', namespaces: 'ops', role: 'write' });
    server = await startServer(database.url, { TOOLGRAPH_AUTH: 'on', TOOLGRAPH_TRUSTED_DOCUMENTS: MANIFEST, TOOLGRAPH_TRUSTED_DOCUMENTS_MODE: 'enforce' });
    const created = await send(
      server.url,
      { documentId: idOf(CREATE), variables: { input: { name: 'ops/probe', description: 'First.', source: 'BUILTIN' } } },
      writer,
    );
    expect(created.body).toEqual({ data: { createTool: { __typename: 'CreateToolSuccess' } } });
  }, 60_000);
  afterAll(async () => {
    for (const socket of sockets) await socket.dispose();
    await killServer(server);
    await database?.drop();
  });

  it('says so when it starts', () => {
    expect(logMessages(server!.output())).toMatch(/listening on .*3 trusted documents enforced/);
  });

  it('runs a listed document by documentId, and by extensions.persistedQuery.sha256Hash', async () => {
    const expected = { data: { tool: { name: 'ops/probe', description: 'First.' } } };
    expect((await send(server!.url, { documentId: idOf(TOOL), variables: { name: 'ops/probe' } })).body).toEqual(expected);
    const apollo = await send(server!.url, { extensions: { persistedQuery: { version: 1, sha256Hash: idOf(TOOL) } }, variables: { name: 'ops/probe' } });
    expect(apollo.body).toEqual(expected);
  });

  it("runs the registry browser's own documents by id, though the manifest does not list them", async () => {
    const page = browserOperations().find((operation) => operation.operationName === 'ToolView')!;
    const answer = await send(server!.url, { documentId: page.documentId, variables: { name: 'ops/probe' } });
    expect(answer.body.data.tool).toMatchObject({ id: expect.any(String), name: 'ops/probe', description: 'First.' });
  });

  it('refuses a document sent as text with PERSISTED_QUERY_ID_REQUIRED, even one that is listed, and logs it', async () => {
    for (const query of [NAMESPACES, TOOL]) {
      const refused = await send(server!.url, { query, variables: { name: 'ops/probe' } }, writer);
      expect(refused.status).toBe(400);
      expect(refused.body.data).toBeUndefined();
      expect(codeOf(refused)).toBe('PERSISTED_QUERY_ID_REQUIRED');
      expect(refused.body.errors[0].message).toMatch(/runs only its trusted documents, sent by id/);
    }
    const lines = await logged(server!, 'trusted documents: refused a document sent as text', 2);
    expect(lines.map((line) => line.documentHash)).toEqual(expect.arrayContaining([idOf(NAMESPACES), idOf(TOOL)]));
    expect(lines[0]).toMatchObject({ level: 'warn', mode: 'enforce' });
  });

  it('refuses an id that is not listed with PERSISTED_QUERY_NOT_IN_LIST, naming it', async () => {
    const refused = await send(server!.url, { documentId: idOf(NAMESPACES) });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { message: `No trusted document has the id "${idOf(NAMESPACES)}".`, extensions: { code: 'PERSISTED_QUERY_NOT_IN_LIST' } },
    ]);
    expect(await logged(server!, 'trusted documents: refused an id that is not listed')).toEqual([
      expect.objectContaining({ level: 'warn', documentId: idOf(NAMESPACES) }),
    ]);
  });

  it("refuses what a stranger sends as an id (huge, every character, not a string) as the client's fault, echoing and logging at most 128 characters of it", async () => {
    const huge = 'f'.repeat(1_000_000);
    const strange = Array.from({ length: 300 }, (_, i) => String.fromCodePoint(1 + ((i * 7919) % 0x2ffff))).join('');
    for (const documentId of [huge, `${huge}0`, strange]) {
      const refused = await send(server!.url, { documentId });
      expect(refused.status).toBe(400);
      expect(codeOf(refused)).toBe('PERSISTED_QUERY_NOT_IN_LIST');
      expect(refused.body.errors![0]!.message.length).toBeLessThan(200);
    }
    for (const documentId of [42, { id: 'x' }, ['x'], null]) {
      const refused = await send(server!.url, { documentId });
      expect(refused.status).toBe(400);
      expect(codeOf(refused)).toBe('BAD_REQUEST');
    }
    // The two ids of a million characters that differ only past what is shown are logged once, as what is shown.
    const lines = (await logged(server!, 'trusted documents: refused an id that is not listed', 2)).filter((line) => String(line.documentId).startsWith('fff'));
    expect(lines).toEqual([expect.objectContaining({ documentId: 'f'.repeat(128) })]);
  });

  it('lets an admin credential send any document (GraphiQL with its Authorization header), and its introspection', async () => {
    expect((await send(server!.url, { query: NAMESPACES }, admin)).body).toEqual({ data: { namespaces: [{ name: 'ops' }] } });
    expect((await send(server!.url, { query: '{ __schema { queryType { name } } }' }, admin)).body).toEqual({
      data: { __schema: { queryType: { name: 'Query' } } },
    });
    const page = await fetch(server!.url, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
  });

  it('refuses a credential it cannot accept as such (401), not as an untrusted document', async () => {
    const refused = await send(server!.url, { query: NAMESPACES }, 'tg_not-a-token');
    expect(refused.status).toBe(401);
    expect(codeOf(refused)).toBe('UNAUTHENTICATED');
  });

  it('answers a GET by id with an ETag and Cache-Control, 304 to If-None-Match, and a new ETag after a write', async () => {
    const params = { documentId: idOf(TOOL), variables: JSON.stringify({ name: 'ops/probe' }) };
    const first = await get(server!.url, params);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ data: { tool: { name: 'ops/probe', description: 'First.' } } });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]{43}"$/);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');

    const again = await get(server!.url, params, { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
    expect(again.headers.get('etag')).toBe(etag);
    expect((await get(server!.url, params, { 'if-none-match': `"other", W/${etag}` })).status).toBe(304);

    // Another tool's variables: another answer, another ETag.
    const other = await get(server!.url, { ...params, variables: JSON.stringify({ name: 'ops/absent' }) }, { 'if-none-match': etag! });
    expect(other.status).toBe(200);
    expect(other.body).toEqual({ data: { tool: null } });

    const updated = await send(server!.url, { query: `mutation { updateTool(name: "ops/probe", input: { description: "Second." }) { __typename } }` }, admin);
    expect(updated.body.data.updateTool.__typename).toBe('UpdateToolSuccess');
    const changed = await get(server!.url, params, { 'if-none-match': etag! });
    expect(changed.status).toBe(200);
    expect(changed.body.data.tool.description).toBe('Second.');
    expect(changed.headers.get('etag')).not.toBe(etag);

    // With a credential, only the client's own cache may keep it.
    expect((await get(server!.url, params, { authorization: `Bearer ${writer}` })).headers.get('cache-control')).toBe('private, no-cache');
  });

  it('gives no validators to a GET whose answer has errors, nor to one by text', async () => {
    const failed = await get(server!.url, { documentId: idOf(TOOL), variables: JSON.stringify({ name: 5 }) });
    expect(failed.body.errors[0].message).toMatch(/Variable "\$name"/);
    expect(failed.headers.get('etag')).toBeNull();
    const byText = await get(server!.url, { query: NAMESPACES }, { authorization: `Bearer ${admin}` });
    expect(byText.body).toEqual({ data: { namespaces: [{ name: 'ops' }] } });
    expect(byText.headers.get('etag')).toBeNull();
  });

  it('refuses a mutation by GET with 405 and Allow: POST, as GraphQL over HTTP says, writing nothing', async () => {
    const refused = await get(server!.url, {
      documentId: idOf(CREATE),
      variables: JSON.stringify({ input: { name: 'ops/by-get', description: 'Never.', source: 'BUILTIN' } }),
    });
    expect(refused.status).toBe(405);
    expect(refused.headers.get('allow')).toBe('POST');
    expect((await send(server!.url, { documentId: idOf(TOOL), variables: { name: 'ops/by-get' } })).body).toEqual({ data: { tool: null } });
  });

  it('streams a listed subscription by id over SSE (GET), and refuses one sent as text', async () => {
    const response = await fetch(`${server!.url}?${new URLSearchParams({ documentId: idOf(EVENTS) })}`, { headers: { accept: 'text/event-stream' } });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    await send(server!.url, { documentId: idOf(CREATE), variables: { input: { name: 'ops/live', description: 'Live.', source: 'BUILTIN' } } }, writer);
    let text = '';
    while (!text.includes('ops/live')) text += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();

    const byText = await subscribe(fetch, server!.url, EVENTS);
    expect(await byText.next(5000)).toEqual({
      errors: [expect.objectContaining({ extensions: expect.objectContaining({ code: 'PERSISTED_QUERY_ID_REQUIRED' }) })],
    });
    byText.close();
  });

  it('over WebSocket: runs a listed subscription by id (empty query), refuses a text but for an admin', async () => {
    const client = (authorization?: string) => {
      const made = createClient({
        url: server!.url.replace(/^http/, 'ws'),
        connectionParams: authorization ? { authorization: `Bearer ${authorization}` } : {},
        retryAttempts: 0,
        lazy: true,
        webSocketImpl: WebSocket,
      });
      sockets.push(made);
      return made;
    };
    const byId = client().iterate<{ toolEvents: { name: string } }>({ query: '', extensions: { persistedQuery: { version: 1, sha256Hash: idOf(EVENTS) } } });
    const asAdmin = client(admin).iterate<{ toolEvents: { name: string } }>({ query: 'subscription { toolEvents { name } }' });
    // Both subscribed once a write made after them reaches them.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await send(server!.url, { documentId: idOf(CREATE), variables: { input: { name: 'ops/socket', description: 'Socket.', source: 'BUILTIN' } } }, writer);
    expect((await byId.next()).value).toMatchObject({ data: { toolEvents: { name: 'ops/socket' } } });
    expect((await asAdmin.next()).value).toMatchObject({ data: { toolEvents: { name: 'ops/socket' } } });
    await byId.return?.();
    await asAdmin.return?.();

    const refused = client().iterate({ query: 'subscription { toolEvents { name } }' });
    await expect(refused.next()).rejects.toEqual([expect.objectContaining({ extensions: { code: 'PERSISTED_QUERY_ID_REQUIRED' } })]);
    const unlisted = client().iterate({ query: '', extensions: { persistedQuery: { version: 1, sha256Hash: idOf(NAMESPACES) } } });
    await expect(unlisted.next()).rejects.toEqual([expect.objectContaining({ extensions: { code: 'PERSISTED_QUERY_NOT_IN_LIST' } })]);
  });
});

describe('TOOLGRAPH_TRUSTED_DOCUMENTS_MODE=log', () => {
  let database: FreshDatabase;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    database = await freshDatabase('sqlite');
    server = await startServer(database.url, { TOOLGRAPH_TRUSTED_DOCUMENTS: MANIFEST, TOOLGRAPH_TRUSTED_DOCUMENTS_MODE: 'log' });
  }, 60_000);
  afterAll(async () => {
    await killServer(server);
    await database?.drop();
  });

  it('runs a document sent as text and logs it once, by its hash and name; runs listed ids; refuses unlisted ids', async () => {
    for (let i = 0; i < 3; i++)
      expect((await send(server!.url, { query: NAMESPACES, operationName: 'Namespaces' })).body).toEqual({ data: { namespaces: [] } });
    expect((await send(server!.url, { documentId: idOf(TOOL), variables: { name: 'ops/none' } })).body).toEqual({ data: { tool: null } });
    expect(codeOf(await send(server!.url, { documentId: idOf(NAMESPACES) }))).toBe('PERSISTED_QUERY_NOT_IN_LIST');
    // Logged once, though sent three times: what is not listed yet, not every request.
    await logged(server!, 'trusted documents: refused an id that is not listed');
    expect(await logged(server!, 'trusted documents: ran a document that is not listed')).toEqual([
      expect.objectContaining({ level: 'warn', mode: 'log', documentHash: idOf(NAMESPACES), operation: 'Namespaces' }),
    ]);
  });
});

describe('TOOLGRAPH_TRUSTED_DOCUMENTS with the mode off (the default)', () => {
  let database: FreshDatabase;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    database = await freshDatabase('sqlite');
    server = await startServer(database.url, { TOOLGRAPH_TRUSTED_DOCUMENTS: MANIFEST });
  }, 60_000);
  afterAll(async () => {
    await killServer(server);
    await database?.drop();
  });

  it('runs texts without a word, and listed documents by id', async () => {
    expect((await send(server!.url, { query: NAMESPACES })).body).toEqual({ data: { namespaces: [] } });
    expect((await send(server!.url, { documentId: idOf(TOOL), variables: { name: 'ops/none' } })).body).toEqual({ data: { tool: null } });
    expect(logMessages(server!.output())).not.toMatch(/trusted documents:/);
  });
});

describe('without TOOLGRAPH_TRUSTED_DOCUMENTS', () => {
  const server = useServerProcess({}, 60_000);

  it("runs texts, and the registry browser's own documents by id (the only ids it knows)", async () => {
    expect((await send(server().url, { query: NAMESPACES })).body).toEqual({ data: { namespaces: [] } });
    const page = browserOperations().find((operation) => operation.operationName === 'ToolView')!;
    expect((await send(server().url, { documentId: page.documentId, variables: { name: 'ops/none' } })).body).toEqual({ data: { tool: null } });
    expect(codeOf(await send(server().url, { documentId: idOf(TOOL), variables: { name: 'ops/none' } }))).toBe('PERSISTED_QUERY_NOT_IN_LIST');
    expect(logMessages(server().output())).not.toMatch(/trusted documents enforced|others (logged|run)/);
  });
});

describe('a trusted documents setting the server cannot use', () => {
  const write = (name: string, text: string) => {
    writeFileSync(join(folder, name), text);
    return join(folder, name);
  };

  it.each([
    ['a missing file', { TOOLGRAPH_TRUSTED_DOCUMENTS: join(folder, 'absent.json') }, /TOOLGRAPH_TRUSTED_DOCUMENTS=".*absent.json" cannot be read \(ENOENT\)/],
    ['a file that is not JSON', { TOOLGRAPH_TRUSTED_DOCUMENTS: write('broken.json', '{ "format": ') }, /TOOLGRAPH_TRUSTED_DOCUMENTS=.* is not JSON/],
    [
      'another format',
      { TOOLGRAPH_TRUSTED_DOCUMENTS: write('other.json', JSON.stringify({ [idOf(TOOL)]: TOOL })) },
      /TOOLGRAPH_TRUSTED_DOCUMENTS=.* is not a persisted query manifest/,
    ],
    [
      'a body that does not parse',
      { TOOLGRAPH_TRUSTED_DOCUMENTS: write('syntax.json', manifest({ Broken: 'query Broken { tool(' })) },
      /TOOLGRAPH_TRUSTED_DOCUMENTS=.* has an operation whose body does not parse at operations\[0\]/,
    ],
    [
      'enforce without a manifest',
      { TOOLGRAPH_TRUSTED_DOCUMENTS_MODE: 'enforce' },
      /TOOLGRAPH_TRUSTED_DOCUMENTS_MODE=enforce needs TOOLGRAPH_TRUSTED_DOCUMENTS/,
    ],
    [
      'an unknown mode',
      { TOOLGRAPH_TRUSTED_DOCUMENTS: MANIFEST, TOOLGRAPH_TRUSTED_DOCUMENTS_MODE: 'strict' },
      /TOOLGRAPH_TRUSTED_DOCUMENTS_MODE must be enforce or log or off/,
    ],
  ])('refuses to start with %s, naming the setting, and exits 1', async (_case, env, message) => {
    const database = await freshDatabase('sqlite', { migrated: false });
    try {
      const server = launch({ DATABASE_URL: database.url, ...env });
      expect(await server.exit).toBe(1);
      expect(logMessages(server.output())).toMatch(message);
      expect(server.output()).not.toMatch(/(\n|\\n)\s+at /);
    } finally {
      await database.drop();
    }
  });
});
