/**
 * The three normalized client caches dashboards are written with, each as its documentation sets it
 * up and with no key configuration at all: Apollo Client's InMemoryCache, urql with Graphcache, and
 * Relay (relay-runtime, on the artifacts relay-compiler makes of the same documents). Each speaks
 * HTTP to a toolgraph server through `fetch`; for subscriptions, urql sends them through fetch
 * itself (`fetchSubscriptions`, GraphQL over SSE), while Apollo Client and Relay leave the
 * transport to the application: here a link and a network `subscribe` over the tests' SSE reader.
 *
 * A test drives every client through one interface (`CacheClient`), so each scenario is written
 * once and run with all three.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, Observable as ApolloObservable, type TypedDocumentNode } from '@apollo/client';
import { Client as UrqlClient, fetchExchange } from '@urql/core';
import { cacheExchange } from '@urql/exchange-graphcache';
import { getOperationAST, OperationTypeNode, parse, print, type DocumentNode } from 'graphql';
import {
  commitMutation,
  createOperationDescriptor,
  Environment,
  fetchQuery,
  Network,
  Observable as RelayObservable,
  RecordSource,
  requestSubscription,
  Store,
  type ConcreteRequest,
  type GraphQLResponse,
} from 'relay-runtime';
import { subscribe as subscribeOverSse } from '../events/sse';

/** `fetch`, or a server's in-memory one (`(input, init) => yoga.fetch(input, init)`). */
export type FetchLike = typeof fetch;

/**
 * The documents every client sends, named as relay-compiler requires (`<module><Name><Kind>`, the
 * module being `caches`). Each selects `id` where it selects a tool, as the README asks; Relay's
 * compiler would add it by itself.
 */
export const DOCUMENTS = {
  page: /* GraphQL */ `
    query cachesToolPageQuery($namespace: String!) {
      tools(filter: { namespaceIn: [$namespace] }, first: 10) { edges { node { id name description revision } } }
    }
  `,
  view: /* GraphQL */ `
    query cachesToolViewQuery($name: String!) {
      tool(name: $name) { id name description revision status }
    }
  `,
  update: /* GraphQL */ `
    mutation cachesUpdateToolMutation($name: String!, $description: String!) {
      updateTool(name: $name, input: { description: $description }) {
        __typename
        ... on UpdateToolSuccess { tool { id description revision } }
      }
    }
  `,
  node: /* GraphQL */ `
    query cachesToolNodeQuery($id: ID!) {
      node(id: $id) { __typename id ... on Tool { description revision } }
    }
  `,
  events: /* GraphQL */ `
    subscription cachesToolEventsSubscription($namespace: String!, $after: String) {
      toolEvents(namespace: $namespace, after: $after) { kind tool { id description revision } }
    }
  `,
} as const;

export interface PageData {
  tools: { edges: { node: { id: string; name: string; description: string; revision: number } }[] };
}
export interface ViewData {
  tool: { id: string; name: string; description: string; revision: number; status: string } | null;
}
export interface UpdateData {
  updateTool: { __typename: string; tool?: { id: string; description: string; revision: number } };
}

/** A query the client keeps answering from its cache: what it shows now. */
export interface Watched<T> {
  latest: () => T | undefined;
  stop: () => void;
}

export interface CacheClient {
  /** Reads the page (from the server: the cache is empty) and keeps watching it. */
  watchPage(namespace: string): Promise<Watched<PageData>>;
  /** Reads one tool's view (from the server) and keeps watching it. */
  watchView(name: string): Promise<Watched<ViewData>>;
  /** `node(id:)` read from the server (never from the cache), its answer written to the cache as the client does. */
  readNode(id: string): Promise<void>;
  /** `updateTool` through the client, with its result written to the cache as the client does. */
  update(name: string, description: string): Promise<UpdateData>;
  /** Follows `toolEvents` of `namespace` from `after`, each event written to the cache as the client does. */
  followEvents(namespace: string, after: string): () => void;
  close(): void;
}

/** Where the clients send their requests: the path yoga serves, on a host `fetch` resolves. */
export const GRAPHQL_URL = 'http://yoga/graphql';

/** Forwards the results of a subscription over SSE to `sink` until it completes or is closed; returns what closes it. */
function forwardOverSse(
  fetchFn: FetchLike,
  query: string,
  variables: object,
  sink: { next(result: object): void; error(error: unknown): void; complete(): void },
): () => void {
  let closed = false;
  const opened = subscribeOverSse(fetchFn, GRAPHQL_URL, query, variables);
  void (async () => {
    const subscription = await opened;
    while (!closed) {
      const result = await subscription.next(1_000);
      if (closed || result === 'timeout') continue;
      if (result === 'complete') return sink.complete();
      sink.next(result);
    }
  })().catch((error: unknown) => sink.error(error));
  return () => {
    closed = true;
    void opened.then((subscription) => subscription.close());
  };
}

const isSubscription = (document: DocumentNode) => getOperationAST(document)?.operation === OperationTypeNode.SUBSCRIPTION;

/** Apollo Client 4 with `new InMemoryCache()`: its default keys are `__typename` and `id`. */
export function apolloClient(fetchFn: FetchLike): CacheClient {
  const sse = new ApolloLink((operation) => new ApolloObservable((observer) => forwardOverSse(fetchFn, print(operation.query), operation.variables, observer)));
  const client = new ApolloClient({
    cache: new InMemoryCache(),
    link: ApolloLink.split(({ query }) => isSubscription(query), sse, new HttpLink({ uri: GRAPHQL_URL, fetch: fetchFn })),
  });
  const watch = async <T>(query: string, variables: object): Promise<Watched<T>> => {
    let latest: T | undefined;
    let first: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (first = resolve));
    const subscription = client.watchQuery<T>({ query: parse(query), variables }).subscribe(({ data, dataState }) => {
      if (dataState !== 'complete') return;
      latest = data;
      first();
    });
    await arrived;
    return { latest: () => latest, stop: () => subscription.unsubscribe() };
  };
  return {
    watchPage: (namespace) => watch(DOCUMENTS.page, { namespace }),
    watchView: (name) => watch(DOCUMENTS.view, { name }),
    readNode: async (id) => {
      await client.query({ query: parse(DOCUMENTS.node), variables: { id }, fetchPolicy: 'network-only' });
    },
    update: async (name, description) => {
      const mutation: TypedDocumentNode<UpdateData, { name: string; description: string }> = parse(DOCUMENTS.update);
      return (await client.mutate({ mutation, variables: { name, description } })).data!;
    },
    followEvents: (namespace, after) => {
      const subscription = client.subscribe({ query: parse(DOCUMENTS.events), variables: { namespace, after } }).subscribe(() => undefined);
      return () => subscription.unsubscribe();
    },
    close: () => client.stop(),
  };
}

/** urql with Graphcache's `cacheExchange()` and no configuration: it keys entities by `__typename` and `id`. */
export function urqlClient(fetchFn: FetchLike): CacheClient {
  const client = new UrqlClient({ url: GRAPHQL_URL, fetch: fetchFn, exchanges: [cacheExchange(), fetchExchange], fetchSubscriptions: true });
  const watch = async <T>(query: string, variables: object): Promise<Watched<T>> => {
    let latest: T | undefined;
    let first: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (first = resolve));
    const subscription = client.query<T>(query, variables).subscribe((result) => {
      if (!result.data) return;
      latest = result.data;
      first();
    });
    await arrived;
    return { latest: () => latest, stop: () => subscription.unsubscribe() };
  };
  return {
    watchPage: (namespace) => watch(DOCUMENTS.page, { namespace }),
    watchView: (name) => watch(DOCUMENTS.view, { name }),
    readNode: async (id) => {
      await client.query(DOCUMENTS.node, { id }, { requestPolicy: 'network-only' }).toPromise();
    },
    update: async (name, description) => (await client.mutation<UpdateData>(DOCUMENTS.update, { name, description }).toPromise()).data!,
    followEvents: (namespace, after) => {
      const subscription = client.subscription(DOCUMENTS.events, { namespace, after }).subscribe(() => undefined);
      return () => subscription.unsubscribe();
    },
    close: () => undefined,
  };
}

/**
 * The artifacts relay-compiler makes of DOCUMENTS against schema.graphql, as a Relay app builds
 * them: compiled once per run into a temporary project (JavaScript artifacts, loaded with require).
 */
export async function compileRelayArtifacts(schemaFile: string): Promise<Record<keyof typeof DOCUMENTS, ConcreteRequest>> {
  const project = mkdtempSync(join(tmpdir(), 'toolgraph-relay-'));
  try {
    // A refetchable fragment makes the compiler check the schema against Relay's conventions for
    // `Node` and `node(id:)`, which its refetch query reads through.
    const source = [...Object.values(DOCUMENTS), 'fragment caches_tool on Tool @refetchable(queryName: "cachesToolRefetchQuery") { description }']
      .map((document) => `graphql\`${document}\`;`)
      .join('\n');
    writeFileSync(join(project, 'caches.js'), `const { graphql } = require('relay-runtime');\n${source}\n`);
    writeFileSync(join(project, 'relay.config.json'), JSON.stringify({ src: '.', schema: schemaFile, language: 'javascript', eagerEsModules: false }));
    await promisify(execFile)(process.execPath, [require.resolve('relay-compiler/cli.js'), '--noWatchman', join(project, 'relay.config.json')], {
      cwd: project,
    });
    const artifact = async (operation: string) =>
      ((await import(join(project, '__generated__', `${operation}.graphql.js`))) as { default: ConcreteRequest }).default;
    return {
      page: await artifact('cachesToolPageQuery'),
      view: await artifact('cachesToolViewQuery'),
      update: await artifact('cachesUpdateToolMutation'),
      node: await artifact('cachesToolNodeQuery'),
      events: await artifact('cachesToolEventsSubscription'),
    };
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}

/** Relay: an Environment with a Store and a Network, Relay's default `getDataID` (the `id` field). */
export function relayClient(fetchFn: FetchLike, artifacts: Record<keyof typeof DOCUMENTS, ConcreteRequest>): CacheClient {
  const network = Network.create(
    async (params, variables) => {
      const response = await fetchFn(GRAPHQL_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
        body: JSON.stringify({ query: params.text, operationName: params.name, variables }),
      });
      return (await response.json()) as GraphQLResponse;
    },
    (params, variables) => RelayObservable.create<GraphQLResponse>((sink) => forwardOverSse(fetchFn, params.text!, variables, sink)),
  );
  const environment = new Environment({ network, store: new Store(new RecordSource()) });
  const watch = async <T>(request: ConcreteRequest, variables: Record<string, unknown>): Promise<Watched<T>> => {
    const operation = createOperationDescriptor(request, variables);
    await fetchQuery(environment, request, variables).toPromise();
    const retained = environment.retain(operation);
    let latest = environment.lookup(operation.fragment).data as T;
    const subscription = environment.subscribe(environment.lookup(operation.fragment), (snapshot) => {
      latest = snapshot.data as T;
    });
    return {
      latest: () => latest,
      stop: () => {
        subscription.dispose();
        retained.dispose();
      },
    };
  };
  return {
    watchPage: (namespace) => watch(artifacts.page, { namespace }),
    watchView: (name) => watch(artifacts.view, { name }),
    readNode: async (id) => {
      await fetchQuery(environment, artifacts.node, { id }, { fetchPolicy: 'network-only' }).toPromise();
    },
    update: (name, description) =>
      new Promise((resolve, reject) => {
        commitMutation(environment, {
          mutation: artifacts.update,
          variables: { name, description },
          onCompleted: (response) => resolve(response as unknown as UpdateData),
          onError: reject,
        });
      }),
    followEvents: (namespace, after) => {
      const subscription = requestSubscription(environment, { subscription: artifacts.events, variables: { namespace, after } });
      return () => subscription.dispose();
    },
    close: () => undefined,
  };
}
