/**
 * The registry browser's operations (issue 26, point 4): src/server/browser/operations.graphql is
 * their one source, and persisted-query-manifest.json beside it, generated from it by `npm run
 * codegen`, is what the page sends ids from and every server trusts. The manifest is the file's, its
 * ids are its bodies' SHA-256 (as the server hashes documents), every document is valid against the
 * schema, and the page names exactly its operations, with no GraphQL text of its own.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, validate } from 'graphql';
import { manifestText, persistedQueryManifest, type PersistedQueryManifest } from '../../scripts/codegen/persisted-query-manifest';
import { createToolgraphSchema } from '../../src/graphql/schema';

const browserDir = join(__dirname, '..', '..', 'src', 'server', 'browser');
const read = (file: string) => readFileSync(join(browserDir, file), 'utf8');
const committed = () => JSON.parse(read('persisted-query-manifest.json')) as PersistedQueryManifest;

describe("the registry browser's manifest", () => {
  it('is what operations.graphql gives (npm run codegen writes it, codegen:check fails when it is stale)', () => {
    expect(read('persisted-query-manifest.json')).toBe(manifestText(persistedQueryManifest([parse(read('operations.graphql'))])));
  });

  it('lists each operation once, with the fragments it spreads, its id the SHA-256 of its body', () => {
    const { format, version, operations } = committed();
    expect({ format, version }).toEqual({ format: 'apollo-persisted-query-manifest', version: 1 });
    expect(new Set(operations.map((operation) => operation.id)).size).toBe(operations.length);
    for (const { id, body } of operations) expect(id).toBe(createHash('sha256').update(body).digest('hex'));
    const browse = operations.find((operation) => operation.name === 'Browse')!;
    expect(browse.body).toMatch(/^query Browse\(/);
    expect(browse.body).toContain('fragment ListedTool on Tool');
  });

  it("holds documents this server's schema accepts", () => {
    const schema = createToolgraphSchema();
    for (const { name, body } of committed().operations)
      expect({ name, errors: validate(schema, parse(body)).map((error) => error.message) }).toEqual({ name, errors: [] });
  });

  it('names exactly the operations the page sends, and the page holds no GraphQL text of its own', () => {
    const script = read('browser.js');
    const sent = new Set([...script.matchAll(/\b(?:graphql|operationId)\('(\w+)'/g)].map((match) => match[1]));
    expect([...sent].sort()).toEqual(
      committed()
        .operations.map((operation) => operation.name)
        .sort(),
    );
    expect(script).not.toMatch(/\/\* GraphQL \*\/|\b(query|subscription) [A-Z]\w*\s*[({]/);
  });
});
