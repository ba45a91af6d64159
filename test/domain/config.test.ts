import { asCliDict, fromConfig, parseToolConfigs, toConfigText } from '../../src/domain/config';
import { MAX_CONFIG_ALIASES, MAX_CONFIG_BYTES, MAX_CONFIG_DEPTH, MAX_IMPORT_TOOLS, MAX_SCHEMA_DEPTH } from '../../src/domain/limits';
import type { ConfigEntry } from '../../src/domain/config';
import type { Checked } from '../../src/domain/issues';
import type { ToolDefinition } from '../../src/domain/model';
import { builtinTool } from '../support/fixtures';

/** Spec section 3: `Tool.from_config`, config texts, `as_cli_dict` and the round trip. */

function problems(checked: Checked<unknown>): string[] {
  return checked.ok ? [] : checked.issues.map((issue) => `${issue.code} ${issue.path}`);
}

function entriesOf(text: string): ConfigEntry[] {
  const parsed = parseToolConfigs(text);
  if (!parsed.ok) throw new Error(`expected a readable config, got ${JSON.stringify(parsed.issues)}`);
  return parsed.value;
}

function toolsOf(text: string): ToolDefinition[] {
  return entriesOf(text).map((entry) => {
    if (!entry.checked.ok) throw new Error(`tool ${entry.index} is invalid: ${JSON.stringify(entry.checked.issues)}`);
    return entry.checked.value;
  });
}

/** A realistic registry: every source, a validation, static and contextual slots, schemas, lifecycle. */
const REGISTRY_YAML = `
tools:
  - name: devops/docker-build
    description: Builds a Docker image from a context directory.
    source: mcp
    mcp_server: docker
    mcp_tool_name: build_image
    input_schema:
      $schema: https://json-schema.org/draft/2020-12/schema
      type: object
      properties:
        context: { type: string, description: "Build context: a directory" }
        tags: { type: array, items: { type: string, pattern: "^[a-z0-9./:-]+$" } }
        no_cache: { type: boolean, default: false }
      required: [context]
      additionalProperties: false
    output_schema:
      type: object
      properties:
        image_id: { type: string }
    capability:
      writes: true
      write_scope: images/*
      checkpointable: true
      checkpoint_scope: write_scope
      side_effects: [network, docker-daemon]
      idempotent: false
      human_approval_required: true
      cost_profile: heavy
    resource_slots:
      - name: workspace
        resource_type: directory
        access: read_only
        description: The build context
      - name: registry
        resource_type: container_registry
        access: read_write
        binding: static
        static_resource: ghcr-main
        required: false
    lifecycle:
      discover: docker.discover
      activate: docker.login
    timeout: 1800
  - name: local/line-counter
    description: Counts the lines of a file.
    source: builtin
    capability: { read_only: true, idempotent: true }
    resource_slots:
      - { name: file, resource_type: file, access: read_only }
  - name: skills/summarise
    description: "300"
    source: agent_skill
    agent_skill_path: skills/summarise/SKILL.md
    lifecycle: { discover: null, activate: null, deactivate: null }
  - name: local/custom.fmt
    description: "yes: a description that looks like YAML # with a comment sign"
    source: custom
    code: |
      def run(text: str) -> str:
          # trailing spaces and tabs below
          return text.strip()   \t
      
      print("done: ok")
    capability:
      unsafe: true
      side_effects: ["", "null", "true"]
    timeout: 1
  - name: qa/docker-build-check
    description: Checks that docker-build produced an image.
    tool_type: validation
    source: wrapped
    wraps: devops/docker-build
    output_schema: { type: boolean }
`;

describe('from_config: one config mapping with snake_case keys', () => {
  it("reads every field of a tool and fills the seed's defaults", () => {
    const checked = fromConfig({
      name: 'devops/docker-build',
      description: 'Builds images.',
      source: 'mcp',
      tool_type: 'tool',
      mcp_server: 'docker',
      mcp_tool_name: 'build',
      capability: { writes: true, human_approval_required: true },
      resource_slots: [{ name: 'ctx', resource_type: 'directory', access: 'read_only', static_resource: null }],
      lifecycle: { activate: 'login' },
    });
    expect(checked).toEqual({
      ok: true,
      value: builtinTool('devops/docker-build', {
        description: 'Builds images.',
        source: 'mcp',
        mcpServer: 'docker',
        mcpToolName: 'build',
        capability: {
          readOnly: false,
          writes: true,
          writeScope: null,
          checkpointable: false,
          checkpointScope: null,
          sideEffects: [],
          idempotent: false,
          unsafe: false,
          humanApprovalRequired: true,
          costProfile: null,
        },
        resourceSlots: [
          {
            name: 'ctx',
            resourceType: 'directory',
            access: 'read_only',
            description: '',
            binding: 'contextual',
            staticResource: null,
            required: true,
          },
        ],
        lifecycle: { discover: null, activate: 'login', deactivate: null },
      }),
    });
  });

  it('reads a validation with wraps', () => {
    const checked = fromConfig({ name: 'qa/check', description: 'd', tool_type: 'validation', source: 'wrapped', wraps: 'a/b' });
    expect(checked.ok && checked.value).toMatchObject({ toolType: 'validation', source: 'wrapped', wraps: 'a/b' });
  });

  it('reports issues at snake_case paths', () => {
    const checked = fromConfig({
      name: 'a/b',
      description: 'd',
      source: 'agent_skill',
      capability: { read_only: true, writes: true, checkpoint_scope: 'session' },
      resource_slots: [
        { name: 'x', resource_type: 't', access: 'read_only' },
        { name: 'y', resource_type: 't', access: 'read_only', binding: 'static' },
      ],
      input_schema: { type: 'nope' },
      timeout: '300',
    });
    expect(problems(checked)).toEqual([
      'MISSING_SOURCE_FIELD agent_skill_path',
      'INVALID_JSON_SCHEMA input_schema',
      'READ_ONLY_CONFLICT capability.writes',
      'CHECKPOINT_SCOPE_WITHOUT_CHECKPOINTABLE capability.checkpoint_scope',
      'STATIC_RESOURCE_REQUIRED resource_slots[1].static_resource',
      'INVALID_TIMEOUT timeout',
    ]);
  });

  it('reports unknown keys at every level; camelCase keys are unknown', () => {
    const checked = fromConfig({
      name: 'a/b',
      description: 'd',
      source: 'builtin',
      toolType: 'tool',
      colour: 'red',
      capability: { readOnly: true },
      resource_slots: [{ name: 'x', resourceType: 't', access: 'read_only' }],
      lifecycle: { on_start: 'x' },
    });
    expect(problems(checked)).toEqual([
      'UNKNOWN_FIELD toolType',
      'UNKNOWN_FIELD colour',
      'UNKNOWN_FIELD capability.readOnly',
      'UNKNOWN_FIELD resource_slots[0].resourceType',
      'UNKNOWN_FIELD lifecycle.on_start',
      'REQUIRED_FIELD resource_slots[0].resource_type',
    ]);
  });

  it('keeps the keys of a JSON Schema as they are', () => {
    const inputSchema = { type: 'object', properties: { someField: { type: 'string' } }, additionalProperties: false };
    const checked = fromConfig({ name: 'a/b', description: 'd', source: 'builtin', input_schema: inputSchema });
    expect(checked.ok && checked.value.inputSchema).toEqual(inputSchema);
  });

  it('accepts namespace and short_name when they agree with the name', () => {
    const checked = fromConfig({ name: 'local/line-counter', namespace: 'local', short_name: 'line-counter', description: 'd', source: 'builtin' });
    expect(problems(checked)).toEqual([]);
  });

  it('rejects namespace and short_name that disagree with the name, as INVALID_NAME', () => {
    const checked = fromConfig({ name: 'local/line-counter', namespace: 'devops', short_name: null, description: 'd', source: 'builtin' });
    expect(problems(checked)).toEqual(['INVALID_NAME namespace', 'INVALID_NAME short_name']);
  });

  it('rejects a config that is not a mapping', () => {
    expect(problems(fromConfig(['a/b']))).toEqual(['INVALID_CONFIG ']);
    expect(problems(fromConfig('a/b'))).toEqual(['INVALID_CONFIG ']);
  });
});

describe('parseToolConfigs: YAML or JSON text with one tool or a tools: list', () => {
  it('reads one tool from YAML', () => {
    const entries = entriesOf('name: local/wc\ndescription: Counts words.\nsource: builtin\n');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ index: 0, name: 'local/wc', checked: { ok: true, value: { name: 'local/wc', timeout: 300 } } });
  });

  it('reads one tool from JSON', () => {
    const json = JSON.stringify({ name: 'local/wc', description: 'Counts words.', source: 'custom', code: 'print(1)', timeout: 5 });
    expect(toolsOf(json)).toEqual(toolsOf('name: local/wc\ndescription: Counts words.\nsource: custom\ncode: print(1)\ntimeout: 5\n'));
  });

  it('reads a tools: list from JSON', () => {
    const json = JSON.stringify({
      tools: [
        { name: 'a/x', description: 'x', source: 'builtin' },
        { name: 'a/y', description: 'y', source: 'builtin' },
      ],
    });
    expect(entriesOf(json).map((entry) => [entry.index, entry.name, entry.checked.ok])).toEqual([
      [0, 'a/x', true],
      [1, 'a/y', true],
    ]);
  });

  it('checks each tool of a list on its own', () => {
    const entries = entriesOf(`
tools:
  - { name: a/ok, description: fine, source: builtin }
  - { name: a/bad, description: "", source: mcp, mcp_server: s }
  - { name: 42, description: d, source: builtin }
  - just a string
`);
    expect(entries.map((entry) => [entry.index, entry.name, problems(entry.checked)])).toEqual([
      [0, 'a/ok', []],
      [1, 'a/bad', ['INVALID_DESCRIPTION description', 'MISSING_SOURCE_FIELD mcp_tool_name']],
      [2, null, ['INVALID_VALUE name']],
      [3, null, ['INVALID_CONFIG ']],
    ]);
  });

  it('accepts an empty tools: list', () => {
    expect(parseToolConfigs('tools: []\n')).toEqual({ ok: true, value: [] });
  });

  it('accepts anchors and aliases in moderation', () => {
    const tools = toolsOf(`
tools:
  - { name: a/x, description: d, source: builtin, capability: &safe { read_only: true, idempotent: true } }
  - { name: a/y, description: d, source: builtin, capability: *safe }
`);
    expect(tools[1]?.capability).toEqual(tools[0]?.capability);
    expect(tools[1]?.capability).not.toBe(tools[0]?.capability);
  });

  it.each([
    ['unparseable text', 'name: [a/b\ndescription: x', ''],
    ['duplicate keys', 'name: a/b\nname: a/c\ndescription: d\nsource: builtin\n', ''],
    ['several documents', 'name: a/b\n---\nname: a/c\n', ''],
    ['an unknown tag', 'name: !!python/object a/b\ndescription: d\nsource: builtin\n', ''],
    ['empty text', '', ''],
    ['a scalar', '"a/b"', ''],
    ['a top-level list', '- name: a/b\n', ''],
    ['tools: beside another key', 'version: 1\ntools: []\n', ''],
    ['tools: that is not a list', 'tools: { name: a/b }\n', 'tools'],
    ['tools: with no value', 'tools:\n', 'tools'],
  ])('rejects %s as INVALID_CONFIG', (_why, text, path) => {
    expect(problems(parseToolConfigs(text))).toEqual([`INVALID_CONFIG ${path}`]);
  });

  it('gives the line and column of a syntax error, without echoing the text', () => {
    const parsed = parseToolConfigs('name: a/b\ndescription: d\nsource: [builtin\nsecret: hunter2\n');
    expect(parsed.ok).toBe(false);
    const message = parsed.ok ? '' : (parsed.issues[0]?.message ?? '');
    expect(message).toMatch(/line \d+, column \d+/);
    expect(message).not.toContain('hunter2');
  });

  it.each([
    ['flow collections', `${'['.repeat(100_000)}${']'.repeat(100_000)}`],
    ['block sequences on one line', `${'- '.repeat(2_000_000)}x`],
    ['block mappings by indentation', Array.from({ length: 2_000 }, (_, i) => `${' '.repeat(i)}k:`).join('\n')],
  ])('refuses deeply nested %s with VALUE_TOO_LARGE, within moments', (_label, deep) => {
    const started = performance.now();
    const parsed = parseToolConfigs(deep);
    expect(problems(parsed)).toEqual(['VALUE_TOO_LARGE ']);
    expect(parsed.ok ? '' : parsed.issues[0]?.message).toContain(`more than ${MAX_CONFIG_DEPTH} levels deep`);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('reads a tool as deep as the deepest schema allowed', () => {
    const schema = (depth: number): unknown => (depth === 1 ? { type: 'string' } : { type: 'array', items: schema(depth - 1) });
    const text = JSON.stringify({ tools: [{ name: 'deep/tool', description: 'd', source: 'builtin', input_schema: schema(MAX_SCHEMA_DEPTH / 2) }] });
    expect(entriesOf(text).map((entry) => entry.checked.ok)).toEqual([true]);
  });

  it('refuses too many aliases, and an alias bomb whose few aliases expand to millions of values', () => {
    const manyAliases = ['a: &a x', ...Array.from({ length: MAX_CONFIG_ALIASES + 1 }, (_, i) => `k${i}: *a`)].join('\n');
    expect(problems(parseToolConfigs(manyAliases))).toEqual(['VALUE_TOO_LARGE ']);
    // 8 levels of 6 aliases (48 aliases) expand to 6^8, about 1.7 million values.
    const levels = Array.from({ length: 8 }, (_, level) => {
      const items =
        level === 0
          ? 'x, x, x, x, x, x'
          : Array(6)
              .fill(`*l${level - 1}`)
              .join(', ');
      return `l${level}: &l${level} [${items}]`;
    });
    const parsed = parseToolConfigs(levels.join('\n'));
    expect(problems(parsed)).toEqual(['VALUE_TOO_LARGE ']);
    expect(parsed.ok ? '' : parsed.issues[0]?.message).toContain('aliases expanded');
  });

  it.each(['a: &a [*a]', 'a: &a {b: *a}', 'tools: &t\n  - name: x/y\n    more: *t'])(
    'refuses a collection that holds itself through an alias (%j) as too large, not with a stack overflow',
    (text) => {
      const parsed = parseToolConfigs(text);
      expect(problems(parsed)).toEqual(['VALUE_TOO_LARGE ']);
      expect(parsed.ok ? '' : parsed.issues[0]?.message).toContain('aliases expanded');
    },
  );
});

describe('parseToolConfigs: the size of one import', () => {
  const toolsText = (count: number, description = 'd') =>
    `tools:\n${Array.from({ length: count }, (_, i) => `  - { name: bulk/t-${i}, description: ${description}, source: builtin }\n`).join('')}`;

  it(`reads a tools: list of exactly MAX_IMPORT_TOOLS (${MAX_IMPORT_TOOLS}) tools`, () => {
    const entries = entriesOf(toolsText(MAX_IMPORT_TOOLS));
    expect(entries).toHaveLength(MAX_IMPORT_TOOLS);
    expect(entries.every((entry) => entry.checked.ok)).toBe(true);
  });

  it('refuses one tool more with one VALUE_TOO_LARGE issue that states the limit, checking no tool', () => {
    // Every tool is also invalid (blank description): only the limit is reported, nothing else.
    const parsed = parseToolConfigs(toolsText(MAX_IMPORT_TOOLS + 1, '" "'));
    expect(problems(parsed)).toEqual(['VALUE_TOO_LARGE tools']);
    expect(parsed.ok ? '' : parsed.issues[0]?.message).toBe('The config holds 1,001 tools; one import takes at most 1,000. Split it into several imports.');
  });

  /** A one-tool config padded with a YAML comment to exactly `bytes` bytes of UTF-8. */
  function paddedTo(bytes: number, pad: string): string {
    const tool = 'name: big/tool\ndescription: d\nsource: builtin\n# ';
    const room = bytes - Buffer.byteLength(tool);
    const padBytes = Buffer.byteLength(pad);
    const text = tool + pad.repeat(Math.floor(room / padBytes)) + 'x'.repeat(room % padBytes);
    expect(Buffer.byteLength(text)).toBe(bytes);
    return text;
  }

  it(`reads a text of exactly MAX_CONFIG_BYTES (${MAX_CONFIG_BYTES}) bytes`, () => {
    expect(entriesOf(paddedTo(MAX_CONFIG_BYTES, 'x')).map((entry) => entry.name)).toEqual(['big/tool']);
    expect(entriesOf(paddedTo(MAX_CONFIG_BYTES, 'é€')).map((entry) => entry.name)).toEqual(['big/tool']);
  });

  it.each([
    ['ASCII', 'x'],
    ['multi-byte characters (fewer characters than bytes)', 'é€'],
  ])('refuses one byte more (%s) with VALUE_TOO_LARGE stating the limit', (_label, pad) => {
    const parsed = parseToolConfigs(paddedTo(MAX_CONFIG_BYTES + 1, pad));
    expect(problems(parsed)).toEqual(['VALUE_TOO_LARGE ']);
    expect(parsed.ok ? '' : parsed.issues[0]?.message).toContain('larger than 5 MiB (5,242,880 bytes)');
  });
});

describe('as_cli_dict: a stable ordered snake_case map with every default', () => {
  const [dockerBuild] = toolsOf(REGISTRY_YAML);
  if (!dockerBuild) throw new Error('the registry fixture is empty');

  it("orders the tool keys as the seed's Tool Fields table, with namespace, short_name and wraps placed", () => {
    expect(Object.keys(asCliDict(dockerBuild))).toEqual([
      'name',
      'namespace',
      'short_name',
      'description',
      'source',
      'tool_type',
      'code',
      'mcp_server',
      'mcp_tool_name',
      'agent_skill_path',
      'wraps',
      'input_schema',
      'output_schema',
      'capability',
      'resource_slots',
      'lifecycle',
      'timeout',
    ]);
  });

  it("orders capability, slot and lifecycle keys as the seed's tables", () => {
    const dict = asCliDict(dockerBuild);
    expect(Object.keys(dict.capability as object)).toEqual([
      'read_only',
      'writes',
      'write_scope',
      'checkpointable',
      'checkpoint_scope',
      'side_effects',
      'idempotent',
      'unsafe',
      'human_approval_required',
      'cost_profile',
    ]);
    for (const slot of dict.resource_slots as object[]) {
      expect(Object.keys(slot)).toEqual(['name', 'resource_type', 'access', 'description', 'binding', 'static_resource', 'required']);
    }
    expect(Object.keys(dict.lifecycle as object)).toEqual(['discover', 'activate', 'deactivate']);
  });

  it('derives namespace and short_name and includes every default', () => {
    const [, lineCounter] = toolsOf(REGISTRY_YAML);
    expect(asCliDict(lineCounter!)).toEqual({
      name: 'local/line-counter',
      namespace: 'local',
      short_name: 'line-counter',
      description: 'Counts the lines of a file.',
      source: 'builtin',
      tool_type: 'tool',
      code: null,
      mcp_server: null,
      mcp_tool_name: null,
      agent_skill_path: null,
      wraps: null,
      input_schema: null,
      output_schema: null,
      capability: {
        read_only: true,
        writes: false,
        write_scope: null,
        checkpointable: false,
        checkpoint_scope: null,
        side_effects: [],
        idempotent: true,
        unsafe: false,
        human_approval_required: false,
        cost_profile: null,
      },
      resource_slots: [
        {
          name: 'file',
          resource_type: 'file',
          access: 'read_only',
          description: '',
          binding: 'contextual',
          static_resource: null,
          required: true,
        },
      ],
      lifecycle: null,
      timeout: 300,
    });
  });

  it('prints schemas with sorted keys, whatever order they were stored in', () => {
    const a = { ...dockerBuild, inputSchema: { type: 'object', required: ['x'], properties: { x: { type: 'string', title: 'X' } } } };
    const b = { ...dockerBuild, inputSchema: { properties: { x: { title: 'X', type: 'string' } }, required: ['x'], type: 'object' } };
    expect(JSON.stringify(asCliDict(a))).toBe(JSON.stringify(asCliDict(b)));
    expect(Object.keys(asCliDict(a).input_schema as Record<string, unknown>)).toEqual(['properties', 'required', 'type']);
  });

  it('does not share objects with the definition', () => {
    const dict = asCliDict(dockerBuild);
    (dict.capability as { side_effects: string[] }).side_effects.push('changed');
    expect(dockerBuild.capability.sideEffects).toEqual(['network', 'docker-daemon']);
  });
});

describe('round trip: load → export → load', () => {
  const loaded = toolsOf(REGISTRY_YAML);

  it('loads the realistic registry: every source, a validation, static and contextual slots, schemas', () => {
    expect(loaded.map((tool) => `${tool.toolType}:${tool.source}`)).toEqual([
      'tool:mcp',
      'tool:builtin',
      'tool:agent_skill',
      'tool:custom',
      'validation:wrapped',
    ]);
    expect(loaded[0]?.resourceSlots.map((slot) => slot.binding)).toEqual(['contextual', 'static']);
    expect(loaded[2]?.description).toBe('300');
    expect(loaded[3]?.code).toContain('return text.strip()   \t\n');
  });

  it('gives the same definitions back (load → export → load is identity)', () => {
    expect(toolsOf(toConfigText(loaded))).toEqual(loaded);
  });

  it('prints the same text again (export → load → export is byte-identical)', () => {
    const exported = toConfigText(loaded);
    expect(toConfigText(toolsOf(exported))).toBe(exported);
  });

  it('round-trips each tool through from_config(as_cli_dict(tool))', () => {
    for (const tool of loaded) expect(fromConfig(asCliDict(tool))).toEqual({ ok: true, value: tool });
  });

  it('round-trips through JSON as well', () => {
    const json = JSON.stringify({ tools: loaded.map(asCliDict) });
    expect(toolsOf(json)).toEqual(loaded);
  });

  it('round-trips strings that YAML would otherwise read as other types', () => {
    const tricky = [
      'true',
      'null',
      '~',
      '0x1F',
      '1e3',
      '.inf',
      '-',
      '- item',
      'a: b',
      '#x',
      ' lead',
      'trail ',
      'it\'s "quoted"',
      '\u00e9\u{1F600}',
      'line\nbreak',
    ];
    const tools = tricky.map((text, index) => ({
      ...loaded[1]!,
      name: `edge/t${index}`,
      description: `${text}.`,
      capability: { ...loaded[1]!.capability, sideEffects: [text], costProfile: text },
    }));
    expect(toolsOf(toConfigText(tools))).toEqual(tools);
  });

  it('exports an empty registry as an empty tools: list', () => {
    expect(toConfigText([])).toBe('tools: []\n');
    expect(entriesOf(toConfigText([]))).toEqual([]);
  });
});
