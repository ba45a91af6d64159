import type { IncomingMessage } from 'node:http';
import { collectFields } from '@graphql-tools/utils';
import { getOperationAST, GraphQLError, Kind, OperationTypeNode, type ExecutionArgs, type FragmentDefinitionNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { GraphQLContext } from '../../graphql/context';
import type { RateLimits } from '../rate-limits';
import { useOperationGate, type GateDecision } from './use-operation-gate';

/** The client a request's budget belongs to: its credential's actor, or its address when it has none. */
export function clientOf(actor: string | null, req: IncomingMessage | undefined): string {
  return actor !== null ? `actor:${actor}` : `address:${req?.socket?.remoteAddress ?? 'unknown'}`;
}

/** The client of an operation, from its context: yoga's carries the Node request (over WebSocket, the upgrade). */
export function clientOfContext(context: GraphQLContext & { req?: IncomingMessage }): string {
  return clientOf(context.authenticated ? context.caller.actor : null, context.req);
}

/**
 * Spends `operations` of `client`'s read or write budget, all or none; past it, the refusal to
 * answer with: RATE_LIMITED, HTTP 429 and Retry-After (also in `extensions`).
 */
export async function spendOperation(limits: RateLimits, kind: OperationTypeNode, client: string, operations = 1): Promise<GateDecision> {
  const budget = kind === OperationTypeNode.MUTATION ? 'writes' : 'reads';
  const spent = await limits.spend(budget, client, operations);
  if (spent.allowed) return null;
  const error = new GraphQLError(`Too many ${budget} from this client; retry in ${spent.retryAfterSeconds} s.`, {
    extensions: {
      code: 'RATE_LIMITED',
      retryAfterSeconds: spent.retryAfterSeconds,
      http: { status: 429, headers: { 'retry-after': String(spent.retryAfterSeconds) } },
    },
  });
  return { errors: [error] };
}

/**
 * The operations a request runs: its root fields as executed, one per response key (an alias is
 * one more; a field skipped by @skip/@include none), so that 20 aliased `createTool`s spend 20
 * writes, as 20 requests would. At least one: a request that selects only `__typename` still ran.
 */
export function operationsOf({ schema, document, variableValues, operationName }: ExecutionArgs): number {
  const operation = getOperationAST(document, operationName);
  const root = operation && schema.getRootType(operation.operation);
  if (!operation || !root) return 1;
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  const { fields, patches } = collectFields(schema, fragments, variableValues ?? {}, root, operation.selectionSet);
  return Math.max(1, fields.size + patches.reduce((sum, patch) => sum + patch.fields.size, 0));
}

/** Spends the operations of a request (`operationsOf`) from the client's budget before any of them runs (`spendOperation`). */
export function useRateLimits(limits: RateLimits): Plugin<GraphQLContext> {
  return useOperationGate((kind, context, args) => spendOperation(limits, kind, clientOfContext(context), operationsOf(args)));
}
