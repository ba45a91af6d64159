import { useGraphQlJit } from '@envelop/graphql-jit';
import {
  getNamedType,
  GraphQLError,
  isInputObjectType,
  Kind,
  OperationTypeNode,
  typeFromAST,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type FieldNode,
  type GraphQLInputObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';

/** Whether an input object, or one nested in it, gives a field a default value. */
function hasFieldDefaults(type: GraphQLInputObjectType, seen = new Set<GraphQLInputObjectType>()): boolean {
  if (seen.has(type)) return false;
  seen.add(type);
  return Object.values(type.getFields()).some((field) => {
    if (field.defaultValue !== undefined) return true;
    const named = getNamedType(field.type);
    return isInputObjectType(named) && hasFieldDefaults(named, seen);
  });
}

/**
 * The one operation of `document` if graphql-jit runs it as graphql-js would: a query alone (the
 * plugin keeps one compilation per document, whatever the operation name), with no variable of an
 * input type with field defaults (graphql-jit 0.8 does not fill them in: `orderBy: {}` would be
 * refused); else null.
 */
function compilableQuery(schema: GraphQLSchema, document: DocumentNode): OperationDefinitionNode | null {
  const operations = document.definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  const [operation] = operations;
  if (operations.length !== 1 || operation!.operation !== OperationTypeNode.QUERY) return null;
  const plain = (operation!.variableDefinitions ?? []).every((variable) => {
    const type = typeFromAST(schema, variable.type);
    const named = type && getNamedType(type);
    return named !== undefined && !(isInputObjectType(named) && hasFieldDefaults(named));
  });
  return plain ? operation! : null;
}

/** The fields of `selections` answering under `key`, through fragments, in document order. */
function fieldsAnswering(document: DocumentNode, selections: readonly SelectionSetNode[], key: string): FieldNode[] {
  const found: FieldNode[] = [];
  const visit = (set: SelectionSetNode, spread: Set<string>) => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD && (selection.alias ?? selection.name).value === key) found.push(selection);
      else if (selection.kind === Kind.INLINE_FRAGMENT) visit(selection.selectionSet, spread);
      else if (selection.kind === Kind.FRAGMENT_SPREAD && !spread.has(selection.name.value)) {
        spread.add(selection.name.value);
        const fragment = document.definitions.find(
          (definition) => definition.kind === Kind.FRAGMENT_DEFINITION && definition.name.value === selection.name.value,
        );
        if (fragment?.kind === Kind.FRAGMENT_DEFINITION) visit(fragment.selectionSet, spread);
      }
    }
  };
  for (const set of selections) visit(set, new Set());
  return found;
}

/**
 * A resolver's GraphQLError with the field nodes of its path, as graphql-js gives it (its
 * `locations`); graphql-jit passes a thrown GraphQLError on without them.
 */
function located(document: DocumentNode, operation: OperationDefinitionNode, error: GraphQLError): GraphQLError {
  if (error.nodes?.length || !error.path?.length) return error;
  let nodes: FieldNode[] = [];
  let selections: readonly SelectionSetNode[] = [operation.selectionSet];
  for (const key of error.path) {
    if (typeof key === 'number') continue;
    nodes = fieldsAnswering(document, selections, key);
    selections = nodes.flatMap((node) => (node.selectionSet ? [node.selectionSet] : []));
  }
  return new GraphQLError(error.message, { nodes, path: error.path, originalError: error.originalError, extensions: error.extensions });
}

/**
 * Runs queries through graphql-jit, which compiles a document once into a function that resolves
 * and completes it: on a page of 50 tools graphql-js's executor is the largest cost. What it would
 * run differently stays on graphql-js: documents as above, mutations and subscriptions. A request
 * whose variables graphql-js refuses never gets here: ./use-input-checks.ts refuses it first.
 */
export function useCompiledQueries(): Plugin {
  const decided = new WeakMap<DocumentNode, OperationDefinitionNode | null>();
  const operationOf = (schema: GraphQLSchema, document: DocumentNode) => {
    let operation = decided.get(document);
    if (operation === undefined) decided.set(document, (operation = compilableQuery(schema, document)));
    return operation;
  };
  const jit = useGraphQlJit(
    {},
    {
      enableIf: ({ schema, document }) => operationOf(schema, document) !== null,
    },
  ) as Plugin;
  return {
    onExecute(payload) {
      // envelop types its hooks' `args` for any GraphQL library, as `any`; yoga executes with graphql-js, whose ExecutionArgs they are.
      const args: ExecutionArgs = payload.args;
      const operation = operationOf(args.schema, args.document);
      (jit.onExecute as (p: typeof payload) => void)(payload);
      if (operation === null) return;
      return {
        onExecuteDone({ result, setResult }) {
          const { errors } = result as ExecutionResult;
          if (errors?.length) setResult({ ...(result as ExecutionResult), errors: errors.map((error) => located(args.document, operation, error)) });
        },
      };
    },
  };
}
