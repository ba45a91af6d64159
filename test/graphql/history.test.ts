/**
 * Tool history through the API on each database: every committed change appends one revision,
 * numbered without gaps even under 100 concurrent updates; a write that changes nothing appends
 * nothing; the content hash is what a client recomputes from `cliDict` on its own (here: a
 * canonical JSON written independently of the server's, and Python's `json.dumps`, as the README
 * tells); a deleted name's history stays and continues; events carry revision and hash.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { ToolRegistry } from '../../src/domain/registry';
import { InProcessToolEventBus } from '../../src/server/events';
import { subscribe } from '../events/sse';
import { testDatabases } from '../support/databases';
import { useTestServer } from '../support/test-server';
import { data, execute } from './helpers';

const CREATE = `mutation ($input: ToolInput!) { createTool(input: $input) { __typename ... on CreateToolSuccess { changed revision tool { revision contentHash } } } }`;
const UPDATE = `mutation ($name: String!, $input: ToolPatch!) {
  updateTool(name: $name, input: $input) { __typename ... on UpdateToolSuccess { changed changedFields revision tool { revision contentHash updatedAt } } }
}`;
const DELETE = `mutation ($name: String!) { deleteTool(name: $name) { __typename ... on DeleteToolSuccess { changed revision tool { revision } } } }`;
const IMPORT = `mutation ($config: String!) { importTools(config: $config) { __typename ... on ImportToolsSuccess { changed created updated unchanged } } }`;
const TOOL = `query ($name: String!) { tool(name: $name) { revision contentHash cliDict updatedAt } }`;
const HISTORY = `query ($name: String!, $first: Int, $after: String) {
  tool(name: $name) {
    history(first: $first, after: $after) {
      edges { cursor node { name revision kind contentHash changedFields actor committedAt definition } }
      pageInfo { hasNextPage endCursor }
    }
  }
}`;
const REVISION = `query ($name: String!, $revision: Int, $contentHash: String) {
  toolRevision(name: $name, revision: $revision, contentHash: $contentHash) { name revision kind contentHash definition changedFields }
}`;

/** RFC 8785 for the JSON `cliDict` holds, written apart from the server's (which uses a library): keys by UTF-16 code units. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The README's Python recipe, run by Python on `cliDict` as JSON text. */
function pythonContentHash(cliDict: unknown): string {
  const recipe = [
    'import hashlib, json, sys',
    'cli_dict = json.loads(sys.stdin.read())',
    "canonical = json.dumps(cli_dict, sort_keys=True, separators=(',', ':'), ensure_ascii=False)",
    "print(hashlib.sha256(canonical.encode('utf-8')).hexdigest())",
  ].join('\n');
  return execFileSync('python3', ['-c', recipe], { input: JSON.stringify(cliDict), encoding: 'utf8' }).trim();
}

const FULL_TOOL = {
  name: 'devops/docker-build',
  description: 'Builds a Docker image — «ünïcode» 🐳 and "quotes"\n on two lines.',
  source: 'MCP',
  mcpServer: 'docker',
  mcpToolName: 'build',
  inputSchema: { type: 'object', properties: { zeta: { type: 'string' }, alpha: { type: 'integer', minimum: 0, maximum: 1e21 }, é: { const: 0.1 } } },
  capability: { writes: true, writeScope: 'images/*', checkpointable: true, checkpointScope: 'RESOURCE', sideEffects: ['network', 'filesystem'] },
  resourceSlots: [{ name: 'workspace', resourceType: 'directory', access: 'READ_WRITE', description: 'Where it builds.' }],
  lifecycle: { discover: 'docker info' },
  timeout: 900,
};

describe.each(testDatabases())('tool history on %s', (kind) => {
  const server = useTestServer(kind, { events: () => new InProcessToolEventBus(), recordSql: true });

  const history = async (name: string, first = 100, after?: string) => (await data(server.yoga, HISTORY, { name, first, after })).tool.history;
  const revisionsOf = async (name: string) => (await history(name)).edges.map((edge: any) => `${edge.node.revision} ${edge.node.kind}`);

  it('gives a new tool revision 1 and the hash a client computes from cliDict, in JavaScript or in Python', async () => {
    const created = (await data(server.yoga, CREATE, { input: FULL_TOOL })).createTool;
    const tool = (await data(server.yoga, TOOL, { name: FULL_TOOL.name })).tool;
    expect(created).toEqual({ __typename: 'CreateToolSuccess', changed: true, revision: 1, tool: { revision: 1, contentHash: tool.contentHash } });
    expect(tool.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(tool.contentHash).toBe(sha256(canonicalJson(tool.cliDict)));
    expect(pythonContentHash(tool.cliDict)).toBe(tool.contentHash);
    const [first] = (await history(FULL_TOOL.name)).edges;
    expect(first.node).toMatchObject({
      name: FULL_TOOL.name,
      revision: 1,
      kind: 'CREATED',
      contentHash: tool.contentHash,
      changedFields: [],
      actor: 'anonymous',
    });
    expect(first.node.definition).toEqual(tool.cliDict);
  });

  it('hashes equal definitions equally, whatever the order of their keys or the database', async () => {
    const reordered = {
      ...FULL_TOOL,
      name: 'devops/docker-build-2',
      inputSchema: { properties: { é: { const: 0.1 }, alpha: { maximum: 1e21, minimum: 0, type: 'integer' }, zeta: { type: 'string' } }, type: 'object' },
    };
    const a = (await data(server.yoga, CREATE, { input: { ...FULL_TOOL, name: 'hash/one' } })).createTool.tool.contentHash;
    const b = (await data(server.yoga, CREATE, { input: { ...reordered, name: 'hash/two' } })).createTool.tool.contentHash;
    const one = (await data(server.yoga, TOOL, { name: 'hash/one' })).tool;
    const two = (await data(server.yoga, TOOL, { name: 'hash/two' })).tool;
    // The name is part of the definition: equal but for the name, the hashes differ; renamed back, they agree.
    expect(a).not.toBe(b);
    expect(sha256(canonicalJson({ ...one.cliDict, name: 'x/y', short_name: 'y', namespace: 'x' }))).toBe(
      sha256(canonicalJson({ ...two.cliDict, name: 'x/y', short_name: 'y', namespace: 'x' })),
    );
    // The same definition on this database and on the other hashes to the value computed here.
    expect(a).toBe(sha256(canonicalJson(one.cliDict)));
  });

  it('appends a revision per change, with the fields that changed; a write that changes nothing appends none', async () => {
    const name = 'hist/steps';
    await data(server.yoga, CREATE, { input: { name, description: 'One.', source: 'BUILTIN' } });
    const second = (await data(server.yoga, UPDATE, { name, input: { description: 'Two.', timeout: 60 } })).updateTool;
    expect(second).toMatchObject({ changed: true, changedFields: ['DESCRIPTION', 'TIMEOUT'], revision: 2, tool: { revision: 2 } });
    const same = (await data(server.yoga, UPDATE, { name, input: { description: 'Two.' } })).updateTool;
    expect(same).toEqual({ ...second, changed: false, changedFields: [] });
    const yaml = (description: string) => `tools:\n  - { name: ${name}, description: ${description}, source: builtin, timeout: 60 }\n`;
    expect((await data(server.yoga, IMPORT, { config: yaml('Two.') })).importTools).toMatchObject({ changed: false, unchanged: 1, updated: 0 });
    expect((await data(server.yoga, IMPORT, { config: yaml('Three.') })).importTools).toMatchObject({ changed: true, unchanged: 0, updated: 1 });
    const page = await history(name);
    expect(page.edges.map((edge: any) => [edge.node.revision, edge.node.kind, edge.node.changedFields])).toEqual([
      [3, 'UPDATED', ['DESCRIPTION']],
      [2, 'UPDATED', ['DESCRIPTION', 'TIMEOUT']],
      [1, 'CREATED', []],
    ]);
    expect(page.edges[0].node.definition.description).toBe('Three.');
    expect(page.edges[2].node.definition.description).toBe('One.');
    expect(new Set(page.edges.map((edge: any) => edge.node.contentHash)).size).toBe(3);
  });

  it("keeps a deleted name's history, readable by toolRevision, and continues it when the name is created again", async () => {
    const name = 'hist/phoenix';
    await data(server.yoga, CREATE, { input: { name, description: 'First life.', source: 'BUILTIN' } });
    const before = (await data(server.yoga, TOOL, { name })).tool;
    // The answer's revision is the tombstone's; its tool is the tool as it was deleted.
    expect((await data(server.yoga, DELETE, { name })).deleteTool).toEqual({
      __typename: 'DeleteToolSuccess',
      changed: true,
      revision: 2,
      tool: { revision: 1 },
    });
    const tombstone = (await data(server.yoga, REVISION, { name })).toolRevision;
    expect(tombstone).toEqual({ name, revision: 2, kind: 'DELETED', contentHash: before.contentHash, definition: before.cliDict, changedFields: [] });
    expect((await data(server.yoga, CREATE, { input: { name, description: 'Second life.', source: 'BUILTIN' } })).createTool).toMatchObject({
      revision: 3,
      tool: { revision: 3 },
    });
    expect(await revisionsOf(name)).toEqual(['3 CREATED', '2 DELETED', '1 CREATED']);
  });

  it('finds a revision by number, by content hash (a pin), or both; null for what never was', async () => {
    const name = 'hist/pinned';
    const approved = (await data(server.yoga, CREATE, { input: { name, description: 'Reads files.', source: 'BUILTIN' } })).createTool.tool.contentHash;
    await data(server.yoga, UPDATE, { name, input: { description: 'Reads files and sends them away.' } });
    await data(server.yoga, UPDATE, { name, input: { description: 'Reads files.' } });
    // Changed after approval, then changed back: the latest revision with the approved hash is 3.
    expect((await data(server.yoga, TOOL, { name })).tool.contentHash).toBe(approved);
    expect((await data(server.yoga, REVISION, { name, contentHash: approved })).toolRevision).toMatchObject({ revision: 3, contentHash: approved });
    expect((await data(server.yoga, REVISION, { name, revision: 1, contentHash: approved })).toolRevision).toMatchObject({ revision: 1 });
    expect((await data(server.yoga, REVISION, { name, revision: 2 })).toolRevision.definition.description).toBe('Reads files and sends them away.');
    for (const asked of [
      { revision: 2, contentHash: approved },
      { revision: 4 },
      { revision: 0 },
      { revision: -1 },
      { contentHash: 'f'.repeat(64) },
      { contentHash: 'not a hash' },
      { contentHash: '' },
    ]) {
      expect((await data(server.yoga, REVISION, { name, ...asked })).toolRevision).toBeNull();
    }
    for (const other of ['hist/never', 'not a name', '', 'x'.repeat(10_000)]) {
      expect((await data(server.yoga, REVISION, { name: other, revision: 1 })).toolRevision).toBeNull();
    }
  });

  it('pages a history newest first by keyset, and refuses bad page sizes and cursors: BAD_USER_INPUT', async () => {
    const name = 'hist/long';
    await data(server.yoga, CREATE, { input: { name, description: 'Version 1.', source: 'BUILTIN' } });
    for (let i = 2; i <= 7; i++) await data(server.yoga, UPDATE, { name, input: { description: `Version ${i}.` } });
    const seen: number[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await history(name, 3, after);
      seen.push(...page.edges.map((edge: any) => edge.node.revision));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(seen).toEqual([7, 6, 5, 4, 3, 2, 1]);
    const last = await history(name, 1, Buffer.from('revision:1').toString('base64url'));
    expect(last).toEqual({ edges: [], pageInfo: { hasNextPage: false, endCursor: null } });
    for (const [first, cursor] of [
      [0, undefined],
      [101, undefined],
      [3, 'nonsense'],
      [3, Buffer.from('revision:0').toString('base64url')],
      [3, Buffer.from('tool:a/b').toString('base64url')],
    ] as const) {
      const result = await execute(server.yoga, HISTORY, { name, first, after: cursor });
      expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
  });

  describe('restoreTool', () => {
    const RESTORE = `mutation ($name: String!, $revision: Int!) {
      restoreTool(name: $name, revision: $revision) {
        __typename
        ... on RestoreToolSuccess { changed changedFields revision tool { revision contentHash description timeout } }
        ... on RegistryError { code }
        ... on ToolValidationError { message issues { path configPath code } }
        ... on NamespaceForbidden { namespace }
      }
    }`;
    const restore = async (name: string, revision: number) => (await data(server.yoga, RESTORE, { name, revision })).restoreTool;

    it('makes an earlier definition current as a new revision; the same definition again changes nothing', async () => {
      const name = 'restore/tool';
      const first = (await data(server.yoga, CREATE, { input: { name, description: 'First.', source: 'BUILTIN', timeout: 10 } })).createTool;
      await data(server.yoga, UPDATE, { name, input: { description: 'Second.', timeout: 20 } });
      const restored = await restore(name, 1);
      expect(restored).toEqual({
        __typename: 'RestoreToolSuccess',
        changed: true,
        changedFields: ['DESCRIPTION', 'TIMEOUT'],
        revision: 3,
        tool: { revision: 3, contentHash: first.tool.contentHash, description: 'First.', timeout: 10 },
      });
      expect(await restore(name, 1)).toEqual({ ...restored, changed: false, changedFields: [] });
      const [latest] = (await history(name)).edges;
      expect(latest.node).toMatchObject({ revision: 3, kind: 'RESTORED', changedFields: ['DESCRIPTION', 'TIMEOUT'], contentHash: first.tool.contentHash });
    });

    it('brings a deleted tool back under its name, continuing its history', async () => {
      const name = 'restore/deleted';
      const created = (await data(server.yoga, CREATE, { input: { name, description: 'Was here.', source: 'BUILTIN' } })).createTool;
      await data(server.yoga, DELETE, { name });
      expect((await data(server.yoga, TOOL, { name })).tool).toBeNull();
      expect(await restore(name, 1)).toMatchObject({
        __typename: 'RestoreToolSuccess',
        changed: true,
        revision: 3,
        tool: { revision: 3, contentHash: created.tool.contentHash, description: 'Was here.' },
      });
      expect(await revisionsOf(name)).toEqual(['3 RESTORED', '2 DELETED', '1 CREATED']);
    });

    it('checks the definition by the rules of now: a wrapped tool that is gone, a revision that never was', async () => {
      await data(server.yoga, CREATE, { input: { name: 'restore/base', description: 'Wrapped.', source: 'BUILTIN' } });
      await data(server.yoga, CREATE, {
        input: { name: 'restore/check', description: 'Checks.', source: 'WRAPPED', toolType: 'VALIDATION', wraps: 'restore/base' },
      });
      await data(server.yoga, DELETE, { name: 'restore/check' });
      await data(server.yoga, DELETE, { name: 'restore/base' });
      const refused = await restore('restore/check', 1);
      expect(refused).toMatchObject({
        __typename: 'ToolValidationError',
        code: 'VALIDATION_FAILED',
        message: 'The restore breaks 1 rule; nothing was written.',
        issues: [{ path: ['revision'], configPath: ['wraps'], code: 'WRAPPED_TOOL_NOT_FOUND' }],
      });
      expect(await restore('restore/check', 3)).toMatchObject({ issues: [{ path: ['revision'], configPath: null, code: 'REVISION_NOT_FOUND' }] });
      expect(await restore('restore/check', 0)).toMatchObject({ issues: [{ path: ['revision'], configPath: null, code: 'REVISION_NOT_FOUND' }] });
      expect(await restore('restore/never', 1)).toMatchObject({ issues: [{ path: ['revision'], configPath: null, code: 'REVISION_NOT_FOUND' }] });
      expect((await data(server.yoga, REVISION, { name: 'restore/check' })).toolRevision).toMatchObject({ revision: 2, kind: 'DELETED' });
      // Once the wrapped tool is back, so can the validation be.
      expect(await restore('restore/base', 1)).toMatchObject({ __typename: 'RestoreToolSuccess', revision: 3, tool: { revision: 3 } });
      expect(await restore('restore/check', 1)).toMatchObject({ __typename: 'RestoreToolSuccess', revision: 3, tool: { revision: 3 } });
    });
  });

  describe('purgeTool', () => {
    const PURGE = `mutation ($name: String!) { purgeTool(name: $name) { __typename ... on PurgeToolSuccess { name revisions } ... on RegistryError { message code } } }`;
    const purge = async (name: string) => (await data(server.yoga, PURGE, { name })).purgeTool;

    it("deletes a deleted tool's history for good; the name then starts again at revision 1", async () => {
      const name = 'purge/gone';
      await data(server.yoga, CREATE, { input: { name, description: 'One.', source: 'BUILTIN' } });
      await data(server.yoga, UPDATE, { name, input: { description: 'Two.' } });
      expect(await purge(name)).toEqual({
        __typename: 'ToolNotDeleted',
        code: 'TOOL_NOT_DELETED',
        message: `"${name}" still exists; delete it first, then purge its history.`,
      });
      await data(server.yoga, DELETE, { name });
      const subscription = await subscribe(
        (url, init) => server.yoga.fetch(url, init),
        'http://yoga/graphql',
        'subscription { toolEvents(namespace: "purge") { kind name revision contentHash tool { name } } }',
        {},
      );
      try {
        const deleted = (await data(server.yoga, REVISION, { name })).toolRevision;
        expect(await purge(name)).toEqual({ __typename: 'PurgeToolSuccess', name, revisions: 3 });
        await data(server.yoga, CREATE, { input: { name: 'purge/marker', description: 'Marks.', source: 'BUILTIN' } });
        const events = await subscription.until((result) => result.data?.toolEvents?.name === 'purge/marker');
        expect(events.map((result) => result.data.toolEvents)).toEqual([{ kind: 'PURGED', name, revision: 3, contentHash: deleted.contentHash, tool: null }]);
      } finally {
        subscription.close();
      }
      for (const revision of [1, 2, 3]) expect((await data(server.yoga, REVISION, { name, revision })).toolRevision).toBeNull();
      expect(await purge(name)).toMatchObject({ __typename: 'ToolNotFound', code: 'TOOL_NOT_FOUND' });
      expect((await data(server.yoga, CREATE, { input: { name, description: 'Anew.', source: 'BUILTIN' } })).createTool.revision).toBe(1);
      expect(await revisionsOf(name)).toEqual(['1 CREATED']);
      for (const other of ['purge/never', 'not a name', '']) expect(await purge(other)).toMatchObject({ __typename: 'ToolNotFound', code: 'TOOL_NOT_FOUND' });
    });

    it('is for the admin role only: a writer of every namespace may not', async () => {
      const name = 'purge/guarded';
      await data(server.yoga, CREATE, { input: { name, description: 'One.', source: 'BUILTIN' } });
      await data(server.yoga, DELETE, { name });
      const registry = new ToolRegistry(server.store);
      expect(await registry.purge({ actor: 'writer', grant: { role: 'write', namespaces: '*' } }, name)).toEqual({ kind: 'forbidden', namespace: 'purge' });
      expect((await data(server.yoga, REVISION, { name })).toolRevision).toMatchObject({ revision: 2 });
      expect(await registry.purge({ actor: 'root', grant: { role: 'admin', namespaces: '*' } }, name)).toEqual({
        kind: 'purged',
        name,
        revisions: 2,
        freedNames: [],
      });
    });
  });

  it('numbers 100 concurrent updates of one tool 2 to 101, without a gap or a duplicate', async () => {
    const name = 'race/revisions';
    await data(server.yoga, CREATE, { input: { name, description: 'Version 0.', source: 'BUILTIN' } });
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => execute(server.yoga, UPDATE, { name, input: { description: `Version ${i + 1}.` } })),
    );
    expect(answers.filter((answer) => answer.errors !== undefined || answer.data?.updateTool?.__typename !== 'UpdateToolSuccess')).toEqual([]);
    expect(answers.map((answer) => answer.data!.updateTool.revision).sort((a: number, b: number) => a - b)).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 2),
    );
    const numbers = (await history(name)).edges.map((edge: any) => edge.node.revision);
    expect(numbers).toEqual(Array.from({ length: 100 }, (_, i) => 101 - i));
    expect((await data(server.yoga, TOOL, { name })).tool.revision).toBe(101);
  });

  it('reads the histories of a page of 50 tools in one statement', async () => {
    const config = `tools:\n${Array.from({ length: 50 }, (_, i) => `  - { name: page/tool-${String(i).padStart(2, '0')}, description: Tool ${i}., source: builtin }\n`).join('')}`;
    expect((await data(server.yoga, IMPORT, { config })).importTools.created).toBe(50);
    server.sql.length = 0;
    const { tools } = await data(
      server.yoga,
      `{ tools(filter: { namespace: "page" }, first: 50) { edges { node { name revision history(first: 2) { edges { node { revision kind } } } } } } }`,
    );
    expect(tools.edges).toHaveLength(50);
    for (const edge of tools.edges) expect(edge.node.history.edges).toEqual([{ node: { revision: 1, kind: 'CREATED' } }]);
    expect(server.sql.filter((sql) => sql.includes('ToolRevision'))).toHaveLength(1);
    expect(server.sql).toHaveLength(2);
  });

  it('tells subscribers the revision and hash of each change', async () => {
    const subscription = await subscribe(
      (url, init) => server.yoga.fetch(url, init),
      'http://yoga/graphql',
      'subscription { toolEvents(namespace: "live") { kind name revision contentHash } }',
      {},
    );
    try {
      const name = 'live/tool';
      const created = (await data(server.yoga, CREATE, { input: { name, description: 'One.', source: 'BUILTIN' } })).createTool;
      const updated = (await data(server.yoga, UPDATE, { name, input: { description: 'Two.' } })).updateTool;
      await data(server.yoga, DELETE, { name });
      await data(server.yoga, CREATE, { input: { name: 'live/marker', description: 'The last event.', source: 'BUILTIN' } });
      const events = await subscription.until((result) => result.data?.toolEvents?.name === 'live/marker');
      expect(events.map((result) => result.data.toolEvents)).toEqual([
        { kind: 'CREATED', name, revision: 1, contentHash: created.tool.contentHash },
        { kind: 'UPDATED', name, revision: 2, contentHash: updated.tool.contentHash },
        { kind: 'DELETED', name, revision: 3, contentHash: updated.tool.contentHash },
      ]);
    } finally {
      subscription.close();
    }
  });
});
