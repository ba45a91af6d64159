/**
 * What a ToolFilter selects and what the API refuses of it (src/domain/filter.ts), without a
 * database: `filterProblems` (spec section 9, "Reads") and `toolQuery`'s reading of lists.
 */
import { filterProblems, toolQuery } from '../../src/domain/filter';
import { MAX_FILTER_LIST_LENGTH } from '../../src/domain/limits';
import type { ToolFilter } from '../../src/domain/ports';

const fields = (filter: ToolFilter) => filterProblems(filter).map((problem) => problem.field);

describe('filterProblems', () => {
  it('accepts lists of 1 to MAX_FILTER_LIST_LENGTH values, single values alone, and nulls', () => {
    const longest = Array.from({ length: MAX_FILTER_LIST_LENGTH }, (_, i) => `ns-${i}`);
    expect(fields({ namespaceIn: longest, sourceIn: ['mcp'], statusIn: ['active', 'deprecated'] })).toEqual([]);
    expect(fields({ namespace: 'a', source: 'mcp', checkpointable: true, idempotent: false })).toEqual([]);
    expect(fields({ namespace: null, namespaceIn: ['a'], source: 'mcp', sourceIn: null, statusIn: null })).toEqual([]);
  });

  it('refuses a criterion given both as one value and as a list, naming the list', () => {
    expect(fields({ namespace: 'a', namespaceIn: ['a'] })).toEqual(['namespaceIn']);
    expect(fields({ source: 'mcp', sourceIn: ['builtin'] })).toEqual(['sourceIn']);
  });

  it('refuses an empty list and one longer than MAX_FILTER_LIST_LENGTH', () => {
    expect(fields({ namespaceIn: [], sourceIn: [], statusIn: [] })).toEqual(['namespaceIn', 'sourceIn', 'statusIn']);
    expect(fields({ sourceIn: Array.from({ length: MAX_FILTER_LIST_LENGTH + 1 }, () => 'mcp' as const) })).toEqual(['sourceIn']);
  });
});

describe('toolQuery', () => {
  it('folds the single values into the lists, and keeps both forms as a conjunction', () => {
    expect(toolQuery({ namespace: 'a', source: 'mcp' })).toMatchObject({ namespaceIn: ['a'], sourceIn: ['mcp'] });
    expect(toolQuery({ namespace: 'a', namespaceIn: ['a', 'b', 'a'] })).toMatchObject({ namespaceIn: ['a'] });
    expect(toolQuery({ namespace: 'c', namespaceIn: ['a', 'b'] })).toBeNull();
    expect(toolQuery({ namespaceIn: ['b', 'a', 'b'] })).toMatchObject({ namespaceIn: ['b', 'a'] });
  });

  it('matches nothing for an empty list or namespaces no tool can have, and drops those beside valid ones', () => {
    expect(toolQuery({ namespaceIn: [] })).toBeNull();
    expect(toolQuery({ sourceIn: [] })).toBeNull();
    expect(toolQuery({ statusIn: [] })).toBeNull();
    expect(toolQuery({ namespaceIn: ['Not A Namespace', 'a/b'] })).toBeNull();
    expect(toolQuery({ namespaceIn: ['Bad', 'ok'] })).toMatchObject({ namespaceIn: ['ok'] });
  });

  it('reads statusIn as deprecated or not; both statuses select every tool', () => {
    expect(toolQuery({ statusIn: ['deprecated'] })).toMatchObject({ deprecated: true });
    expect(toolQuery({ statusIn: ['active'] })).toMatchObject({ deprecated: false });
    expect(toolQuery({ statusIn: ['active', 'deprecated'] })).not.toHaveProperty('deprecated');
  });
});
