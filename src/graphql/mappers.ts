/**
 * Parent values of GraphQL object types that have no domain type of their own (codegen `mappers`;
 * the others map straight to src/domain types, see codegen.ts).
 */
import type { StoredRevision } from '../domain/history';
import type { ToolFilter, ToolOrder, ToolPage } from '../domain/ports';

/**
 * A page of `tools` (with its total when `totalCount` was selected), the filter it was listed by,
 * which counts it otherwise, and the order it was listed in, which its cursors carry.
 */
export interface ToolConnectionModel {
  page: ToolPage;
  filter: ToolFilter;
  order: ToolOrder;
}

/** A validation's implementation: the name of the wrapped tool, loaded only when selected. */
export interface WrappedImplementationModel {
  wraps: string;
}

/** A page of a tool's history, newest first. */
export interface ToolRevisionConnectionModel {
  revisions: StoredRevision[];
  hasNextPage: boolean;
}
