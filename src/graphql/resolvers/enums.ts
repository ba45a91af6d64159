import type { Resolvers } from '../generated/resolvers-types';

/**
 * The internal value of each GraphQL enum value is the domain's string, so resolvers and the domain
 * only ever see `'mcp'`, `'read_write'`, … and nobody translates enums by hand. The generated types
 * check every entry against the domain's unions (codegen `enumValues`).
 */
export const enumResolvers: Pick<
  Resolvers,
  | 'ToolSource'
  | 'ToolType'
  | 'ResourceAccessMode'
  | 'BindingMode'
  | 'CheckpointScope'
  | 'ImportedToolChangeKind'
  | 'ToolField'
  | 'SafetyDowngradeKind'
  | 'ToolEventKind'
  | 'ToolStatus'
  | 'ToolOrderField'
  | 'ToolOrderDirection'
  | 'ModelToolFormat'
  | 'ModelToolUnavailableReason'
> = {
  ToolSource: { MCP: 'mcp', AGENT_SKILL: 'agent_skill', BUILTIN: 'builtin', CUSTOM: 'custom', WRAPPED: 'wrapped' },
  ToolType: { TOOL: 'tool', VALIDATION: 'validation' },
  ResourceAccessMode: { READ_ONLY: 'read_only', READ_WRITE: 'read_write' },
  BindingMode: { CONTEXTUAL: 'contextual', STATIC: 'static' },
  CheckpointScope: { RESOURCE: 'resource', WRITE_SCOPE: 'write_scope', SESSION: 'session' },
  ImportedToolChangeKind: { CREATED: 'created', UPDATED: 'updated', UNCHANGED: 'unchanged', DELETED: 'deleted' },
  SafetyDowngradeKind: {
    UNSAFE_OFF: 'unsafe_off',
    HUMAN_APPROVAL_OFF: 'human_approval_off',
    WRITES_OFF: 'writes_off',
    READ_ONLY_ON: 'read_only_on',
    IDEMPOTENT_ON: 'idempotent_on',
    SIDE_EFFECT_REMOVED: 'side_effect_removed',
  },
  ToolField: {
    NAME: 'name',
    DESCRIPTION: 'description',
    SOURCE: 'source',
    TOOL_TYPE: 'toolType',
    CODE: 'code',
    MCP_SERVER: 'mcpServer',
    MCP_TOOL_NAME: 'mcpToolName',
    AGENT_SKILL_PATH: 'agentSkillPath',
    WRAPS: 'wraps',
    INPUT_SCHEMA: 'inputSchema',
    OUTPUT_SCHEMA: 'outputSchema',
    CAPABILITY: 'capability',
    RESOURCE_SLOTS: 'resourceSlots',
    LIFECYCLE: 'lifecycle',
    TIMEOUT: 'timeout',
  },
  ToolEventKind: {
    CREATED: 'created',
    UPDATED: 'updated',
    DELETED: 'deleted',
    DEPRECATED: 'deprecated',
    UNDEPRECATED: 'undeprecated',
    RESTORED: 'restored',
    RENAMED: 'renamed',
    PURGED: 'purged',
  },
  ToolStatus: { ACTIVE: 'active', DEPRECATED: 'deprecated' },
  ToolOrderField: { NAME: 'name', UPDATED_AT: 'updatedAt' },
  ToolOrderDirection: { ASC: 'asc', DESC: 'desc' },
  ModelToolFormat: { MCP: 'mcp', OPENAI_CHAT_COMPLETIONS: 'openai', ANTHROPIC: 'anthropic' },
  ModelToolUnavailableReason: { HIGH_FINDING: 'high_finding', NAME_TOO_LONG: 'name_too_long', INPUT_SCHEMA_NOT_OBJECT: 'input_schema_not_object' },
};
