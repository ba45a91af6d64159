import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/**
 * Values (scalars, lists and objects) one request's variables may hold. graphql-js turns every
 * value of a typed input into its internal form before a resolver runs, synchronously, at a few
 * microseconds each: a 6 MiB body of small objects (100,000 resource slots) blocked the server for
 * seconds before the domain could refuse it. The largest valid write holds two schemas of at most
 * 256 KiB, far fewer values than this.
 */
export const MAX_VARIABLE_VALUES = 150_000;

/** Counts up to `max` + 1 values of a parsed JSON value, without recursion. */
function countValues(value: unknown, max: number): number {
  let count = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0 && count <= max) {
    const item = pending.pop();
    count++;
    if (typeof item === 'object' && item !== null) for (const child of Object.values(item)) pending.push(child);
  }
  return count;
}

/** Refuses, before any coercion, a request whose variables hold more than MAX_VARIABLE_VALUES values. */
export function useVariablesLimit(max = MAX_VARIABLE_VALUES): Plugin {
  return {
    onParams({ params }) {
      if (params.variables == null || countValues(params.variables, max) <= max) return;
      throw new GraphQLError(`The variables hold more than ${max.toLocaleString('en-US')} values, the most one request may send.`, {
        extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } },
      });
    },
  };
}
