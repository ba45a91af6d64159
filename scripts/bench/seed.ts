/**
 * The benchmark's registry: realistic tools, deterministic by position, as `importTools` JSON
 * configs. 50 namespaces; in every run of 10 positions, tools of each source (mcp, builtin, custom,
 * agent_skill) with input and output schemas, resource slots of both bindings and side effects, and
 * one validation wrapping the tool before it. As large as the tools of published MCP servers:
 * descriptions of two sentences (about 200 characters) and input schemas of five described
 * properties (about 700 characters). About 1 in 100 descriptions mentions SEARCH_WORD.
 */
const NAMESPACES = 50;
export const SEARCH_WORD = 'terraform';

export const namespaceOf = (k: number) => `ns-${String(k % NAMESPACES).padStart(2, '0')}`;
/** Names sort in position order within a namespace, and the positions are spread over namespaces. */
export const nameAt = (i: number) => `${namespaceOf(i)}/tool-${String(i).padStart(6, '0')}`;

export const TASK_WORDS = [
  'reads',
  'files',
  'builds',
  'images',
  'deploys',
  'services',
  'queries',
  'tables',
  'scans',
  'logs',
  'lints',
  'code',
  'renders',
  'reports',
];

const words = (i: number, count: number) => Array.from({ length: count }, (_, k) => TASK_WORDS[(i * 7 + k * 3) % TASK_WORDS.length]).join(' ');

function description(i: number): string {
  return (
    `Tool ${i} ${words(i, 8)}${i % 100 === 42 ? ` and plans ${SEARCH_WORD} changes` : ''}. ` +
    `Use it when a task ${words(i + 1, 6)}; it answers with a summary of what it found and where, and fails on a path outside the workspace.`
  );
}

/** Input properties as MCP servers describe theirs: a type, a description, often a default or a range. */
function inputSchema(i: number): object {
  return {
    type: 'object',
    properties: {
      path: { type: 'string', description: `Path of the file or directory that tool ${i} ${words(i, 3)}, relative to the workspace root.` },
      depth: { type: 'integer', minimum: 0, maximum: 32, default: 4, description: 'How many directory levels below the path to include.' },
      include: { type: 'array', items: { type: 'string' }, description: 'Glob patterns of the files to include; every file when omitted.' },
      format: { type: 'string', enum: ['text', 'json', 'markdown'], default: 'text', description: 'How the answer is formatted for the caller.' },
      dry_run: { type: 'boolean', default: false, description: `Report what would change without changing anything (${words(i + 2, 2)}).` },
    },
    required: ['path'],
    additionalProperties: false,
  };
}

function toolAt(i: number): Record<string, unknown> {
  const common = {
    name: nameAt(i),
    description: description(i),
    timeout: 60 + (i % 5) * 60,
  };
  if (i % 10 === 9) return { ...common, tool_type: 'validation', source: 'wrapped', wraps: nameAt(i - 1) };
  const readOnly = i % 3 === 0;
  const capability = readOnly
    ? { read_only: true, idempotent: true, side_effects: [] }
    : {
        writes: true,
        write_scope: 'workspace',
        checkpointable: i % 2 === 0,
        checkpoint_scope: i % 2 === 0 ? 'resource' : undefined,
        side_effects: ['filesystem'],
        unsafe: i % 7 === 0,
        human_approval_required: i % 11 === 0,
      };
  const slots = [
    { name: 'workspace', resource_type: 'directory', access: readOnly ? 'read_only' : 'read_write', description: 'Where it works.' },
    ...(i % 4 === 0
      ? [{ name: 'registry', resource_type: 'container_registry', access: 'read_only', binding: 'static', static_resource: 'main-registry' }]
      : []),
  ];
  const schemas = {
    input_schema: inputSchema(i),
    output_schema: { type: 'object', properties: { result: { type: 'string' } } },
  };
  const implementation = [
    { source: 'mcp', mcp_server: `server-${i % 20}`, mcp_tool_name: `tool_${i}` },
    { source: 'builtin' },
    { source: 'custom', code: `def run(path):\n    return open(path).read()[:${i}]\n` },
    { source: 'agent_skill', agent_skill_path: `skills/skill-${i}` },
  ][i % 4]!;
  return { ...common, ...implementation, ...schemas, capability, resource_slots: slots };
}

/** `count` tools from position `from` on, as one import config (JSON). */
export function seedBatch(from: number, count: number): string {
  return JSON.stringify({ tools: Array.from({ length: count }, (_, k) => toolAt(from + k)) });
}
