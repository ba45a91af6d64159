import { DEFAULT_CHANGE_PAGE_SIZE } from '../../../domain/limits';
import { UnknownChangePosition } from '../../../domain/registry';
import { decodeChangeCursor, unknownChangeCursor } from '../../cursor';
import type { QueryResolvers } from '../../generated/resolvers-types';

/** `changes(after, first)`: a page of the registry-wide change log. */
export const changes: NonNullable<QueryResolvers['changes']> = async (_root, { after, first }, { registry }) => {
  try {
    return await registry.changes(after == null ? 0 : decodeChangeCursor(after), first ?? DEFAULT_CHANGE_PAGE_SIZE);
  } catch (error) {
    throw error instanceof UnknownChangePosition ? unknownChangeCursor('after') : error;
  }
};
