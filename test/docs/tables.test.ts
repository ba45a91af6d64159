/**
 * The documentation's tables of codes are the code's own lists (scripts/docs-tables.ts): the
 * finding codes of docs/agents.md are FINDING_RULES, with their severities; the issue and write
 * error codes of docs/reference.md are schema.graphql's enums, with their descriptions.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FINDING_RULES } from '../../src/domain/findings';
import { ISSUE_CODES } from '../../src/domain/issues';
import { LIMIT_CODES } from '../../src/server/limits';
import { pagesWithTables } from '../../scripts/docs-tables';
import { projectFiles } from '../support/project-files';

const root = join(__dirname, '..', '..');

/** The codes src/server and src/graphql put in what a client gets (`code: 'X'`, and the trusted documents' refusals), generated code aside. */
function codesGivenToClients(): string[] {
  const files = projectFiles('src/server/*.ts', 'src/graphql/*.ts').filter((file) => !file.startsWith('src/graphql/generated/'));
  const codes = files.flatMap((file) =>
    [...readFileSync(join(root, file), 'utf8').matchAll(/\bcode: '([A-Z_]+)'|'(PERSISTED_QUERY_[A-Z_]+)'/g)].map((match) => match[1] ?? match[2]!),
  );
  return [...new Set([...codes, ...Object.values(LIMIT_CODES)])].sort();
}

const read = (page: string) => readFileSync(join(root, page), 'utf8');
const codesListed = (text: string) => [...text.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((row) => row[1]);

describe('the generated tables of the documentation', () => {
  it.each(pagesWithTables().map(({ page, text, expected }) => [page, text, expected]))('%s holds what npm run docs:tables writes', (_page, text, expected) => {
    expect(text).toBe(expected);
  });

  it('list every finding code with its severity, on the agents page', () => {
    const page = read('docs/agents.md');
    const section = page.slice(page.indexOf('\n## Findings\n'));
    const listed = [...section.matchAll(/^\| `([A-Z_]+)` \| (LOW|MEDIUM|HIGH) \|/gm)].map((row) => `${row[1]} ${row[2]}`);
    expect(listed).toEqual(FINDING_RULES.map((rule) => `${rule.code} ${rule.severity}`));
  });

  it('list every issue code of the domain, on the reference page', () => {
    expect(codesListed(read('docs/reference.md'))).toEqual(expect.arrayContaining([...ISSUE_CODES]));
  });

  it('name every code the server gives a client, on the reference page', () => {
    const codes = codesGivenToClients();
    expect(codes).toEqual(expect.arrayContaining(['BAD_USER_INPUT', 'SERVICE_UNAVAILABLE', 'QUERY_TOO_DEEP', 'PERSISTED_QUERY_NOT_IN_LIST', 'TOOL_NOT_FOUND']));
    const page = read('docs/reference.md');
    expect(codes.filter((code) => !page.includes(`\`${code}\``))).toEqual([]);
  });
});
