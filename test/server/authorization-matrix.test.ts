/**
 * Who may write what (spec section 6), through HTTP against the real server process with
 * TOOLGRAPH_AUTH=on, an HS256 secret and an issuer, on each database: every credential × every
 * write × a tool of the namespace the grants name (`devops`) and of one they do not (`local`).
 * Each cell asserts the exact answer, then reads the registry as an anonymous client (reads are
 * public) to check that what was allowed, and nothing else, is stored. Afterwards, no token or
 * JWT used may appear in anything the server printed or answered.
 */
import { randomBytes } from 'node:crypto';
import { forbiddenMessage } from '../../src/domain/access';
import { graphqlAs, type HttpResult } from '../support/credentials';
import { freshDatabase, testDatabases, type FreshDatabase } from '../support/databases';
import { signJwt } from '../support/jwt-issuer';
import { killServer, startServer, type RunningServer } from '../support/server-process';
import { createToken, revokeToken } from '../support/token-command';

type Namespace = 'devops' | 'local';
const NAMESPACES: readonly Namespace[] = ['devops', 'local'];
const otherThan = (namespace: Namespace): Namespace => (namespace === 'devops' ? 'local' : 'devops');

const SECRET = randomBytes(32).toString('base64url');
const ISSUER = 'https://issuer.toolgraph.test';

interface Credential {
  label: string;
  /** The token's name or the JWT's `sub`. */
  actor: string;
  /** What its writes record: the token's name, or `jwt:` and the JWT's `sub` (a JWT cannot pass for a token). */
  recordedAs?: string;
  /** What it may write, or why the server must refuse it (UNAUTHENTICATED, HTTP 401) on every write. */
  access: { writes: readonly Namespace[] } | { refused: RegExp };
}

/** The API tokens each database gets from the token command. */
const TOKENS = [
  { name: 'reader', namespaces: 'devops', role: 'read' },
  { name: 'devops-writer', namespaces: 'devops', role: 'write' },
  { name: 'writer', namespaces: '*', role: 'write' },
  { name: 'admin', namespaces: '*', role: 'admin' },
] as const;
/** Revoked once it has shown that it writes. */
const REVOKED = { name: 'revoked', namespaces: '*', role: 'admin' } as const;

/** The tools update, delete and imports need are made by this token beforehand. */
const SEEDER = 'admin';

/**
 * The refused JWTs carry the widest grant, so only their flaw can be why they are refused, and the
 * refusal's message must name that flaw. The valid JWT, beyond the issue's list, is their control:
 * without it, a server accepting no JWT at all would pass every JWT row.
 */
const CREDENTIALS: readonly Credential[] = [
  { label: 'anonymous', actor: 'anonymous', access: { refused: /^Writing to this registry needs a credential/ } },
  { label: 'read token', actor: 'reader', access: { writes: [] } },
  { label: 'write token for devops', actor: 'devops-writer', access: { writes: ['devops'] } },
  { label: 'write token for *', actor: 'writer', access: { writes: ['devops', 'local'] } },
  { label: 'admin token', actor: 'admin', access: { writes: ['devops', 'local'] } },
  { label: 'JWT for devops (control)', actor: 'jwt-devops', recordedAs: 'jwt:jwt-devops', access: { writes: ['devops'] } },
  { label: 'expired JWT', actor: 'jwt-expired', access: { refused: /^The token has expired\.$/ } },
  { label: 'JWT of another issuer', actor: 'jwt-other-issuer', access: { refused: /^The token's "iss" claim is not accepted\.$/ } },
  { label: 'JWT signed with another key', actor: 'jwt-other-key', access: { refused: /^The token is not a valid JSON Web Token for this registry\.$/ } },
  { label: 'revoked token', actor: 'revoked', access: { refused: /revoked/ } },
];

async function signedJwts(): Promise<Record<string, string>> {
  const now = Math.floor(Date.now() / 1000);
  const everything = { toolgraph_role: 'admin', toolgraph_namespaces: ['*'] };
  const valid = { iss: ISSUER, iat: now, exp: now + 3600 };
  const mine = { secret: SECRET };
  return {
    'jwt-devops': await signJwt({ ...valid, sub: 'jwt-devops', toolgraph_role: 'write', toolgraph_namespaces: ['devops'] }, mine),
    // Past the server's leeway for clocks (a few seconds).
    'jwt-expired': await signJwt({ ...valid, ...everything, sub: 'jwt-expired', iat: now - 7200, exp: now - 3600 }, mine),
    'jwt-other-issuer': await signJwt({ ...valid, ...everything, sub: 'jwt-other-issuer', iss: 'https://elsewhere.test' }, mine),
    'jwt-other-key': await signJwt({ ...valid, ...everything, sub: 'jwt-other-key' }, { secret: randomBytes(32).toString('base64url') }),
  };
}

/** A tool as the matrix judges it stored. */
interface Stored {
  description: string;
  createdBy: string;
  updatedBy: string;
}
const STORED_FIELDS = 'description createdBy updatedBy';

const SEEDED = 'Made by the admin before the cell.';
const WRITTEN = 'Written by the cell.';
const seeded: Stored = { description: SEEDED, createdBy: SEEDER, updatedBy: SEEDER };

interface CellTool {
  name: string;
  namespace: Namespace;
  /** Made by the seeder before the cell runs. */
  seeded: boolean;
}

/** A tool as a write by `actor` leaves it. */
const written = (tool: CellTool, actor: string): Stored => ({ description: WRITTEN, createdBy: tool.seeded ? SEEDER : actor, updatedBy: actor });
const before = (tool: CellTool): Stored | null => (tool.seeded ? seeded : null);

type Send = (query: string, variables: object) => Promise<HttpResult>;

interface Operation {
  label: string;
  /** Its column in the printed matrix. */
  column: string;
  /** The tools of the cell `cell` aimed at `target`. */
  tools: (cell: string, target: Namespace) => CellTool[];
  run: (send: Send, tools: CellTool[]) => Promise<HttpResult>;
  /** The result (`data`) for a credential that may write every namespace of the cell. */
  done: (tools: CellTool[], actor: string) => object;
  /** The result for one that may not write the `forbidden` ones. */
  refused: (tools: CellTool[], forbidden: readonly Namespace[]) => object;
  /** What a tool holds once the operation is done. */
  after: (tool: CellTool, actor: string) => Stored | null;
}

const TOOL_RESULT = `__typename ... on ToolWriteSuccess { tool { name ${STORED_FIELDS} } } ... on NamespaceForbidden { message code namespace } ... on RegistryError { message }`;
const forbidden = (namespace: Namespace) => ({
  __typename: 'NamespaceForbidden',
  message: forbiddenMessage(namespace),
  code: 'NAMESPACE_FORBIDDEN',
  namespace,
});
const one = (seededTool: boolean) => (cell: string, target: Namespace) => [{ name: `${target}/${cell}`, namespace: target, seeded: seededTool }];

const IMPORT = `mutation ($config: String!, $dryRun: Boolean) {
  importTools(config: $config, dryRun: $dryRun) {
    __typename
    ... on ImportToolsSuccess { dryRun created updated unchanged tools { name change tool { ${STORED_FIELDS} } } }
    ... on ImportValidationError { message issues { path code message } invalidTools { index name issues { path configPath code message } } }
  }
}`;

function importing(label: string, column: string, dryRun: boolean, tools: Operation['tools']): Operation {
  return {
    label,
    column,
    tools,
    run: (send, cellTools) =>
      send(IMPORT, { dryRun, config: JSON.stringify({ tools: cellTools.map((tool) => ({ name: tool.name, description: WRITTEN, source: 'builtin' })) }) }),
    done: (cellTools, actor) => ({
      importTools: {
        __typename: 'ImportToolsSuccess',
        dryRun,
        created: cellTools.filter((tool) => !tool.seeded).length,
        updated: cellTools.filter((tool) => tool.seeded).length,
        unchanged: 0,
        tools: cellTools.map((tool) => ({
          name: tool.name,
          change: tool.seeded ? 'UPDATED' : 'CREATED',
          tool: dryRun ? before(tool) : written(tool, actor),
        })),
      },
    }),
    refused: (cellTools, forbiddenNamespaces) => ({
      importTools: {
        __typename: 'ImportValidationError',
        message: expect.any(String),
        issues: [],
        invalidTools: cellTools.flatMap((tool, index) =>
          forbiddenNamespaces.includes(tool.namespace)
            ? [
                {
                  index,
                  name: tool.name,
                  issues: [
                    { path: ['config'], configPath: ['tools', String(index), 'name'], code: 'NAMESPACE_FORBIDDEN', message: forbiddenMessage(tool.namespace) },
                  ],
                },
              ]
            : [],
        ),
      },
    }),
    after: (tool, actor) => (dryRun ? before(tool) : written(tool, actor)),
  };
}

/** A new tool and a seeded one of the target: an import both creates and updates. */
const newAndSeeded = (cell: string, target: Namespace): CellTool[] => [
  { name: `${target}/${cell}-new`, namespace: target, seeded: false },
  { name: `${target}/${cell}-seeded`, namespace: target, seeded: true },
];

const OPERATIONS: readonly Operation[] = [
  {
    label: 'create',
    column: 'create',
    tools: one(false),
    run: (send, [tool]) =>
      send(`mutation ($input: ToolInput!) { createTool(input: $input) { ${TOOL_RESULT} } }`, {
        input: { name: tool!.name, description: WRITTEN, source: 'BUILTIN' },
      }),
    done: ([tool], actor) => ({ createTool: { __typename: 'CreateToolSuccess', tool: { name: tool!.name, ...written(tool!, actor) } } }),
    refused: (_, [namespace]) => ({ createTool: forbidden(namespace!) }),
    after: written,
  },
  {
    label: 'update',
    column: 'update',
    tools: one(true),
    run: (send, [tool]) =>
      send(`mutation ($name: String!, $input: ToolPatch!) { updateTool(name: $name, input: $input) { ${TOOL_RESULT} } }`, {
        name: tool!.name,
        input: { description: WRITTEN },
      }),
    done: ([tool], actor) => ({ updateTool: { __typename: 'UpdateToolSuccess', tool: { name: tool!.name, ...written(tool!, actor) } } }),
    refused: (_, [namespace]) => ({ updateTool: forbidden(namespace!) }),
    after: written,
  },
  {
    label: 'delete',
    column: 'delete',
    tools: one(true),
    run: (send, [tool]) => send(`mutation ($name: String!) { deleteTool(name: $name) { ${TOOL_RESULT} } }`, { name: tool!.name }),
    done: ([tool]) => ({ deleteTool: { __typename: 'DeleteToolSuccess', tool: { name: tool!.name, ...seeded } } }),
    refused: (_, [namespace]) => ({ deleteTool: forbidden(namespace!) }),
    after: () => null,
  },
  {
    label: 'deprecate',
    column: 'deprecate',
    tools: one(true),
    run: (send, [tool]) => send(`mutation ($name: String!) { deprecateTool(name: $name, message: "Use another.") { ${TOOL_RESULT} } }`, { name: tool!.name }),
    done: ([tool], actor) => ({ deprecateTool: { __typename: 'DeprecateToolSuccess', tool: { name: tool!.name, ...seeded, updatedBy: actor } } }),
    refused: (_, [namespace]) => ({ deprecateTool: forbidden(namespace!) }),
    after: (_, actor) => ({ ...seeded, updatedBy: actor }),
  },
  {
    // Revision 1 is the seeded definition itself: allowed, the restore changes nothing.
    label: 'restore',
    column: 'restore',
    tools: one(true),
    run: (send, [tool]) => send(`mutation ($name: String!) { restoreTool(name: $name, revision: 1) { ${TOOL_RESULT} } }`, { name: tool!.name }),
    done: ([tool]) => ({ restoreTool: { __typename: 'RestoreToolSuccess', tool: { name: tool!.name, ...seeded } } }),
    refused: (_, [namespace]) => ({ restoreTool: forbidden(namespace!) }),
    after: () => seeded,
  },
  {
    // Out of the target's namespace into the other: the credential needs both.
    label: 'rename to the other namespace',
    column: 'rename',
    tools: (cell, target) => [
      { name: `${target}/${cell}`, namespace: target, seeded: true },
      { name: `${otherThan(target)}/${cell}-renamed`, namespace: otherThan(target), seeded: false },
    ],
    run: (send, [from, to]) =>
      send(`mutation ($name: String!, $newName: String!) { renameTool(name: $name, newName: $newName) { ${TOOL_RESULT} } }`, {
        name: from!.name,
        newName: to!.name,
      }),
    done: ([, to], actor) => ({ renameTool: { __typename: 'RenameToolSuccess', tool: { name: to!.name, ...seeded, updatedBy: actor } } }),
    // The old name's namespace is checked first.
    refused: (cellTools, forbiddenNamespaces) => ({ renameTool: forbidden(cellTools.find((tool) => forbiddenNamespaces.includes(tool.namespace))!.namespace) }),
    after: (tool, actor) => (tool.seeded ? null : { ...seeded, updatedBy: actor }),
  },
  importing('import', 'import', false, newAndSeeded),
  // The target's tool first, then the other namespace's: the forbidden one is listed at its own index either way.
  importing('import of both namespaces', 'import-both', false, (cell, target) => [
    { name: `${target}/${cell}`, namespace: target, seeded: false },
    { name: `${otherThan(target)}/${cell}`, namespace: otherThan(target), seeded: false },
  ]),
  importing('dry-run import', 'dry-run', true, newAndSeeded),
];

interface Cell {
  credential: Credential;
  operation: Operation;
  target: Namespace;
  /** Unique in the matrix, and a valid short name: every cell works on tools of its own. */
  id: string;
}

const CELLS: Cell[] = CREDENTIALS.flatMap((credential) =>
  OPERATIONS.flatMap((operation, o) => NAMESPACES.map((target) => ({ credential, operation, target, id: `${credential.actor}-op${o}-${target}` }))),
);

/** What an answer shows in the printed matrix. */
function outcomeOf(answer: HttpResult): string {
  if (answer.status === 401) return '401';
  const result = Object.values(answer.body?.data ?? {})[0] as { __typename?: string } | undefined;
  const typename = result?.__typename ?? '';
  if (typename.endsWith('Success')) return 'ok';
  return ({ NamespaceForbidden: 'NamespaceForbidden', ImportValidationError: 'NAMESPACE_FORBIDDEN' } as Record<string, string>)[typename] ?? '?';
}

function printMatrix(kind: string, outcomes: ReadonlyMap<string, string>): void {
  const width = 18;
  const header = ['credential'.padEnd(30), ...OPERATIONS.flatMap((op) => NAMESPACES.map((ns) => `${op.column}/${ns}`.padEnd(width)))].join(' ');
  const rows = CREDENTIALS.map((credential) =>
    [
      credential.label.padEnd(30),
      ...CELLS.filter((cell) => cell.credential === credential).map((cell) => (outcomes.get(cell.id) ?? 'FAILED').padEnd(width)),
    ].join(' '),
  );
  const failed = CELLS.filter((cell) => !outcomes.has(cell.id)).length;
  console.log(
    `Authorization matrix on ${kind}: ${CELLS.length} cells (${CREDENTIALS.length} credentials × ${OPERATIONS.length} operations × ${NAMESPACES.length} targets), ` +
      `${CELLS.length - failed} as expected, ${failed} failed\n${header}\n${rows.join('\n')}`,
  );
}

describe.each(testDatabases())('the authorization matrix on %s', (kind) => {
  let database: FreshDatabase;
  let server: RunningServer;
  const bearers = new Map<string, string>();
  /** Every answer's body, to search for credentials. */
  const received: string[] = [];
  /** The outcome of each cell that passed. */
  const outcomes = new Map<string, string>();

  async function send(bearer: string | undefined, query: string, variables: object): Promise<HttpResult> {
    const answer = await graphqlAs(bearer, server.url, query, variables);
    // A credential is base64url or a JWT: serialized again, it reads as it was received.
    received.push(JSON.stringify(answer.body));
    return answer;
  }

  beforeAll(async () => {
    database = await freshDatabase(kind);
    // DEBUG=1: yoga logs all it logs, as for someone chasing a refused credential; no token may show there either.
    const env = { TOOLGRAPH_AUTH: 'on', TOOLGRAPH_JWT_SECRET: SECRET, TOOLGRAPH_JWT_ISSUER: ISSUER, DEBUG: '1' };
    // The tokens are made once the server runs (it looks each one up when a request shows it), so
    // that their processes do not slow its start past startServer's patience.
    server = await startServer(database.url, env);
    const [tokens, revoked, jwts] = await Promise.all([
      Promise.all(TOKENS.map((token) => createToken(database.url, token))),
      createToken(database.url, REVOKED).then(revokeOnceItWrites),
      signedJwts(),
    ]);
    TOKENS.forEach((token, i) => bearers.set(token.name, tokens[i]!));
    bearers.set(REVOKED.name, revoked);
    for (const [actor, jwt] of Object.entries(jwts)) bearers.set(actor, jwt);
  }, 90_000);

  /** Revokes `token` while the server runs, after a write (a dry run: it stores nothing) shows that the server accepts it. */
  async function revokeOnceItWrites(token: string): Promise<string> {
    const proof = await send(token, IMPORT, { dryRun: true, config: JSON.stringify({ name: 'devops/proof', description: 'Proof.', source: 'builtin' }) });
    expect(proof.body).toEqual({ data: { importTools: expect.objectContaining({ __typename: 'ImportToolsSuccess', dryRun: true }) } });
    await revokeToken(database.url, REVOKED.name);
    // Every instance refuses a revoked token within a second.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return token;
  }

  afterAll(async () => {
    printMatrix(kind, outcomes);
    await killServer(server);
    await database?.drop();
  });

  /** How many tools each namespace holds, read anonymously. */
  async function namespaceCounts(): Promise<Record<string, number>> {
    const { body } = await send(undefined, '{ namespaces { name toolCount } }', {});
    return Object.fromEntries(body.data.namespaces.map((n: { name: string; toolCount: number }) => [n.name, n.toolCount]));
  }

  /** The cell's tools and every namespace's count, read anonymously. */
  async function registryState(tools: CellTool[]): Promise<{ tools: (Stored | null)[]; counts: Record<string, number> }> {
    const query = `query (${tools.map((_, i) => `$n${i}: String!`).join(', ')}) {
      ${tools.map((_, i) => `t${i}: tool(name: $n${i}) { ${STORED_FIELDS} }`).join('\n')}
    }`;
    const { body } = await send(undefined, query, Object.fromEntries(tools.map((tool, i) => [`n${i}`, tool.name])));
    return { tools: tools.map((_, i) => body.data[`t${i}`]), counts: await namespaceCounts() };
  }

  it.each(
    CELLS.map(
      (cell) =>
        [`${cell.credential.label} × ${cell.operation.label} × ${cell.target === 'devops' ? 'own' : 'other'} namespace (${cell.target})`, cell] as const,
    ),
  )('%s', async (_, { credential, operation, target, id }) => {
    const tools = operation.tools(id, target);
    for (const tool of tools.filter((t) => t.seeded)) {
      const made = await send(bearers.get(SEEDER), `mutation ($input: ToolInput!) { createTool(input: $input) { __typename } }`, {
        input: { name: tool.name, description: SEEDED, source: 'BUILTIN' },
      });
      expect(made.body).toEqual({ data: { createTool: { __typename: 'CreateToolSuccess' } } });
    }
    // Counted before, so that this cell is judged by what it changed, whatever cells before it did.
    const countsBefore = await namespaceCounts();

    const answer = await operation.run((query, variables) => send(bearers.get(credential.actor), query, variables), tools);

    let allowed = false;
    if ('refused' in credential.access) {
      expect(answer).toEqual({
        status: 401,
        body: { errors: [{ message: expect.stringMatching(credential.access.refused), extensions: { code: 'UNAUTHENTICATED' } }] },
      });
    } else {
      const writes = credential.access.writes;
      const forbiddenNamespaces = NAMESPACES.filter((ns) => !writes.includes(ns) && tools.some((tool) => tool.namespace === ns));
      allowed = forbiddenNamespaces.length === 0;
      expect(answer).toEqual({
        status: 200,
        body: { data: allowed ? operation.done(tools, credential.recordedAs ?? credential.actor) : operation.refused(tools, forbiddenNamespaces) },
      });
    }

    const expected = tools.map((tool) => (allowed ? operation.after(tool, credential.recordedAs ?? credential.actor) : before(tool)));
    const counts = new Map(Object.entries(countsBefore));
    tools.forEach((tool, i) => {
      const count = (counts.get(tool.namespace) ?? 0) + Number(expected[i] !== null) - Number(tool.seeded);
      if (count === 0) counts.delete(tool.namespace);
      else counts.set(tool.namespace, count);
    });
    expect(await registryState(tools)).toEqual({ tools: expected, counts: Object.fromEntries(counts) });
    outcomes.set(id, outcomeOf(answer));
  });

  it('shows no token and no JWT in the server output or in any answer', () => {
    expect(received.length).toBeGreaterThan(CELLS.length);
    const output = server.output();
    const shown = [...bearers].filter(([, bearer]) => output.includes(bearer) || received.some((text) => text.includes(bearer))).map(([actor]) => actor);
    expect(shown).toEqual([]);
  });
});
