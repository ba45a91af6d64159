/**
 * The write contract of spec section 9 on both databases: a patch never guesses (a stray null is
 * refused where it would reset more than its value, `reset` names what goes back to the defaults),
 * and every write of an existing tool may name the revision it was decided on, so that of two
 * editors who read one revision exactly one writes and the other gets the conflict.
 */
import { randomBytes } from 'node:crypto';
import { ToolRegistry } from '../../src/domain/registry';
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
import { data, execute } from './helpers';

const CAPABILITY = 'capability { readOnly writes checkpointable idempotent unsafe humanApprovalRequired sideEffects writeScope }';
const RESULT = /* GraphQL */ `
  __typename
  ... on UpdateToolSuccess {
    changed changedFields revision safetyDowngrades { kind sideEffect }
    tool { name revision description timeout lifecycle { discover } ${CAPABILITY} }
  }
  ... on RegistryError { code }
  ... on ToolValidationError { issues { path code message } }
  ... on ToolRevisionConflict { message name expectedRevision currentRevision current { name revision description } }
  ... on ToolNotFound { name }
`;
const CREATE = `mutation ($input: ToolInput!) { createTool(input: $input) { __typename } }`;
const UPDATE = `mutation ($name: String!, $input: ToolPatch!, $expectedRevision: Int) {
  updateTool(name: $name, input: $input, expectedRevision: $expectedRevision) { ${RESULT} }
}`;
const TOOL = `query ($name: String!) { tool(name: $name) { revision description timeout lifecycle { discover } ${CAPABILITY} history(first: 100) { edges { node { revision } } } } }`;

const ROLLOUT = {
  description: 'Roll a new release out to the cluster.',
  source: 'BUILTIN',
  timeout: 60,
  lifecycle: { discover: 'find_clusters' },
  capability: { writes: true, writeScope: 'cluster', checkpointable: true, unsafe: true, humanApprovalRequired: true, sideEffects: ['network'] },
};

describe.each(testDatabases())('the write contract on %s', (kind) => {
  const server = useTestServer(kind, { events: () => new InProcessToolEventBus() });
  let count = 0;

  /** A new tool like devops/k8s-rollout, under a name of its own; returns the name. */
  async function rollout(): Promise<string> {
    const name = `devops/k8s-rollout-${++count}`;
    expect((await data(server.yoga, CREATE, { input: { name, ...ROLLOUT } })).createTool).toEqual({ __typename: 'CreateToolSuccess' });
    return name;
  }
  const update = async (name: string, input: object, expectedRevision?: number) =>
    (await data(server.yoga, UPDATE, { name, input, expectedRevision })).updateTool;
  const read = async (name: string) => (await data(server.yoga, TOOL, { name })).tool;

  describe('a patch never guesses', () => {
    it("keeps every safety flag when a form sends null for the capability nobody touched (the issue's example)", async () => {
      const name = await rollout();
      const before = await read(name);
      const answer = await update(name, { description: 'Roll out, with a canary first.', capability: null });
      expect(answer).toMatchObject({
        __typename: 'ToolValidationError',
        code: 'VALIDATION_FAILED',
        issues: [{ path: ['input', 'capability'], code: 'INVALID_VALUE' }],
      });
      expect(answer.issues[0].message).toMatch(/reset/);
      expect(await read(name)).toEqual(before);
    });

    it.each([
      ['lifecycle', { lifecycle: null }, ['input', 'lifecycle']],
      ['resource slots', { resourceSlots: null }, ['input', 'resourceSlots']],
      ['the input schema', { inputSchema: null }, ['input', 'inputSchema']],
      ['the output schema', { outputSchema: null }, ['input', 'outputSchema']],
      ['a capability flag', { capability: { unsafe: null } }, ['input', 'capability', 'unsafe']],
      ['the side effects', { capability: { sideEffects: null } }, ['input', 'capability', 'sideEffects']],
    ])('refuses null for %s, at its path, and writes nothing', async (_what, input, path) => {
      const name = await rollout();
      expect(await update(name, input)).toMatchObject({
        __typename: 'ToolValidationError',
        code: 'VALIDATION_FAILED',
        issues: [{ path, code: 'INVALID_VALUE' }],
      });
      expect((await read(name)).revision).toBe(1);
    });

    it('names every refused null and every other broken rule in one answer', async () => {
      const name = await rollout();
      const answer = await update(name, { capability: { readOnly: null, unsafe: null }, lifecycle: null, timeout: 0 });
      expect(answer.issues.map((issue: { path: string[] }) => issue.path.join('.')).sort()).toEqual([
        'input.capability.readOnly',
        'input.capability.unsafe',
        'input.lifecycle',
      ]);
    });

    it('still clears a single optional value given as null', async () => {
      const name = await rollout();
      const result = await update(name, { timeout: null, capability: { writeScope: null } });
      expect(result).toMatchObject({
        __typename: 'UpdateToolSuccess',
        changed: true,
        changedFields: ['CAPABILITY', 'TIMEOUT'],
        revision: 2,
        safetyDowngrades: [],
        tool: { revision: 2, timeout: 300, capability: { writeScope: null, unsafe: true, writes: true } },
      });
    });

    it('answers a patch that changes nothing with changed false, appending no revision', async () => {
      const name = await rollout();
      expect(await update(name, {})).toEqual({
        __typename: 'UpdateToolSuccess',
        changed: false,
        changedFields: [],
        revision: 1,
        safetyDowngrades: [],
        tool: expect.objectContaining({ name, revision: 1, description: ROLLOUT.description }),
      });
      // Values equal to the stored ones change nothing either.
      expect(await update(name, { timeout: ROLLOUT.timeout, capability: { unsafe: true } })).toMatchObject({
        __typename: 'UpdateToolSuccess',
        changed: false,
        changedFields: [],
        revision: 1,
      });
      expect(await read(name)).toMatchObject({ revision: 1, history: { edges: [{ node: { revision: 1 } }] } });
    });

    it('puts the fields named in reset back to the defaults, the others as they were', async () => {
      const name = await rollout();
      const result = await update(name, { description: 'Reset.', reset: ['CAPABILITY', 'LIFECYCLE', 'TIMEOUT'] });
      expect(result).toMatchObject({
        __typename: 'UpdateToolSuccess',
        changed: true,
        changedFields: ['DESCRIPTION', 'CAPABILITY', 'LIFECYCLE', 'TIMEOUT'],
        revision: 2,
        tool: {
          revision: 2,
          description: 'Reset.',
          timeout: 300,
          lifecycle: null,
          capability: { writes: false, unsafe: false, humanApprovalRequired: false, checkpointable: false, sideEffects: [], writeScope: null },
        },
      });
      expect(result.safetyDowngrades).toEqual([
        { kind: 'UNSAFE_OFF', sideEffect: null },
        { kind: 'HUMAN_APPROVAL_OFF', sideEffect: null },
        { kind: 'WRITES_OFF', sideEffect: null },
        { kind: 'SIDE_EFFECT_REMOVED', sideEffect: 'network' },
      ]);
    });

    it.each([
      ['a field without a default', ['DESCRIPTION'], {}, ['input', 'reset', '0'], /no default/],
      ['a field also given', ['TIMEOUT'], { timeout: 5 }, ['input', 'reset', '0'], /both given and reset/],
      ['a field twice', ['TIMEOUT', 'TIMEOUT'], {}, ['input', 'reset', '1'], /twice/],
    ])('refuses a reset of %s', async (_what, reset, fields, path, message) => {
      const name = await rollout();
      const answer = await update(name, { ...fields, reset });
      expect(answer).toMatchObject({ __typename: 'ToolValidationError', issues: [{ path, code: 'INVALID_VALUE' }] });
      expect(answer.issues[0].message).toMatch(message);
    });
  });

  describe('safety downgrades', () => {
    const DOWNGRADES = `query ($name: String!) { tool(name: $name) { history(first: 10) { edges { node { revision safetyDowngrades { kind sideEffect } } } } } }`;
    const EVENTS = `subscription ($namespace: String) { toolEvents(namespace: $namespace) { name revision safetyDowngrades { kind sideEffect } } }`;

    it('are listed in the answer, the revision and the event of the write that makes them, and only there', async () => {
      const name = await rollout();
      const events = await subscribe((url, init) => server.yoga.fetch(url, init), 'http://yoga/graphql', EVENTS, { namespace: 'devops' });
      try {
        const answers = [
          await update(name, { description: 'Only words change.' }),
          await update(name, { capability: { unsafe: false, humanApprovalRequired: false, writes: false, sideEffects: ['disk'], idempotent: true } }),
          await update(name, { capability: { readOnly: true, checkpointable: false } }),
          await update(name, { capability: { unsafe: true } }),
        ];
        const expected = [
          { revision: 2, safetyDowngrades: [] },
          {
            revision: 3,
            safetyDowngrades: [
              { kind: 'UNSAFE_OFF', sideEffect: null },
              { kind: 'HUMAN_APPROVAL_OFF', sideEffect: null },
              { kind: 'WRITES_OFF', sideEffect: null },
              { kind: 'IDEMPOTENT_ON', sideEffect: null },
              { kind: 'SIDE_EFFECT_REMOVED', sideEffect: 'network' },
            ],
          },
          { revision: 4, safetyDowngrades: [{ kind: 'READ_ONLY_ON', sideEffect: null }] },
          { revision: 5, safetyDowngrades: [] },
        ];
        expect(answers.map(({ revision, safetyDowngrades }) => ({ revision, safetyDowngrades }))).toEqual(expected);
        expect(answers.map((answer) => answer.changedFields)).toEqual([['DESCRIPTION'], ['CAPABILITY'], ['CAPABILITY'], ['CAPABILITY']]);
        const history = (await data(server.yoga, DOWNGRADES, { name })).tool.history.edges.map((edge: any) => edge.node);
        expect(history).toEqual([...expected].reverse().concat([{ revision: 1, safetyDowngrades: [] }]));
        // Every event before the last write's (which `until` leaves out), in commit order.
        const received = await events.until((result) => result.data?.toolEvents?.revision === 5);
        expect(received.map((result) => result.data.toolEvents)).toEqual(expected.slice(0, -1).map((revision) => ({ name, ...revision })));
      } finally {
        events.close();
      }
    });

    it('need an admin grant when the server says so, in an update, a restore and an import', async () => {
      const name = await rollout();
      await update(name, { capability: { unsafe: false } });
      const strict = new ToolRegistry(server.store, { safetyDowngrades: 'admin' });
      const writer = { actor: 'devops-ci', grant: { role: 'write' as const, namespaces: ['devops'] } };
      const admin = { actor: 'root', grant: { role: 'admin' as const, namespaces: '*' as const } };
      const refused = await strict.update(writer, name, { capability: { humanApprovalRequired: false } });
      expect(refused).toEqual({
        kind: 'invalid',
        issues: [{ path: 'capability', code: 'SAFETY_DOWNGRADE_FORBIDDEN', message: expect.stringContaining('(human approval off) needs an admin grant') }],
      });
      // Raising safety, or changing other fields, stays the writers' business.
      expect(await strict.update(writer, name, { description: 'Still careful.', capability: { unsafe: true } })).toMatchObject({ kind: 'ok' });
      expect(await strict.restore(writer, name, 2)).toEqual({
        kind: 'invalid',
        issues: [{ path: 'capability', code: 'SAFETY_DOWNGRADE_FORBIDDEN', message: expect.stringContaining('(unsafe off)') }],
      });
      const config = JSON.stringify({ name, description: ROLLOUT.description, source: 'builtin', capability: { writes: false } });
      expect(await strict.importTools(writer, config, { dryRun: true })).toMatchObject({
        kind: 'invalid',
        tools: [{ name, issues: [{ path: 'capability', code: 'SAFETY_DOWNGRADE_FORBIDDEN', message: expect.stringContaining('writes off') }] }],
      });
      expect(await strict.update(admin, name, { capability: { humanApprovalRequired: false } })).toMatchObject({ kind: 'ok' });
      expect(await new ToolRegistry(server.store).update(writer, name, { capability: { unsafe: false } })).toMatchObject({ kind: 'ok' });
    });

    describe('with TOOLGRAPH_SAFETY_DOWNGRADES=admin and access control on, over HTTP', () => {
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
          safetyDowngrades: 'admin',
          authenticator: new Authenticator({ control: 'on', reads: 'public' }, tokens, createJwtVerifier({ secret })),
        });
      });
      afterAll(async () => {
        await tokens?.close();
        await stores?.tools.close();
      });

      const as = async (role: 'write' | 'admin', query: string, variables: object) => {
        const jwt = await signJwt(
          { sub: role, exp: Math.floor(Date.now() / 1000) + 600, toolgraph_role: role, toolgraph_namespaces: role === 'admin' ? '*' : ['devops'] },
          { secret },
        );
        const response = await secured.fetch('http://yoga/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
          body: JSON.stringify({ query, variables }),
        });
        expect(response.status).toBe(200);
        return ((await response.json()) as { data: Record<string, any> }).data;
      };
      const IMPORT = `mutation ($config: String!) {
        importTools(config: $config) { __typename ... on ImportValidationError { invalidTools { issues { path configPath line column code } } } }
      }`;

      it("keeps a writer's downgrade out, at the capability it lowers, and lets an admin make it, listed", async () => {
        const name = await rollout();
        const refused = (await as('write', UPDATE, { name, input: { capability: { unsafe: false } } })).updateTool;
        expect(refused).toMatchObject({
          __typename: 'ToolValidationError',
          issues: [{ path: ['input', 'capability'], code: 'SAFETY_DOWNGRADE_FORBIDDEN', message: expect.stringContaining('(unsafe off)') }],
        });
        const config = `name: ${name}\ndescription: ${ROLLOUT.description}\nsource: builtin\ncapability:\n  writes: false\n`;
        expect((await as('write', IMPORT, { config })).importTools).toEqual({
          __typename: 'ImportValidationError',
          invalidTools: [{ issues: [{ path: ['config'], configPath: ['capability'], line: 5, column: 3, code: 'SAFETY_DOWNGRADE_FORBIDDEN' }] }],
        });
        expect((await read(name)).revision).toBe(1);
        // Raising safety stays the writers' business.
        expect((await as('write', UPDATE, { name, input: { capability: { idempotent: false, sideEffects: ['network', 'email'] } } })).updateTool).toMatchObject(
          {
            __typename: 'UpdateToolSuccess',
            safetyDowngrades: [],
          },
        );
        expect((await as('admin', UPDATE, { name, input: { capability: { unsafe: false } } })).updateTool).toMatchObject({
          __typename: 'UpdateToolSuccess',
          revision: 3,
          safetyDowngrades: [{ kind: 'UNSAFE_OFF', sideEffect: null }],
        });
      });
    });
  });

  describe('expectedRevision', () => {
    it('writes when the tool is at the expected revision, and answers the conflict with the tool as it is otherwise', async () => {
      const name = await rollout();
      expect(await update(name, { description: 'Second.' }, 1)).toMatchObject({
        __typename: 'UpdateToolSuccess',
        changed: true,
        changedFields: ['DESCRIPTION'],
        revision: 2,
        tool: { revision: 2 },
      });
      const conflict = await update(name, { description: 'From a stale form.' }, 1);
      expect(conflict).toMatchObject({
        __typename: 'ToolRevisionConflict',
        code: 'REVISION_CONFLICT',
        name,
        expectedRevision: 1,
        currentRevision: 2,
        current: { name, revision: 2, description: 'Second.' },
      });
      expect(conflict.message).toMatch(/is at revision 2, not revision 1 as expected/);
      expect(await read(name)).toMatchObject({
        revision: 2,
        description: 'Second.',
        history: { edges: [{ node: { revision: 2 } }, { node: { revision: 1 } }] },
      });
    });

    it('lets exactly one of many editors who read the same revision write; every other gets the conflict', async () => {
      const name = await rollout();
      const editors = Array.from({ length: 8 }, (_, editor) => update(name, { description: `Edited by editor ${editor}.` }, 1));
      const answers = await Promise.all(editors);
      const written = answers.filter((answer) => answer.__typename === 'UpdateToolSuccess').map((answer) => answer.tool);
      expect(written).toHaveLength(1);
      expect(answers.filter((answer) => answer.__typename === 'ToolRevisionConflict')).toHaveLength(7);
      for (const conflict of answers.filter((answer) => answer.__typename === 'ToolRevisionConflict')) {
        expect(conflict).toMatchObject({ currentRevision: 2, current: { revision: 2, description: written[0].description } });
      }
      expect(await read(name)).toMatchObject({
        revision: 2,
        description: written[0].description,
        history: { edges: [{ node: { revision: 2 } }, { node: { revision: 1 } }] },
      });
    });

    it('is checked by every write of an existing tool', async () => {
      const name = await rollout();
      await update(name, { description: 'Second.' });
      const conflicts = {
        deprecateTool: `deprecateTool(name: "${name}", message: "Old.", expectedRevision: 1)`,
        undeprecateTool: `undeprecateTool(name: "${name}", expectedRevision: 1)`,
        restoreTool: `restoreTool(name: "${name}", revision: 1, expectedRevision: 1)`,
        renameTool: `renameTool(name: "${name}", newName: "${name}-renamed", expectedRevision: 1)`,
        deleteTool: `deleteTool(name: "${name}", expectedRevision: 1)`,
      };
      for (const [mutation, call] of Object.entries(conflicts)) {
        const answer = (await data(server.yoga, `mutation { ${call} { __typename ... on ToolRevisionConflict { code currentRevision } } }`))[mutation];
        expect([mutation, answer]).toEqual([mutation, { __typename: 'ToolRevisionConflict', code: 'REVISION_CONFLICT', currentRevision: 2 }]);
      }
      expect(await read(name)).toMatchObject({ revision: 2, history: { edges: [{ node: { revision: 2 } }, { node: { revision: 1 } }] } });
      const deleted = await data(server.yoga, `mutation { deleteTool(name: "${name}", expectedRevision: 2) { __typename } }`);
      expect(deleted.deleteTool).toEqual({ __typename: 'DeleteToolSuccess' });
      // A deleted tool is at its tombstone's revision: a restore decided before the deletion conflicts.
      const restore = (rev: number) =>
        `mutation { restoreTool(name: "${name}", revision: 1, expectedRevision: ${rev}) { __typename ... on RestoreToolSuccess { revision tool { revision } } } }`;
      expect((await data(server.yoga, restore(2))).restoreTool).toEqual({ __typename: 'ToolRevisionConflict' });
      expect((await data(server.yoga, restore(3))).restoreTool).toEqual({ __typename: 'RestoreToolSuccess', revision: 4, tool: { revision: 4 } });
    });

    it('holds an import to what its plan read, per tool, and lets one of two applies of one plan write', async () => {
      const IMPORT = `mutation ($config: String!, $expected: [ExpectedToolRevision!], $prune: [String!]) {
        importTools(config: $config, expectedRevisions: $expected, prune: $prune) {
          __typename
          ... on ImportToolsSuccess { changed updated created deleted }
          ... on ImportValidationError { code issues { path code } }
          ... on ToolRevisionConflict { name expectedRevision currentRevision }
        }
      }`;
      const name = await rollout();
      const config = (description: string) =>
        JSON.stringify({
          tools: [
            { name, description, source: 'builtin' },
            { name: `${name}-new`, description, source: 'builtin' },
          ],
        });
      const importing = (description: string, expected: object[], prune?: string[]) =>
        data(server.yoga, IMPORT, { config: config(description), expected, prune }).then((answer) => answer.importTools);
      const plan = [
        { name, revision: 1 },
        { name: `${name}-new`, revision: null },
      ];
      const applies = await Promise.all([importing('From apply A.', plan), importing('From apply B.', plan)]);
      expect(applies.map((answer) => answer.__typename).sort()).toEqual(['ImportToolsSuccess', 'ToolRevisionConflict']);
      expect(applies.find((answer) => answer.__typename === 'ImportToolsSuccess')).toEqual({
        __typename: 'ImportToolsSuccess',
        changed: true,
        updated: 1,
        created: 1,
        deleted: 0,
      });
      expect(applies.find((answer) => answer.__typename === 'ToolRevisionConflict')).toEqual({
        __typename: 'ToolRevisionConflict',
        name,
        expectedRevision: 1,
        currentRevision: 2,
      });
      expect((await read(name)).revision).toBe(2);
      // A name the plan saw free but is taken now.
      expect(
        await importing('Again.', [
          { name, revision: 2 },
          { name: `${name}-new`, revision: null },
        ]),
      ).toMatchObject({
        __typename: 'ToolRevisionConflict',
        name: `${name}-new`,
        expectedRevision: null,
        currentRevision: 1,
      });
      // A tool the prune would delete that the plan did not list.
      const other = await rollout();
      const namespacePlan = [
        { name, revision: 2 },
        { name: `${name}-new`, revision: 1 },
      ];
      expect(await importing('Pruned.', namespacePlan, ['devops'])).toMatchObject({
        __typename: 'ToolRevisionConflict',
        expectedRevision: null,
        currentRevision: 1,
      });
      expect((await read(other)).revision).toBe(1);
      expect(await importing('Listed twice.', [namespacePlan[0]!, namespacePlan[0]!])).toEqual({
        __typename: 'ImportValidationError',
        code: 'VALIDATION_FAILED',
        issues: [{ path: ['expectedRevisions', '1'], code: 'INVALID_VALUE' }],
      });
    });

    it('refuses a revision below 1 before anything runs, and a plan longer than any import', async () => {
      const name = await rollout();
      for (const expectedRevision of [0, -1]) {
        const answer = await execute(server.yoga, UPDATE, { name, input: { description: 'x' }, expectedRevision });
        expect(answer).toMatchObject({ errors: [{ extensions: { code: 'BAD_USER_INPUT', argument: 'updateTool.expectedRevision' } }] });
        expect(answer.data).toBeUndefined();
      }
      const inline = await execute(server.yoga, `mutation { deleteTool(name: "${name}", expectedRevision: 0) { __typename } }`);
      expect(inline.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'deleteTool.expectedRevision' });
      expect((await read(name)).revision).toBe(1);
      const IMPORT = `mutation ($expected: [ExpectedToolRevision!]) {
        importTools(config: "tools: []", expectedRevisions: $expected) { __typename ... on ImportValidationError { issues { path code } } }
      }`;
      const plan = Array.from({ length: 2001 }, (_, index) => ({ name: `devops/planned-${index}`, revision: 1 }));
      expect((await data(server.yoga, IMPORT, { expected: plan })).importTools.issues).toEqual([{ path: ['expectedRevisions'], code: 'VALUE_TOO_LARGE' }]);
      expect((await data(server.yoga, IMPORT, { expected: [{ name, revision: 0 }] })).importTools.issues).toEqual([
        { path: ['expectedRevisions', '0'], code: 'INVALID_VALUE' },
      ]);
    });

    it('answers ToolNotFound, not a conflict, for a name that has no tool', async () => {
      expect(await update('devops/nobody', { description: 'x' }, 1)).toEqual({ __typename: 'ToolNotFound', code: 'TOOL_NOT_FOUND', name: 'devops/nobody' });
    });
  });
});
