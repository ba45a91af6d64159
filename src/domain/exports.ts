import { configPathOf } from './config';
import { findingsOf, unsafeContentIssues, WITHHELD_FROM_AGENTS, type ToolFinding } from './findings';
import type { Issue } from './issues';
import type { JsonObject, ToolCapability, ToolDefinition } from './model';
import { isToolName } from './validation';
import { isPlainObject, sortKeys } from './values';

/**
 * A tool as a model or an MCP client consumes it: an entry of an MCP server's `tools/list`, an
 * OpenAI function tool (Chat Completions) and an Anthropic tool. Pure: the GraphQL fields
 * `Tool.modelName` and `Tool.modelTool` (and the deprecated `asMcpTool`…), the MCP endpoint and the
 * CLI's `export` all call these.
 */

export const MODEL_FORMATS = ['mcp', 'openai', 'anthropic'] as const;
export type ModelFormat = (typeof MODEL_FORMATS)[number];

/**
 * The longest tool name each format takes: OpenAI's and Anthropic's APIs refuse names of more
 * than 64 characters of `A-Z a-z 0-9 _ -`; MCP (SEP-986) allows 128 of those and `.`.
 */
export const MODEL_NAME_MAX_LENGTH: Readonly<Record<ModelFormat, number>> = { mcp: 128, openai: 64, anthropic: 64 };

// ---- names

/**
 * A registry name (`a-z 0-9 . _ -` and one `/`) as a model tool name, the same in every format
 * (`A-Z a-z 0-9 _ -`, what the model APIs allow): `/` becomes `__`, `.` becomes `_D`, and `_`
 * becomes `_U` where it stands before another `_` or a `.` (where it would otherwise read as the
 * start of one of those); every other character stays. Registry names have no capital letters,
 * so `_D`, `_U` and `__` cannot come from anything else: `fromModelName` reads every name back,
 * and two names never give the same model name. `devops/docker-build` → `devops__docker-build`,
 * `local.text/slugify` → `local_Dtext__slugify`.
 */
export function toModelName(name: string): string {
  let mapped = '';
  for (let i = 0; i < name.length; i++) {
    const char = name[i]!;
    if (char === '/') mapped += '__';
    else if (char === '.') mapped += '_D';
    else if (char === '_' && (name[i + 1] === '_' || name[i + 1] === '.')) mapped += '_U';
    else mapped += char;
  }
  return mapped;
}

const ESCAPES: Readonly<Record<string, string>> = { _: '/', D: '.', U: '_' };

/** The registry name a model tool name stands for (`toModelName` read backwards); null when it is not one `toModelName` gives. */
export function fromModelName(modelName: string): string | null {
  let name = '';
  for (let i = 0; i < modelName.length; i++) {
    const char = modelName[i]!;
    const escaped = char === '_' ? ESCAPES[modelName[i + 1] ?? ''] : undefined;
    if (escaped !== undefined) {
      name += escaped;
      i++;
    } else if (/^[a-z0-9_-]$/.test(char)) {
      name += char;
    } else {
      return null;
    }
  }
  // Only the spelling toModelName gives: `a_Ub` (where `_` needs no escape) names nothing.
  return isToolName(name) && toModelName(name) === modelName ? name : null;
}

// ---- MCP annotations

/**
 * What a tool declaring side effects is taken to be by MCP: one that reaches an open world (its
 * `openWorldHint`); discovery records an MCP tool's `openWorldHint` as this side effect.
 */
export const OPEN_WORLD_SIDE_EFFECT = 'reaches external systems (MCP openWorldHint)';

export type McpToolAnnotations = {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
};

/**
 * The MCP annotations a capability amounts to (docs/agents.md "MCP annotations"): read-only as it says; a tool
 * that is not read-only and writes or is unsafe may be destructive (MCP's own default when it is
 * not told, and the safe side: a client then asks before calling it); idempotent as it says; a
 * tool that lists side effects reaches beyond its inputs and resources, an open world.
 */
export function mcpAnnotationsOf(capability: ToolCapability): McpToolAnnotations {
  return {
    readOnlyHint: capability.readOnly,
    destructiveHint: !capability.readOnly && (capability.writes || capability.unsafe),
    idempotentHint: capability.idempotent,
    openWorldHint: capability.sideEffects.length > 0,
  };
}

/**
 * The capability an MCP tool's annotations give (discovery), each hint absent taking MCP's default
 * (read-only false, destructive true, idempotent false, open world true): a tool that is not
 * read-only writes, a destructive one is unsafe, an open-world one has OPEN_WORLD_SIDE_EFFECT.
 * Read back through mcpAnnotationsOf it gives the same hints, except that a tool MCP calls
 * additive-only (not read-only, not destructive) comes back destructive: the capability cannot say
 * "writes, but only adds", and the safe side is chosen.
 */
export function capabilityOfMcpAnnotations(annotations: unknown): Pick<ToolCapability, 'readOnly' | 'writes' | 'unsafe' | 'idempotent' | 'sideEffects'> {
  const hints = isPlainObject(annotations) ? annotations : {};
  const hint = (key: keyof McpToolAnnotations, fallback: boolean) => (typeof hints[key] === 'boolean' ? hints[key] : fallback);
  const readOnly = hint('readOnlyHint', false);
  return {
    readOnly,
    writes: !readOnly,
    unsafe: !readOnly && hint('destructiveHint', true),
    idempotent: hint('idempotentHint', false),
    sideEffects: hint('openWorldHint', true) ? [OPEN_WORLD_SIDE_EFFECT] : [],
  };
}

// ---- the formats

/** A JSON Schema of an object of arguments: what every format calls a tool with. */
export type ObjectSchema = JsonObject & { type: 'object' };

/** An entry of an MCP server's `tools/list` (MCP `Tool`). */
export type McpTool = {
  name: string;
  description: string;
  inputSchema: ObjectSchema;
  outputSchema?: ObjectSchema;
  annotations: McpToolAnnotations;
};

/** An OpenAI Chat Completions function tool (`ChatCompletionFunctionTool`). */
export type OpenAiTool = {
  type: 'function';
  function: { name: string; description: string; parameters: ObjectSchema };
};

/** An Anthropic Messages API tool (`Tool`). */
export type AnthropicTool = {
  name: string;
  description: string;
  input_schema: ObjectSchema;
};

export type ModelTools = {
  mcp: McpTool;
  openai: OpenAiTool;
  anthropic: AnthropicTool;
};

/** What a tool without an input schema takes: any object of arguments. */
const ANY_ARGUMENTS: ObjectSchema = { type: 'object' };

/**
 * Each format's tool, built from the tool, its model tool name and its parameters (its input
 * schema, or any object of arguments without one). Schemas are given with their keys sorted, as
 * `cliDict` gives them, so the result is the same from either database.
 */
const BUILDERS: { [F in ModelFormat]: (tool: ToolDefinition, name: string, parameters: ObjectSchema) => ModelTools[F] } = {
  mcp: (tool, name, parameters) => {
    const output = tool.outputSchema === null ? null : objectSchema(tool.outputSchema);
    return {
      name,
      description: tool.description,
      inputSchema: parameters,
      // Structured output is an object in MCP; an output of another type stays unstructured.
      ...(output === null ? {} : { outputSchema: output }),
      annotations: mcpAnnotationsOf(tool.capability),
    };
  },
  openai: (tool, name, parameters) => ({ type: 'function', function: { name, description: tool.description, parameters } }),
  anthropic: (tool, name, parameters) => ({ name, description: tool.description, input_schema: parameters }),
};

/**
 * Why a tool is not given in a format (GraphQL `ModelToolUnavailableReason`): it has a finding that
 * keeps it from models (findings/ `WITHHELD_FROM_AGENTS`), its model tool name is longer than the
 * format takes, or its input schema does not describe an object of arguments. In this order
 * asModelTool reports them.
 */
export const MODEL_TOOL_UNAVAILABLE_REASONS = ['high_finding', 'name_too_long', 'input_schema_not_object'] as const;
export type ModelToolUnavailableReason = (typeof MODEL_TOOL_UNAVAILABLE_REASONS)[number];

/** An issue that keeps a tool from a format, with the reason it is. */
export type UnavailableIssue = Issue & { reason: ModelToolUnavailableReason };

/**
 * The tool in `format`, or every reason it cannot be, in the order of MODEL_TOOL_UNAVAILABLE_REASONS:
 * a finding that keeps it from models (UNSAFE_CONTENT at the finding's path), a model tool name
 * longer than the format takes (VALUE_TOO_LARGE at `name`), an input schema that does not describe
 * an object of arguments (`type: object` at the root, each property a schema object;
 * INVALID_JSON_SCHEMA at `input_schema`). `findings`: the stored tool's, else the definition's scanned.
 */
export function asModelTool<F extends ModelFormat>(
  tool: ToolDefinition,
  format: F,
  findings: readonly ToolFinding[] = findingsOf(tool),
): { ok: true; value: ModelTools[F] } | { ok: false; issues: UnavailableIssue[] } {
  const name = toModelName(tool.name);
  const issues: UnavailableIssue[] = unsafeContentIssues(findings, WITHHELD_FROM_AGENTS, {
    pathOf: configPathOf,
    because: `A tool with a ${WITHHELD_FROM_AGENTS} finding is not handed to models.`,
  }).map((issue) => ({ ...issue, reason: 'high_finding' }));
  const maxLength = MODEL_NAME_MAX_LENGTH[format];
  if (name.length > maxLength) {
    issues.push({
      path: 'name',
      code: 'VALUE_TOO_LARGE',
      reason: 'name_too_long',
      message: `As a model tool name, "${tool.name}" is "${name}", ${name.length} characters; ${format} takes at most ${maxLength}. Rename the tool to export it.`,
    });
  }
  const parameters = tool.inputSchema === null ? ANY_ARGUMENTS : objectSchema(tool.inputSchema);
  if (parameters === null) {
    issues.push({
      path: 'input_schema',
      code: 'INVALID_JSON_SCHEMA',
      reason: 'input_schema_not_object',
      message: `${format} calls a tool with an object of arguments; this input schema does not describe one (it needs type: object at the root, and a schema object for each property).`,
    });
  }
  if (issues.length > 0 || parameters === null) return { ok: false, issues };
  return { ok: true, value: BUILDERS[format](tool, name, parameters) };
}

/** The schema, keys sorted, when it describes an object of arguments as MCP's and Anthropic's tool types require; otherwise null. */
function objectSchema(schema: JsonObject): ObjectSchema | null {
  if (schema.type !== 'object') return null;
  const properties = schema.properties;
  if (properties !== undefined && !(isPlainObject(properties) && Object.values(properties).every(isPlainObject))) return null;
  return sortKeys(schema) as ObjectSchema;
}
