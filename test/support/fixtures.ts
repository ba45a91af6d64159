/**
 * Tool definitions as the registry holds them (ToolDefinition: every field present, defaults
 * applied), for the tests of the domain, the store and the event buses. Derive a variant from one
 * of these (`builtinTool(name, { … })`) rather than writing a whole definition out again.
 */
import { toolQuery } from '../../src/domain/filter';
import { findingsOf } from '../../src/domain/findings';
import { contentHashOf } from '../../src/domain/history';
import { defaultCapability, type RevisedTool, type StoredTool, type ToolDefinition } from '../../src/domain/model';
import type { ToolFilter, ToolQuery } from '../../src/domain/ports';

/** A minimal valid builtin tool; `overrides` replace whole fields. */
export function builtinTool(name: string, overrides: Partial<ToolDefinition> = {}): ToolDefinition {
  return {
    name,
    description: `The ${name} tool`,
    source: 'builtin',
    toolType: 'tool',
    code: null,
    mcpServer: null,
    mcpToolName: null,
    agentSkillPath: null,
    wraps: null,
    inputSchema: null,
    outputSchema: null,
    capability: defaultCapability(),
    resourceSlots: [],
    lifecycle: null,
    timeout: 300,
    ...overrides,
  };
}

/** A validation wrapping `wrapped`. */
export function validationOf(name: string, wrapped: string): ToolDefinition {
  return builtinTool(name, { toolType: 'validation', source: 'wrapped', wraps: wrapped });
}

/** A definition with every field set to a non-default value, slots deliberately not in name order. */
export function fullTool(name: string): ToolDefinition {
  return {
    name,
    description: 'Builds a Docker image — with «unicode» and "quotes"',
    source: 'mcp',
    toolType: 'tool',
    code: null,
    mcpServer: 'docker',
    mcpToolName: 'build',
    agentSkillPath: null,
    wraps: null,
    inputSchema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { tag: { type: 'string', minLength: 1 }, args: { type: 'array', items: { type: 'number' } } },
      required: ['tag'],
      additionalProperties: false,
    },
    outputSchema: { type: 'object', properties: { ok: { type: 'boolean' }, nothing: { type: 'null' } } },
    capability: {
      readOnly: false,
      writes: true,
      writeScope: 'images/*',
      checkpointable: true,
      checkpointScope: 'write_scope',
      sideEffects: ['network', 'disk', 'cpu'],
      idempotent: true,
      unsafe: true,
      humanApprovalRequired: true,
      costProfile: 'expensive',
    },
    resourceSlots: [
      {
        name: 'workspace',
        resourceType: 'directory',
        access: 'read_write',
        description: 'Where the build runs',
        binding: 'contextual',
        staticResource: null,
        required: true,
      },
      {
        name: 'registry',
        resourceType: 'docker_registry',
        access: 'read_only',
        description: '',
        binding: 'static',
        staticResource: 'registry/main',
        required: false,
      },
      {
        name: 'cache',
        resourceType: 'volume',
        access: 'read_write',
        description: 'Layer cache',
        binding: 'contextual',
        staticResource: null,
        required: false,
      },
    ],
    lifecycle: { discover: 'docker.discover', activate: null, deactivate: 'docker.stop' },
    timeout: 1800,
  };
}

/** A filter as the store runs it (store-level tests call the store directly, without the registry). */
export function q(filter: ToolFilter): ToolQuery {
  const query = toolQuery(filter);
  if (!query) throw new Error(`q: the filter ${JSON.stringify(filter)} matches nothing; the registry would not ask the store`);
  return query;
}

/** A definition as the store would hand it back (the first row of its table), written by "tester" at `createdAt` (and last at `updatedAt`). */
export function stored(definition: ToolDefinition, createdAt = new Date(), updatedAt = createdAt): StoredTool {
  return { id: 1, ...revised(definition), createdAt, updatedAt, createdBy: 'tester', updatedBy: 'tester', deprecation: null, deletion: null };
}

/** `definition` as revision `revision` of its history, as the unit of work hands it to a store writer. */
export function revised(definition: ToolDefinition, revision = 1): RevisedTool {
  return { ...definition, revision, contentHash: contentHashOf(definition), findings: findingsOf(definition) };
}

export const revisedAll = (definitions: readonly ToolDefinition[]): RevisedTool[] => definitions.map((definition) => revised(definition));
