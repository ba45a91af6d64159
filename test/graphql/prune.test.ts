/**
 * `importTools(prune:)` through the API on each database: the live tools of the pruned namespaces
 * that the config does not name are deleted in the import's transaction, each leaving a tombstone
 * with a DELETED revision and event as deleteTool does; a dry run says so and writes nothing; a
 * deleted tool still wrapped, a namespace outside the caller's grant, or an invalid namespace
 * refuses the whole import; updates say which fields they change.
 */
import { randomBytes } from 'node:crypto';
import { ALL_NAMESPACES } from '../../src/domain/access';
import { MAX_PRUNED_TOOLS } from '../../src/domain/limits';
import { Authenticator } from '../../src/server/auth/authenticator';
import { createJwtVerifier } from '../../src/server/auth/jwt';
import { TokenVerifier } from '../../src/server/auth/tokens';
import { InProcessToolEventBus } from '../../src/server/events';
import { createToolgraphServer } from '../../src/server/yoga';
import { createStores, type Stores } from '../../src/store';
import { subscribe } from '../events/sse';
import { testDatabases } from '../support/databases';
import { signJwt } from '../support/jwt-issuer';
import { useTestServer } from '../support/test-server';
import { data } from './helpers';

const IMPORT = `mutation ($config: String!, $dryRun: Boolean, $prune: [String!]) {
  importTools(config: $config, dryRun: $dryRun, prune: $prune) {
    __typename
    ... on ImportToolsSuccess { dryRun changed created updated unchanged deleted tools { name change changedFields tool { name status } } }
    ... on ImportValidationError { message issues { path code message } invalidTools { index name issues { path configPath code message } } }
  }
}`;
const LIST = `query ($namespace: String) {
  tools(filter: { namespace: $namespace }, first: 100) { edges { node { name status revision history(first: 1) { edges { node { kind } } } } } }
}`;
const TOMBSTONE = `query ($name: String!) { toolTombstone(name: $name) { name lastRevision history(first: 1) { edges { node { kind } } } } }`;
const EVENTS = `subscription ($namespace: String) { toolEvents(namespace: $namespace) { kind name revision } }`;

type Tool = { name: string; description?: string; source?: string; tool_type?: string; wraps?: string; timeout?: number };
const builtin = (name: string, more: Partial<Tool> = {}): Tool => ({ name, description: `The ${name} tool.`, source: 'builtin', ...more });
const validation = (name: string, wraps: string): Tool => ({ name, description: `Checks ${wraps}.`, source: 'wrapped', tool_type: 'validation', wraps });
const config = (...tools: Tool[]) => JSON.stringify({ tools });

describe.each(testDatabases())('importTools with prune on %s', (kind) => {
  const server = useTestServer(kind, { events: () => new InProcessToolEventBus() });
  const run = async (tools: Tool[], prune?: string[], dryRun = false) =>
    (await data(server.yoga, IMPORT, { config: config(...tools), prune, dryRun })).importTools;
  /** The tools of `namespace` and the tombstones of those of `names` that have one, by name: each with its last revision and that revision's kind. */
  const list = async (namespace: string, names: string[] = []) => {
    const tools = (await data(server.yoga, LIST, { namespace })).tools.edges.map(
      ({ node }: any) => `${node.name} ${node.status} r${node.revision} ${node.history.edges[0].node.kind}`,
    );
    const tombstones = await Promise.all(names.map(async (name) => (await data(server.yoga, TOMBSTONE, { name })).toolTombstone));
    const left = tombstones.flatMap((found) => (found === null ? [] : [`${found.name} tombstone r${found.lastRevision} ${found.history.edges[0].node.kind}`]));
    return [...tools, ...left].sort();
  };

  it('deletes, in the same import, the tools of a pruned namespace that the config does not name', async () => {
    const seed = [
      builtin('sync/keep'),
      builtin('sync/edit'),
      builtin('sync/gone'),
      builtin('sync/wrapped'),
      validation('sync/guard', 'sync/wrapped'),
      builtin('other/stays'),
    ];
    expect((await run(seed)).created).toBe(6);
    const next = [builtin('sync/keep'), builtin('sync/edit', { description: 'Edited.', timeout: 9 }), builtin('sync/new')];

    const plan = await run(next, ['sync'], true);
    expect(plan).toMatchObject({ __typename: 'ImportToolsSuccess', dryRun: true, changed: true, created: 1, updated: 1, unchanged: 1, deleted: 3 });
    expect(plan.tools.map((t: any) => [t.name, t.change, t.changedFields])).toEqual([
      ['sync/keep', 'UNCHANGED', []],
      ['sync/edit', 'UPDATED', ['DESCRIPTION', 'TIMEOUT']],
      ['sync/new', 'CREATED', []],
      ['sync/gone', 'DELETED', []],
      ['sync/guard', 'DELETED', []],
      ['sync/wrapped', 'DELETED', []],
    ]);
    expect(plan.tools.at(-1).tool).toEqual({ name: 'sync/wrapped', status: 'ACTIVE' });
    expect(await list('sync')).toEqual([
      'sync/edit ACTIVE r1 CREATED',
      'sync/gone ACTIVE r1 CREATED',
      'sync/guard ACTIVE r1 CREATED',
      'sync/keep ACTIVE r1 CREATED',
      'sync/wrapped ACTIVE r1 CREATED',
    ]);

    const events = await subscribe((url, init) => server.yoga.fetch(url, init), 'http://yoga/graphql', EVENTS, { namespace: 'sync' });
    try {
      const applied = await run(next, ['sync']);
      expect(applied).toMatchObject({ dryRun: false, created: 1, updated: 1, unchanged: 1, deleted: 3 });
      expect(await list('sync', ['sync/gone', 'sync/guard', 'sync/wrapped'])).toEqual([
        'sync/edit ACTIVE r2 UPDATED',
        'sync/gone tombstone r2 DELETED',
        'sync/guard tombstone r2 DELETED',
        'sync/keep ACTIVE r1 CREATED',
        'sync/new ACTIVE r1 CREATED',
        'sync/wrapped tombstone r2 DELETED',
      ]);
      expect(await list('other')).toEqual(['other/stays ACTIVE r1 CREATED']);
      const received: string[] = [];
      for (let i = 0; i < 5; i++) {
        const event = await events.next(5_000);
        if (typeof event === 'string') throw new Error(`event ${i}: ${event}`);
        received.push(`${event.data.toolEvents.kind} ${event.data.toolEvents.name} r${event.data.toolEvents.revision}`);
      }
      // The config's writes first (by name), then the deletes: validations before the tools they may wrap.
      expect(received).toEqual(['UPDATED sync/edit r2', 'CREATED sync/new r1', 'DELETED sync/guard r2', 'DELETED sync/gone r2', 'DELETED sync/wrapped r2']);
    } finally {
      events.close();
    }

    // Pruning again changes nothing; pruning a namespace without tools is no error.
    expect(await run(next, ['sync', 'sync', 'empty'])).toMatchObject({ changed: false, created: 0, updated: 0, unchanged: 3, deleted: 0 });
  });

  it('leaves a namespace that imports prune at once as one of them made it, not as their union', async () => {
    for (let round = 0; round < 3; round++) {
      const clients = Array.from({ length: 6 }, (_, client) => [builtin(`race/r${round}-c${client}-a`), builtin(`race/r${round}-c${client}-b`)]);
      const answers = await Promise.all(clients.map((tools) => run(tools, ['race'])));
      expect(answers.map((answer) => answer.__typename)).toEqual(clients.map(() => 'ImportToolsSuccess'));
      const live = (await list('race')).map((line) => line.split(' ')[0]);
      // Whichever committed last: its two tools, and nothing of the others.
      expect(clients.map((tools) => tools.map((tool) => tool.name))).toContainEqual(live);
    }
  });

  it('refuses to delete a tool that a validation the prune keeps would still wrap, and writes nothing', async () => {
    await run([builtin('pw/tool'), builtin('pw/other'), validation('guards/pw-check', 'pw/tool')]);
    const refused = await run([builtin('pw/other', { description: 'Changed.' })], ['pw']);
    expect(refused).toMatchObject({
      __typename: 'ImportValidationError',
      message: 'The prune cannot be done (1 issue); nothing was imported.',
      invalidTools: [],
    });
    expect(refused.issues).toEqual([
      {
        path: ['prune', '0'],
        code: 'TOOL_IS_WRAPPED',
        message: 'The prune would delete "pw/tool", which no file names, but guards/pw-check wraps it; delete or change that validation too.',
      },
    ]);
    expect(await list('pw')).toEqual(['pw/other ACTIVE r1 CREATED', 'pw/tool ACTIVE r1 CREATED']);

    // A config that moves the validation to another tool in the same import may prune it.
    const moved = await run([builtin('pw/other'), validation('guards/pw-check', 'pw/other')], ['pw']);
    expect(moved).toMatchObject({ updated: 1, unchanged: 1, deleted: 1 });
    expect(await list('pw', ['pw/tool'])).toEqual(['pw/other ACTIVE r1 CREATED', 'pw/tool tombstone r2 DELETED']);
  });

  it('refuses a validation of the config that wraps a tool its prune deletes', async () => {
    await run([builtin('pv/target'), builtin('pv/kept')]);
    const refused = await run([builtin('pv/kept'), validation('checks/pv', 'pv/target')], ['pv']);
    expect(refused.invalidTools).toEqual([
      {
        index: 1,
        name: 'checks/pv',
        issues: [
          { path: ['config'], configPath: ['tools', '1', 'wraps'], code: 'WRAPPED_TOOL_NOT_FOUND', message: 'No tool named "pv/target" exists to be wrapped.' },
        ],
      },
    ]);
    expect(await list('pv')).toEqual(['pv/kept ACTIVE r1 CREATED', 'pv/target ACTIVE r1 CREATED']);
  });

  it('refuses namespaces that are no namespace, and more than an import may delete', async () => {
    const refused = await run([builtin('bad/one')], ['ok', 'Bad', '', 'a/b']);
    expect(refused.issues.map((issue: any) => `${issue.code} ${issue.path.join('.')}`)).toEqual([
      'INVALID_VALUE prune.1',
      'INVALID_VALUE prune.2',
      'INVALID_VALUE prune.3',
    ]);
    const tooMany = Array.from({ length: 101 }, (_, i) => `ns${i}`);
    expect((await run([], tooMany)).issues.map((issue: any) => `${issue.code} ${issue.path.join('.')}`)).toEqual(['VALUE_TOO_LARGE prune']);

    const many = Array.from({ length: MAX_PRUNED_TOOLS + 1 }, (_, i) => builtin(`big/t${String(i).padStart(4, '0')}`));
    expect((await run(many.slice(0, 1_000))).created).toBe(1_000);
    expect((await run(many.slice(1_000))).created).toBe(1);
    const overLimit = await run([], ['big'], true);
    expect(overLimit.issues.map((issue: any) => `${issue.code} ${issue.path.join('.')}`)).toEqual(['VALUE_TOO_LARGE prune']);
    // One tool named by the config: exactly as many as an import may delete.
    expect(await run([builtin('big/t0000')], ['big'], true)).toMatchObject({ unchanged: 1, deleted: MAX_PRUNED_TOOLS });
  });

  describe('with access control on', () => {
    const secret = randomBytes(32).toString('base64url');
    let stores: Stores;
    let tokens: TokenVerifier;
    let secured: ReturnType<typeof createToolgraphServer>;

    beforeAll(async () => {
      stores = await createStores(server.database.url);
      tokens = new TokenVerifier(stores.tokens);
      secured = createToolgraphServer({
        store: server.store,
        logging: false,
        authenticator: new Authenticator({ control: 'on', reads: 'public' }, tokens, createJwtVerifier({ secret })),
      });
    });
    afterAll(async () => {
      await tokens?.close();
      await stores?.tools.close();
    });

    const as = async (namespaces: string[] | typeof ALL_NAMESPACES, tools: Tool[], prune: string[]) => {
      const now = Math.floor(Date.now() / 1000);
      const jwt = await signJwt({ sub: 'team', exp: now + 600, toolgraph_role: 'write', toolgraph_namespaces: namespaces }, { secret });
      const response = await secured.fetch('http://yoga/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
        body: JSON.stringify({ query: IMPORT, variables: { config: config(...tools), prune } }),
      });
      return (await response.json()).data.importTools;
    };

    it('prunes only namespaces the credential may write; otherwise NAMESPACE_FORBIDDEN and nothing written', async () => {
      await run([builtin('team/a'), builtin('team/b'), builtin('theirs/x')]);
      const refused = await as(['team'], [builtin('team/a', { description: 'Changed.' })], ['team', 'theirs']);
      expect(refused.issues).toEqual([
        { path: ['prune', '1'], code: 'NAMESPACE_FORBIDDEN', message: 'Your credential does not allow writing to the namespace "theirs".' },
      ]);
      expect([...(await list('team')), ...(await list('theirs'))]).toEqual([
        'team/a ACTIVE r1 CREATED',
        'team/b ACTIVE r1 CREATED',
        'theirs/x ACTIVE r1 CREATED',
      ]);

      expect(await as(['team'], [builtin('team/a')], ['team'])).toMatchObject({ unchanged: 1, deleted: 1 });
      expect(await list('team', ['team/b'])).toEqual(['team/a ACTIVE r1 CREATED', 'team/b tombstone r2 DELETED']);
    });
  });
});
