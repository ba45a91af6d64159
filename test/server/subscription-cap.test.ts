/**
 * Bounded streams (issue 27, point 4) on a real server process: a client (its credential, else its
 * address) holds at most MAX_SUBSCRIPTIONS_PER_CLIENT open `toolEvents` streams, over SSE and
 * WebSocket together; one more is refused with TOO_MANY_SUBSCRIPTIONS before anything streams, and
 * a stream that ends gives its slot back.
 */
import { createClient, type Client, type ExecutionResult } from 'graphql-ws';
import WebSocket from 'ws';
import { subscribe, type SseResult, type SseSubscription } from '../events/sse';
import { graphqlAs } from '../support/credentials';
import { signJwt } from '../support/jwt-issuer';
import { freshDatabase, type FreshDatabase } from '../support/databases';
import { eventually } from '../support/eventually';
import { killServer, startServer, type RunningServer } from '../support/server-process';
import { createToken } from '../support/token-command';

const CAP = 2;
const SECRET = 'a shared secret of the subscription cap tests, 32 bytes or more';
const WATCH = 'subscription { toolEvents(namespace: "cap") { name } }';
const CREATE = 'mutation ($input: ToolInput!) { createTool(input: $input) { __typename } }';

type Events = AsyncIterableIterator<ExecutionResult<{ toolEvents: { name: string } }>>;

describe('MAX_SUBSCRIPTIONS_PER_CLIENT', () => {
  let database: FreshDatabase;
  let server: RunningServer | undefined;
  let writer: string;
  let written = 0;
  const streams: SseSubscription[] = [];
  const clients: Client[] = [];

  beforeAll(async () => {
    database = await freshDatabase('sqlite');
    writer = await createToken(database.url, { name: 'writer', namespaces: 'cap', role: 'write' });
    server = await startServer(database.url, { TOOLGRAPH_AUTH: 'on', TOOLGRAPH_JWT_SECRET: SECRET, MAX_SUBSCRIPTIONS_PER_CLIENT: String(CAP) });
  }, 60_000);
  afterEach(async () => {
    for (const stream of streams.splice(0)) stream.close();
    for (const client of clients.splice(0)) await client.dispose();
  });
  afterAll(async () => {
    await killServer(server);
    await database?.drop();
  });

  /** Writes a tool and returns its name: every open stream of namespace `cap` then receives it, which proves the stream live. */
  const write = async () => {
    const name = `cap/t-${++written}`;
    const answer = await graphqlAs(writer, server!.url, CREATE, { input: { name, description: 'A tool.', source: 'BUILTIN' } });
    expect(answer.body.data.createTool.__typename).toBe('CreateToolSuccess');
    return name;
  };
  const sse = async (headers: Record<string, string> = {}) => {
    const stream = await subscribe(fetch, server!.url, WATCH, undefined, headers);
    streams.push(stream);
    return stream;
  };
  /** A stream once one is accepted: a slot given back is free once the server has seen its stream end, shortly after the client ended it. */
  const sseAccepted = (what: string, headers: Record<string, string> = {}) =>
    eventually(
      () => what,
      async () => {
        const stream = await sse(headers);
        if (stream.status === 200) return stream;
        stream.close();
        return undefined;
      },
      5000,
    );
  const socket = (connectionParams: Record<string, string> = {}) => {
    const client = createClient({ url: server!.url.replace(/^http/, 'ws'), connectionParams, retryAttempts: 0, lazy: true, webSocketImpl: WebSocket });
    clients.push(client);
    return client;
  };
  /**
   * A subscription over `client` once one is accepted and live: nothing tells a socket's client when
   * its subscription is in place but its first event, so write until one arrives; a refusal (a slot
   * not yet given back) is tried again.
   */
  const liveOn = (client: Client) =>
    eventually(
      () => 'a subscription over WebSocket to be accepted and receive an event',
      async () => {
        const events = client.iterate({ query: WATCH }) as Events;
        const first = events.next();
        for (let attempt = 0; attempt < 10; attempt++) {
          await write();
          const arrived = await Promise.race([first, new Promise<undefined>((resolve) => setTimeout(resolve, 300))]);
          if (arrived?.value?.data) return events;
          if (arrived) break;
        }
        await events.return?.();
        return undefined;
      },
      15_000,
    );
  const codeOf = (result: SseResult | ExecutionResult | 'complete' | 'timeout' | undefined) =>
    typeof result === 'object' ? result.errors?.[0]?.extensions?.code : result;

  it('over SSE: refuses one past the cap with TOO_MANY_SUBSCRIPTIONS and 429, counts a credential apart from its address, and frees a closed slot', async () => {
    const open = [await sseAccepted('a first stream'), await sseAccepted('a second stream')];
    const name = await write();
    for (const stream of open) expect(await stream.next()).toEqual({ data: { toolEvents: { name } } });

    const refused = await sse();
    expect(refused.status).toBe(429);
    const refusal = await refused.next();
    expect(codeOf(refusal)).toBe('TOO_MANY_SUBSCRIPTIONS');
    expect(refusal).toEqual({ errors: [{ message: expect.stringContaining(`${CAP} open subscriptions`), extensions: { code: 'TOO_MANY_SUBSCRIPTIONS' } }] });
    expect(await refused.next()).toBe('complete');

    // The same address with a credential is another client.
    const withToken = await sse({ authorization: `Bearer ${writer}` });
    expect(withToken.status).toBe(200);

    open[0]!.close();
    const again = await sseAccepted('a new stream to be accepted once one was closed');
    const next = await write();
    expect(await again.next()).toEqual({ data: { toolEvents: { name: next } } });
    expect(await withToken.next()).toEqual({ data: { toolEvents: { name: next } } });
  });

  it('over WebSocket, counted with SSE: refuses one past the cap with TOO_MANY_SUBSCRIPTIONS, and frees the slot of a completed or closed one', async () => {
    const client = socket();
    await sseAccepted('a first stream');
    const viaSocket = await liveOn(client);

    const refused = client.iterate({ query: WATCH }) as Events;
    expect(codeOf((await refused.next()).value)).toBe('TOO_MANY_SUBSCRIPTIONS');
    expect((await refused.next()).done).toBe(true);

    // graphql-ws `complete` ends the stream and gives its slot back.
    await viaSocket.return?.();
    await sseAccepted('a new SSE stream to be accepted once the WebSocket one completed');

    // A closed socket gives back the slots of its subscriptions (a credential's, counted apart from the address).
    const token = { authorization: `Bearer ${writer}` };
    const holder = socket(token);
    await liveOn(holder);
    await liveOn(holder);
    expect(codeOf((await (holder.iterate({ query: WATCH }) as Events).next()).value)).toBe('TOO_MANY_SUBSCRIPTIONS');
    await holder.dispose();
    await liveOn(socket(token));
  });

  it('counts a JWT by its subject, and frees the slots of streams its expiry ends', async () => {
    const jwt = (seconds: number) =>
      signJwt(
        { sub: 'dashboard-wall', toolgraph_role: 'read', toolgraph_namespaces: ['cap'], exp: Math.floor(Date.now() / 1000) + seconds },
        { secret: SECRET },
      );
    const expiring = { authorization: `Bearer ${await jwt(2)}` };
    const open = [await sseAccepted('a first stream', expiring), await sseAccepted('a second stream', expiring)];
    // Another token of the same subject is the same client.
    const lasting = { authorization: `Bearer ${await jwt(600)}` };
    const refused = await sse(lasting);
    expect(refused.status).toBe(429);
    expect(codeOf(await refused.next())).toBe('TOO_MANY_SUBSCRIPTIONS');

    for (const stream of open) {
      expect(codeOf(await stream.next(5000))).toBe('UNAUTHENTICATED');
      expect(await stream.next()).toBe('complete');
    }
    const next = await sseAccepted('a stream of the same subject once the expired ones ended', lasting);
    const name = await write();
    expect(await next.next()).toEqual({ data: { toolEvents: { name } } });
  });
});
