/**
 * Ranked search over tools held in memory (spec section 7): tools are put and removed one at a time
 * as they change, and a query answers the best few by the ranking formula (ranking.ts). The same
 * tools give the same scores and order whatever order they were put in, so every instance, on
 * either database, answers alike.
 */
import { MAX_TERMS_PER_FIELD, SEARCH_FIELDS, searchDocumentOf, type SearchableTool } from './document';
import { IntLists } from './int-lists';
import { occurrenceWeight, termRarity, termScore } from './ranking';
import { distinctTermsOf } from './tokenize';
import { compareText } from '../text-order';

export interface SearchHit {
  name: string;
  /** Comparable within one answer only: it depends on every tool indexed. */
  score: number;
}

export interface SearchOptions {
  /** At most this many hits; 10 unless given. */
  first?: number;
  /**
   * Whether a tool may be answered (a filter, access): a test of the name alone, the same answer
   * every time. Asked of the best tools in rank order, only until `first` are admitted, and maybe
   * more than once of one tool.
   */
  admit?: (name: string) => boolean;
}

export const DEFAULT_SEARCH_HITS = 10;

/**
 * What one query looks up: its rarest terms, at most 32 of them and, past the first, at most
 * 300,000 postings in all. A task described in a paragraph has a few dozen words that tell and
 * reads a few tens of thousands of postings among 100,000 tools; a pasted page or a query of the
 * commonest words costs no more than the limits, and what it loses is the terms that say least.
 */
export const MAX_QUERY_TERMS = 32;
export const MAX_QUERY_POSTINGS = 300_000;

/**
 * How much of a query is read at all: its first 10,000 characters, and in them its first 1,000
 * distinct words. A task takes far fewer; a pasted page, or random text in every script, costs
 * no more than that.
 */
export const MAX_QUERY_CHARACTERS_READ = 10_000;
export const MAX_QUERY_WORDS_READ = 1_000;

/**
 * The formula's score, held here: compiled to CommonJS by esbuild, each use of an import reads a
 * getter of the module's exports, which cost a third of the time of scoring a posting.
 */
const scoreOfTerm = termScore;

const FIELD_COUNT = SEARCH_FIELDS.length;
/** The lengths a field can have, 0 to MAX_TERMS_PER_FIELD. */
const LENGTHS = MAX_TERMS_PER_FIELD + 1;

/**
 * A posting packs how often its term occurs in each field of one tool, 4 bits a field: more than
 * 15 occurrences in one field count as 15, which BM25's saturation makes almost the same and which
 * stops a description that repeats a word from buying its way up.
 */
const BITS_PER_FIELD = 4;
const MAX_COUNTED_OCCURRENCES = (1 << BITS_PER_FIELD) - 1;

/** Postings are pairs: the tool's slot, then its packed occurrences. */
const POSTING_SIZE = 2;

/** How many times one query looks for the score a tool must beat to be among the best (see `score`). */
const MAX_THRESHOLD_TRIES = 3;
const ROUNDING_MARGIN = 1e-9;

/** A term of a query that some tool has. */
interface QueryTerm {
  termId: number;
  toolsWithTerm: number;
  rarity: number;
}

export class ToolSearchIndex {
  private readonly slotsByName = new Map<string, number>();
  /** By slot; undefined for a free slot. */
  private readonly names: (string | undefined)[] = [];
  private readonly freeSlots: number[] = [];
  /** Terms in each field of each tool, at `slot * FIELD_COUNT + field`. */
  private fieldLengths = new Uint16Array(0);
  private readonly totalFieldLengths = new Float64Array(FIELD_COUNT);

  private readonly termIds = new Map<string, number>();
  /** By term id; a released id keeps its last term until it is given out again. */
  private readonly termsById: string[] = [];
  private readonly freeTermIds: number[] = [];
  /** By term id: the postings of the tools that have the term, in slot order. */
  private readonly postings = new IntLists();
  /** By slot: the ids of the tool's terms, to remove its postings without its definition. */
  private readonly termIdsOfSlot = new IntLists();

  /**
   * What one occurrence counts for in a field of a given length (ranking.ts), at `field *
   * LENGTHS + length`. It depends on every field's average length, so any change outdates it, and
   * the first search after changes computes it again: a few thousand numbers, where one per tool
   * and field would be most of a million.
   */
  private readonly occurrenceWeights = new Float64Array(FIELD_COUNT * LENGTHS);
  private occurrenceWeightsCurrent = false;

  /** By slot, a query's running scores; all zero between queries. */
  private scores = new Float64Array(0);
  /** The slots with a score in the running query. */
  private candidates = new Int32Array(0);

  static of(tools: Iterable<SearchableTool>): ToolSearchIndex {
    const index = new ToolSearchIndex();
    for (const tool of tools) index.put(tool);
    return index;
  }

  get size(): number {
    return this.slotsByName.size;
  }

  has(name: string): boolean {
    return this.slotsByName.has(name);
  }

  /** Adds a tool, or replaces the tool of the same name. */
  put(tool: SearchableTool): void {
    const document = searchDocumentOf(tool);
    this.remove(tool.name);
    this.occurrenceWeightsCurrent = false;
    const slot = this.freeSlots.pop() ?? this.names.length;
    this.names[slot] = tool.name;
    this.slotsByName.set(tool.name, slot);
    this.ensureSlots(slot + 1);

    const occurrences = new Map<string, number>();
    SEARCH_FIELDS.forEach((field, fieldIndex) => {
      const terms = document[field];
      this.fieldLengths[slot * FIELD_COUNT + fieldIndex] = terms.length;
      this.totalFieldLengths[fieldIndex]! += terms.length;
      const shift = fieldIndex * BITS_PER_FIELD;
      for (const term of terms) {
        const packed = occurrences.get(term) ?? 0;
        if (((packed >>> shift) & MAX_COUNTED_OCCURRENCES) < MAX_COUNTED_OCCURRENCES) occurrences.set(term, packed + (1 << shift));
      }
    });

    const termIds: number[] = [];
    const posting = new Int32Array(POSTING_SIZE);
    for (const [term, packed] of occurrences) {
      const termId = this.termIdOf(term);
      termIds.push(termId);
      posting[0] = slot;
      posting[1] = packed;
      this.postings.splice(termId, this.postingIndex(termId, slot), 0, posting);
    }
    this.termIdsOfSlot.splice(slot, 0, 0, termIds);
  }

  /** Removes the tool of this name; false when there is none. */
  remove(name: string): boolean {
    const slot = this.slotsByName.get(name);
    if (slot === undefined) return false;
    this.occurrenceWeightsCurrent = false;
    const start = this.termIdsOfSlot.startOf(slot);
    const end = start + this.termIdsOfSlot.lengthOf(slot);
    for (let i = start; i < end; i++) {
      const termId = this.termIdsOfSlot.values[i]!;
      this.postings.splice(termId, this.postingIndex(termId, slot), POSTING_SIZE, []);
      if (this.postings.lengthOf(termId) === 0) this.releaseTermId(termId);
    }
    this.termIdsOfSlot.release(slot);
    for (let field = 0; field < FIELD_COUNT; field++) {
      this.totalFieldLengths[field]! -= this.fieldLengths[slot * FIELD_COUNT + field]!;
      this.fieldLengths[slot * FIELD_COUNT + field] = 0;
    }
    this.names[slot] = undefined;
    this.slotsByName.delete(name);
    this.freeSlots.push(slot);
    return true;
  }

  /**
   * The tools that best fit `query`, best first, ties in name order; [] for a query with no term
   * that any tool has. Never throws for any text.
   */
  search(query: string, options: SearchOptions = {}): SearchHit[] {
    const first = Math.floor(options.first ?? DEFAULT_SEARCH_HITS);
    if (!(first > 0) || this.size === 0) return [];
    const terms = this.queryTerms(query);
    if (terms.length === 0) return [];

    const candidateCount = this.score(terms, first, options.admit);
    try {
      return this.best(this.candidates.subarray(0, candidateCount), first, options.admit);
    } finally {
      for (let i = 0; i < candidateCount; i++) this.scores[this.candidates[i]!] = 0;
    }
  }

  /**
   * The query's terms that some tool has, within MAX_QUERY_TERMS and MAX_QUERY_POSTINGS, rarest
   * first (ties in term order): the order they are scored and summed in. Scores are sums, and
   * summing in an order that depends only on the tools indexed gives the same floating-point score
   * whatever the order of the query's words or of the index.
   */
  private queryTerms(query: string): QueryTerm[] {
    const known: (QueryTerm & { term: string })[] = [];
    for (const term of distinctTermsOf(query.slice(0, MAX_QUERY_CHARACTERS_READ), MAX_QUERY_WORDS_READ)) {
      const termId = this.termIds.get(term);
      if (termId === undefined) continue;
      const toolsWithTerm = this.postings.lengthOf(termId) / POSTING_SIZE;
      known.push({ term, termId, toolsWithTerm, rarity: termRarity(toolsWithTerm, this.size) });
    }
    known.sort((a, b) => a.toolsWithTerm - b.toolsWithTerm || compareText(a.term, b.term));
    let postings = 0;
    return known.filter(({ toolsWithTerm }, i) => {
      postings += toolsWithTerm;
      return i === 0 || (i < MAX_QUERY_TERMS && postings <= MAX_QUERY_POSTINGS);
    });
  }

  /**
   * Adds each term's score to `scores` for the tools that have it; how many candidates (tools with
   * a score) there are, `candidates` holding them. Rarest terms first, so that the best tools are
   * known early: once the terms left could not lift a tool above the `first`-th best admitted score
   * so far, no tool that has none of the terms yet can be among the best, and the tools that
   * cannot reach that score either are dropped; the terms left are looked up for the candidates
   * kept only (MaxScore, Turtle and Flood 1995). The best tools and their scores are those of
   * scoring every posting; a query of common words reads a fraction of them.
   */
  private score(terms: readonly QueryTerm[], first: number, admit: ((name: string) => boolean) | undefined): number {
    if (!this.occurrenceWeightsCurrent) this.weighOccurrences();
    const { scores, candidates } = this;
    // A term adds less than its rarity to any tool's score (termScore's saturation).
    let unscored = terms.reduce((sum, { rarity }) => sum + rarity, 0);
    let candidateCount = 0;
    let threshold = 0;
    let thresholdsTried = 0;
    let closed = false;
    let bestScore = 0;
    for (const { termId, rarity } of terms) {
      unscored -= rarity;
      if (closed) {
        this.addToCandidates(termId, rarity, candidateCount);
        threshold = Math.max(threshold, this.threshold(candidateCount, first, admit));
        candidateCount = this.dropUnreachable(candidateCount, threshold, unscored);
        continue;
      }
      const values = this.postings.values;
      const start = this.postings.startOf(termId);
      const end = start + this.postings.lengthOf(termId);
      for (let i = start; i < end; i += POSTING_SIZE) {
        const slot = values[i]!;
        if (scores[slot] === 0) candidates[candidateCount++] = slot;
        const score = (scores[slot]! += scoreOfTerm(rarity, this.frequencyOf(slot, values[i + 1]!)));
        if (score > bestScore) bestScore = score;
      }
      // Which is the `first`-th best admitted tool costs a pass over the candidates: looked for only
      // when the terms left weigh less than the best score, and a few times at most.
      if (unscored < bestScore && thresholdsTried < MAX_THRESHOLD_TRIES) {
        thresholdsTried++;
        threshold = this.threshold(candidateCount, first, admit);
        if (unscored < threshold) {
          closed = true;
          candidateCount = this.dropUnreachable(candidateCount, threshold, unscored);
          candidates.subarray(0, candidateCount).sort();
        }
      }
    }
    return candidateCount;
  }

  /** A posting's packed occurrences, weighed by field and field length: BM25F's pseudo-frequency. */
  private frequencyOf(slot: number, packedOccurrences: number): number {
    const { occurrenceWeights, fieldLengths } = this;
    let frequency = 0;
    for (let packed = packedOccurrences, field = 0; packed !== 0; packed >>>= BITS_PER_FIELD, field++) {
      const occurrences = packed & MAX_COUNTED_OCCURRENCES;
      if (occurrences !== 0) frequency += occurrences * occurrenceWeights[field * LENGTHS + fieldLengths[slot * FIELD_COUNT + field]!]!;
    }
    return frequency;
  }

  /** Adds the term's score to each of the first `count` candidates (in slot order) that has it, finding their postings by binary search. */
  private addToCandidates(termId: number, rarity: number, count: number): void {
    const { scores, candidates } = this;
    const values = this.postings.values;
    const start = this.postings.startOf(termId);
    const end = start + this.postings.lengthOf(termId);
    let from = start;
    for (let c = 0; c < count && from < end; c++) {
      const slot = candidates[c]!;
      // Candidates come in slot order: each one's posting lies at or after the previous one's.
      from = start + this.postingIndexAfter(termId, slot, from - start);
      if (from < end && values[from] === slot) scores[slot]! += scoreOfTerm(rarity, this.frequencyOf(slot, values[from + 1]!));
    }
  }

  /** The score of the `first`-th best admitted candidate, 0 when fewer are admitted: no tool below it can be among the best. */
  private threshold(count: number, first: number, admit: ((name: string) => boolean) | undefined): number {
    if (admit === undefined) return count < first ? 0 : leastOfHighest(this.scores, this.candidates.subarray(0, count), first);
    const hits = this.best(this.candidates.subarray(0, count), first, admit);
    return hits.length < first ? 0 : hits[first - 1]!.score;
  }

  /**
   * Keeps, in order, the first `count` candidates that could still reach `threshold` with every
   * unscored term; how many are kept. (Scores are rounded sums: a margin keeps a tool whose bound
   * only rounding puts below.)
   */
  private dropUnreachable(count: number, threshold: number, unscored: number): number {
    const { scores, candidates } = this;
    const least = threshold * (1 - ROUNDING_MARGIN) - unscored;
    let kept = 0;
    for (let c = 0; c < count; c++) {
      const slot = candidates[c]!;
      if (scores[slot]! >= least) candidates[kept++] = slot;
      else scores[slot] = 0;
    }
    return kept;
  }

  private weighOccurrences(): void {
    for (let field = 0; field < FIELD_COUNT; field++) {
      const averageLength = this.totalFieldLengths[field]! / this.size;
      for (let length = 0; length < LENGTHS; length++) this.occurrenceWeights[field * LENGTHS + length] = occurrenceWeight(field, length, averageLength);
    }
    this.occurrenceWeightsCurrent = true;
  }

  /**
   * The `first` best admitted candidates. Ranking every candidate would cost more than scoring
   * them; the best few cost one pass. `admit` is asked in rank order, and the next best four
   * times as many are picked only when too few of the best were admitted.
   */
  private best(candidates: Int32Array, first: number, admit: ((name: string) => boolean) | undefined): SearchHit[] {
    const before = (a: number, b: number) => this.ranksBefore(a, b);
    const hits: SearchHit[] = [];
    let asked = 0;
    for (let wanted = first; ; wanted *= 4) {
      const ranked = bestOf(candidates, wanted, this.scores, before);
      for (; asked < ranked.length && hits.length < first; asked++) {
        const slot = ranked[asked]!;
        const name = this.names[slot]!;
        if (admit === undefined || admit(name)) hits.push({ name, score: this.scores[slot]! });
      }
      if (hits.length === first || ranked.length === candidates.length) return hits;
    }
  }

  private ranksBefore(a: number, b: number): boolean {
    const scoreA = this.scores[a]!;
    const scoreB = this.scores[b]!;
    return scoreA !== scoreB ? scoreA > scoreB : compareText(this.names[a]!, this.names[b]!) < 0;
  }

  /**
   * `postingIndex` from `from` on, for slots that come in order: steps of 1, 2, 4, … postings
   * bound the search first, so a slot close after the last one costs a few steps, where a search
   * of the whole rest would cost its logarithm every time.
   */
  private postingIndexAfter(termId: number, slot: number, from: number): number {
    const values = this.postings.values;
    const start = this.postings.startOf(termId);
    const count = this.postings.lengthOf(termId) / POSTING_SIZE;
    let low = from / POSTING_SIZE;
    let step = 1;
    while (low + step < count && values[start + (low + step) * POSTING_SIZE]! < slot) {
      low += step;
      step *= 2;
    }
    return this.postingIndex(termId, slot, low * POSTING_SIZE, Math.min(low + step, count));
  }

  /** Where `slot`'s posting is, or would go, in the term's postings, at or after `from` and before the `until`-th posting (binary search by slot). */
  private postingIndex(termId: number, slot: number, from = 0, until = this.postings.lengthOf(termId) / POSTING_SIZE): number {
    const values = this.postings.values;
    const start = this.postings.startOf(termId);
    let low = from / POSTING_SIZE;
    let high = until;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (values[start + middle * POSTING_SIZE]! < slot) low = middle + 1;
      else high = middle;
    }
    return low * POSTING_SIZE;
  }

  private termIdOf(term: string): number {
    let termId = this.termIds.get(term);
    if (termId === undefined) {
      termId = this.freeTermIds.pop() ?? this.termsById.length;
      this.termIds.set(term, termId);
      this.termsById[termId] = term;
    }
    return termId;
  }

  private releaseTermId(termId: number): void {
    this.termIds.delete(this.termsById[termId]!);
    this.postings.release(termId);
    this.freeTermIds.push(termId);
  }

  private ensureSlots(count: number): void {
    if (count <= this.scores.length) return;
    const size = Math.max(count, this.scores.length * 2, 64);
    const fieldLengths = new Uint16Array(size * FIELD_COUNT);
    fieldLengths.set(this.fieldLengths);
    this.fieldLengths = fieldLengths;
    this.scores = new Float64Array(size);
    this.candidates = new Int32Array(size);
  }
}

/**
 * The `count` best of `items` by `before`, best first: a heap of the best so far with the worst
 * of them on top, which most items fail to beat at a single comparison. `before` orders by
 * `scores` first, so an item scoring below the worst kept is passed over without calling it: a
 * search of common words ranks tens of thousands of candidates.
 */
function bestOf(items: Int32Array, count: number, scores: Float64Array, before: (a: number, b: number) => boolean): Int32Array {
  const heap = new Int32Array(Math.min(count, items.length));
  let size = 0;
  const siftDown = (start: number) => {
    const item = heap[start]!;
    let index = start;
    for (;;) {
      let child = 2 * index + 1;
      if (child >= size) break;
      if (child + 1 < size && before(heap[child]!, heap[child + 1]!)) child++;
      if (!before(item, heap[child]!)) break;
      heap[index] = heap[child]!;
      index = child;
    }
    heap[index] = item;
  };
  for (const item of items) {
    if (size < heap.length) {
      let index = size++;
      while (index > 0 && before(heap[(index - 1) >>> 1]!, item)) {
        heap[index] = heap[(index - 1) >>> 1]!;
        index = (index - 1) >>> 1;
      }
      heap[index] = item;
    } else if (size > 0 && scores[item]! >= scores[heap[0]!]! && before(item, heap[0]!)) {
      heap[0] = item;
      siftDown(0);
    }
  }
  return heap.sort((a, b) => (before(a, b) ? -1 : 1));
}

/** The least of the `count` highest `scores` of `items` (count ≤ items.length): a heap of numbers alone, for a threshold that needs no order of names. */
function leastOfHighest(scores: Float64Array, items: Int32Array, count: number): number {
  const heap = new Float64Array(count);
  for (let i = 0; i < count; i++) heap[i] = scores[items[i]!]!;
  // Sorted ascending, the first numbers already make a heap with the least on top.
  heap.sort();
  for (let i = count; i < items.length; i++) {
    const score = scores[items[i]!]!;
    if (score <= heap[0]!) continue;
    let index = 0;
    for (;;) {
      let child = 2 * index + 1;
      if (child >= count) break;
      if (child + 1 < count && heap[child + 1]! < heap[child]!) child++;
      if (score <= heap[child]!) break;
      heap[index] = heap[child]!;
      index = child;
    }
    heap[index] = score;
  }
  return heap[0]!;
}
