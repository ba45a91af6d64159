import type { Caller } from '../domain/access';
import type { ToolRegistry } from '../domain/registry';
import { createToolLoaders, type ToolLoaders } from './loaders';

/**
 * What every resolver gets: the registry (the domain's use cases), who is asking (resolvers pass
 * the caller on to the use cases, which decide what it may do), and this request's loaders.
 */
export interface GraphQLContext {
  registry: ToolRegistry;
  caller: Caller;
  /** Whether the request showed an accepted credential (the server's plugins decide from it whether it may run). */
  authenticated: boolean;
  loaders: ToolLoaders;
  /** The HTTP request, which yoga adds to every context it makes (a subscription's `Last-Event-ID` is read from it). */
  request?: Request;
  /** In a subscription: the cursor of the event it resolved last, which its result carries in `extensions.cursor` (src/server/plugins/use-event-ids.ts). */
  eventCursor?: string;
}

/** A fresh context per request: loaders cache only within one request. */
export function createGraphQLContext(registry: ToolRegistry, identity: { caller: Caller; authenticated: boolean }): GraphQLContext {
  return { registry, caller: identity.caller, authenticated: identity.authenticated, loaders: createToolLoaders(registry) };
}
