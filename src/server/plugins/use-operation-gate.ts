import { getOperationAST, type ExecutionArgs, type ExecutionResult, type OperationTypeNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { GraphQLContext } from '../../graphql/context';

/** What a gate says of an operation: let it run (null), or answer with this result instead. */
export type GateDecision = ExecutionResult | null;

/**
 * A plugin that decides, from the operation's kind and the request's context, whether an operation
 * runs, just before it does: queries and mutations when executed, subscriptions when subscribed
 * (over SSE too), so no kind of operation slips past it.
 */
export function useOperationGate(
  decide: (kind: OperationTypeNode, context: GraphQLContext, args: ExecutionArgs) => GateDecision | Promise<GateDecision>,
): Plugin<GraphQLContext> {
  // envelop types its hooks' `args` for any GraphQL library, as `any`; yoga executes with graphql-js, whose ExecutionArgs they are.
  const decision = (args: ExecutionArgs & { contextValue: GraphQLContext }) => {
    const kind = getOperationAST(args.document, args.operationName)?.operation;
    return kind ? decide(kind, args.contextValue, args) : null;
  };
  return {
    async onExecute({ args, setResultAndStopExecution }) {
      const result = await decision(args);
      if (result) setResultAndStopExecution(result);
    },
    async onSubscribe({ args, setResultAndStopExecution }) {
      const result = await decision(args);
      if (result) setResultAndStopExecution(result);
    },
  };
}
