import { IntLists } from '../../src/domain/search/int-lists';

/** The index's storage: many lists of integers in one buffer, as if each were an array of its own. */

function listOf(lists: IntLists, id: number): number[] {
  const start = lists.startOf(id);
  return Array.from(lists.values.subarray(start, start + lists.lengthOf(id)));
}

describe('lists of integers', () => {
  it('holds an empty list for an id never written', () => {
    const lists = new IntLists();
    expect(listOf(lists, 12_345)).toEqual([]);
  });

  it('splices like Array.prototype.splice', () => {
    const lists = new IntLists();
    lists.splice(3, 0, 0, [1, 2, 3, 4]);
    lists.splice(3, 1, 2, [9]);
    lists.splice(3, 3, 0, [7, 8]);
    expect(listOf(lists, 3)).toEqual([1, 9, 4, 7, 8]);
  });

  it('empties a released list', () => {
    const lists = new IntLists();
    lists.splice(0, 0, 0, [1, 2]);
    lists.release(0);
    expect(listOf(lists, 0)).toEqual([]);
    lists.splice(0, 0, 0, [5]);
    expect(listOf(lists, 0)).toEqual([5]);
  });

  it('keeps every list intact through growth, moves and compaction', () => {
    const lists = new IntLists();
    const model = new Map<number, number[]>();
    let state = 42;
    const random = (below: number) => {
      state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
      return state % below;
    };
    for (let step = 0; step < 20_000; step++) {
      const id = random(300);
      const list = model.get(id) ?? [];
      if (random(10) === 0) {
        lists.release(id);
        model.set(id, []);
        continue;
      }
      const index = random(list.length + 1);
      const removed = Math.min(random(3), list.length - index);
      const inserted = Array.from({ length: random(4) }, () => random(1_000_000));
      lists.splice(id, index, removed, inserted);
      list.splice(index, removed, ...inserted);
      model.set(id, list);
    }
    for (const [id, list] of model) expect(listOf(lists, id)).toEqual(list);
  });
});
