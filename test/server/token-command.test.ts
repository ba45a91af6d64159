/**
 * The token command (spec section 6, "API tokens") as a person types it, `npm run --silent token --
 * …`, with no server running, on each database: what it prints, what it never prints, and its exit
 * codes (0 done, 1 refused, 2 usage or configuration). That a token it makes is accepted, and that
 * one it revokes is refused on every instance, is test/server/token-revocation.test.ts.
 */
import { createHash } from 'node:crypto';
import { freshDatabase, testDatabases, type FreshDatabase } from '../support/databases';
import { typeTokenCommand } from '../support/token-command';

describe.each(testDatabases())('the token command on %s', (kind) => {
  let database: FreshDatabase;
  let made = '';
  // Not migrated: the command migrates a new database itself, like the server.
  beforeAll(async () => {
    database = await freshDatabase(kind, { migrated: false });
  });
  afterAll(() => database?.drop());
  const token = (...args: string[]) => typeTokenCommand(database.url, args);

  it('create prints the new token once, alone on its last line, and exits 0', async () => {
    const result = await token('create', '--name', 'ci-deploy', '--namespaces', 'devops,local', '--role', 'write');
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const lines = result.stdout.trimEnd().split('\n');
    made = lines.at(-1)!;
    expect(made).toMatch(/^tg_[A-Za-z0-9_-]{43}$/);
    expect(lines.slice(0, -1).join('\n')).not.toContain('tg_');
    expect(lines.slice(0, -1).join('\n')).toContain('ci-deploy');
  });

  it.each([
    ['a name that is taken', ['--name', 'ci-deploy', '--namespaces', 'devops', '--role', 'write'], /"ci-deploy" exists already/],
    ['a grant the rules refuse', ['--name', 'boss', '--namespaces', 'devops', '--role', 'owner'], /role must be one of read, write, admin/],
    [
      'a name the rules refuse',
      ['--name', 'anonymous', '--namespaces', 'devops', '--role', 'write'],
      /"anonymous" is the actor of writes made without a credential/,
    ],
  ])('create refuses %s: exit 1, the reason on stderr, no token', async (_what, args, reason) => {
    const result = await token('create', ...args);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(reason);
    expect(result.stdout + result.stderr).not.toContain('tg_');
  });

  it('list shows each token with its grant, creation and last use, never the token or its hash', async () => {
    const result = await token('list');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^ci-deploy\trole write, namespaces devops, local\tcreated \d{4}-\d\d-\d\dT\S+Z\tnever used\n$/);
    expect(result.stdout).not.toContain('tg_');
    expect(result.stdout).not.toContain(createHash('sha256').update(made).digest('hex'));
  });

  it('revoke ends a token and exits 0; a name it does not know (any more) is exit 1', async () => {
    expect(await token('revoke', 'ci-deploy')).toMatchObject({ code: 0, stderr: '' });
    const again = await token('revoke', 'ci-deploy');
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/there is no API token named "ci-deploy"/);
    expect((await token('list')).stdout).toBe('No API tokens.\n');
  });
});

describe('the token command, misused', () => {
  let database: FreshDatabase;
  beforeAll(async () => {
    database = await freshDatabase('sqlite');
  });
  afterAll(() => database?.drop());

  it.each([
    ['no command', []],
    ['an unknown command', ['mint']],
    ['create without --role', ['create', '--name', 'x', '--namespaces', 'devops']],
    ['an option create does not know', ['create', '--name', 'x', '--namespaces', 'devops', '--role', 'write', '--forever']],
    ['revoke without a name', ['revoke']],
  ])('%s: exit 2 with the usage, nothing made', async (_what, args) => {
    const result = await typeTokenCommand(database.url, args);
    expect(result.code).toBe(2);
    expect(result.stdout + result.stderr).toContain('usage: npm run --silent token -- <command>');
    expect(result.stdout + result.stderr).not.toContain('tg_');
  });

  it('a DATABASE_URL that is no database: exit 2, saying which variable is wrong', async () => {
    const result = await typeTokenCommand('mysql://localhost/tools', ['list']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/DATABASE_URL must be file:<path> \(SQLite\) or postgres/);
  });

  it('leaves the database without tokens after all of that', async () => {
    expect((await typeTokenCommand(database.url, ['list'])).stdout).toBe('No API tokens.\n');
  });
});
