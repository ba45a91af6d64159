/**
 * Model-ready formats (issue 11): model tool names, the capability ↔ MCP annotations mapping, and
 * each format's tool checked against the official SDKs: at run time against the MCP SDK's own zod
 * schemas and its tool name rule, at compile time against the published types of
 * `@modelcontextprotocol/sdk`, `openai` and `@anthropic-ai/sdk` (ts-jest type-checks this file).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Tool as AnthropicSdkTool } from '@anthropic-ai/sdk/resources/messages';
import { ListToolsResultSchema, ToolSchema, type Tool as McpSdkTool } from '@modelcontextprotocol/sdk/types.js';
import { validateToolName } from '@modelcontextprotocol/sdk/shared/toolNameValidation.js';
import type { ChatCompletionFunctionTool } from 'openai/resources/chat/completions';
import { parseToolConfigs } from '../../src/domain/config';
import {
  asModelTool,
  capabilityOfMcpAnnotations,
  fromModelName,
  mcpAnnotationsOf,
  MODEL_FORMATS,
  MODEL_NAME_MAX_LENGTH,
  OPEN_WORLD_SIDE_EFFECT,
  toModelName,
  type AnthropicTool,
  type McpTool,
  type McpToolAnnotations,
  type ModelFormat,
  type OpenAiTool,
} from '../../src/domain/exports';
import type { Checked } from '../../src/domain/issues';
import { defaultCapability, type ToolDefinition } from '../../src/domain/model';
import { isToolName } from '../../src/domain/validation';
import { builtinTool, fullTool } from '../support/fixtures';

// Compile-time: each format's type is assignable to the SDK's own. A field renamed, retyped or
// missing here fails `npm run typecheck` and this suite.
export const asSdkTypes = {
  mcp: (tool: McpTool): McpSdkTool => tool,
  openai: (tool: OpenAiTool): ChatCompletionFunctionTool => tool,
  anthropic: (tool: AnthropicTool): AnthropicSdkTool => tool,
};

/** The model APIs' rule for a tool name, as OpenAI's and Anthropic's API references state it. */
const MODEL_API_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

const root = join(__dirname, '..', '..');
const exampleTools: ToolDefinition[] = readdirSync(join(root, 'examples', 'tools'))
  .filter((file) => file.endsWith('.yaml'))
  .flatMap((file) => {
    const parsed = parseToolConfigs(readFileSync(join(root, 'examples', 'tools', file), 'utf8'));
    if (!parsed.ok) throw new Error(`${file}: ${JSON.stringify(parsed.issues)}`);
    return parsed.value.map((entry) => {
      if (!entry.checked.ok) throw new Error(`${file}: ${JSON.stringify(entry.checked.issues)}`);
      return entry.checked.value;
    });
  });

function exported<T>(checked: Checked<T>): T {
  if (!checked.ok) throw new Error(`expected an export, got ${JSON.stringify(checked.issues)}`);
  return checked.value;
}

const problems = (checked: Checked<unknown>) => (checked.ok ? [] : checked.issues.map((issue) => `${issue.code} ${issue.path}`));

/** Every valid name part of up to three characters over a, 0 and the three punctuation marks. */
function shortParts(): string[] {
  const ends = ['a', '0'];
  const middles = ['a', '0', '.', '_', '-'];
  return [...ends, ...ends.flatMap((a) => ends.map((b) => a + b)), ...ends.flatMap((a) => middles.flatMap((m) => ends.map((b) => a + m + b)))];
}

/** A deterministic stream of valid names full of the characters the mapping escapes. */
function* randomNames(count: number): Generator<string> {
  let seed = 11;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const part = () => {
    const inner = Array.from({ length: next(63) }, () => 'a9._-_..__'[next(10)]).join('');
    return `${'az09'[next(4)]}${inner}${'az09'[next(4)]}`.slice(0, 64).replace(/[._-]$/, 'z');
  };
  for (let i = 0; i < count; i++) yield `${part()}/${part()}`;
}

describe('model tool names', () => {
  it.each([
    ['devops/docker-build', 'devops__docker-build'],
    ['local/line-counter', 'local__line-counter'],
    ['local.text/slugify', 'local_Dtext__slugify'],
    ['a/build_image', 'a__build_image'],
    ['a/b__c', 'a__b_U_c'],
    ['a/b_.c', 'a__b_U_Dc'],
    ['a/b._c', 'a__b_D_c'],
    ['a.b/c..d', 'a_Db__c_D_Dd'],
  ])('%s is %s, and back', (name, modelName) => {
    expect(toModelName(name)).toBe(modelName);
    expect(fromModelName(modelName)).toBe(name);
  });

  it('maps every short name to a distinct model API name that reads back', () => {
    const names = shortParts().flatMap((namespace) => shortParts().map((short) => `${namespace}/${short}`));
    expect(names.every(isToolName)).toBe(true);
    const mapped = names.map(toModelName);
    expect(new Set(mapped).size).toBe(names.length);
    for (const [i, modelName] of mapped.entries()) {
      expect(modelName).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(fromModelName(modelName)).toBe(names[i]);
    }
  });

  it('maps 20,000 random long names to distinct names that read back', () => {
    const names = [...new Set(randomNames(20_000))];
    expect(names.every(isToolName)).toBe(true);
    const mapped = new Map(names.map((name) => [toModelName(name), name]));
    expect(mapped.size).toBe(names.length);
    for (const [modelName, name] of mapped) {
      expect(/^[A-Za-z0-9_-]+$/.test(modelName) && fromModelName(modelName) === name).toBe(true);
    }
  });

  it.each([
    ['', 'empty'],
    ['devops', 'no namespace separator'],
    ['devops/docker-build', 'a slash'],
    ['devops.docker', 'a dot'],
    ['Devops__build', 'a capital letter'],
    ['a__b_Xc', 'an unknown escape'],
    ['a__b_Uc', '_U where no escape is needed (not the spelling toModelName gives)'],
    ['a___b', 'a short name starting with _'],
    ['a__b__c', 'two slashes'],
    ['a__b_', 'a trailing _'],
    ['a__b c', 'a space'],
    ['a__é', 'a non-ASCII letter'],
  ])('reads %j as no name (%s)', (modelName) => {
    expect(fromModelName(modelName)).toBeNull();
  });
});

describe('capability and MCP annotations', () => {
  const capability = (overrides: Partial<ToolDefinition['capability']>) => ({ ...defaultCapability(), ...overrides });

  it.each<[string, Partial<ToolDefinition['capability']>, McpToolAnnotations]>([
    ['the default capability', {}, { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false }],
    [
      'read-only and idempotent',
      { readOnly: true, idempotent: true },
      { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    ],
    ['read-only, marked unsafe', { readOnly: true, unsafe: true }, { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: false }],
    ['writes', { writes: true }, { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false }],
    ['unsafe, does not write', { unsafe: true }, { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false }],
    ['has side effects', { sideEffects: ['sends email'] }, { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true }],
  ])('%s', (_label, overrides, annotations) => {
    expect(mcpAnnotationsOf(capability(overrides))).toEqual(annotations);
  });

  it('reads absent hints as MCP defaults: not read-only, destructive, not idempotent, open world', () => {
    for (const annotations of [undefined, null, {}, 'nonsense', { readOnlyHint: 'yes' }]) {
      expect(capabilityOfMcpAnnotations(annotations)).toEqual({
        readOnly: false,
        writes: true,
        unsafe: true,
        idempotent: false,
        sideEffects: [OPEN_WORLD_SIDE_EFFECT],
      });
    }
  });

  it('gives the same hints back through a capability, except additive-only, which comes back destructive', () => {
    const booleans = [false, true];
    for (const readOnlyHint of booleans) {
      for (const destructiveHint of booleans) {
        for (const idempotentHint of booleans) {
          for (const openWorldHint of booleans) {
            const hints = { readOnlyHint, destructiveHint, idempotentHint, openWorldHint };
            const again = mcpAnnotationsOf({ ...defaultCapability(), ...capabilityOfMcpAnnotations(hints) });
            // destructiveHint means nothing for a read-only tool; MCP reads it only when readOnlyHint is false.
            const expected = { ...hints, destructiveHint: !readOnlyHint };
            expect(again).toEqual(expected);
          }
        }
      }
    }
  });

  it('gives every discovered capability that the registry accepts (read-only never writes)', () => {
    for (const readOnlyHint of [false, true]) {
      const found = capabilityOfMcpAnnotations({ readOnlyHint, destructiveHint: true });
      expect(found.readOnly && found.writes).toBe(false);
    }
  });
});

describe('each format', () => {
  it("exports every example tool in every format, valid by the MCP SDK and the model APIs' name rule", () => {
    for (const tool of exampleTools) {
      const mcp = exported(asModelTool(tool, 'mcp'));
      expect(ToolSchema.safeParse(mcp).error).toBeUndefined();
      expect(validateToolName(mcp.name)).toEqual({ isValid: true, warnings: [] });
      for (const format of ['openai', 'anthropic'] as const) {
        expect(problems(asModelTool(tool, format))).toEqual([]);
      }
      expect(exported(asModelTool(tool, 'openai')).function.name).toMatch(MODEL_API_NAME);
      expect(exported(asModelTool(tool, 'anthropic')).name).toMatch(MODEL_API_NAME);
    }
    const list = { tools: exampleTools.map((tool) => exported(asModelTool(tool, 'mcp'))) };
    expect(ListToolsResultSchema.safeParse(list).error).toBeUndefined();
  });

  it('gives each format its shape, schemas with sorted keys', () => {
    const tool = fullTool('devops/docker-build');
    const parameters = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      additionalProperties: false,
      properties: { args: { items: { type: 'number' }, type: 'array' }, tag: { minLength: 1, type: 'string' } },
      required: ['tag'],
      type: 'object',
    };
    const mcp = exported(asModelTool(tool, 'mcp'));
    expect(mcp).toEqual({
      name: 'devops__docker-build',
      description: tool.description,
      inputSchema: parameters,
      outputSchema: { properties: { nothing: { type: 'null' }, ok: { type: 'boolean' } }, type: 'object' },
      annotations: mcpAnnotationsOf(tool.capability),
    });
    expect(JSON.stringify(mcp.inputSchema)).toBe(JSON.stringify(parameters));
    expect(exported(asModelTool(tool, 'openai'))).toEqual({
      type: 'function',
      function: { name: 'devops__docker-build', description: tool.description, parameters },
    });
    expect(exported(asModelTool(tool, 'anthropic'))).toEqual({ name: 'devops__docker-build', description: tool.description, input_schema: parameters });
  });

  it('gives a tool without an input schema any object of arguments, and MCP no outputSchema for an output that is no object', () => {
    const tool = builtinTool('local/now', { outputSchema: { type: 'string', format: 'date-time' } });
    const mcp = exported(asModelTool(tool, 'mcp'));
    expect(mcp.inputSchema).toEqual({ type: 'object' });
    expect(mcp).not.toHaveProperty('outputSchema');
    expect(ToolSchema.safeParse(mcp).error).toBeUndefined();
    expect(exported(asModelTool(tool, 'openai')).function.parameters).toEqual({ type: 'object' });
    expect(exported(asModelTool(tool, 'anthropic')).input_schema).toEqual({ type: 'object' });
  });

  it.each([
    ['a string', { type: 'string' }],
    ['no type', { properties: { a: { type: 'string' } } }],
    ['a type list', { type: ['object', 'null'] }],
    ['a boolean property schema', { type: 'object', properties: { a: true } }],
  ])('refuses an input schema that is %s, in every format, as the MCP SDK does', (_label, inputSchema) => {
    const tool = builtinTool('local/odd', { inputSchema: inputSchema });
    for (const format of MODEL_FORMATS) expect(problems(asModelTool(tool, format))).toEqual(['INVALID_JSON_SCHEMA input_schema']);
    // What the MCP SDK says of the same schema, had it been exported as it is.
    expect(ToolSchema.safeParse({ name: 'local__odd', inputSchema }).success).toBe(false);
  });

  it('exports a name only as long as each format takes, and says why not', () => {
    // A valid name whose model tool name has `length` characters (`/` maps to `__`: one more).
    const at = (length: number) => {
      const short = Math.min(64, length - 3);
      return `${'n'.repeat(length - 2 - short)}/${'a'.repeat(short)}`;
    };
    const fits = (name: string, format: ModelFormat) => asModelTool(builtinTool(name), format).ok;
    for (const format of MODEL_FORMATS) {
      const max = MODEL_NAME_MAX_LENGTH[format];
      expect(isToolName(at(max + 1)) && toModelName(at(max))).toHaveLength(max);
      expect(fits(at(max), format)).toBe(true);
      expect(fits(at(max + 1), format)).toBe(false);
    }
    const longest = `${'a'.repeat(64)}/${'b'.repeat(64)}`;
    const refused = asModelTool(builtinTool(longest), 'mcp');
    expect(problems(refused)).toEqual(['VALUE_TOO_LARGE name']);
    expect(refused.ok ? '' : refused.issues[0]!.message).toMatch(/130 characters; mcp takes at most 128\. Rename the tool/);
  });
});
