/**
 * How the finding rules read text: each text of a definition is matched in a normalized form, so
 * that trivial obfuscation (full-width letters, zero-width characters between the letters of a
 * word, Cyrillic look-alikes inside a Latin word, line breaks or doubled spaces inside a phrase)
 * reads as the plain words it imitates.
 */

/**
 * Characters that render as nothing or change the direction of what follows: zero-width
 * characters, invisible operators, the bidirectional embeddings, overrides and isolates, the
 * interlinear annotation marks, the Unicode tag characters (which can spell ASCII text no reader
 * sees), the variation selectors of the supplement plane (which can carry bytes) and the Hangul
 * and Mongolian fillers. Ordinary variation selectors (U+FE0x, emoji presentation) and the
 * left-to-right / right-to-left marks of mixed-direction prose are not among them.
 */
// Combining marks (U+034F, U+17B4-5, U+180B-D, the supplement's selectors) stand outside the
// class: inside one, a linter reads them as joined to the character before them.
const INVISIBLE =
  /[\u115f\u1160\u180e\u200b-\u200d\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0\ufff9-\ufffb\u{e0000}-\u{e007f}]|\u034f|\u17b4|\u17b5|\u180b|\u180c|\u180d|[\u{e0100}-\u{e01ef}]/gu;

/** Text with nothing for the Unicode steps to find or change. */
const PLAIN_ASCII = /^[\x20-\x7e\t\n\r]*$/;

/** Printable ASCII but `*`, in words between single spaces: nothing for normalizeText to do but fold case. */
const ONE_PLAIN_LINE = /^[\x21-\x29\x2b-\x7e]+(?: [\x21-\x29\x2b-\x7e]+)*$/;

/** Removed before matching, not reported: a soft hyphen only shows where a word breaks at a line end, and real prose has them. */
const SOFT_HYPHEN = /\u00ad/g;

/** A zero-width joiner or non-joiner between two characters that need it (emoji sequences, Indic and Persian scripts). */
const JOINER_IN_USE =
  /(?<=[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{M}\p{Script=Arabic}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Syriac}\p{Script=Thaana}\ufe0f])[\u200c\u200d](?=[\p{Extended_Pictographic}\p{L}\p{M}\u2640\u2642\u2695\u2696\u2708\u2764])/gu;

/** The invisible characters of `text` that are not a joiner in use, each as `U+XXXX`, in order, at most `limit`. */
export function invisibleCharactersOf(text: string, limit = 5): string[] {
  const found: string[] = [];
  if (PLAIN_ASCII.test(text)) return found;
  // A byte order mark at the very start is an artefact of the file the text was copied from.
  for (const match of text
    .replace(/^\ufeff/, '')
    .replace(JOINER_IN_USE, '')
    .matchAll(INVISIBLE)) {
    found.push(`U+${match[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
    if (found.length === limit) break;
  }
  return found;
}

/** Cyrillic and Greek letters that look like Latin ones, read as the Latin letter inside a word that mixes scripts. */
const LOOKALIKES: Readonly<Record<string, string>> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  з: '3',
  і: 'i',
  ї: 'i',
  ј: 'j',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  һ: 'h',
  ɡ: 'g',
  α: 'a',
  β: 'b',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ϲ: 'c',
  ϳ: 'j',
};
const WORD = /\p{L}+/gu;
const LATIN_LETTER = /\p{Script=Latin}/u;
const LOOKALIKE_LETTER = /[\p{Script=Cyrillic}\p{Script=Greek}]/gu;

/** `word` with its look-alike letters read as Latin when it mixes them with Latin letters; a word of one script stays as it is. */
function unmixed(word: string): string {
  if (!LATIN_LETTER.test(word)) return word;
  return word.replace(LOOKALIKE_LETTER, (letter) => LOOKALIKES[letter] ?? letter);
}

const QUOTES: Readonly<Record<string, string>> = {
  '‘': "'",
  '’': "'",
  '‚': "'",
  '‛': "'",
  '′': "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '‟': '"',
  '″': '"',
  '«': '"',
  '»': '"',
};

/**
 * A line break inside a sentence: a hard-wrapped line that neither ends a sentence or a label
 * nor is followed by a list item, a heading, markup or a blank line.
 */
const WRAPPED_LINE = /(?<![.!?:\n])\n(?![-•#<[|>{\d\n])/g;

/**
 * The form every rule matches: NFKC (full-width and stylised letters as plain ones), invisible
 * characters removed, look-alike letters inside mixed-script words read as Latin, curly quotes
 * straight, case folded, markdown emphasis (`*`) dropped, runs of spaces and tabs one space and
 * runs of line breaks one line break or, where a blank line was, two, and a hard-wrapped line
 * joined to the next (line breaks that end a sentence or a paragraph are kept).
 */
export function normalizeText(text: string): string {
  // Most texts are one line of plain ASCII words between single spaces, without `*`: every step
  // but case folding leaves them as they are.
  if (ONE_PLAIN_LINE.test(text)) return text.toLowerCase();
  // Plain ASCII has nothing for the Unicode steps to change: they are skipped.
  const unicodeRead = PLAIN_ASCII.test(text)
    ? text.toLowerCase()
    : text
        .normalize('NFKC')
        .replace(INVISIBLE, '')
        .replace(SOFT_HYPHEN, '')
        .toLowerCase()
        .replace(WORD, unmixed)
        .replace(/[‘’‚‛′“”„‟″«»]/g, (quote) => QUOTES[quote] ?? quote);
  return unicodeRead
    .replaceAll('*', '')
    .replace(/[ \t\f\v\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]+/g, ' ')
    .replace(/ ?(?:\r\n?|\n|\u2028|\u2029) ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(WRAPPED_LINE, ' ')
    .trim();
}

/**
 * An identifier (a tool, server or property name) as words: `llmModelName`, `llm_model_name` and
 * `llm-model-name` all read `llm model name`, so that the rules on prose read names too.
 */
export function identifierWords(identifier: string): string {
  return normalizeText(identifier.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_\-./:]+/g, ' '));
}

/**
 * The sentences of a normalized text: split after `.`, `!` or `?` followed by a space, and at line
 * breaks (normalizeText has joined hard-wrapped lines). A URL or a decimal point does not end a
 * sentence (no space follows it).
 */
export function sentencesOf(normalized: string): string[] {
  if (!/[.!?\n]/.test(normalized)) return normalized === '' ? [] : [normalized];
  return normalized
    .split(/(?<=[.!?])\s+(?=\S)|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '');
}

/** `text` on one line and cut to at most `length` characters, for a message. */
export function excerpt(text: string, length = 100): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= length ? line : `${line.slice(0, length - 1)}…`;
}
