/**
 * Secure by default, zero setup kept (spec section 6, "Modes"): on loopback anyone may write; the
 * same server listening on every interface asks every write for a credential, keeps reads public,
 * and, with nothing yet that could write, says in one line how to make the first token.
 */
import { freshDatabase, type FreshDatabase } from '../support/databases';
import { killServer, post, startServer, type RunningServer } from '../support/server-process';

const CREATE = 'mutation ($input: ToolInput!) { createTool(input: $input) { __typename ... on CreateToolSuccess { tool { createdBy } } } }';
const builtin = (name: string) => ({ input: { name, description: 'A tool.', source: 'BUILTIN' } });

describe('access control by default', () => {
  let database: FreshDatabase;
  let server: RunningServer | undefined;
  beforeEach(async () => {
    database = await freshDatabase('sqlite');
  });
  afterEach(async () => {
    await killServer(server);
    await database?.drop();
  });

  it('is off on loopback: anyone writes, as anonymous', async () => {
    server = await startServer(database.url, { HOST: '127.0.0.1' });
    expect(server.output()).toContain('anyone may write');
    expect((await post(server.url, CREATE, builtin('open/one'))).data.createTool).toEqual({
      __typename: 'CreateToolSuccess',
      tool: { createdBy: 'anonymous' },
    });
  });

  it('is on when listening on every interface: writes need a credential, reads stay public, the log says how to begin', async () => {
    server = await startServer(database.url, { HOST: '0.0.0.0' });
    const output = server.output();
    expect(output).toContain('writes need a credential, reads are public');
    expect(output).toContain("npm run --silent token -- create --name admin --namespaces '*' --role admin");
    const refused = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: CREATE, variables: builtin('closed/one') }),
    });
    expect(refused.status).toBe(401);
    expect((await refused.json()).errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect((await post(server.url, '{ tools { totalCount } }')).data.tools.totalCount).toBe(0);
  });
});
