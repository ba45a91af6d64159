/**
 * The ranking formula, BM25F (Robertson and Zaragoza, "The Probabilistic Relevance Framework"):
 * how much one term of a query says for one tool, from how often it occurs in each of the tool's
 * fields, how long those fields are, and how rare the term is among all tools. The only place the
 * formula and its parameters are written.
 */
import { SEARCH_FIELDS, type SearchField } from './document';

interface FieldWeighting {
  /** How much one occurrence in this field counts against one in the description. */
  weight: number;
  /** BM25's b: how much an occurrence counts for less in a field longer than the field's average (0: not at all, 1: in proportion). */
  lengthNormalization: number;
}

/**
 * An agent describes its task by what it has and wants ("the ticker symbol", "these coordinates",
 * "an ingredient"), which is what a tool takes: the input schema's property names and their
 * explanations weigh most, a name's words next, and the description's prose least, since it
 * spends many words on what every tool says ("returns", "endpoint", "data"). A name's length is
 * normalized in full (one word of a two-word name says more than one of ten), a schema's barely
 * (more properties are more things the tool can take, not a diluted one).
 *
 * Chosen on the development set of bench:search over a coarse grid (weights in halves and wholes,
 * normalizations in quarters). Chosen the same way on half of its queries, they score as well on
 * the other half (NDCG@10 0.391, against 0.396 on the half they were chosen on): they fit how
 * tasks are phrased rather than these queries.
 */
const FIELD_WEIGHTING: Record<SearchField, FieldWeighting> = {
  namespace: { weight: 1.5, lengthNormalization: 1 },
  shortName: { weight: 1, lengthNormalization: 1 },
  description: { weight: 0.5, lengthNormalization: 0.5 },
  propertyNames: { weight: 4, lengthNormalization: 0.25 },
  propertyTexts: { weight: 3, lengthNormalization: 0.25 },
  mcpNames: { weight: 1, lengthNormalization: 1 },
  skillPath: { weight: 1, lengthNormalization: 1 },
};

/** Weights and length normalizations by field number, the field's place in SEARCH_FIELDS. */
const FIELD_WEIGHTS: readonly number[] = SEARCH_FIELDS.map((field) => FIELD_WEIGHTING[field].weight);
const FIELD_LENGTH_NORMALIZATIONS: readonly number[] = SEARCH_FIELDS.map((field) => FIELD_WEIGHTING[field].lengthNormalization);

/** BM25's k1: how soon more occurrences of a term stop adding to a tool's score. */
const SATURATION = 0.8;

/** How much finding a term says: more the fewer tools have it (BM25's idf, never negative). */
export function termRarity(toolsWithTerm: number, toolCount: number): number {
  return Math.log(1 + (toolCount - toolsWithTerm + 0.5) / (toolsWithTerm + 0.5));
}

/**
 * What one occurrence of a term in a field of a tool counts for, BM25F's pseudo-frequency per
 * occurrence: the field's weight, discounted for a field longer than that field's average.
 */
export function occurrenceWeight(field: number, fieldLength: number, averageFieldLength: number): number {
  // An empty field has no occurrence to weigh, and with full normalization (b = 1) it would divide by zero.
  if (fieldLength === 0) return 0;
  const b = FIELD_LENGTH_NORMALIZATIONS[field]!;
  const relativeLength = fieldLength / averageFieldLength;
  return FIELD_WEIGHTS[field]! / (1 - b + b * relativeLength);
}

/** A term's score for one tool, from its rarity and the weights of its occurrences summed over the tool's fields. */
export function termScore(rarity: number, frequency: number): number {
  return (rarity * frequency) / (SATURATION + frequency);
}
