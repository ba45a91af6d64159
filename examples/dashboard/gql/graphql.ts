/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/**
 * How dangerous a finding is. A write whose definition has a finding at or above the server's
 * `TOOLGRAPH_REFUSE_FINDINGS` (default `HIGH`) is refused with `UNSAFE_CONTENT`.
 */
export type FindingSeverity =
  /** Instructions to the model beyond the tool's job (secrets, other tools' calls, secrecy toward the user, commands): not handed to models. */
  | 'HIGH'
  /** Pressure on the model that asks nothing of it beyond the tool (threats of failure): worth a look by a person. */
  | 'LOW'
  /** Text that steers the model or hides from a person: selection claims, priority or hidden markup, encoded text, sensitive files. */
  | 'MEDIUM';

/** What happened to a tool. */
export type ToolEventKind =
  /** The tool was created. */
  | 'CREATED'
  /** The tool was deleted. */
  | 'DELETED'
  /** The tool was deprecated, or its deprecation changed. */
  | 'DEPRECATED'
  /** A deleted tool's tombstone and history were deleted for good (`purgeTool`); `revision` and `contentHash` are those of its last revision. */
  | 'PURGED'
  /** The tool was renamed (`renameTool`): `name` is the new name, `renamedFrom` the old one. */
  | 'RENAMED'
  /** The definition of an earlier revision was made current again (`restoreTool`). */
  | 'RESTORED'
  /** The tool's deprecation was withdrawn: it is active again. */
  | 'UNDEPRECATED'
  /** The tool was changed. */
  | 'UPDATED';

/**
 * Criteria for `tools`, `toolStats` and `searchTools`: a tool is listed when it matches all of the
 * given ones; a list criterion (`namespaceIn`, `sourceIn`, `statusIn`) matches when one of its values
 * does. A list holds from 1 to 100 values: an empty list, a longer one, or a criterion given both as
 * a list and as its deprecated single value refuses the whole request before anything runs, with
 * `BAD_USER_INPUT` naming the argument (`tools.filter.sourceIn`). Leave a criterion out (or null) to
 * match everything.
 */
export type ToolFilter = {
  /** Only tools whose `capability.checkpointable` is this value. */
  checkpointable?: boolean | null | undefined;
  /** Only tools whose `capability.humanApprovalRequired` is this value. */
  humanApprovalRequired?: boolean | null | undefined;
  /** Only tools whose `capability.idempotent` is this value. */
  idempotent?: boolean | null | undefined;
  /**
   * Only tools whose most severe finding (`Tool.findings`) is at most this: `LOW` leaves out every tool
   * with a `MEDIUM` or `HIGH` finding, `MEDIUM` those with a `HIGH` one. Tools without findings always pass.
   */
  maxFindingSeverity?: FindingSeverity | null | undefined;
  /**
   * Deprecated: one namespace; give it as `namespaceIn: [namespace]`. Refused together with `namespaceIn`.
   * @deprecated Use namespaceIn.
   */
  namespace?: string | null | undefined;
  /**
   * Only tools of one of these namespaces (the part of the name before the `/`), each matched
   * exactly: a text that is no namespace matches nothing. From 1 to 100 values; an empty list is
   * refused (`BAD_USER_INPUT`): leave the criterion out to match every namespace.
   */
  namespaceIn?: Array<string> | null | undefined;
  /** Only tools whose `capability.readOnly` is this value. */
  readOnly?: boolean | null | undefined;
  /** Only tools whose name or description contains this text, ignoring case. */
  search?: string | null | undefined;
  /**
   * Deprecated: one source; give it as `sourceIn: [source]`. Refused together with `sourceIn`.
   * @deprecated Use sourceIn.
   */
  source?: ToolSource | null | undefined;
  /** Only tools with one of these sources. From 1 to 100 values; an empty list is refused (`BAD_USER_INPUT`). */
  sourceIn?: Array<ToolSource> | null | undefined;
  /**
   * Only tools with one of these statuses: `ACTIVE`, `DEPRECATED` (a tool is `DEPRECATED` when its
   * `deprecation` is set). From 1 to 100 values; an empty list is refused (`BAD_USER_INPUT`).
   */
  statusIn?: Array<ToolStatus> | null | undefined;
  /** Only tools, or only validations. */
  toolType?: ToolType | null | undefined;
  /** Only tools whose `capability.unsafe` is this value. */
  unsafe?: boolean | null | undefined;
  /**
   * Only tools created or changed at or after this instant (`updatedAt >= updatedSince`). Deletes and
   * renames away leave no tool to list: a client that mirrors the registry follows `changes` instead.
   */
  updatedSince?: string | null | undefined;
  /** Only tools whose `capability.writes` is this value. */
  writes?: boolean | null | undefined;
};

/** Where a tool's implementation comes from. */
export type ToolSource =
  /** An Agent Skills Standard folder (`agentSkillPath`). */
  | 'AGENT_SKILL'
  /** Provided by the agent runtime itself; no extra fields. */
  | 'BUILTIN'
  /** Inline Python code (`code`); stored and shown by this server, never executed. */
  | 'CUSTOM'
  /** Delegates to a tool of an MCP server (`mcpServer`, `mcpToolName`). */
  | 'MCP'
  /** Validations only: wraps an existing tool (`wraps`). */
  | 'WRAPPED';

/** Whether a tool is to be chosen. Registry state: not part of the definition, nor of its content hash. */
export type ToolStatus =
  /** In use. */
  | 'ACTIVE'
  /** Still listed and usable, but to be replaced (`Tool.deprecation`). */
  | 'DEPRECATED';

/** The registry discriminator: a plain tool, or a validation that wraps one. */
export type ToolType =
  /** A callable tool (the default). */
  | 'TOOL'
  /** A validation: source `WRAPPED`, wrapping the tool named by `wraps`. */
  | 'VALIDATION';

export type DashboardToolFragment = { id: string, name: string, description: string, status: ToolStatus, capability: { readOnly: boolean, humanApprovalRequired: boolean } };

export type ToolsWithFacetsQueryVariables = Exact<{
  filter?: ToolFilter | null | undefined;
  first?: number | null | undefined;
}>;


export type ToolsWithFacetsQuery = { tools: { totalCount: number, edges: Array<{ node: { id: string, name: string, description: string, status: ToolStatus, capability: { readOnly: boolean, humanApprovalRequired: boolean } } }> } | null, toolStats: { total: number, byNamespace: Array<{ name: string, toolCount: number }>, bySource: Array<{ source: ToolSource, count: number }>, capabilities: { readOnly: number, writes: number } } | null };

export type ToolChangesSubscriptionVariables = Exact<{
  namespace?: string | null | undefined;
}>;


export type ToolChangesSubscription = { toolEvents: { cursor: string, kind: ToolEventKind, name: string, tool: { id: string, name: string, description: string, status: ToolStatus, capability: { readOnly: boolean, humanApprovalRequired: boolean } } | null } };

export const DashboardToolFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DashboardTool"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Tool"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"capability"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"readOnly"}},{"kind":"Field","name":{"kind":"Name","value":"humanApprovalRequired"}}]}}]}}]} as unknown as DocumentNode<DashboardToolFragment, unknown>;
export const ToolsWithFacetsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ToolsWithFacets"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ToolFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}},"defaultValue":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tools"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DashboardTool"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"toolStats"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"byNamespace"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"toolCount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"bySource"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"count"}}]}},{"kind":"Field","name":{"kind":"Name","value":"capabilities"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"readOnly"}},{"kind":"Field","name":{"kind":"Name","value":"writes"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DashboardTool"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Tool"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"capability"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"readOnly"}},{"kind":"Field","name":{"kind":"Name","value":"humanApprovalRequired"}}]}}]}}]} as unknown as DocumentNode<ToolsWithFacetsQuery, ToolsWithFacetsQueryVariables>;
export const ToolChangesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"ToolChanges"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"namespace"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"toolEvents"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"namespace"},"value":{"kind":"Variable","name":{"kind":"Name","value":"namespace"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"tool"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DashboardTool"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DashboardTool"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Tool"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"capability"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"readOnly"}},{"kind":"Field","name":{"kind":"Name","value":"humanApprovalRequired"}}]}}]}}]} as unknown as DocumentNode<ToolChangesSubscription, ToolChangesSubscriptionVariables>;