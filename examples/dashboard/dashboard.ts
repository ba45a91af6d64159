/**
 * A typed dashboard client for toolgraph: urql with Graphcache (a normalized cache, no key
 * configuration: toolgraph's objects carry a global `id`), its operations typed by GraphQL Codegen's
 * client preset from `schema.graphql` (`npm run codegen` writes ./gql/). It lists a page of tools
 * with the facets a filter panel shows, and follows live changes over server-sent events: a tool
 * changed elsewhere updates the page it is on, with no refetch.
 *
 *   const dashboard = createDashboard('http://127.0.0.1:4000/graphql');
 *   const page = await dashboard.toolsWithFacets({ namespaceIn: ['devops'] });
 *   const stop = dashboard.followChanges((event) => console.log(event.kind, event.name));
 */
import { Client, fetchExchange } from '@urql/core';
import { cacheExchange } from '@urql/exchange-graphcache';
import type { ResultOf, VariablesOf } from '@graphql-typed-document-node/core';
import { graphql } from './gql';

/** What the dashboard shows of a tool, in the page and in a change alike, so that both fill the same cache entry. */
export const DashboardToolFragment = graphql(`
  fragment DashboardTool on Tool {
    id
    name
    description
    status
    capability {
      readOnly
      humanApprovalRequired
    }
  }
`);

export const ToolsWithFacetsQuery = graphql(`
  query ToolsWithFacets($filter: ToolFilter, $first: Int = 20) {
    tools(filter: $filter, first: $first) {
      totalCount
      edges {
        node {
          ...DashboardTool
        }
      }
    }
    toolStats(filter: $filter) {
      total
      byNamespace {
        name
        toolCount
      }
      bySource {
        source
        count
      }
      capabilities {
        readOnly
        writes
      }
    }
  }
`);

export const ToolChangesSubscription = graphql(`
  subscription ToolChanges($namespace: String) {
    toolEvents(namespace: $namespace) {
      cursor
      kind
      name
      tool {
        ...DashboardTool
      }
    }
  }
`);

export type ToolsWithFacets = ResultOf<typeof ToolsWithFacetsQuery>;
export type ToolChange = ResultOf<typeof ToolChangesSubscription>['toolEvents'];

export interface Dashboard {
  /** A page of tools and the facet counts of the same filter, from the cache when it holds them. */
  toolsWithFacets(filter?: VariablesOf<typeof ToolsWithFacetsQuery>['filter'], first?: number): Promise<ToolsWithFacets>;
  /** Calls `onChange` with each change as it happens (in `namespace` only, if given); the returned function stops. */
  followChanges(onChange: (change: ToolChange) => void, namespace?: string): () => void;
}

/** A dashboard of the toolgraph server at `url`; `fetchImplementation` for a token header or another transport. */
export function createDashboard(url: string, fetchImplementation: typeof fetch = fetch): Dashboard {
  const client = new Client({
    url,
    fetch: fetchImplementation,
    // Subscriptions too go through fetch: GraphQL over server-sent events, which toolgraph speaks.
    fetchSubscriptions: true,
    exchanges: [cacheExchange(), fetchExchange],
  });
  return {
    async toolsWithFacets(filter = null, first = 20) {
      const result = await client.query(ToolsWithFacetsQuery, { filter, first }).toPromise();
      if (result.error) throw result.error;
      return result.data!;
    },
    followChanges(onChange, namespace) {
      const subscription = client.subscription(ToolChangesSubscription, { namespace: namespace ?? null }).subscribe((result) => {
        if (result.data) onChange(result.data.toolEvents);
      });
      return () => subscription.unsubscribe();
    },
  };
}
