import type { Plugin } from 'graphql-yoga';
import { limitRefusal } from '../limits';

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

/** Refuses, before graphql-js coerces them, variables holding more than `max` values (limits.ts `maxVariableValues`). */
export function useVariablesLimit(max: number): Plugin {
  return {
    onParams({ params }) {
      if (params.variables == null || countValues(params.variables, max) <= max) return;
      throw limitRefusal('maxVariableValues', `The variables hold more than ${max.toLocaleString('en-US')} values, the most one request may send.`);
    },
  };
}
