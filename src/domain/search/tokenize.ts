/** How any text becomes search terms (spec section 7): tool names, descriptions and queries are all cut, folded, stop-worded and stemmed by this one rule. */
import { stemmer } from '@orama/stemmers/english';
import { stopwords } from '@orama/stopwords/english';
import { searchKey } from '../search';

/**
 * Characters of one word: longer runs (a hash, base64, a key held down) are cut here, so that no
 * word costs more than a real one to fold and stem, and a long identifier still matches itself.
 */
export const MAX_WORD_LENGTH = 64;

/**
 * A run of letters, marks and digits, with the apostrophes inside it (`I'm`, `children's`): the
 * stop word list holds contractions whole, and a possessive is the word without its `'s`.
 */
const CHUNK = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*/gu;
const APOSTROPHE = /['’]/u;
const APOSTROPHES = /['’]/gu;
const POSSESSIVE = /['’]s$/u;

/** A character of Chinese or Japanese: those scripts put no spaces between words, so each character is a word of its own. */
const UNSPACED_CHARACTER = String.raw`[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]`;
const ONE_CHARACTER_WORD = new RegExp(`^${UNSPACED_CHARACTER}$`, 'u');

/**
 * Where one chunk is cut into words: where an identifier's case changes (`getIssueComments`,
 * `HTTPServer`), where letters follow digits (`2fa`), digits staying with the letters before them
 * (`v1`, `ec2`, `base64`), and around each unspaced character.
 */
const WORD_BOUNDARY = new RegExp(
  String.raw`(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})|(?<=\p{N})(?=\p{L})|(?=${UNSPACED_CHARACTER})|(?<=${UNSPACED_CHARACTER})`,
  'u',
);

/** A word of lowercase English letters only: most chunks are one already (nothing to cut or fold), and it is what the Porter stemmer is for. */
const ENGLISH_WORD = /^[a-z]+$/;

const STOP_WORDS: ReadonlySet<string> = new Set(stopwords);

/**
 * Stems already computed: a catalogue repeats its vocabulary across every tool, and stemming is
 * the costly step of indexing. Emptied when full, so that queries of made-up words cannot grow it
 * without bound.
 */
const stems = new Map<string, string>();
const MAX_REMEMBERED_STEMS = 100_000;

function stemOf(word: string): string {
  let stem = stems.get(word);
  if (stem === undefined) {
    stem = ENGLISH_WORD.test(word) ? stemmer(word) : word;
    if (stems.size >= MAX_REMEMBERED_STEMS) stems.clear();
    stems.set(word, stem);
  }
  return stem;
}

/** The words of a text, lowercased, in order, stop words included: `docker-build` is `docker build`. */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  for (const [chunk] of text.normalize('NFKC').matchAll(CHUNK)) words.push(...wordsOfChunk(chunk));
  return words;
}

/** The search terms of a text, in order, repeats kept: its words less stop words, stemmed (`comments` is `comment`). */
export function termsOf(text: string): string[] {
  const terms: string[] = [];
  for (const word of wordsOf(text)) {
    const term = termOf(word);
    if (term !== null) terms.push(term);
  }
  return terms;
}

/**
 * The distinct search terms of a text's first `maxWords` distinct words, in the order they first
 * occur. Each distinct chunk (run of letters and digits) is cut and stemmed once, so a word
 * repeated thousands of times costs little more than once, and no text costs more than `maxWords`
 * different words.
 */
export function distinctTermsOf(text: string, maxWords: number): Set<string> {
  const chunks = new Set<string>();
  const terms = new Set<string>();
  let words = 0;
  for (const [chunk] of text.normalize('NFKC').matchAll(CHUNK)) {
    if (chunks.has(chunk)) continue;
    chunks.add(chunk);
    for (const word of wordsOfChunk(chunk)) {
      if (words++ === maxWords) return terms;
      const term = termOf(word);
      if (term !== null) terms.add(term);
    }
  }
  return terms;
}

function wordsOfChunk(chunk: string): string[] {
  if (ENGLISH_WORD.test(chunk)) return [cut(chunk)];
  let plain = chunk;
  if (APOSTROPHE.test(chunk)) {
    const contraction = searchKey(chunk).replaceAll(APOSTROPHES, "'");
    if (STOP_WORDS.has(contraction)) return [contraction];
    plain = chunk.replace(POSSESSIVE, '').replaceAll(APOSTROPHES, '');
  }
  return plain
    .split(WORD_BOUNDARY)
    .filter((word) => word !== '')
    .map((word) => searchKey(cut(word)));
}

/** The word's first MAX_WORD_LENGTH characters, counted in code points so that no emoji is cut in half. */
function cut(word: string): string {
  return word.length <= MAX_WORD_LENGTH ? word : [...word].slice(0, MAX_WORD_LENGTH).join('');
}

/**
 * The term a word stands for, or null for a stop word and for a single character (the `s` of
 * `it's`, the `v` of `v-2`): too little to tell tools apart, except in the scripts written without
 * spaces, where one character is a word.
 */
function termOf(word: string): string | null {
  if (STOP_WORDS.has(word)) return null;
  if (word.length === 1 && !ONE_CHARACTER_WORD.test(word)) return null;
  return stemOf(word);
}
