/**
 * schemas/tool.schema.json, the JSON Schema of tool config files (issue 11): up to date with the
 * domain's definitions, valid for every example (which points editors at it), in agreement with
 * the domain on known and unknown keys and on enum values at every level, and never stricter than
 * the domain: over thousands of configs, each a valid one with one value changed, the schema
 * refuses none the domain accepts, and refuses every one the domain refuses for a rule it encodes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import Ajv from 'ajv';
import { load, CORE_SCHEMA } from 'js-yaml';
import { DERIVED_NAME_KEYS, fromConfig, parseToolConfigs, toSnake } from '../../src/domain/config';
import { toolConfigSchema, toolConfigSchemaText } from '../../src/domain/config-schema';
import type { Issue } from '../../src/domain/issues';
import { BINDING_MODES, CHECKPOINT_SCOPES, RESOURCE_ACCESS_MODES, TOOL_SOURCES, TOOL_TYPES } from '../../src/domain/model';
import { CAPABILITY_FIELDS, LIFECYCLE_FIELDS, RESOURCE_SLOT_FIELDS, TEXT_LIMITS, TOOL_FIELDS } from '../../src/domain/validation';

const root = join(__dirname, '..', '..');
const schemaFile = join(root, 'schemas', 'tool.schema.json');
const committed = JSON.parse(readFileSync(schemaFile, 'utf8'));
// Strict: a keyword Ajv does not know, or one misplaced, is an error in the schema itself (but `required`
// in an `if` may name properties declared elsewhere, as conditions do).
const validate = new Ajv({ strict: true, strictRequired: false, allErrors: true }).compile(committed);
const schemaAccepts = (config: unknown): boolean => validate(config);

const exampleFiles = readdirSync(join(root, 'examples', 'tools'))
  .filter((file) => file.endsWith('.yaml'))
  .map((file) => join(root, 'examples', 'tools', file));

/** A valid config of each source, and a validation, each with every object of the model filled in. */
const BASES: Record<string, Record<string, unknown>> = {
  mcp: { name: 'base/mcp', description: 'An MCP tool.', source: 'mcp', mcp_server: 'srv', mcp_tool_name: 'run' },
  agent_skill: { name: 'base/skill', description: 'A skill.', source: 'agent_skill', agent_skill_path: 'skills/x' },
  builtin: { name: 'base/builtin', description: 'A builtin.', source: 'builtin' },
  custom: { name: 'base/custom', description: 'Custom code.', source: 'custom', code: 'print(1)' },
  validation: { name: 'base/check', description: 'A validation.', source: 'wrapped', tool_type: 'validation', wraps: 'base/builtin' },
};
const FILLED = {
  input_schema: { type: 'object', properties: { a: { type: 'string' } } },
  output_schema: { type: 'object' },
  capability: {
    writes: true,
    write_scope: 'repo',
    checkpointable: true,
    checkpoint_scope: 'resource',
    side_effects: ['net'],
    idempotent: true,
    unsafe: false,
    human_approval_required: false,
    cost_profile: 'cheap',
  },
  resource_slots: [
    { name: 'repo', resource_type: 'git', access: 'read_write', description: 'The repo.', binding: 'contextual', required: true },
    { name: 'cache', resource_type: 'dir', access: 'read_only', binding: 'static', static_resource: 'shared-cache' },
  ],
  lifecycle: { discover: 'hooks:discover', activate: 'hooks:activate', deactivate: null },
  timeout: 60,
};
const bases = Object.entries(BASES).map(([label, base]) => [label, { ...base, ...FILLED }] as const);

const domainIssues = (config: unknown): Issue[] => {
  const checked = fromConfig(config);
  return checked.ok ? [] : checked.issues;
};

/** Values of every JSON type, and texts at and past each length the model uses. */
const SAMPLES: unknown[] = [
  null,
  '',
  '   ',
  'x',
  'base/builtin',
  'Mixed Case',
  'a'.repeat(TEXT_LIMITS.tool.mcpServer + 1),
  'a'.repeat(TEXT_LIMITS.tool.agentSkillPath + 1),
  0,
  1,
  -1,
  1.5,
  2 ** 31,
  true,
  false,
  [],
  ['x'],
  [null],
  {},
  { type: 'object' },
  { unknown_key: 1 },
  ...TOOL_SOURCES,
  ...TOOL_TYPES,
  ...CHECKPOINT_SCOPES,
  ...RESOURCE_ACCESS_MODES,
  ...BINDING_MODES,
  'MCP',
  'nope',
];

/** Every path of a config to change: each key of each object of the model, and an unknown one at each level. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null) return [];
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : [...Object.keys(value), 'unknown_key'];
  return keys.flatMap((key) => {
    const path = [...prefix, key];
    const child = (value as Record<string | number, unknown>)[key];
    // Schemas are data of their own: changed whole, never inside.
    return prefix.length === 0 && (key === 'input_schema' || key === 'output_schema') ? [path] : [path, ...pathsOf(child, path)];
  });
}

function withValue(config: Record<string, unknown>, path: (string | number)[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(config);
  let target: any = copy;
  for (const key of path.slice(0, -1)) target = target[key];
  target[path.at(-1)!] = value;
  return copy;
}

function without(config: Record<string, unknown>, path: (string | number)[]): Record<string, unknown> {
  const copy = structuredClone(config);
  let target: any = copy;
  for (const key of path.slice(0, -1)) target = target[key];
  if (Array.isArray(target)) target.splice(Number(path.at(-1)), 1);
  // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- the key at a path of a parsed config, which is plain data
  else delete target[path.at(-1)!];
  return copy;
}

/**
 * Whether the schema encodes the rule an issue reports: fields, types, enums, limits, required
 * fields and what a source and a validation have. Not: rules of code (slot names as Python
 * identifiers, read-only conflicts, checkpoint scopes, static resources, JSON Schema validity, a
 * validation wrapping itself, `namespace` and `short_name` agreeing with the name).
 */
function encodedBySchema(issue: Issue): boolean {
  if (issue.code === 'INVALID_NAME') return issue.path === 'name';
  return [
    'UNKNOWN_FIELD',
    'REQUIRED_FIELD',
    'INVALID_VALUE',
    'VALUE_TOO_LARGE',
    'INVALID_DESCRIPTION',
    'INVALID_TIMEOUT',
    'MISSING_SOURCE_FIELD',
    'FIELD_NOT_ALLOWED',
    'WRAPPED_ONLY_FOR_VALIDATION',
  ].includes(issue.code);
}

describe('schemas/tool.schema.json', () => {
  it("is what the domain's definitions give (npm run schema)", () => {
    expect(readFileSync(schemaFile, 'utf8')).toBe(toolConfigSchemaText());
  });

  it.each(exampleFiles.map((file) => [file.slice(root.length + 1), file]))('validates %s, which points editors at it', (_label, file) => {
    const text = readFileSync(file, 'utf8');
    const modeline = /^# yaml-language-server: \$schema=(\S+)$/m.exec(text.split('\n')[0]!);
    expect(modeline && resolve(dirname(file), modeline[1]!)).toBe(schemaFile);
    const config = load(text, { schema: CORE_SCHEMA });
    expect(validate(config) ? [] : validate.errors).toEqual([]);
    expect(parseToolConfigs(text)).toMatchObject({ ok: true });
  });

  it("knows exactly the domain's keys at every level", () => {
    const definitions = toolConfigSchema().definitions as Record<string, { properties: Record<string, unknown> }>;
    const keys = (definition: string) => Object.keys(definitions[definition]!.properties).sort();
    expect(keys('tool')).toEqual([...TOOL_FIELDS.map(toSnake), ...DERIVED_NAME_KEYS.map(([key]) => key)].sort());
    expect(keys('capability')).toEqual(CAPABILITY_FIELDS.map(toSnake).sort());
    expect(keys('resourceSlot')).toEqual(RESOURCE_SLOT_FIELDS.map(toSnake).sort());
    expect(keys('lifecycle')).toEqual(LIFECYCLE_FIELDS.map(toSnake).sort());
  });

  it.each(bases)('refuses an unknown key at every level of a %s config, as the domain does', (_label, base) => {
    const levels: (string | number)[][] = [[], ['capability'], ['resource_slots', 0], ['resource_slots', 1], ['lifecycle']];
    for (const level of levels) {
      const config = withValue(base, [...level, 'colour'], 'blue');
      expect([schemaAccepts(config), domainIssues(config).map((issue) => `${issue.code} ${issue.path}`)]).toEqual([
        false,
        [
          `UNKNOWN_FIELD ${[...level, 'colour']
            .map((key) => (typeof key === 'number' ? `[${key}]` : key))
            .join('.')
            .replace(/\.\[/g, '[')}`,
        ],
      ]);
    }
    expect(schemaAccepts({ tools: [base], colour: 'blue' })).toBe(false);
    expect(parseToolConfigs(JSON.stringify({ tools: [base], colour: 'blue' }))).toMatchObject({ ok: false, issues: [{ code: 'INVALID_CONFIG' }] });
  });

  it("has exactly the domain's enum values, each accepted where it applies and nothing else", () => {
    const enumOf = (schema: any) => schema.enum.filter((value: unknown) => value !== null);
    const { definitions } = toolConfigSchema() as any;
    expect(enumOf(definitions.tool.properties.source)).toEqual([...TOOL_SOURCES]);
    expect(enumOf(definitions.tool.properties.tool_type)).toEqual([...TOOL_TYPES]);
    expect(enumOf(definitions.capability.properties.checkpoint_scope)).toEqual([...CHECKPOINT_SCOPES]);
    expect(enumOf(definitions.resourceSlot.properties.access)).toEqual([...RESOURCE_ACCESS_MODES]);
    expect(enumOf(definitions.resourceSlot.properties.binding)).toEqual([...BINDING_MODES]);

    const agree = (config: Record<string, unknown>, valid: boolean) =>
      expect([schemaAccepts(config), domainIssues(config)]).toEqual([valid, valid ? [] : expect.anything()]);
    for (const [, base] of bases) agree(base, true);
    for (const scope of CHECKPOINT_SCOPES) agree(withValue(bases[0]![1], ['capability', 'checkpoint_scope'], scope), true);
    for (const access of RESOURCE_ACCESS_MODES) agree(withValue(bases[0]![1], ['resource_slots', 0, 'access'], access), true);
    for (const [path, bad] of [
      [['source'], 'MCP'],
      [['source'], 'nope'],
      [['tool_type'], 'Tool'],
      [['capability', 'checkpoint_scope'], 'everything'],
      [['resource_slots', 0, 'access'], 'write'],
      [['resource_slots', 0, 'binding'], 'dynamic'],
    ] as const) {
      agree(withValue(bases[0]![1], [...path], bad), false);
    }
  });

  it('never refuses a config the domain accepts, and refuses every one the domain refuses for a rule it encodes', () => {
    let compared = 0;
    let refusedByBoth = 0;
    const disagreements: string[] = [];
    for (const [label, base] of bases) {
      for (const path of pathsOf(base)) {
        const variants = [...SAMPLES.map((sample) => withValue(base, path, sample)), without(base, path)];
        for (const config of variants) {
          compared++;
          const issues = domainIssues(config);
          const accepted = schemaAccepts(config);
          const mustRefuse = issues.some(encodedBySchema);
          if (issues.length === 0 && !accepted)
            disagreements.push(`${label} ${path.join('.')}: the schema refuses what the domain accepts: ${JSON.stringify(validate.errors?.[0])}`);
          if (mustRefuse && accepted) disagreements.push(`${label} ${path.join('.')}: the schema accepts what the domain refuses: ${JSON.stringify(issues)}`);
          if (mustRefuse && !accepted) refusedByBoth++;
        }
      }
    }
    expect(disagreements.slice(0, 10)).toEqual([]);
    expect(compared).toBeGreaterThan(5_000);
    expect(refusedByBoth).toBeGreaterThan(2_000);
  });
});
