import { GraphQLError } from 'graphql';
import { asCliDict } from '../../../domain/config';
import { asModelTool, toModelName, type ModelFormat } from '../../../domain/exports';
import { namespaceOf, shortNameOf, statusOf } from '../../../domain/model';
import { globalId } from '../../global-ids';
import type { ResolversParentTypes, ResolversTypes, ResolversUnionTypes, ToolResolvers } from '../../generated/resolvers-types';
import { historyConnection } from './ToolRevisionConnection';

/** `Tool`: a StoredTool; the derived and related fields. The rest resolve by name. */
export const Tool: ToolResolvers = {
  // Federation: a gateway's reference `{ __typename: "Tool", name }`: the tool of that name, or, for a
  // name the tool had before a rename, the tool it became; null for an unknown name. Through the
  // loader, so all the references of one `_entities` call cost one query (and two more for names no
  // live tool has).
  __resolveReference: ({ name }, { loaders }) => {
    // Representations arrive as untyped `_Any`: a non-string name is the gateway's mistake, not ours.
    if (typeof (name as unknown) !== 'string') {
      throw new GraphQLError('A Tool reference\'s "name" must be a string.', { extensions: { code: 'BAD_USER_INPUT' } });
    }
    return loaders.toolByReference.load(name);
  },
  id: (tool) => globalId('Tool', tool.id),
  namespace: (tool) => namespaceOf(tool.name),
  shortName: (tool) => shortNameOf(tool.name),
  cliDict: (tool) => asCliDict(tool),
  modelName: (tool) => toModelName(tool.name),
  modelTool: (tool, { format }) => modelTool(tool, format),
  asMcpTool: (tool) => modelTool(tool, 'mcp').definition,
  asOpenAiTool: (tool) => modelTool(tool, 'openai').definition,
  asAnthropicTool: (tool) => modelTool(tool, 'anthropic').definition,
  status: (tool) => statusOf(tool),
  implementation: (tool) => implementationOf(tool),
  wraps: (tool, _args, { loaders }) => (tool.wraps === null ? null : loaders.toolByName.load(tool.wraps)),
  wrappedBy: (tool, _args, { loaders }) => loaders.wrappersOf.load(tool.name),
  history: (tool, args, { loaders }) => historyConnection(tool, args, loaders),
};

/** The tool in `format`, or the first reason it cannot be (the domain reports them in the enum's order) and every reason's message. */
function modelTool(tool: ResolversParentTypes['Tool'], format: ModelFormat) {
  const exported = asModelTool(tool, format, tool.findings);
  if (exported.ok) return { format, definition: exported.value, unavailableReason: null, unavailableMessage: null };
  return {
    format,
    definition: null,
    unavailableReason: exported.issues[0]!.reason,
    unavailableMessage: exported.issues.map((issue) => issue.message).join(' '),
  };
}

type Implementation = ResolversUnionTypes<ResolversTypes>['ToolImplementation'];

function implementationOf(tool: ResolversParentTypes['Tool']): Implementation {
  switch (tool.source) {
    case 'mcp':
      return { __typename: 'McpImplementation', server: tool.mcpServer ?? '', toolName: tool.mcpToolName ?? '' };
    case 'agent_skill':
      return { __typename: 'AgentSkillImplementation', path: tool.agentSkillPath ?? '' };
    case 'builtin':
      return { __typename: 'BuiltinImplementation', builtin: true };
    case 'custom':
      return { __typename: 'CustomImplementation', code: tool.code ?? '' };
    case 'wrapped':
      return { __typename: 'WrappedImplementation', wraps: tool.wraps ?? '' };
  }
}
