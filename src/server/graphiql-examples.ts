/**
 * GraphiQL's first tab: one example of each kind of operation, each named, so that the run button
 * offers them by name. They work on any registry (`npm run examples:load` fills one).
 */
export const GRAPHIQL_EXAMPLES = /* GraphQL */ `# Welcome to toolgraph, the registry of agent tools.
# The Docs pane (top left) describes every type, field and argument. Pick an operation with the
# run button: list, facets, ranked search, get (with its history), create, import, sync (the change feed),
# and watch live changes (subscription, over SSE).

query ListTools {
  tools(filter: { search: "" }, orderBy: { field: UPDATED_AT, direction: DESC }, first: 10) {
    totalCount
    edges {
      node {
        name
        description
        source
        updatedAt
        capability { readOnly writes humanApprovalRequired }
        implementation {
          __typename
          ... on McpImplementation { server toolName }
        }
      }
    }
    pageInfo { hasNextPage endCursor }
  }
}

query Facets {
  toolStats {
    total
    byNamespace { name toolCount }
    bySource { source count }
    byToolType { toolType count }
    capabilities { readOnly writes checkpointable idempotent unsafe humanApprovalRequired }
  }
}

# The tools that best fit a task described in words, best first (what an agent asks).
query SearchTools {
  searchTools(query: "count the words of a text", first: 5, filter: { readOnly: true }) {
    score
    tool {
      name
      description
      modelName
      modelTool(format: MCP) { definition unavailableReason }
    }
  }
}

query GetTool {
  tool(name: "local/word-counter") {
    name
    description
    capability { readOnly idempotent }
    resourceSlots { name resourceType access binding }
    inputSchema
    cliDict
    revision
    contentHash
    history(first: 5) { edges { node { revision kind changedFields actor committedAt } } }
  }
}

mutation CreateTool {
  createTool(input: {
    name: "local/word-counter"
    description: "Count the words of a text."
    implementation: { builtin: true }
    capability: { readOnly: true, idempotent: true }
  }) {
    __typename
    ... on CreateToolSuccess { revision tool { name timeout createdAt } }
    ... on RegistryError { code message }
    ... on ToolValidationError { issues { path code message } }
  }
}

mutation ImportTools {
  importTools(dryRun: true, config: """
tools:
  - name: local/line-counter
    description: Count the lines of a file.
    source: builtin
    capability: { read_only: true }
  - name: local/check-line-counter
    description: Check the line counter's output.
    tool_type: validation
    source: wrapped
    wraps: local/line-counter
""") {
    __typename
    ... on ImportToolsSuccess { dryRun changed created updated unchanged tools { name change } }
    ... on ImportValidationError { message invalidTools { index name issues { path code message configPath line column } } }
  }
}

# Every committed change in one order: pass the answer's cursor as \`after\` to read on, or to WatchTools.
query Sync {
  changes(first: 20) {
    edges { node { kind name revision occurredAt tool { name description } tombstone { name renamedTo } } }
    pageInfo { hasNextPage }
    cursor
  }
}

# Runs until stopped; create, update or delete a tool in another tab to see its event here.
# With \`toolEvents(after: "<a cursor>")\` the changes since that cursor come first.
subscription WatchTools {
  toolEvents {
    cursor
    kind
    name
    occurredAt
    revision
    contentHash
    tool { name description updatedAt }
  }
}
`;
