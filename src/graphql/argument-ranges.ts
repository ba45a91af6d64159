import {
  getNamedType,
  isCompositeType,
  isObjectType,
  isInterfaceType,
  Kind,
  valueFromAST,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLError,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { filterProblems, type FilterProblem } from '../domain/filter';
import { MAX_CHANGE_PAGE_SIZE, MAX_NODE_IDS, MAX_PAGE_SIZE } from '../domain/limits';
import { MAX_STORED_INTEGER } from '../domain/model';
import type { ToolFilter } from '../domain/ports';
import { badUserInput } from './errors';

/** The values an integer argument may take, or how many values a list argument may hold, both ends included. */
export interface ArgumentRange {
  min: number;
  max: number;
}

const PAGE_SIZE: ArgumentRange = { min: 1, max: MAX_PAGE_SIZE };
/** A revision number: histories start at 1 (GraphQL's Int bounds the other end). */
const REVISION: ArgumentRange = { min: 1, max: MAX_STORED_INTEGER };

/**
 * The arguments whose values the domain bounds, by field (`Type.field`) and argument name; the
 * bounds themselves are the domain's (src/domain/limits.ts). A value outside its range refuses the
 * whole request before anything runs (spec section 9, "Reads"): checked here, once, rather than in
 * the resolvers, where it would fail one field at run time and leave the client half an answer.
 */
export const ARGUMENT_RANGES: Readonly<Record<string, Readonly<Record<string, ArgumentRange>>>> = {
  'Query.tools': { first: PAGE_SIZE },
  'Query.searchTools': { first: PAGE_SIZE },
  'Query.changes': { first: { min: 1, max: MAX_CHANGE_PAGE_SIZE } },
  'Query.nodes': { ids: { min: 0, max: MAX_NODE_IDS } },
  'Tool.history': { first: PAGE_SIZE },
  'ToolTombstone.history': { first: PAGE_SIZE },
  'Mutation.updateTool': { expectedRevision: REVISION },
  'Mutation.deleteTool': { expectedRevision: REVISION },
  'Mutation.deprecateTool': { expectedRevision: REVISION },
  'Mutation.undeprecateTool': { expectedRevision: REVISION },
  'Mutation.restoreTool': { expectedRevision: REVISION },
  'Mutation.renameTool': { expectedRevision: REVISION },
};

/**
 * The input types whose values the domain refuses as a whole (a criterion given twice, an empty
 * list: src/domain/filter.ts), by type name: wherever an argument of that type is given, each
 * problem refuses the request before anything runs, as a range does. The value reaches the rule
 * coerced, its enums already the domain's values.
 */
export const INPUT_RULES: Readonly<Record<string, (value: never) => FilterProblem[]>> = {
  ToolFilter: (value: ToolFilter) => filterProblems(value),
};

/**
 * One BAD_USER_INPUT error for each argument of `operation` outside its range, or each problem of
 * an input value (both above), with
 * `variables` already coerced. Each names the argument by its place in the answer (`tools.first`,
 * `tool.history.first`, aliases as written) and the variable it came from, if any. A fragment is
 * checked where it is first spread: its arguments are the same wherever it is spread, and
 * walking it once keeps the walk linear in the document's size.
 */
export function argumentRangeErrors(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Readonly<Record<string, unknown>>,
): GraphQLError[] {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const walked = new Set<string>();
  const errors: GraphQLError[] = [];

  const walk = (selectionSet: SelectionSetNode, parentType: GraphQLCompositeType, path: readonly string[]) => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parentType;
        if (type && isCompositeType(type)) walk(selection.selectionSet, type, path);
      } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(selection.name.value);
        if (!fragment || walked.has(fragment.name.value)) continue;
        walked.add(fragment.name.value);
        const type = schema.getType(fragment.typeCondition.name.value);
        if (type && isCompositeType(type)) walk(fragment.selectionSet, type, path);
      } else {
        // Unions have no fields but `__typename`; introspection fields are not in getFields().
        const field = isObjectType(parentType) || isInterfaceType(parentType) ? parentType.getFields()[selection.name.value] : undefined;
        if (!field) continue;
        const fieldPath = [...path, (selection.alias ?? selection.name).value];
        const ranges = ARGUMENT_RANGES[`${parentType.name}.${field.name}`] ?? {};
        for (const argument of selection.arguments ?? []) {
          const range = ranges[argument.name.value];
          const definition = field.args.find((arg) => arg.name === argument.name.value);
          const rule = definition ? INPUT_RULES[getNamedType(definition.type).name] : undefined;
          if (!definition || (!range && !rule)) continue;
          // A variable left out, or null, leaves the argument to its default.
          const value: unknown = valueFromAST(argument.value, definition.type, variables);
          const variable = argument.value.kind === Kind.VARIABLE ? argument.value.name.value : undefined;
          const from = variable === undefined ? '' : ` (the variable \`$${variable}\`)`;
          const refuse = (name: string, message: string) =>
            errors.push(
              badUserInput(`\`${name}\`${from} ${message}`, {
                nodes: [argument],
                extensions: { argument: name, ...(variable === undefined ? {} : { variable }) },
              }),
            );
          const name = [...fieldPath, argument.name.value].join('.');
          if (range && typeof value === 'number' && (value < range.min || value > range.max)) {
            refuse(name, `must be between ${range.min} and ${range.max}; got ${value}.`);
          }
          if (range && Array.isArray(value) && (value.length < range.min || value.length > range.max)) {
            refuse(name, `must hold between ${range.min} and ${range.max} values; got ${value.length}.`);
          }
          // Input objects of these types are never lists, so a value is one object.
          if (rule && value != null && typeof value === 'object') {
            for (const problem of rule(value as never)) refuse(`${name}.${problem.field}`, problem.message);
          }
        }
        const type = getNamedType(field.type);
        if (selection.selectionSet && isCompositeType(type)) walk(selection.selectionSet, type, fieldPath);
      }
    }
  };

  const root = schema.getRootType(operation.operation);
  if (root) walk(operation.selectionSet, root, []);
  return errors;
}
