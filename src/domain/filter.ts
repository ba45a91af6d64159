import { isToolName } from './validation';
import type { ToolFilter, ToolQuery } from './ports';
import { searchKey } from './search';
import { textProblem } from './values';

/**
 * The one definition of what a `ToolFilter` selects, as the `ToolQuery` the store runs for a
 * page, its `totalCount` and `toolStats` alike; null when no stored tool can match, which the
 * registry answers without asking the database. A namespace is matched exactly, so a text that is
 * no namespace (`DevOps`, `a/b`) matches nothing; a search text that no stored text can contain
 * (NUL, a lone surrogate: writes refuse both) matches nothing either.
 */
export function toolQuery(filter: ToolFilter): ToolQuery | null {
  const { search, namespace, ...exact } = filter;
  const query: ToolFilter = { ...exact };
  if (namespace != null) {
    if (!isToolName(`${namespace}/x`)) return null;
    query.namespace = namespace;
  }
  if (search != null && search !== '') {
    if (textProblem(search) !== null) return null;
    query.search = searchKey(search);
  }
  return query as ToolQuery;
}

/** The names among `names` that a stored tool can have; any other text (NUL included) names no tool. */
export function storableNames(names: readonly string[]): string[] {
  return names.filter(isToolName);
}

/** `query` restricted to the tools of `names`. */
export function amongNames(query: ToolQuery, names: readonly string[]): ToolQuery {
  return { ...query, names };
}
