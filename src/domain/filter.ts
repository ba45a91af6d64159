import { isToolName } from './validation';
import { findingRank, highestSeverity } from './findings';
import { MAX_FILTER_LIST_LENGTH } from './limits';
import { namespaceOf, type StoredTool, type ToolSource, type ToolType } from './model';
import { CAPABILITY_FLAGS, type CapabilityFlag, type ToolFilter, type ToolQuery } from './ports';
import { LONGEST_STORED_SEARCH_KEY, searchKey } from './search';
import { longerThan, textProblem } from './values';

/** The criteria a filter takes as one value or as a list: giving both is ambiguous, so refused. */
const SINGLE_AND_LIST = [
  { single: 'namespace', list: 'namespaceIn' },
  { single: 'source', list: 'sourceIn' },
] as const;

const LISTS = ['namespaceIn', 'sourceIn', 'statusIn'] as const;

/** Why a filter is refused: the criterion (by its name in `ToolFilter`) and what is wrong with it. */
export interface FilterProblem {
  field: keyof ToolFilter;
  message: string;
}

/**
 * What makes a filter a mistake, refused before anything runs (spec section 9, "Reads"): a
 * criterion given both as one value and as a list; an empty list, which would select nothing and is
 * never what a client means (leave the criterion out to select everything); a list of more than
 * MAX_FILTER_LIST_LENGTH values. Empty when the filter may run.
 */
export function filterProblems(filter: ToolFilter): FilterProblem[] {
  const problems: FilterProblem[] = [];
  for (const { single, list } of SINGLE_AND_LIST) {
    if (filter[single] != null && filter[list] != null) {
      problems.push({ field: list, message: `give \`${single}\` or \`${list}\`, not both (\`${single}\` is deprecated: use \`${list}\`).` });
    }
  }
  for (const list of LISTS) {
    const values = filter[list];
    if (values == null) continue;
    if (values.length === 0) problems.push({ field: list, message: 'must not be empty: leave it out (or null) to select every value.' });
    else if (values.length > MAX_FILTER_LIST_LENGTH)
      problems.push({ field: list, message: `takes at most ${MAX_FILTER_LIST_LENGTH} values; got ${values.length}.` });
  }
  return problems;
}

/** The distinct values of a list criterion and its single-value form together (a tool must match both); undefined when neither is given. */
function criterion<T>(single: T | null | undefined, list: readonly T[] | null | undefined): T[] | undefined {
  if (single == null && list == null) return undefined;
  const values = [...new Set(list ?? [single as T])];
  return single == null ? values : values.filter((value) => value === single);
}

/**
 * The one definition of what a `ToolFilter` selects, as the `ToolQuery` the store runs for a
 * page, its `totalCount` and `toolStats` alike; null when no stored tool can match, which the
 * registry answers without asking the database. Every criterion must hold, a list's when one of its
 * values does, so a filter the API refuses still has a meaning here: both forms of a criterion
 * must hold, an empty list matches nothing. A namespace is matched exactly, so a text that is no
 * namespace (`DevOps`, `a/b`) matches nothing; a search text that no stored text can contain (NUL,
 * a lone surrogate: writes refuse both; a text longer than any stored one) matches nothing either.
 */
export function toolQuery(filter: ToolFilter): ToolQuery | null {
  const { search, namespace, namespaceIn, source, sourceIn, statusIn, ...exact } = filter;
  const query: Omit<ToolQuery, symbol> & { namespaceIn?: string[]; sourceIn?: ToolFilter['sourceIn']; deprecated?: boolean } = { ...exact };
  const namespaces = criterion(namespace, namespaceIn);
  if (namespaces !== undefined) {
    query.namespaceIn = namespaces.filter((ns) => isToolName(`${ns}/x`));
    if (query.namespaceIn.length === 0) return null;
  }
  const sources = criterion(source, sourceIn);
  if (sources !== undefined) {
    if (sources.length === 0) return null;
    query.sourceIn = sources;
  }
  if (statusIn != null) {
    const active = statusIn.includes('active');
    const deprecated = statusIn.includes('deprecated');
    if (!active && !deprecated) return null;
    // Both statuses together select every tool.
    if (active !== deprecated) query.deprecated = deprecated;
  }
  if (search != null && search !== '') {
    if (textProblem(search) !== null) return null;
    const key = searchKey(search);
    if (longerThan(key, LONGEST_STORED_SEARCH_KEY)) return null;
    query.search = key;
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

/** What of a tool `mayPass` reads: small enough to keep for every tool of a registry. */
export interface ToolFacets extends Readonly<Record<CapabilityFlag, boolean>> {
  readonly namespace: string;
  readonly source: ToolSource;
  readonly toolType: ToolType;
  readonly deprecated: boolean;
  readonly deleted: boolean;
  /** `findingRank` of its most severe finding. */
  readonly findingRank: number;
}

export function facetsOf(tool: StoredTool): ToolFacets {
  const { capability } = tool;
  // One object literal, every flag named: built from the list of flags, each took 600 bytes.
  return {
    namespace: namespaceOf(tool.name),
    source: tool.source,
    toolType: tool.toolType,
    readOnly: capability.readOnly,
    writes: capability.writes,
    checkpointable: capability.checkpointable,
    idempotent: capability.idempotent,
    unsafe: capability.unsafe,
    humanApprovalRequired: capability.humanApprovalRequired,
    deprecated: tool.deprecation !== null,
    deleted: tool.deletion !== null,
    findingRank: findingRank(highestSeverity(tool.findings)),
  };
}

/**
 * Whether a tool of `facets` passes every criterion of `query` that its facets decide: all but
 * `search`, `updatedSince` and `names`, which only the store reads. What ranked search asks of its
 * candidates before the store, which decides; it holds exactly where the store's SQL does
 * (test/store/facet-predicate.test.ts compares them on both databases).
 */
export function mayPass(query: ToolQuery, facets: ToolFacets): boolean {
  // A filter selects among live tools.
  if (facets.deleted) return false;
  if (query.deprecated !== undefined && facets.deprecated !== query.deprecated) return false;
  if (query.namespaceIn != null && !query.namespaceIn.includes(facets.namespace)) return false;
  if (query.sourceIn != null && !query.sourceIn.includes(facets.source)) return false;
  if (query.toolType != null && facets.toolType !== query.toolType) return false;
  for (const flag of CAPABILITY_FLAGS) {
    const wanted = query[flag];
    if (wanted != null && facets[flag] !== wanted) return false;
  }
  return query.maxFindingSeverity == null || facets.findingRank <= findingRank(query.maxFindingSeverity);
}
