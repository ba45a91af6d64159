import { createHash } from 'node:crypto';
import { getOperationAST, Kind, OperationTypeNode, type ExecutionArgs } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { MAX_WRITE_KEY_LENGTH } from '../../domain/limits';
import type { GraphQLContext } from '../../graphql/context';
import { badUserInput } from '../../graphql/errors';

/** The header a client names a write by, so that a retry of it writes nothing (IETF draft "The Idempotency-Key HTTP Header Field", as Stripe's API has it). */
export const WRITE_KEY_HEADER = 'idempotency-key';

/** Printable ASCII: a key is an opaque name, most often a UUID. */
const WRITE_KEY = new RegExp(`^[\\x20-\\x7e]{1,${MAX_WRITE_KEY_LENGTH}}$`);

/**
 * The key of a header's value, or why it is none. The draft's form is a quoted string (`"8e03…"`);
 * the bare form most clients send is taken too.
 */
function writeKeyOf(header: string): { key: string } | { refusal: string } {
  const quoted = /^"((?:[^"\\]|\\.)*)"$/.exec(header);
  const key = quoted ? quoted[1]!.replace(/\\(.)/g, '$1') : header;
  if (!WRITE_KEY.test(key)) return { refusal: `An Idempotency-Key is 1 to ${MAX_WRITE_KEY_LENGTH} printable ASCII characters, such as a UUID.` };
  return { key };
}

/**
 * Gives a mutation sent with an `Idempotency-Key` header its key, which the write records with its
 * answer (src/domain/registry/unit-of-work.ts): a repeat with the same key and the same request
 * gets the first answer and writes nothing. The request is the operation's text, its name and its
 * variables, hashed. A key names one write, so a request with a key holds one mutation field; a
 * malformed key or more fields is BAD_USER_INPUT before anything runs. A key on a query is
 * ignored: reading twice changes nothing.
 */
export function useWriteKeys(): Plugin<GraphQLContext> {
  return {
    // envelop types its hooks' `args` for any GraphQL library, as `any`; yoga executes with graphql-js, whose ExecutionArgs they are.
    onExecute({ args, setResultAndStopExecution }) {
      const { contextValue, document, operationName, variableValues } = args as ExecutionArgs & {
        contextValue: GraphQLContext & { params?: { query?: string } };
      };
      const header = contextValue.request?.headers.get(WRITE_KEY_HEADER) ?? null;
      if (header === null) return;
      const operation = getOperationAST(document, operationName);
      if (operation?.operation !== OperationTypeNode.MUTATION) return;
      const found = writeKeyOf(header);
      if ('refusal' in found) return setResultAndStopExecution({ errors: [badUserInput(found.refusal)] });
      const [only, ...more] = operation.selectionSet.selections;
      if (only?.kind !== Kind.FIELD || more.length > 0) {
        return setResultAndStopExecution({
          errors: [badUserInput('An Idempotency-Key names one write: a request with a key holds one mutation field. Send each write with its own key.')],
        });
      }
      const request = JSON.stringify([contextValue.params?.query ?? null, operationName ?? null, variableValues ?? null]);
      const requestHash = createHash('sha256').update(request).digest('hex');
      contextValue.caller = { ...contextValue.caller, writeKey: { key: found.key, requestHash } };
    },
  };
}
