import { GraphQLError } from 'graphql';
import { DEFAULT_CHANGE_PAGE_SIZE } from '../../../domain/limits';
import { UnknownChangePosition } from '../../../domain/registry';
import { decodeChangeCursor } from '../../cursor';
import type { QueryResolvers } from '../../generated/resolvers-types';

/** `changes(after, first)`: a page of the registry-wide change log. */
export const changes: NonNullable<QueryResolvers['changes']> = async (_root, { after, first }, { registry }) => {
  try {
    return await registry.changes(after == null ? 0 : decodeChangeCursor(after), first ?? DEFAULT_CHANGE_PAGE_SIZE);
  } catch (error) {
    throw error instanceof UnknownChangePosition ? unknownCursor(error) : error;
  }
};

/** A well-formed cursor of a change this registry does not have: the client's to mend. */
export function unknownCursor(error: UnknownChangePosition, argumentName = 'after'): GraphQLError {
  return new GraphQLError(
    `\`${argumentName}\` is a cursor of a change this registry does not have (another registry's, or one from before a restore): read \`changes\` from the start.`,
    {
      extensions: { code: 'BAD_USER_INPUT', argumentName },
    },
  );
}
