import { GraphQLError } from 'graphql';

/** The most items one page of any connection holds. */
export const MAX_PAGE_SIZE = 100;

/** A connection's `first`, checked: between 1 and MAX_PAGE_SIZE, else the client's error (`BAD_USER_INPUT`). */
export function pageSize(first: number | null | undefined): number {
  const size = first ?? 20;
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
    throw new GraphQLError(`\`first\` must be between 1 and ${MAX_PAGE_SIZE}; got ${size}.`, {
      extensions: { code: 'BAD_USER_INPUT', argumentName: 'first' },
    });
  }
  return size;
}
