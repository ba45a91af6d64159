import {
  getOperationAST,
  getVariableValues,
  specifiedRules,
  ValuesOfCorrectTypeRule,
  type ExecutionArgs,
  type GraphQLError,
  type ValidationContext,
  type ValidationRule,
  type validate,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { argumentRangeErrors } from '../../graphql/argument-ranges';
import { badUserInput } from '../../graphql/errors';

/** graphql-js reports at most this many bad variables of one request (its executor's own cap). */
const MAX_VARIABLE_ERRORS = 50;

/**
 * graphql-js's rule for values written in the document (`source: FOO`, `timeout: 1.5`, a missing
 * or unknown input field), its errors coded BAD_USER_INPUT instead of GRAPHQL_VALIDATION_FAILED:
 * the same value refused in a variable is BAD_USER_INPUT too, so a client handles a bad value one
 * way wherever it wrote it. The context's other methods are the rule's own (its prototype).
 */
const valuesOfCorrectTypeAsUserInput: ValidationRule = (context) =>
  ValuesOfCorrectTypeRule(
    Object.create(context, {
      reportError: { value: (error: GraphQLError) => context.reportError(badUserInput(error.message, { nodes: error.nodes })) },
    }) as ValidationContext,
  );

/**
 * Why the operation must not run: each variable graphql-js cannot coerce to its declared type, or
 * else each argument outside the range the domain gives it (src/graphql/argument-ranges.ts), all
 * as BAD_USER_INPUT; none when it may run.
 */
function inputErrors({ schema, document, variableValues, operationName }: ExecutionArgs): GraphQLError[] {
  // No such operation: execution says so, as it always does.
  const operation = getOperationAST(document, operationName);
  if (!operation) return [];
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variableValues ?? {}, { maxErrors: MAX_VARIABLE_ERRORS });
  if (coerced.errors) return coerced.errors.map((error) => badUserInput(error.message, { nodes: error.nodes }));
  return argumentRangeErrors(schema, document, operation, coerced.coerced);
}

/**
 * Refuses, before anything runs, a request whose values are wrong (spec section 9, "Reads"): one
 * answer, HTTP 400, one BAD_USER_INPUT error per bad argument or variable, each naming it. Without
 * it a variable graphql-js cannot coerce is refused with no `extensions.code`, and an argument out
 * of range fails only its field at run time. Runs when an operation is executed or subscribed, as
 * variables are known only then (yoga caches validation per document).
 */
export function useInputChecks(): Plugin {
  return {
    onValidate({ validateFn, setValidationFn }) {
      // envelop types validation for any GraphQL library, as `any`; yoga validates with graphql-js.
      const validateWith: typeof validate = validateFn;
      const validateValuesAsUserInput: typeof validate = (schema, document, rules = specifiedRules, ...rest) =>
        validateWith(
          schema,
          document,
          rules.map((rule) => (rule === ValuesOfCorrectTypeRule ? valuesOfCorrectTypeAsUserInput : rule)),
          ...rest,
        );
      setValidationFn(validateValuesAsUserInput);
    },
    // envelop types its hooks' `args` for any GraphQL library, as `any`; yoga executes with graphql-js, whose ExecutionArgs they are.
    onExecute({ args, setResultAndStopExecution }) {
      const errors = inputErrors(args);
      if (errors.length > 0) setResultAndStopExecution({ errors });
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const errors = inputErrors(args);
      if (errors.length > 0) setResultAndStopExecution({ errors });
    },
  };
}
