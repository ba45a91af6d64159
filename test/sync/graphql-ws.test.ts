/**
 * `toolEvents` over WebSocket (`graphql-transport-ws`) beside SSE, against a real server process
 * with access control on and reads needing a credential: the credential comes in the connection's
 * `connectionParams`, a replay from `after` then live events arrive with their cursors, only
 * subscriptions are served, and a page of another origin cannot open a socket.
 */
import { createClient, type Client, type ExecutionResult } from 'graphql-ws';
import WebSocket from 'ws';
import { freshDatabase, type FreshDatabase } from '../support/databases';
import { graphqlAs } from '../support/credentials';
import { killServer, startServer, type RunningServer } from '../support/server-process';
import { createToken } from '../support/token-command';

const CREATE = `mutation ($input: ToolInput!) { createTool(input: $input) { __typename } }`;

describe('toolEvents over WebSocket', () => {
  let database: FreshDatabase;
  let server: RunningServer | undefined;
  let writer: string;
  let reader: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    database = await freshDatabase('sqlite');
    writer = await createToken(database.url, { name: 'writer', namespaces: 'ws', role: 'write' });
    reader = await createToken(database.url, { name: 'reader', namespaces: 'ws', role: 'read' });
    server = await startServer(database.url, { TOOLGRAPH_AUTH: 'on', TOOLGRAPH_READ_ACCESS: 'authenticated' });
  }, 60_000);
  afterAll(async () => {
    for (const made of clients) await made.dispose();
    await killServer(server);
    await database?.drop();
  });

  const socketUrl = () => server!.url.replace(/^http/, 'ws');
  const client = (connectionParams: Record<string, string> = {}, headers: Record<string, string> = {}) => {
    const made = createClient({
      url: socketUrl(),
      connectionParams,
      retryAttempts: 0,
      lazy: true,
      webSocketImpl: class extends WebSocket {
        constructor(url: string, protocols?: string | string[]) {
          super(url, protocols, { headers });
        }
      },
    });
    clients.push(made);
    return made;
  };
  const create = async (name: string) => {
    const answer = await graphqlAs(writer, server!.url, CREATE, { input: { name, description: `The ${name} tool.`, source: 'BUILTIN' } });
    expect(answer.body.data.createTool.__typename).toBe('CreateToolSuccess');
  };

  it('replays from a cursor, then delivers live events, each with its cursor in extensions', async () => {
    await create('ws/before');
    const subscription = client({ authorization: `Bearer ${reader}` }).iterate<{ toolEvents: { cursor: string; name: string } }>({
      query: 'subscription ($after: String) { toolEvents(after: $after) { cursor name } }',
      variables: { after: Buffer.from('change:0', 'utf8').toString('base64url') },
    });
    const next = async () => (await subscription.next()).value as ExecutionResult<{ toolEvents: { cursor: string; name: string } }, { cursor: string }>;
    const replayed = await next();
    expect(replayed.data?.toolEvents.name).toBe('ws/before');
    await create('ws/live');
    const live = await next();
    expect(live.errors).toBeUndefined();
    expect(live.data?.toolEvents.name).toBe('ws/live');
    expect(live.extensions?.cursor).toBe(live.data?.toolEvents.cursor);
    await subscription.return?.();
  });

  it('refuses a subscription without a credential, and a query or mutation, as errors of that operation', async () => {
    const anonymous = client().iterate({ query: 'subscription { toolEvents { name } }' });
    // The operation runs and ends with the refusal, as over SSE (without the HTTP status it sets there).
    expect((await anonymous.next()).value).toEqual({
      errors: [{ message: expect.stringContaining('needs a credential'), extensions: { code: 'UNAUTHENTICATED' } }],
    });
    const query = client({ authorization: `Bearer ${reader}` }).iterate({ query: '{ tools { totalCount } }' });
    await expect(query.next()).rejects.toEqual([expect.objectContaining({ message: expect.stringContaining('Only subscriptions') })]);
  });

  it('refuses a socket opened by a page of another origin', async () => {
    const foreign = client({ authorization: `Bearer ${reader}` }, { origin: 'https://evil.example' }).iterate({
      query: 'subscription { toolEvents { name } }',
    });
    await expect(foreign.next()).rejects.toBeTruthy();
  });
});
