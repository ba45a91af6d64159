/**
 * Who may write what (spec section 6), decided by the domain: the grant rules themselves, and each
 * write use case asking them first (on a real store), so that a refused write reads and writes
 * nothing and an import names every tool it may not write.
 */
import {
  ALL_NAMESPACES,
  ANONYMOUS_READER,
  grantProblem,
  mayRunAnyDocument,
  mayWrite,
  normalizedNamespaces,
  OPEN_ACCESS,
  tokenNameProblem,
  type Caller,
  type Grant,
} from '../../src/domain/access';
import type { ToolStore } from '../../src/domain/ports';
import { ToolRegistry } from '../../src/domain/registry';
import { createToolStore } from '../../src/store';
import { freshDatabase, type FreshDatabase } from '../support/databases';

describe('mayWrite: a grant covers the namespaces it names, by role', () => {
  const grant = (role: Grant['role'], namespaces: Grant['namespaces']): Grant => ({ role, namespaces });

  it.each([
    [grant('write', ['devops']), 'devops', true],
    [grant('write', ['devops']), 'devops.ci', false],
    [grant('write', ['devops']), 'local', false],
    [grant('write', ALL_NAMESPACES), 'anything', true],
    [grant('write', []), 'devops', false],
    [grant('read', ['devops']), 'devops', false],
    [grant('read', ALL_NAMESPACES), 'devops', false],
    [grant('admin', []), 'devops', true],
  ])('%j may write to %s: %s', (g, namespace, expected) => {
    expect(mayWrite(g, namespace)).toBe(expected);
  });

  it('lets open access write everywhere and an anonymous reader nowhere', () => {
    expect(mayWrite(OPEN_ACCESS.grant, 'devops')).toBe(true);
    expect(mayWrite(ANONYMOUS_READER.grant, 'devops')).toBe(false);
  });
});

describe('mayRunAnyDocument: only an admin credential may send documents that are not trusted', () => {
  it('lets an accepted admin credential, whatever its namespaces', () => {
    expect(mayRunAnyDocument({ caller: { actor: 'platform', grant: { role: 'admin', namespaces: ALL_NAMESPACES } }, authenticated: true })).toBe(true);
    expect(mayRunAnyDocument({ caller: { actor: 'ops-admin', grant: { role: 'admin', namespaces: ['ops'] } }, authenticated: true })).toBe(true);
  });

  it('refuses writers, readers, anonymous clients, and everyone when access control is off (no credential shown)', () => {
    expect(mayRunAnyDocument({ caller: { actor: 'ci', grant: { role: 'write', namespaces: ALL_NAMESPACES } }, authenticated: true })).toBe(false);
    expect(mayRunAnyDocument({ caller: ANONYMOUS_READER, authenticated: false })).toBe(false);
    expect(mayRunAnyDocument({ caller: OPEN_ACCESS, authenticated: false })).toBe(false);
  });
});

describe('the rules of a grant and of a token name', () => {
  it.each([
    ['write', ['devops', 'local.text']],
    ['admin', ALL_NAMESPACES],
    ['read', []],
    ['write', ['devops', '*']],
  ])('accepts role %s with %j', (role, namespaces) => {
    expect(grantProblem(role, namespaces)).toBeNull();
  });

  it.each([
    ['owner', ['devops']],
    ['write', ['Devops']],
    ['write', ['devops/x']],
    ['write', 'devops'],
    ['write', [42]],
    [undefined, ['devops']],
  ])('refuses role %j with %j', (role, namespaces) => {
    expect(grantProblem(role, namespaces)).toEqual(expect.any(String));
  });

  it('treats a list holding * as every namespace, and keeps others sorted once each', () => {
    expect(normalizedNamespaces(['devops', '*'])).toBe(ALL_NAMESPACES);
    expect(normalizedNamespaces(['local', 'devops', 'local'])).toEqual(['devops', 'local']);
  });

  it.each(['ci-devops', 'a', 'team.platform_1'])('accepts the token name %s', (name) => {
    expect(tokenNameProblem(name)).toBeNull();
  });

  it.each(['', 'CI', '-x', 'x-', 'a b', 'anonymous', 'x'.repeat(65)])('refuses the token name %j', (name) => {
    expect(tokenNameProblem(name)).toEqual(expect.any(String));
  });
});

describe('the write use cases ask first', () => {
  let database: FreshDatabase;
  let store: ToolStore;
  let registry: ToolRegistry;
  const devops: Caller = { actor: 'ci-devops', grant: { role: 'write', namespaces: ['devops'] } };
  const tool = (name: string) => ({ name, description: `The ${name} tool.`, source: 'builtin' });

  beforeAll(async () => {
    database = await freshDatabase('sqlite');
    store = await createToolStore(database.url);
    registry = new ToolRegistry(store);
    for (const name of ['devops/build', 'local/count']) expect((await registry.create(OPEN_ACCESS, tool(name))).kind).toBe('ok');
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  it('create, update and delete outside the grant are forbidden, and change nothing', async () => {
    expect(await registry.create(devops, tool('local/new'))).toEqual({ kind: 'forbidden', namespace: 'local' });
    expect(await registry.update(devops, 'local/count', { timeout: 9 })).toEqual({ kind: 'forbidden', namespace: 'local' });
    expect(await registry.delete(devops, 'local/count')).toEqual({ kind: 'forbidden', namespace: 'local' });
    // Forbidden before anything else: a tool that does not exist, or an invalid one, is not described.
    expect(await registry.update(devops, 'local/absent', { timeout: 0 })).toEqual({ kind: 'forbidden', namespace: 'local' });
    expect(await registry.get('local/new')).toBeNull();
    expect((await registry.get('local/count'))?.timeout).toBe(300);
  });

  it('inside the grant they run, recorded as the caller', async () => {
    const created = await registry.create(devops, tool('devops/deploy'));
    expect(created.kind === 'ok' && [created.tool.createdBy, created.tool.updatedBy]).toEqual(['ci-devops', 'ci-devops']);
    const updated = await registry.update({ ...devops, actor: 'ci-devops-2' }, 'devops/deploy', { timeout: 9 });
    expect(updated.kind === 'ok' && [updated.tool.createdBy, updated.tool.updatedBy]).toEqual(['ci-devops', 'ci-devops-2']);
    expect((await registry.delete(devops, 'devops/deploy')).kind).toBe('deleted');
  });

  it('a validation may wrap a tool of a namespace its author cannot write', async () => {
    const validation = { ...tool('devops/check-count'), toolType: 'validation', source: 'wrapped', wraps: 'local/count' };
    expect((await registry.create(devops, validation)).kind).toBe('ok');
  });

  it('an import outside the grant names every forbidden tool, writes nothing, dry run or not', async () => {
    // local/three is also invalid (timeout 0): only that it is forbidden is reported.
    const config = JSON.stringify({ tools: [tool('devops/one'), tool('local/two'), { ...tool('local/three'), timeout: 0 }, tool('devops/four')] });
    for (const dryRun of [true, false]) {
      const outcome = await registry.importTools(devops, config, { dryRun });
      expect(outcome).toEqual({
        kind: 'invalid',
        issues: [],
        tools: [
          {
            index: 1,
            name: 'local/two',
            issues: [{ path: 'name', code: 'NAMESPACE_FORBIDDEN', message: expect.stringContaining('"local"'), at: expect.anything() }],
          },
          {
            index: 2,
            name: 'local/three',
            issues: [{ path: 'name', code: 'NAMESPACE_FORBIDDEN', message: expect.stringContaining('"local"'), at: expect.anything() }],
          },
        ],
      });
    }
    expect(await registry.getMany(['devops/one', 'devops/four', 'local/two'])).toEqual([]);
  });
});
