import type { Issue } from '../../src/domain/issues';
import { defaultCapability } from '../../src/domain/model';
import type { ToolDefinition } from '../../src/domain/model';
import { isPythonIdentifier } from '../../src/domain/python-identifier';
import { sameJsonValue } from '../../src/domain/values';
import { applyPatch, validateTool } from '../../src/domain/validation';
import type { ToolDraft } from '../../src/domain/validation';
import { checkJsonSchema } from '../../src/domain/json-schema';
import {
  MAX_CODE_LENGTH,
  MAX_LABEL_LENGTH,
  MAX_REFERENCE_LENGTH,
  MAX_RESOURCE_SLOTS,
  MAX_SCHEMA_BYTES,
  MAX_SIDE_EFFECTS,
  MAX_SLOT_DESCRIPTION_LENGTH,
} from '../../src/domain/limits';
import { builtinTool } from '../support/fixtures';

/** The spec's section 2 rules that need no stored data, one `describe` per issue code. */

const builtin = (extra: ToolDraft = {}): ToolDraft => ({
  name: 'local/line-counter',
  description: 'Counts the lines of a file.',
  source: 'builtin',
  ...extra,
});

const validation = (extra: ToolDraft = {}): ToolDraft => ({
  name: 'qa/check-lines',
  description: 'Checks the line counter.',
  toolType: 'validation',
  source: 'wrapped',
  wraps: 'local/line-counter',
  ...extra,
});

const slot = (extra: ToolDraft = {}): ToolDraft => ({
  name: 'repo',
  resourceType: 'git_repository',
  access: 'read_only',
  ...extra,
});

/** `CODE path` of every issue, in order; [] when the draft is valid. */
function problems(draft: ToolDraft): string[] {
  const checked = validateTool(draft);
  return checked.ok ? [] : checked.issues.map((issue) => `${issue.code} ${issue.path}`);
}

function valid(draft: ToolDraft): ToolDefinition {
  const checked = validateTool(draft);
  if (!checked.ok) throw new Error(`expected a valid tool, got ${JSON.stringify(checked.issues)}`);
  return checked.value;
}

function issues(draft: ToolDraft): Issue[] {
  const checked = validateTool(draft);
  return checked.ok ? [] : checked.issues;
}

describe('INVALID_NAME: name is namespace/short_name', () => {
  it.each(['local/line-counter', 'devops/docker-build', 'a/b', 'x.y_z-1/v2.0', `${'a'.repeat(64)}/${'b'.repeat(64)}`])('accepts %s', (name) => {
    expect(problems(builtin({ name }))).toEqual([]);
  });

  it.each([
    ['no slash', 'line-counter'],
    ['two slashes', 'a/b/c'],
    ['an empty namespace', '/tool'],
    ['an empty short name', 'local/'],
    ['upper case', 'Local/tool'],
    ['a space', 'local/line counter'],
    ['a part starting with a dot', 'local/.hidden'],
    ['a part ending with a dash', 'local-/tool'],
    ['a part of 65 characters', `local/${'a'.repeat(65)}`],
    ['a non-ASCII letter', 'local/caf\u00e9'],
  ])('rejects a name with %s', (_why, name) => {
    expect(problems(builtin({ name }))).toEqual(['INVALID_NAME name']);
  });

  it('reports an absent, null or blank name as INVALID_NAME', () => {
    const { name: _omitted, ...withoutName } = builtin();
    expect(problems(withoutName)).toEqual(['INVALID_NAME name']);
    expect(problems(builtin({ name: null }))).toEqual(['INVALID_NAME name']);
    expect(problems(builtin({ name: '   ' }))).toEqual(['INVALID_NAME name']);
  });

  it('truncates a huge name in the message', () => {
    const [issue] = issues(builtin({ name: 'x'.repeat(10_000) }));
    expect(issue?.code).toBe('INVALID_NAME');
    expect(issue?.message.length).toBeLessThan(300);
  });
});

describe('INVALID_DESCRIPTION: description is non-empty after trimming, at most 1000 chars', () => {
  it('accepts exactly 1000 characters, counted as code points', () => {
    expect(problems(builtin({ description: 'd'.repeat(1000) }))).toEqual([]);
    expect(problems(builtin({ description: '\u{1F600}'.repeat(1000) }))).toEqual([]);
  });

  it('rejects 1001 characters', () => {
    expect(problems(builtin({ description: 'd'.repeat(1001) }))).toEqual(['INVALID_DESCRIPTION description']);
  });

  it('rejects an absent, empty or whitespace-only description', () => {
    expect(problems(builtin({ description: undefined }))).toEqual(['INVALID_DESCRIPTION description']);
    expect(problems(builtin({ description: '' }))).toEqual(['INVALID_DESCRIPTION description']);
    expect(problems(builtin({ description: ' \n\t ' }))).toEqual(['INVALID_DESCRIPTION description']);
  });

  it('keeps the description as given', () => {
    expect(valid(builtin({ description: '  Counts lines.  ' })).description).toBe('  Counts lines.  ');
  });
});

describe('MISSING_SOURCE_FIELD: each source has its required fields', () => {
  it('accepts each source with exactly its fields', () => {
    expect(problems(builtin({ source: 'mcp', mcpServer: 'fs', mcpToolName: 'wc' }))).toEqual([]);
    expect(problems(builtin({ source: 'agent_skill', agentSkillPath: 'skills/wc' }))).toEqual([]);
    expect(problems(builtin({ source: 'custom', code: 'def run(): pass' }))).toEqual([]);
    expect(problems(builtin({ source: 'builtin' }))).toEqual([]);
  });

  it('needs mcpServer and mcpToolName for mcp', () => {
    expect(problems(builtin({ source: 'mcp' }))).toEqual(['MISSING_SOURCE_FIELD mcpServer', 'MISSING_SOURCE_FIELD mcpToolName']);
    expect(problems(builtin({ source: 'mcp', mcpServer: 'fs' }))).toEqual(['MISSING_SOURCE_FIELD mcpToolName']);
  });

  it('needs agentSkillPath for agent_skill', () => {
    expect(problems(builtin({ source: 'agent_skill' }))).toEqual(['MISSING_SOURCE_FIELD agentSkillPath']);
  });

  it('needs code for custom, and blank code counts as missing', () => {
    expect(problems(builtin({ source: 'custom' }))).toEqual(['MISSING_SOURCE_FIELD code']);
    expect(problems(builtin({ source: 'custom', code: '  \n' }))).toEqual(['MISSING_SOURCE_FIELD code']);
  });
});

describe('FIELD_NOT_ALLOWED: a source-specific field given for another source', () => {
  it('rejects code on an mcp tool', () => {
    expect(problems(builtin({ source: 'mcp', mcpServer: 'fs', mcpToolName: 'wc', code: 'x = 1' }))).toEqual(['FIELD_NOT_ALLOWED code']);
  });

  it('rejects every source field on a builtin tool', () => {
    expect(problems(builtin({ code: 'x', mcpServer: 's', mcpToolName: 't', agentSkillPath: 'p' }))).toEqual([
      'FIELD_NOT_ALLOWED code',
      'FIELD_NOT_ALLOWED mcpServer',
      'FIELD_NOT_ALLOWED mcpToolName',
      'FIELD_NOT_ALLOWED agentSkillPath',
    ]);
  });

  it('treats null as not given', () => {
    expect(problems(builtin({ code: null, mcpServer: null }))).toEqual([]);
  });

  it('rejects source fields on a validation', () => {
    expect(problems(validation({ code: 'x', agentSkillPath: 'p' }))).toEqual(['FIELD_NOT_ALLOWED code', 'FIELD_NOT_ALLOWED agentSkillPath']);
  });

  it('rejects wraps on a tool that is not a validation', () => {
    expect(problems(builtin({ wraps: 'local/other' }))).toEqual(['FIELD_NOT_ALLOWED wraps']);
  });
});

describe('WRAPPED_ONLY_FOR_VALIDATION: wrapped is for validations, and a validation is wrapped', () => {
  it('rejects a plain tool with source wrapped', () => {
    expect(problems(builtin({ source: 'wrapped' }))).toEqual(['WRAPPED_ONLY_FOR_VALIDATION source']);
  });

  it("rejects a validation with another source, without asking for that source's fields", () => {
    expect(problems(validation({ source: 'mcp' }))).toEqual(['WRAPPED_ONLY_FOR_VALIDATION source']);
  });

  it('accepts a wrapped validation', () => {
    const tool = valid(validation());
    expect(tool).toMatchObject({ toolType: 'validation', source: 'wrapped', wraps: 'local/line-counter' });
  });
});

describe('WRAPPED_TOOL_NOT_FOUND: a validation names the tool it wraps', () => {
  it('rejects a validation without wraps', () => {
    expect(problems(validation({ wraps: undefined }))).toEqual(['WRAPPED_TOOL_NOT_FOUND wraps']);
    expect(problems(validation({ wraps: null }))).toEqual(['WRAPPED_TOOL_NOT_FOUND wraps']);
    expect(problems(validation({ wraps: ' ' }))).toEqual(['WRAPPED_TOOL_NOT_FOUND wraps']);
  });

  it('rejects a validation wrapping itself', () => {
    expect(problems(validation({ wraps: 'qa/check-lines' }))).toEqual(['WRAPPED_TOOL_NOT_FOUND wraps']);
  });

  it('rejects a wraps that cannot be a tool name', () => {
    expect(problems(validation({ wraps: 'Not A Name' }))).toEqual(['WRAPPED_TOOL_NOT_FOUND wraps']);
  });
});

describe('READ_ONLY_CONFLICT: readOnly implies writes = false and checkpointable = false', () => {
  it('rejects a read-only tool that writes, at capability.writes', () => {
    expect(problems(builtin({ capability: { readOnly: true, writes: true } }))).toEqual(['READ_ONLY_CONFLICT capability.writes']);
  });

  it('rejects a read-only checkpointable tool, at capability.checkpointable', () => {
    expect(problems(builtin({ capability: { readOnly: true, checkpointable: true } }))).toEqual(['READ_ONLY_CONFLICT capability.checkpointable']);
  });

  it('reports both conflicts together', () => {
    expect(problems(builtin({ capability: { readOnly: true, writes: true, checkpointable: true } }))).toEqual([
      'READ_ONLY_CONFLICT capability.writes',
      'READ_ONLY_CONFLICT capability.checkpointable',
    ]);
  });

  it('accepts a writing, checkpointable tool that is not read-only', () => {
    expect(problems(builtin({ capability: { writes: true, checkpointable: true, checkpointScope: 'resource' } }))).toEqual([]);
  });
});

describe('CHECKPOINT_SCOPE_WITHOUT_CHECKPOINTABLE: checkpointScope only when checkpointable', () => {
  it.each(['resource', 'write_scope', 'session'])('rejects scope %s without checkpointable', (scope) => {
    expect(problems(builtin({ capability: { checkpointScope: scope } }))).toEqual(['CHECKPOINT_SCOPE_WITHOUT_CHECKPOINTABLE capability.checkpointScope']);
  });

  it('accepts a scope on a checkpointable tool, and no scope on one', () => {
    expect(problems(builtin({ capability: { checkpointable: true, checkpointScope: 'session' } }))).toEqual([]);
    expect(problems(builtin({ capability: { checkpointable: true } }))).toEqual([]);
  });
});

describe('INVALID_SLOT_NAME: a slot name is a Python identifier and not a keyword', () => {
  it.each(['repo', '_', '_private', 'x1', 'caf\u00e9', '\u540d\u524d', 'match', 'case', 'type'])('accepts %s', (name) => {
    expect(problems(builtin({ resourceSlots: [slot({ name })] }))).toEqual([]);
  });

  it.each(['1repo', 'my-repo', 'my repo', '', 'a.b', '\u{1F600}', 'x!', '\u00b7x'])('rejects %j', (name) => {
    expect(problems(builtin({ resourceSlots: [slot({ name })] }))).toEqual(['INVALID_SLOT_NAME resourceSlots[0].name']);
  });

  it.each(['class', 'None', 'True', 'False', 'async', 'await', 'lambda', 'nonlocal', 'yield', 'and'])('rejects the keyword %s', (name) => {
    expect(problems(builtin({ resourceSlots: [slot({ name })] }))).toEqual(['INVALID_SLOT_NAME resourceSlots[0].name']);
  });

  it('matches str.isidentifier(), which keywords pass (the rule refuses them on top, above)', () => {
    expect(isPythonIdentifier('class')).toBe(true);
    expect(isPythonIdentifier('\u2118x')).toBe(true); // ℘ is Other_ID_Start, so XID_Start
  });
});

describe('DUPLICATE_SLOT_NAME: slot names are unique within a tool', () => {
  it('reports the later slot of a duplicate pair', () => {
    const slots = [slot({ name: 'repo' }), slot({ name: 'target' }), slot({ name: 'repo' })];
    expect(problems(builtin({ resourceSlots: slots }))).toEqual(['DUPLICATE_SLOT_NAME resourceSlots[2].name']);
  });

  it('reports every repetition', () => {
    const slots = [slot(), slot(), slot()];
    expect(problems(builtin({ resourceSlots: slots }))).toEqual(['DUPLICATE_SLOT_NAME resourceSlots[1].name', 'DUPLICATE_SLOT_NAME resourceSlots[2].name']);
  });

  it('is case-sensitive', () => {
    expect(problems(builtin({ resourceSlots: [slot({ name: 'repo' }), slot({ name: 'Repo' })] }))).toEqual([]);
  });
});

describe('STATIC_RESOURCE_REQUIRED: a static slot names its resource', () => {
  it('rejects a static slot without staticResource', () => {
    expect(problems(builtin({ resourceSlots: [slot({ binding: 'static' })] }))).toEqual(['STATIC_RESOURCE_REQUIRED resourceSlots[0].staticResource']);
    expect(problems(builtin({ resourceSlots: [slot({ binding: 'static', staticResource: '' })] }))).toEqual([
      'STATIC_RESOURCE_REQUIRED resourceSlots[0].staticResource',
    ]);
  });

  it('accepts a static slot with its resource', () => {
    const tool = valid(builtin({ resourceSlots: [slot({ binding: 'static', staticResource: 'main-repo' })] }));
    expect(tool.resourceSlots[0]).toMatchObject({ binding: 'static', staticResource: 'main-repo' });
  });
});

describe('STATIC_RESOURCE_FORBIDDEN: only a static slot names a resource', () => {
  it('rejects staticResource on an explicitly contextual slot', () => {
    expect(problems(builtin({ resourceSlots: [slot({ binding: 'contextual', staticResource: 'x' })] }))).toEqual([
      'STATIC_RESOURCE_FORBIDDEN resourceSlots[0].staticResource',
    ]);
  });

  it('rejects staticResource on a slot with the default binding', () => {
    expect(problems(builtin({ resourceSlots: [slot(), slot({ name: 'other', staticResource: 'x' })] }))).toEqual([
      'STATIC_RESOURCE_FORBIDDEN resourceSlots[1].staticResource',
    ]);
  });
});

describe('INVALID_TIMEOUT: an integer >= 1 that fits 32 bits', () => {
  it.each([1, 300, 2147483647])('accepts %p', (timeout) => {
    expect(valid(builtin({ timeout })).timeout).toBe(timeout);
  });

  it.each([0, -1, 1.5, 2147483648, '300', true, Number.NaN, Number.POSITIVE_INFINITY, [300]])('rejects %p', (timeout) => {
    expect(problems(builtin({ timeout }))).toEqual(['INVALID_TIMEOUT timeout']);
  });
});

describe('INVALID_JSON_SCHEMA: input/output schemas are valid draft 2020-12 JSON Schema objects', () => {
  it('accepts a realistic schema, and keeps a copy of it', () => {
    const inputSchema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { path: { type: 'string', pattern: '^[^\\0]+$' }, limit: { type: 'integer', minimum: 1 } },
      required: ['path'],
      additionalProperties: false,
      $defs: { id: { $ref: 'https://example.com/never-fetched.json' } },
    };
    const tool = valid(builtin({ inputSchema, outputSchema: {} }));
    expect(tool.inputSchema).toEqual(inputSchema);
    expect(tool.inputSchema).not.toBe(inputSchema);
    expect(tool.outputSchema).toEqual({});
  });

  it('keeps keys that are special in JavaScript, such as __proto__, as ordinary keys', () => {
    const inputSchema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}},"__proto__":{"x":1}}');
    const tool = valid(builtin({ inputSchema }));
    expect(Object.keys(tool.inputSchema!)).toEqual(['type', 'properties', '__proto__']);
    expect(JSON.stringify(tool.inputSchema)).toBe(JSON.stringify(inputSchema));
  });

  it.each([
    ['a NUL character in a value', { type: 'string', description: 'a\u0000b' }, '/description'],
    ['a lone surrogate in a value', { type: 'string', enum: ['ok', '\ud800'] }, '/enum/1'],
    ['a lone surrogate in a key', { type: 'object', properties: { ['k\udfff']: { type: 'string' } } }, '/properties'],
  ])('refuses %s, saying where', (_label, schema, pointer) => {
    const [issue] = checkJsonSchema(schema, 'inputSchema');
    expect(issue?.code).toBe('INVALID_JSON_SCHEMA');
    expect(issue?.message).toContain(`cannot be stored`);
    expect(issue?.message).toContain(pointer);
  });

  it.each([
    ['a wrong type keyword', { type: 'text' }],
    ['a non-number minimum', { properties: { n: { minimum: 'one' } } }],
    ['required not a list', { required: 'path' }],
    ['a bad regular expression', { properties: { p: { pattern: '(' } } }],
    ['a bad patternProperties key', { patternProperties: { '[': {} } }],
    ['a list', [{ type: 'string' }]],
    ['a boolean schema', true],
    ['a string', '{"type": "object"}'],
    ['a non-JSON number', { maximum: Number.POSITIVE_INFINITY }],
  ])('rejects %s', (_why, inputSchema) => {
    expect(problems(builtin({ inputSchema }))).toEqual(['INVALID_JSON_SCHEMA inputSchema']);
  });

  it('refuses a schema nested too deeply, without exhausting the stack', () => {
    let inputSchema: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) inputSchema = { not: inputSchema };
    expect(problems(builtin({ inputSchema }))).toEqual(['INVALID_JSON_SCHEMA inputSchema']);
    let shallow: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 30; i++) shallow = { items: shallow };
    expect(problems(builtin({ inputSchema: shallow }))).toEqual([]);
  });

  it('reports each schema at its own path', () => {
    expect(problems(builtin({ inputSchema: { type: 1 }, outputSchema: { type: 2 } }))).toEqual([
      'INVALID_JSON_SCHEMA inputSchema',
      'INVALID_JSON_SCHEMA outputSchema',
    ]);
  });

  it('checkJsonSchema reports at the path it is given, with a message naming the bad keyword', () => {
    const found = checkJsonSchema({ type: 'text' }, 'input_schema');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ path: 'input_schema', code: 'INVALID_JSON_SCHEMA' });
    expect(found[0]?.message).toContain('/type');
    expect(checkJsonSchema({ type: 'object' }, 'x')).toEqual([]);
  });
});

describe('UNKNOWN_FIELD: a key the model does not have', () => {
  it('rejects unknown keys at every level', () => {
    const draft = builtin({
      color: 'blue',
      capability: { readOnly: true, fast: true },
      resourceSlots: [slot({ kind: 'x' })],
      lifecycle: { start: 'hook' },
    });
    expect(problems(draft)).toEqual([
      'UNKNOWN_FIELD color',
      'UNKNOWN_FIELD capability.fast',
      'UNKNOWN_FIELD resourceSlots[0].kind',
      'UNKNOWN_FIELD lifecycle.start',
    ]);
  });

  it('rejects snake_case keys, which belong to configs only', () => {
    expect(problems(builtin({ tool_type: 'tool' }))).toEqual(['UNKNOWN_FIELD tool_type']);
  });

  it('rejects a key named __proto__', () => {
    expect(problems(JSON.parse('{"name":"a/b","description":"d","source":"builtin","__proto__":{}}'))).toEqual(['UNKNOWN_FIELD __proto__']);
  });
});

describe('REQUIRED_FIELD: source and the slot fields without defaults', () => {
  it('requires a source', () => {
    expect(problems(builtin({ source: undefined }))).toEqual(['REQUIRED_FIELD source']);
    expect(problems(builtin({ source: null }))).toEqual(['REQUIRED_FIELD source']);
  });

  it('requires a slot name, resourceType and access', () => {
    expect(problems(builtin({ resourceSlots: [{}] }))).toEqual([
      'REQUIRED_FIELD resourceSlots[0].name',
      'REQUIRED_FIELD resourceSlots[0].resourceType',
      'REQUIRED_FIELD resourceSlots[0].access',
    ]);
  });
});

describe('INVALID_VALUE: wrong types and values outside an enum', () => {
  it('rejects enum values outside the domain, including GraphQL spellings', () => {
    expect(problems(builtin({ source: 'MCP', toolType: 'tool' }))).toEqual(['INVALID_VALUE source']);
    expect(problems(builtin({ toolType: 'plugin' }))).toEqual(['INVALID_VALUE toolType']);
    expect(problems(builtin({ capability: { checkpointable: true, checkpointScope: 'global' } }))).toEqual(['INVALID_VALUE capability.checkpointScope']);
    expect(problems(builtin({ resourceSlots: [slot({ access: 'write', binding: 'dynamic' })] }))).toEqual([
      'INVALID_VALUE resourceSlots[0].access',
      'INVALID_VALUE resourceSlots[0].binding',
    ]);
  });

  it('rejects values of the wrong type', () => {
    const draft = builtin({
      name: 42,
      capability: { readOnly: 'yes', sideEffects: ['network', 3], costProfile: 1 },
      resourceSlots: [slot({ required: 'no', description: 5 })],
      lifecycle: { activate: ['x'] },
    });
    expect(problems(draft)).toEqual([
      'INVALID_VALUE name',
      'INVALID_VALUE capability.readOnly',
      'INVALID_VALUE capability.costProfile',
      'INVALID_VALUE capability.sideEffects[1]',
      'INVALID_VALUE resourceSlots[0].description',
      'INVALID_VALUE resourceSlots[0].required',
      'INVALID_VALUE lifecycle.activate',
    ]);
  });

  it('rejects objects and lists of the wrong shape', () => {
    expect(problems(builtin({ capability: [], resourceSlots: {}, lifecycle: 'on' }))).toEqual([
      'INVALID_VALUE capability',
      'INVALID_VALUE resourceSlots',
      'INVALID_VALUE lifecycle',
    ]);
    expect(problems(builtin({ resourceSlots: ['repo'] }))).toEqual(['INVALID_VALUE resourceSlots[0]']);
    expect(problems(builtin({ capability: { sideEffects: 'network' } }))).toEqual(['INVALID_VALUE capability.sideEffects']);
  });

  it('rejects a blank resource type and text with NUL characters', () => {
    expect(problems(builtin({ resourceSlots: [slot({ resourceType: ' ' })] }))).toEqual(['INVALID_VALUE resourceSlots[0].resourceType']);
    expect(problems(builtin({ description: 'a\u0000b' }))).toEqual(['INVALID_VALUE description']);
  });

  it('rejects text that is not well-formed Unicode (a lone surrogate) in every text field', () => {
    const lone = 'x\ud800y';
    expect(
      problems({
        ...builtin({ source: 'mcp', mcpServer: lone, mcpToolName: '\udc00', description: lone }),
        capability: { writeScope: lone, costProfile: lone, sideEffects: [lone] },
        resourceSlots: [slot({ description: lone, resourceType: lone })],
        lifecycle: { discover: lone },
      }),
    ).toEqual([
      'INVALID_VALUE description',
      'INVALID_VALUE mcpServer',
      'INVALID_VALUE mcpToolName',
      'INVALID_VALUE capability.writeScope',
      'INVALID_VALUE capability.costProfile',
      'INVALID_VALUE capability.sideEffects[0]',
      'INVALID_VALUE resourceSlots[0].resourceType',
      'INVALID_VALUE resourceSlots[0].description',
      'INVALID_VALUE lifecycle.discover',
    ]);
    expect(problems(builtin({ description: 'a well-formed pair \ud83d\ude80' }))).toEqual([]);
  });

  it('rejects a draft that is not an object', () => {
    expect(problems(null as unknown as ToolDraft)).toEqual(['INVALID_VALUE ']);
    expect(problems([] as unknown as ToolDraft)).toEqual(['INVALID_VALUE ']);
  });

  it('truncates echoed values in messages', () => {
    const [issue] = issues(builtin({ source: 's'.repeat(5000) }));
    expect(issue?.code).toBe('INVALID_VALUE');
    expect(issue?.message.length).toBeLessThan(200);
  });
});

describe('VALUE_TOO_LARGE: each text, list and schema has a size limit (src/domain/limits.ts)', () => {
  const text = (length: number, char = 'x') => char.repeat(length);

  it.each([
    ['code', MAX_CODE_LENGTH, (value: string) => builtin({ source: 'custom', code: value })],
    ['mcpServer', MAX_LABEL_LENGTH, (value: string) => builtin({ source: 'mcp', mcpServer: value, mcpToolName: 't' })],
    ['mcpToolName', MAX_LABEL_LENGTH, (value: string) => builtin({ source: 'mcp', mcpServer: 's', mcpToolName: value })],
    ['agentSkillPath', MAX_REFERENCE_LENGTH, (value: string) => builtin({ source: 'agent_skill', agentSkillPath: value })],
    ['capability.writeScope', MAX_REFERENCE_LENGTH, (value: string) => builtin({ capability: { writeScope: value } })],
    ['capability.costProfile', MAX_LABEL_LENGTH, (value: string) => builtin({ capability: { costProfile: value } })],
    ['capability.sideEffects[0]', MAX_LABEL_LENGTH, (value: string) => builtin({ capability: { sideEffects: [value] } })],
    ['resourceSlots[0].resourceType', MAX_LABEL_LENGTH, (value: string) => builtin({ resourceSlots: [slot({ resourceType: value })] })],
    ['resourceSlots[0].description', MAX_SLOT_DESCRIPTION_LENGTH, (value: string) => builtin({ resourceSlots: [slot({ description: value })] })],
    ['resourceSlots[0].staticResource', MAX_LABEL_LENGTH, (value: string) => builtin({ resourceSlots: [slot({ binding: 'static', staticResource: value })] })],
    ['lifecycle.activate', MAX_REFERENCE_LENGTH, (value: string) => builtin({ lifecycle: { activate: value } })],
  ])('%s: accepts %d characters, refuses one more', (path, max, draft) => {
    expect(problems(draft(text(max)))).toEqual([]);
    expect(problems(draft(text(max + 1)))).toEqual([`VALUE_TOO_LARGE ${path}`]);
    // Counted in characters: a character outside the BMP is one, not two UTF-16 units.
    expect(problems(draft(text(max, '🚀')))).toEqual([]);
  });

  it('refuses more resource slots or side effects than allowed, without reading a single one', () => {
    const slots = Array.from({ length: MAX_RESOURCE_SLOTS }, (_, i) => slot({ name: `s${i}` }));
    expect(problems(builtin({ resourceSlots: slots }))).toEqual([]);
    expect(problems(builtin({ resourceSlots: [...slots, slot({ name: 'one_more' })] }))).toEqual(['VALUE_TOO_LARGE resourceSlots']);
    const hundredThousand = Array.from({ length: 100_000 }, () => 'not even a slot');
    const started = performance.now();
    expect(problems(builtin({ resourceSlots: hundredThousand }))).toEqual(['VALUE_TOO_LARGE resourceSlots']);
    expect(performance.now() - started).toBeLessThan(50);
    const effects = Array.from({ length: MAX_SIDE_EFFECTS + 1 }, (_, i) => `effect ${i}`);
    expect(problems(builtin({ capability: { sideEffects: effects } }))).toEqual(['VALUE_TOO_LARGE capability.sideEffects']);
  });

  it(`refuses a schema of more than ${MAX_SCHEMA_BYTES / 1024} KiB as JSON`, () => {
    const schemaOf = (bytes: number) => {
      const base = { type: 'object', description: '' };
      return { ...base, description: 'x'.repeat(bytes - Buffer.byteLength(JSON.stringify(base))) };
    };
    expect(Buffer.byteLength(JSON.stringify(schemaOf(MAX_SCHEMA_BYTES)))).toBe(MAX_SCHEMA_BYTES);
    expect(problems(builtin({ inputSchema: schemaOf(MAX_SCHEMA_BYTES) }))).toEqual([]);
    expect(problems(builtin({ outputSchema: schemaOf(MAX_SCHEMA_BYTES + 1) }))).toEqual(['VALUE_TOO_LARGE outputSchema']);
  });

  it('reports every field past its limit together, with the other issues', () => {
    expect(
      problems(
        builtin({ source: 'custom', code: text(MAX_CODE_LENGTH + 1), capability: { readOnly: true, writes: true, costProfile: text(MAX_LABEL_LENGTH + 1) } }),
      ),
    ).toEqual(['VALUE_TOO_LARGE code', 'VALUE_TOO_LARGE capability.costProfile', 'READ_ONLY_CONFLICT capability.writes']);
  });
});

describe('all issues of one input come back together', () => {
  it('reports every broken rule of a draft at once', () => {
    const draft = {
      name: 'Bad Name',
      description: '',
      source: 'mcp',
      code: 'print(1)',
      wraps: 'local/x',
      capability: { readOnly: true, writes: true, checkpointScope: 'session', extra: 1 },
      resourceSlots: [slot({ name: 'class', binding: 'static' }), slot({ name: 'repo', staticResource: 'r' }), slot({ name: 'repo' })],
      inputSchema: { type: 'nope' },
      timeout: 0,
    };
    expect(problems(draft)).toEqual([
      'INVALID_NAME name',
      'INVALID_DESCRIPTION description',
      'FIELD_NOT_ALLOWED code',
      'MISSING_SOURCE_FIELD mcpServer',
      'MISSING_SOURCE_FIELD mcpToolName',
      'FIELD_NOT_ALLOWED wraps',
      'INVALID_JSON_SCHEMA inputSchema',
      'UNKNOWN_FIELD capability.extra',
      'READ_ONLY_CONFLICT capability.writes',
      'CHECKPOINT_SCOPE_WITHOUT_CHECKPOINTABLE capability.checkpointScope',
      'INVALID_SLOT_NAME resourceSlots[0].name',
      'STATIC_RESOURCE_REQUIRED resourceSlots[0].staticResource',
      'STATIC_RESOURCE_FORBIDDEN resourceSlots[1].staticResource',
      'DUPLICATE_SLOT_NAME resourceSlots[2].name',
      'INVALID_TIMEOUT timeout',
    ]);
  });

  it('gives every issue a non-empty message', () => {
    const found = issues({ name: '', source: 'nope', resourceSlots: [{}], timeout: -5 });
    expect(found.length).toBeGreaterThan(3);
    for (const issue of found) expect(issue.message.trim()).not.toBe('');
  });
});

describe("defaults: the seed's defaults are applied", () => {
  it("fills every optional field of a minimal tool, in the model's key order", () => {
    const tool = valid(builtin());
    expect(tool).toEqual(builtinTool('local/line-counter', { description: 'Counts the lines of a file.' }));
    expect(Object.keys(tool)).toEqual([
      'name',
      'description',
      'source',
      'toolType',
      'code',
      'mcpServer',
      'mcpToolName',
      'agentSkillPath',
      'wraps',
      'inputSchema',
      'outputSchema',
      'capability',
      'resourceSlots',
      'lifecycle',
      'timeout',
    ]);
  });

  it('treats null like absent for defaulted fields', () => {
    const nulls = builtin({
      toolType: null,
      capability: null,
      resourceSlots: null,
      lifecycle: null,
      timeout: null,
      inputSchema: null,
    });
    expect(valid(nulls)).toEqual(valid(builtin()));
    expect(valid(builtin({ capability: { readOnly: null, sideEffects: null } })).capability).toEqual(defaultCapability());
  });

  it("fills a slot's description, binding, staticResource and required", () => {
    const [filled] = valid(builtin({ resourceSlots: [slot({ description: null })] })).resourceSlots;
    expect(filled).toEqual({
      name: 'repo',
      resourceType: 'git_repository',
      access: 'read_only',
      description: '',
      binding: 'contextual',
      staticResource: null,
      required: true,
    });
    expect(Object.keys(filled ?? {})).toEqual(['name', 'resourceType', 'access', 'description', 'binding', 'staticResource', 'required']);
  });

  it('fills the missing hooks of a given lifecycle with null', () => {
    expect(valid(builtin({ lifecycle: { activate: 'hooks.activate' } })).lifecycle).toEqual({
      discover: null,
      activate: 'hooks.activate',
      deactivate: null,
    });
  });

  it("keeps given capability values, in the model's key order", () => {
    const capability = valid(
      builtin({
        capability: { costProfile: 'cheap', sideEffects: ['network'], writes: true, writeScope: 'repo/**', unsafe: true },
      }),
    ).capability;
    expect(capability).toEqual({ ...defaultCapability(), costProfile: 'cheap', sideEffects: ['network'], writes: true, writeScope: 'repo/**', unsafe: true });
    expect(Object.keys(capability)).toEqual(Object.keys(defaultCapability()));
  });
});

describe('applyPatch: a patch merges over a stored definition', () => {
  const stored = valid(
    builtin({
      source: 'mcp',
      mcpServer: 'fs',
      mcpToolName: 'wc',
      capability: { readOnly: true, sideEffects: ['reads disk'], costProfile: 'cheap' },
      resourceSlots: [slot(), slot({ name: 'target' })],
      lifecycle: { activate: 'on_activate', deactivate: 'on_deactivate' },
      timeout: 60,
    }),
  );

  const patched = (patch: ToolDraft): ToolDefinition => valid(applyPatch(stored, patch));

  it('keeps every field the patch leaves out (or leaves undefined)', () => {
    expect(patched({})).toEqual(stored);
    expect(patched({ description: undefined, timeout: undefined })).toEqual(stored);
  });

  it('replaces a given scalar', () => {
    expect(patched({ description: 'New.', timeout: 10 })).toEqual({ ...stored, description: 'New.', timeout: 10 });
  });

  it('replaces a given list whole', () => {
    expect(patched({ resourceSlots: [slot({ name: 'only' })] }).resourceSlots.map((s) => s.name)).toEqual(['only']);
    expect(patched({ capability: { sideEffects: ['network'] } }).capability.sideEffects).toEqual(['network']);
  });

  it('merges capability field by field', () => {
    expect(patched({ capability: { idempotent: true } }).capability).toEqual({
      ...stored.capability,
      idempotent: true,
    });
  });

  it('resets a capability field given as null to its default', () => {
    expect(patched({ capability: { costProfile: null, readOnly: null } }).capability).toEqual({
      ...stored.capability,
      costProfile: null,
      readOnly: false,
    });
  });

  it('resets the whole capability when it is null', () => {
    expect(patched({ capability: null }).capability).toEqual(defaultCapability());
  });

  it('merges lifecycle field by field, and removes it when null', () => {
    expect(patched({ lifecycle: { discover: 'find' } }).lifecycle).toEqual({
      discover: 'find',
      activate: 'on_activate',
      deactivate: 'on_deactivate',
    });
    expect(patched({ lifecycle: null }).lifecycle).toBeNull();
    const withoutLifecycle = { ...stored, lifecycle: null };
    expect(valid(applyPatch(withoutLifecycle, { lifecycle: { activate: 'a' } })).lifecycle).toEqual({
      discover: null,
      activate: 'a',
      deactivate: null,
    });
  });

  it('resets a defaulted field given as null', () => {
    expect(patched({ timeout: null }).timeout).toBe(300);
  });

  it('leaves rule checks to validateTool: switching source keeps the old source fields', () => {
    expect(problems(applyPatch(stored, { source: 'custom', code: 'x = 1' }))).toEqual(['FIELD_NOT_ALLOWED mcpServer', 'FIELD_NOT_ALLOWED mcpToolName']);
    expect(patched({ source: 'custom', code: 'x = 1', mcpServer: null, mcpToolName: null })).toMatchObject({
      source: 'custom',
      code: 'x = 1',
      mcpServer: null,
      mcpToolName: null,
    });
  });

  it('copies name and unknown keys, for the caller and validateTool to judge', () => {
    const draft = applyPatch(stored, { name: 'local/renamed', colour: 'red' });
    expect(draft.name).toBe('local/renamed');
    expect(problems(draft)).toEqual(['UNKNOWN_FIELD colour']);
  });

  it('reports a capability patch of the wrong type', () => {
    expect(problems(applyPatch(stored, { capability: 'all' }))).toEqual(['INVALID_VALUE capability']);
  });

  it('never changes the stored definition', () => {
    const before = structuredClone(stored);
    const draft = applyPatch(stored, { capability: { writes: false } });
    (draft.resourceSlots as ToolDraft[]).push(slot({ name: 'extra' }));
    ((draft.capability as ToolDraft).sideEffects as string[]).push('x');
    expect(stored).toEqual(before);
  });

  it('ignores the bookkeeping of a stored tool', () => {
    const storedTool = { ...stored, createdAt: new Date(0), updatedAt: new Date(0) };
    expect(valid(applyPatch(storedTool, {}))).toEqual(stored);
  });
});

describe('sameJsonValue: how an import tells an unchanged tool', () => {
  it('ignores key order and prototypes (structuredClone under Jest gives another realm)', () => {
    const value = { b: [1, { c: null }], a: 'x' };
    expect(sameJsonValue(value, structuredClone({ a: 'x', b: [1, { c: null }] }))).toBe(true);
    expect(sameJsonValue(value, { a: 'x', b: [1, { c: false }] })).toBe(false);
    expect(sameJsonValue(value, { a: 'x', b: [1, { c: null }], d: undefined })).toBe(false);
    expect(sameJsonValue([1], { 0: 1 })).toBe(false);
  });
});
