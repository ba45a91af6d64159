/**
 * `subscription { toolEvents }` over yoga's GraphQL-over-SSE transport, in memory (yoga.fetch), on
 * each database: exactly one event per committed write, none for invalid, refused or dry-run writes.
 * What a subscription received is read up to the event of a marker write (see `mark`), never
 * within a time window.
 */
import { InProcessToolEventBus } from '../../src/server/events';
import { subscribe, type SseSubscription } from '../events/sse';
import { testDatabases } from '../support/databases';
import { useTestServer } from '../support/test-server';
import { data } from './helpers';

const EVENTS = /* GraphQL */ `
  subscription Events($namespace: String) {
    toolEvents(namespace: $namespace) { kind name occurredAt actor tool { name description timeout updatedAt updatedBy } }
  }
`;

const CREATE = /* GraphQL */ `
  mutation ($input: ToolInput!) { createTool(input: $input) { __typename } }
`;
const UPDATE = /* GraphQL */ `
  mutation ($name: String!, $input: ToolPatch!) { updateTool(name: $name, input: $input) { __typename } }
`;
const DELETE = /* GraphQL */ `
  mutation ($name: String!) { deleteTool(name: $name) { __typename } }
`;
const IMPORT = /* GraphQL */ `
  mutation ($config: String!, $dryRun: Boolean) { importTools(config: $config, dryRun: $dryRun) { __typename } }
`;

const builtin = (name: string, description = `The ${name} tool.`) => ({ name, description, source: 'BUILTIN' });
const yamlOf = (...tools: [string, string][]) =>
  `tools:\n${tools.map(([name, description]) => `  - { name: ${name}, description: ${description}, source: builtin }\n`).join('')}`;

describe.each(testDatabases())('subscription toolEvents on %s', (kind) => {
  const server = useTestServer(kind, { events: () => new InProcessToolEventBus() });
  const open: SseSubscription[] = [];

  const listen = async (namespace?: string) => {
    const subscription = await subscribe((url, init) => server.yoga.fetch(url, init), 'http://yoga/graphql', EVENTS, { namespace });
    open.push(subscription);
    expect(subscription.status).toBe(200);
    return subscription;
  };
  const kindsAndNames = (results: { data?: any }[]) => results.map((r) => `${r.data.toolEvents.kind} ${r.data.toolEvents.name}`);

  /**
   * A marker: one more committed write after the writes under test. Events arrive in commit
   * order, so once a subscription has the marker's event, it has every event that came before.
   */
  let markers = 0;
  const mark = async (namespace = 'marker'): Promise<string> => {
    const name = `${namespace}/marker-${++markers}`;
    expect((await data(server.yoga, CREATE, { input: builtin(name) })).createTool.__typename).toBe('CreateToolSuccess');
    return name;
  };
  /** The events `subscription` received before the CREATED event of the marker `name`. */
  const before = (subscription: SseSubscription, name: string) =>
    subscription.until((r) => r.data?.toolEvents?.kind === 'CREATED' && r.data.toolEvents.name === name);

  afterEach(() => {
    for (const subscription of open.splice(0)) subscription.close();
  });

  it('receives one event per committed create, update and delete, with the tool as it is now', async () => {
    const events = await listen();
    await data(server.yoga, CREATE, { input: builtin('live/one') });
    await data(server.yoga, UPDATE, { name: 'live/one', input: { timeout: 7 } });
    await data(server.yoga, DELETE, { name: 'live/one' });
    const received = await before(events, await mark());
    expect(kindsAndNames(received)).toEqual(['CREATED live/one', 'UPDATED live/one', 'DELETED live/one']);
    expect(received[0]!.data.toolEvents.tool).toMatchObject({ name: 'live/one', timeout: 300 });
    expect(received[1]!.data.toolEvents.tool).toMatchObject({ name: 'live/one', timeout: 7 });
    expect(received[2]!.data.toolEvents.tool).toBeNull();
    // Access control is off here: every write is anonymous's, and says so.
    expect(received.map((r) => r.data.toolEvents.actor)).toEqual(['anonymous', 'anonymous', 'anonymous']);
    expect(received[1]!.data.toolEvents.tool.updatedBy).toBe('anonymous');
    for (const r of received) expect(Number.isNaN(Date.parse(r.data.toolEvents.occurredAt))).toBe(false);
  });

  it('receives nothing for invalid, refused or missing-target writes, nor for a dry run', async () => {
    await data(server.yoga, CREATE, { input: builtin('quiet/base') });
    const events = await listen();
    expect((await data(server.yoga, CREATE, { input: builtin('NOT A NAME') })).createTool.__typename).toBe('ToolValidationError');
    expect((await data(server.yoga, CREATE, { input: builtin('quiet/base') })).createTool.__typename).toBe('ToolValidationError');
    expect((await data(server.yoga, UPDATE, { name: 'quiet/base', input: { timeout: 0 } })).updateTool.__typename).toBe('ToolValidationError');
    expect((await data(server.yoga, UPDATE, { name: 'quiet/none', input: { timeout: 5 } })).updateTool.__typename).toBe('ToolNotFound');
    expect((await data(server.yoga, DELETE, { name: 'quiet/none' })).deleteTool.__typename).toBe('ToolNotFound');
    expect((await data(server.yoga, IMPORT, { config: yamlOf(['quiet/new', 'New.']), dryRun: true })).importTools.__typename).toBe('ImportToolsSuccess');
    expect((await data(server.yoga, IMPORT, { config: yamlOf(['quiet/a', 'A.'], ['quiet/b', "''"]) })).importTools.__typename).toBe('ImportValidationError');
    expect(await before(events, await mark())).toEqual([]);
  });

  it('receives one event per created or updated tool of an import, none for unchanged ones', async () => {
    await data(server.yoga, IMPORT, { config: yamlOf(['imp/a', 'A.'], ['imp/b', 'B.']) });
    const events = await listen();
    await data(server.yoga, IMPORT, { config: yamlOf(['imp/a', 'A.'], ['imp/b', 'B again.'], ['imp/c', 'C.']) });
    expect(kindsAndNames(await before(events, await mark()))).toEqual(['UPDATED imp/b', 'CREATED imp/c']);
  });

  it('filters by namespace', async () => {
    const ns = await listen('ns-a');
    const all = await listen();
    await data(server.yoga, CREATE, { input: builtin('ns-b/one') });
    await data(server.yoga, CREATE, { input: builtin('ns-a/one') });
    // The marker is in ns-a, so that both subscriptions receive it.
    const marker = await mark('ns-a');
    expect(kindsAndNames(await before(ns, marker))).toEqual(['CREATED ns-a/one']);
    expect(kindsAndNames(await before(all, marker))).toEqual(['CREATED ns-b/one', 'CREATED ns-a/one']);
  });

  it('unsubscribes when the client goes away', async () => {
    const before = server.events.subscriberCount;
    const events = await listen();
    expect(server.events.subscriberCount).toBe(before + 1);
    events.close();
    // Polls for the server to notice (no event tells it); the limit only bounds a failing test.
    for (let i = 0; i < 500 && server.events.subscriberCount > before; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.events.subscriberCount).toBe(before);
  });
});
