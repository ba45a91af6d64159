/**
 * Many growable lists of 32-bit integers in one Int32Array. A hundred thousand tools have millions
 * of postings over hundreds of thousands of terms, most of them rare: a typed array or a JavaScript
 * array apiece would cost more in object headers than in numbers.
 */
export class IntLists {
  /** Every list's numbers: list `id` holds `values[startOf(id)]` to `values[startOf(id) + lengthOf(id) - 1]`. Replaced when it grows. */
  values = new Int32Array(1024);
  private end = 0;
  /** Numbers reserved by lists, however many they hold; the rest of `values` before `end` is space that lists moved out of. */
  private reserved = 0;
  private starts = new Int32Array(64);
  private lengths = new Int32Array(64);
  private capacities = new Int32Array(64);

  startOf(list: number): number {
    return list < this.starts.length ? this.starts[list]! : 0;
  }

  lengthOf(list: number): number {
    return list < this.lengths.length ? this.lengths[list]! : 0;
  }

  /** Removes `removed` numbers of list `list` at `index` and inserts `inserted` there, as Array.prototype.splice does. */
  splice(list: number, index: number, removed: number, inserted: ArrayLike<number>): void {
    this.ensureList(list);
    const length = this.lengths[list]!;
    const newLength = length - removed + inserted.length;
    this.reserve(list, newLength);
    const start = this.starts[list]!;
    this.values.copyWithin(start + index + inserted.length, start + index + removed, start + length);
    for (let i = 0; i < inserted.length; i++) this.values[start + index + i] = inserted[i]!;
    this.lengths[list] = newLength;
  }

  /** Empties list `list` and gives its space back. */
  release(list: number): void {
    if (list >= this.lengths.length) return;
    this.reserved -= this.capacities[list]!;
    this.lengths[list] = 0;
    this.capacities[list] = 0;
  }

  private ensureList(list: number): void {
    if (list < this.starts.length) return;
    const size = Math.max(list + 1, this.starts.length * 2);
    this.starts = grown(this.starts, size);
    this.lengths = grown(this.lengths, size);
    this.capacities = grown(this.capacities, size);
  }

  /** Makes room for `needed` numbers in list `list`, moving it to the end of `values` with twice the room when it has outgrown its place. */
  private reserve(list: number, needed: number): void {
    const capacity = this.capacities[list]!;
    if (needed <= capacity) return;
    const newCapacity = Math.max(needed, capacity * 2, 2);
    if (this.end + newCapacity > this.values.length) this.compact(newCapacity);
    const start = this.starts[list]!;
    this.values.copyWithin(this.end, start, start + this.lengths[list]!);
    this.starts[list] = this.end;
    this.capacities[list] = newCapacity;
    this.end += newCapacity;
    this.reserved += newCapacity - capacity;
  }

  /** Copies every list into a new buffer without the space lists moved out of, with room for `room` more and as much again to grow. */
  private compact(room: number): void {
    const values = new Int32Array(Math.max(1024, 2 * (this.reserved + room)));
    let end = 0;
    for (let list = 0; list < this.starts.length; list++) {
      const capacity = this.capacities[list]!;
      if (capacity === 0) continue;
      const start = this.starts[list]!;
      values.set(this.values.subarray(start, start + this.lengths[list]!), end);
      this.starts[list] = end;
      end += capacity;
    }
    this.values = values;
    this.end = end;
  }
}

function grown(array: Int32Array, size: number) {
  const larger = new Int32Array(size);
  larger.set(array);
  return larger;
}
