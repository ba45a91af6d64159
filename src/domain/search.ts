import { MAX_DESCRIPTION_LENGTH } from './limits';

/**
 * What `search` matches (spec section 4: the name or the description, ignoring case). The query and
 * the stored description are both turned into a search key here, in JavaScript, and the database
 * only looks for one key inside another, byte for byte: SQLite and PostgreSQL fold case
 * differently (SQLite only ASCII, PostgreSQL by its locale, where `İ` becomes `i`), so folding in
 * SQL would let the two databases answer the same search with different tools.
 *
 * The key is the text in Unicode compatibility form (NFKC: `ﬁ` is `fi`, a full-width `Ａ` is `A`,
 * `é` composed or not is one `é`), lowercased by the Unicode default mapping (locale-independent:
 * `İ` becomes `i̇`, so it finds `İ` and not every `i`), with the final sigma `ς` taken as `σ`, the
 * one letter whose lowercase depends on its place in a word, and the noncharacters U+FFFE and
 * U+FFFF taken as U+FFFD, the replacement character: SQLite's UTF-8 reader (its FTS5 trigram index
 * included) reads them so, and lone surrogates reach either database as U+FFFD already.
 */
export function searchKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replaceAll('ς', 'σ')
    .replace(/[\uFFFE\uFFFF]/g, '\uFFFD');
}

/**
 * The longest search key a stored text can have: a description of MAX_DESCRIPTION_LENGTH
 * characters (names are shorter), each of which NFKC expands to at most 18 (U+FDFA). A longer
 * search text is in no stored text, and is answered without asking the database.
 */
export const LONGEST_STORED_SEARCH_KEY = MAX_DESCRIPTION_LENGTH * 18;
