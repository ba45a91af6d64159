import type { ToolRegistry } from '../domain/registry';
import { createToolLoaders, type ToolLoaders } from './loaders';

/** What every resolver gets: the registry (the domain's use cases) and this request's loaders. */
export interface GraphQLContext {
  registry: ToolRegistry;
  loaders: ToolLoaders;
}

/** A fresh context per request: loaders cache only within one request. */
export function createGraphQLContext(registry: ToolRegistry): GraphQLContext {
  return { registry, loaders: createToolLoaders(registry) };
}
