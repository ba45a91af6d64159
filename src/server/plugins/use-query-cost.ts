import { getOperationAST, OperationTypeNode, visit, type ArgumentNode, type DocumentNode, type ExecutionArgs, type GraphQLSchema } from 'graphql';
import { getComplexity, type ComplexityEstimator } from 'graphql-query-complexity';
import type { Plugin } from 'graphql-yoga';
import { LRUCache } from 'lru-cache';
import { limitRefusal, WRAPPED_BY_ASSUMED_FANOUT } from '../limits';

/**
 * The cost model: every field of the result counts 1, and a list field counts what it selects as
 * many times as the list may be long:
 * - `tools(first: N)`: N (the schema's default, 20, when omitted);
 * - `_entities(representations:)` and `nodes(ids:)`: the number of references or ids sent (KEYED_LISTS);
 * - `wrappedBy`, which has no bound: WRAPPED_BY_ASSUMED_FANOUT;
 * - every other list once: each comes with a row already loaded (`resourceSlots`, `sideEffects`)
 *   or from one aggregate query (`namespaces`, `toolStats`), and the domain bounds its length.
 */
/** The root fields that answer one object per key given, by the argument that lists the keys. */
const KEYED_LISTS: Readonly<Record<string, string>> = { _entities: 'representations', nodes: 'ids' };

const estimateCost: ComplexityEstimator = ({ type, field, args, childComplexity }) => {
  let length = 1;
  const keys = type.name === 'Query' ? KEYED_LISTS[field.name] : undefined;
  // `first: null` pages like an omitted `first`: by the schema's default.
  if (type.name === 'Query' && field.name === 'tools') length = Math.max(0, Number(args.first ?? field.args.find((arg) => arg.name === 'first')?.defaultValue));
  else if (keys !== undefined) length = Array.isArray(args[keys]) ? (args[keys] as unknown[]).length : 0;
  else if (field.name === 'wrappedBy') length = WRAPPED_BY_ASSUMED_FANOUT;
  return 1 + length * childComplexity;
};

/** The arguments whose values `estimateCost` reads (on any field: a superset is harmless). */
const COSTED_ARGUMENTS = new Set(['first', ...Object.values(KEYED_LISTS)]);

/**
 * The variables a document's cost can depend on: those written in a costed argument's value or in
 * a directive (`@include(if: $x)` leaves a field out of the count). A search sends a new task text
 * with every request, and its cost is the same for every text.
 */
function costedVariablesOf(document: DocumentNode): string[] {
  const names = new Set<string>();
  const isCosted = (node: ArgumentNode) => COSTED_ARGUMENTS.has(node.name.value);
  let openCostedValues = 0;
  visit(document, {
    Argument: {
      enter: (node) => {
        if (isCosted(node)) openCostedValues++;
      },
      leave: (node) => {
        if (isCosted(node)) openCostedValues--;
      },
    },
    Directive: {
      enter: () => {
        openCostedValues++;
      },
      leave: () => {
        openCostedValues--;
      },
    },
    Variable: (node) => {
      if (openCostedValues > 0) names.add(node.name.value);
    },
    // A variable's definition names it outside any argument.
    VariableDefinition: () => false,
  });
  return [...names].sort();
}

/** The library gives up on documents that expand past this many selections (fragments spread repeatedly). */
const TOO_MANY_NODES = 'Query exceeds the maximum allowed number of nodes.';

/** An operation's cost, or why it has none: too large to estimate, or variables that do not fit the operation. */
type Estimate = number | 'too many nodes' | 'unknown';

/** Variables sets remembered per document: a query sent with ever new variables is estimated each time. */
const ESTIMATES_PER_DOCUMENT = 100;
/** Queries with longer variables are estimated each time rather than kept. */
const MAX_REMEMBERED_KEY = 1024;

function estimateCostOf(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown>, operationName: string | undefined): Estimate {
  try {
    return getComplexity({ schema, query: document, variables, operationName, estimators: [estimateCost] });
  } catch (error) {
    return error instanceof Error && error.message === TOO_MANY_NODES ? 'too many nodes' : 'unknown';
  }
}

/**
 * Refuses, before any resolver runs, an operation whose estimated cost (above) exceeds `maxCost`
 * (MAX_QUERY_COST), with `extensions.code: QUERY_TOO_COMPLEX` and HTTP 400. It runs when an
 * operation is executed or subscribed, not as a validation rule, because the cost depends on the
 * request's variables (`first: $first`) and yoga caches validation per document.
 */
export function useQueryCost(options: { maxCost: number }): Plugin {
  // Estimates of queries already made, per parsed document (yoga parses a repeated text once) and
  // per values of the variables its cost depends on: a read repeated, or sent with other values of
  // the other variables, is not estimated again. Mutations are not repeated reads, and their
  // variables can be megabytes (an import's config).
  const estimated = new WeakMap<DocumentNode, { costedVariables: string[]; byValues: LRUCache<string, Estimate> }>();
  const estimateOf = (schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown>, operationName: string | undefined): Estimate => {
    if (getOperationAST(document, operationName)?.operation !== OperationTypeNode.QUERY) return estimateCostOf(schema, document, variables, operationName);
    let remembered = estimated.get(document);
    if (remembered === undefined) {
      remembered = { costedVariables: costedVariablesOf(document), byValues: new LRUCache<string, Estimate>({ max: ESTIMATES_PER_DOCUMENT }) };
      estimated.set(document, remembered);
    }
    // An omitted variable (its definition's default) is not a null one: an object's key tells them apart.
    const key = JSON.stringify([operationName ?? null, Object.fromEntries(remembered.costedVariables.map((name) => [name, variables[name]]))]);
    if (key.length > MAX_REMEMBERED_KEY) return estimateCostOf(schema, document, variables, operationName);
    let estimate = remembered.byValues.get(key);
    if (estimate === undefined) {
      estimate = estimateCostOf(schema, document, variables, operationName);
      // Variables that do not fit the operation are not its costed ones' doing: estimated again.
      if (estimate !== 'unknown') remembered.byValues.set(key, estimate);
    }
    return estimate;
  };
  // envelop types its hooks' `args` for any GraphQL library, as `any`; yoga executes with graphql-js, whose ExecutionArgs they are.
  const refusal = ({ schema, document, variableValues, operationName }: ExecutionArgs) => {
    const cost = estimateOf(schema, document, variableValues ?? {}, operationName ?? undefined);
    if (cost === 'too many nodes') {
      return limitRefusal('maxCost', `The query expands to too many fields to estimate; its cost is above the limit of ${options.maxCost}.`);
    }
    // Variables of the wrong type: execution reports them as it always does, and runs nothing.
    if (cost === 'unknown' || cost <= options.maxCost) return undefined;
    return limitRefusal(
      'maxCost',
      `The query's estimated cost is ${cost}, above the limit of ${options.maxCost}. Ask for fewer tools (first), nest wrappedBy less, or split the query.`,
    );
  };
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const refused = refusal(args);
      if (refused) setResultAndStopExecution({ errors: [refused] });
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const refused = refusal(args);
      if (refused) setResultAndStopExecution({ errors: [refused] });
    },
  };
}
