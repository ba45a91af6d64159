import type { JsonObject } from '../../src/domain/model';
import {
  MAX_PROPERTIES_SEARCHED,
  MAX_SCHEMA_DEPTH_SEARCHED,
  MAX_TERMS_PER_FIELD,
  searchDocumentOf,
  type SearchableTool,
} from '../../src/domain/search/document';

/** Spec section 7, what is matched: each part of a tool as a field of its own. */

const tool = (extra: Partial<SearchableTool> = {}): SearchableTool => ({
  name: 'github/getIssueComments',
  description: 'Lists the comments of an issue.',
  inputSchema: null,
  mcpServer: null,
  mcpToolName: null,
  agentSkillPath: null,
  ...extra,
});

/** A schema of one object property per level, `level0` holding `level1` and so on, `depth` levels deep. */
function nested(depth: number): JsonObject {
  let schema: JsonObject = { type: 'object', properties: {} };
  for (let level = depth - 1; level >= 0; level--) schema = { type: 'object', properties: { [`level${level}`]: schema } };
  return schema;
}

describe('fields of a tool', () => {
  it('splits the name into its namespace and its short name, and reads the description', () => {
    const document = searchDocumentOf(tool());
    expect(document.namespace).toEqual(['github']);
    expect(document.shortName).toEqual(['get', 'issu', 'comment']);
    expect(document.description).toEqual(['list', 'comment', 'issu']);
  });

  it('reads the MCP server and tool name, and the skill path', () => {
    const document = searchDocumentOf(tool({ mcpServer: 'github-server', mcpToolName: 'list_issue_comments', agentSkillPath: 'skills/triage/SKILL.md' }));
    expect(document.mcpNames).toEqual(['github', 'server', 'list', 'issu', 'comment']);
    expect(document.skillPath).toEqual(['skill', 'triag', 'skill', 'md']);
  });

  it('leaves the fields a tool does not have empty', () => {
    const document = searchDocumentOf(tool());
    expect([document.propertyNames, document.propertyTexts, document.mcpNames, document.skillPath]).toEqual([[], [], [], []]);
  });

  it(`indexes the first ${MAX_TERMS_PER_FIELD} terms of a field`, () => {
    const document = searchDocumentOf(tool({ description: 'weather '.repeat(MAX_TERMS_PER_FIELD + 10) }));
    expect(document.description).toHaveLength(MAX_TERMS_PER_FIELD);
  });
});

describe('input schema', () => {
  it("reads property names apart from the schema's and properties' titles and descriptions", () => {
    const inputSchema = {
      type: 'object',
      title: 'Comment query',
      properties: { issueNumber: { type: 'integer', title: 'Issue', description: 'Number of the issue.' }, repo: { type: 'string' } },
    };
    const document = searchDocumentOf(tool({ inputSchema }));
    expect(document.propertyNames).toEqual(['issu', 'number', 'repo']);
    expect(document.propertyTexts).toEqual(['comment', 'queri', 'issu', 'number', 'issu']);
  });

  it('reads nested properties, in array items and in the branches of anyOf, oneOf and allOf, outer ones first', () => {
    const inputSchema: JsonObject = {
      type: 'object',
      properties: {
        labels: { type: 'array', items: { type: 'object', properties: { color: { type: 'string' } } } },
        target: {
          anyOf: [
            { type: 'object', properties: { branch: { type: 'string' } } },
            { type: 'object', properties: { tag: { type: 'string' } } },
          ],
        },
        author: { type: 'object', properties: { login: { type: 'string' } } },
      },
    };
    expect(searchDocumentOf(tool({ inputSchema })).propertyNames).toEqual(['label', 'target', 'author', 'login', 'color', 'branch', 'tag']);
  });

  it(`reads properties ${MAX_SCHEMA_DEPTH_SEARCHED} levels below the top and no deeper`, () => {
    const names = searchDocumentOf(tool({ inputSchema: nested(10) })).propertyNames;
    expect(names).toEqual(Array.from({ length: MAX_SCHEMA_DEPTH_SEARCHED + 1 }, (_, level) => `level${level}`));
  });

  it(`reads at most ${MAX_PROPERTIES_SEARCHED} properties`, () => {
    const properties = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`field${i}`, { type: 'string' }]));
    expect(searchDocumentOf(tool({ inputSchema: { type: 'object', properties } })).propertyNames).toHaveLength(MAX_PROPERTIES_SEARCHED);
  });

  it('ignores what is not a schema where a schema should be', () => {
    const inputSchema = { type: 'object', properties: { a1: true, b2: null, c3: [1, 2], d4: 'text' }, items: 'x', anyOf: 7 } as unknown as JsonObject;
    expect(searchDocumentOf(tool({ inputSchema })).propertyNames).toEqual(['a1', 'b2', 'c3', 'd4']);
  });
});
