/**
 * Every search text answers the same on both databases (issue 31, point 6), and as the documented
 * semantics say (src/domain/search.ts): a tool is found when its name or its description contains
 * the text, each read as its search key. The texts are chosen by category, from the characters
 * where the databases' own text handling differs (SQLite reads U+FFFE and U+FFFF as U+FFFD, LIKE
 * folds ASCII case on SQLite and not on Postgres, FTS5 has a query syntax and trigrams start at
 * three characters, `%`, `_` and `\` are LIKE syntax) and where Unicode is hard (case that depends
 * on the language or the place in a word, compatibility and canonical forms, astral planes).
 * scripts/load/search-parity.ts makes the same comparison for every code point.
 */
import { OPEN_ACCESS } from '../../src/domain/access';
import { MAX_PAGE_SIZE } from '../../src/domain/limits';
import type { ToolStore } from '../../src/domain/ports';
import { ToolRegistry } from '../../src/domain/registry';
import { searchKey } from '../../src/domain/search';
import { textProblem } from '../../src/domain/values';
import { createToolStore } from '../../src/store';
import { freshDatabase, testDatabases, type DatabaseKind, type FreshDatabase } from '../support/databases';

interface Category {
  /** Also the namespace of its tools. */
  slug: string;
  label: string;
  /** One tool's description each. */
  stored: string[];
  /** Texts searched besides those made from `stored`. */
  searched?: string[];
}

const range = (first: number, last: number): string => String.fromCodePoint(...Array.from({ length: last - first + 1 }, (_, i) => first + i));

const CATEGORIES: Category[] = [
  { slug: 'ascii-printable', label: 'every printable ASCII character', stored: [range(0x20, 0x7e)], searched: ['ABC', 'Z[\\', '~'] },
  {
    slug: 'ascii-control',
    label: 'every ASCII control character but NUL',
    stored: [`controls${range(0x01, 0x1f)}\u007fend`, 'line one\nline two\r\nline three\ttabbed'],
    searched: ['\n', '\r\n', 'one\nline', 'two\r'],
  },
  { slug: 'latin-1', label: 'Latin-1 (C1 controls included)', stored: [range(0x80, 0xff)], searched: ['Ä', 'ä', 'ÿ', 'Ÿ', 'SS'] },
  {
    slug: 'case-folding',
    label: 'letters whose case depends on language or place',
    stored: [
      'ß ẞ İ ı ſ \u212a (Kelvin) \u212b (Ångström) ǅ ǆ Ǆ ﬀ ﬁ ﬃ ǰ ŉ',
      'Σ σ ς ΟΔΟΣ οδος ΣΑΣ σας',
      'Walk down the Straße, not the STRASSE.',
      'Fly to İstanbul, ISTANBUL, ıstanbul, istanbul.',
      'Cherokee Ꭰ ꭰ Ᏸ ᏸ ᎠᏍᎦᏯ ꭰꮝꭶꮿ',
    ],
    searched: ['SS', 'ss', 'I', 'i', 'i\u0307', 'ISTANBUL', 'ıSTANBUL', 'Σ', 'ΣΑΣ', 'ꭰꮝꭶꮿ', 'ᎠᏍᎦᏯ', 'ff', 'FI', 'k', 'å'],
  },
  {
    slug: 'combining',
    label: 'combining marks, precomposed and decomposed',
    stored: [
      'café cafe\u0301 CAFÉ',
      'Å A\u030a \u212b',
      'ệ e\u0323\u0302 e\u0302\u0323',
      `한국어 ${'한국어'.normalize('NFD')}`,
      'marks alone: \u0301 \u0308\u0301 \u20dd',
      'ñ n\u0303 Ñ',
    ],
    searched: ['e', 'E\u0301', '\u0301', 'é', 'cafe', 'ᄒ', '한', '\u0323', 'N\u0303'],
  },
  {
    slug: 'noncharacters',
    label: 'noncharacters of several planes',
    stored: [range(0xfdd0, 0xfdef), 'x\ufffey x\uffffy', '\u{1fffe}\u{1ffff} \u{2fffe}\u{2ffff} \u{efffe}\u{effff} \u{ffffe}\u{fffff} \u{10fffe}\u{10ffff}'],
    searched: ['\ufffe', '\uffff', 'x\ufffdy', '\ufffd'],
  },
  { slug: 'replacement', label: 'U+FFFD', stored: ['x\ufffdy', '\ufffd\ufffd\ufffd'], searched: ['\ufffe', '\uffff', 'X\uFFFEY'] },
  {
    slug: 'private-use',
    label: 'private use, BMP and planes 15 and 16',
    stored: ['\ue000\ue001\uf8ff', '\u{f0000}\u{f0001}\u{ffffd}', '\u{100000}\u{100001}\u{10fffd}'],
  },
  {
    slug: 'emoji',
    label: 'emoji and ZWJ sequences',
    stored: ['Launch 🚀 now.', '👍🏽 👨‍👩‍👧‍👦 🏳️‍🌈', '🇫🇷🇩🇪 1️⃣ ❤️ ❤'],
    searched: ['👨', '\u200d', '🏽', '🇷🇩', '\ufe0f', '👨‍👩'],
  },
  {
    slug: 'rtl',
    label: 'right-to-left scripts',
    stored: ['שָׁלוֹם עולם', 'السلام عليكم', 'ligatures \ufef5 \ufdfa', 'marks \u200fabc\u202edef\u202c'],
    searched: ['שלום', 'لا', 'لآ', 'صلى الله عليه وسلم', '\u202e'],
  },
  {
    slug: 'cjk',
    label: 'CJK, full and half width, compatibility ideographs',
    stored: ['漢字かなカナ', 'ＡＢＣ１２３ ｶﾀｶﾅ', '\uf900 \u2f00 \u337f \u{20000}\u{2a6d6}'],
    searched: ['abc', '123', 'カタカナ', '\u8c48', '一', '株式会社', 'ｶ'],
  },
  {
    slug: 'astral',
    label: 'astral letters',
    stored: ['𝐀𝐁𝐂 𝐚𝐛𝐜 𝔸𝕆', 'Deseret 𐐀𐐨 Adlam 𞤀𞤢'],
    searched: ['abc', 'ABC', '𐐨', '𞤢', '𞤀'],
  },
  {
    slug: 'like-syntax',
    label: 'SQL LIKE metacharacters and quotes',
    stored: ['Give 100% in_place at C:\\dir\\file, it\'s "quoted", 50%_off, a\\%b'],
    searched: ['%', '_', '\\', "'", '"', '100%', 'in_p', 'in%place', 'i_place', '\\%', '%_', '\\\\', '%%', "''"],
  },
  {
    slug: 'fts5-syntax',
    label: 'FTS5 query syntax',
    stored: ['NEAR(alpha beta) AND "quoted phrase" OR prefix* NOT ^start col:value -minus (paren) +plus {braces}'],
    searched: [
      'NEAR',
      'AND',
      'OR',
      'NOT',
      'near',
      'and',
      'or',
      'not',
      '"',
      '""',
      '*',
      '^',
      ':',
      '(',
      ')',
      '-',
      'a OR b',
      'NEAR(alpha',
      '"quoted',
      'x*',
      'col:',
    ],
  },
  {
    slug: 'lengths',
    label: 'texts of one, two, three and many characters',
    stored: ['a', 'ab', 'abc', `long ${'abcdefghij'.repeat(99)}`],
    searched: ['jab', 'jabc', 'abcdefghij'.repeat(50), 'x'.repeat(20_000), '🚀'.repeat(1_000)],
  },
];

const TOOLS = CATEGORIES.flatMap((category) => category.stored.map((description, index) => ({ name: `${category.slug}/t${index}`, description })));
/** Each tool with its description's search key, by name as the answers are ordered. */
const KEYED = TOOLS.map((tool) => ({ name: tool.name, key: searchKey(tool.description) })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

/** What a search finds by the documented semantics: the tools whose name or description's search key contains the text's. */
function reference(text: string): string[] {
  if (text === '') return KEYED.map((tool) => tool.name);
  if (textProblem(text) !== null) return [];
  const key = searchKey(text);
  return KEYED.filter((tool) => tool.name.includes(key) || tool.key.includes(key)).map((tool) => tool.name);
}

/** The texts searched for a category: each description whole, each of its characters alone, with its neighbours, in its case and normalization forms. */
function searchTextsOf(category: Category): string[] {
  const texts = new Set<string>(category.searched ?? []);
  for (const description of category.stored) {
    texts.add(description);
    const chars = [...description];
    chars.forEach((char, index) => {
      texts.add(char);
      if (index + 1 < chars.length) texts.add(char + chars[index + 1]!);
      if (index > 0 && index + 1 < chars.length) texts.add(chars[index - 1]! + char + chars[index + 1]!);
      for (const form of [
        char.toUpperCase(),
        char.toLowerCase(),
        char.normalize('NFC'),
        char.normalize('NFD'),
        char.normalize('NFKC'),
        char.normalize('NFKD'),
      ]) {
        texts.add(form);
      }
    });
  }
  return [...texts];
}

/** A text as its code points (a short text) or its length: what a failure shows. */
const shown = (text: string): string =>
  text.length > 40 ? `${text.length} UTF-16 units` : [...text].map((char) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(' ');

const kinds = testDatabases();

describe(`search texts on ${kinds.join(' and ')}`, () => {
  const databases: { kind: DatabaseKind; database: FreshDatabase; store: ToolStore; registry: ToolRegistry }[] = [];

  beforeAll(async () => {
    for (const kind of kinds) {
      const database = await freshDatabase(kind);
      const store = await createToolStore(database.url);
      // Whatever findings the texts raise (bidi controls, hidden characters), every tool is stored.
      const registry = new ToolRegistry(store, { refuseFindings: null });
      databases.push({ kind, database, store, registry });
      for (const tool of TOOLS) {
        const outcome = await registry.create(OPEN_ACCESS, { ...tool, source: 'builtin' });
        if (outcome.kind !== 'ok') throw new Error(`${tool.name} was not stored on ${kind}: ${JSON.stringify(outcome)}`);
      }
    }
  }, 120_000);

  afterAll(async () => {
    for (const { store, database } of databases) {
      await store.close();
      await database.drop();
    }
  });

  async function answers(text: string): Promise<Record<string, string[]>> {
    const found = await Promise.all(
      databases.map(async ({ registry }) => (await registry.list({ filter: { search: text }, first: MAX_PAGE_SIZE })).tools.map((tool) => tool.name)),
    );
    return Object.fromEntries(databases.map(({ kind }, index) => [kind, found[index]!]));
  }

  it('holds every text exactly as written, on every database', async () => {
    for (const { kind, registry } of databases) {
      const stored = await registry.getMany(TOOLS.map((tool) => tool.name));
      expect({ kind, stored: stored.map(({ name, description }) => ({ name, description })) }).toEqual({
        kind,
        stored: [...TOOLS].sort((a, b) => (a.name < b.name ? -1 : 1)),
      });
    }
  });

  it.each(CATEGORIES.map((category) => [category.label, category] as const))(
    'answers %s alike on every database, as the reference does',
    async (_, category) => {
      const betweenDatabases: object[] = [];
      const fromReference: object[] = [];
      for (const text of searchTextsOf(category)) {
        const found = await answers(text);
        const expected = reference(text);
        const lists = Object.values(found);
        if (lists.some((names) => JSON.stringify(names) !== JSON.stringify(lists[0]))) betweenDatabases.push({ text: shown(text), ...found });
        if (lists.some((names) => JSON.stringify(names) !== JSON.stringify(expected))) fromReference.push({ text: shown(text), ...found, reference: expected });
      }
      expect({ betweenDatabases, fromReference }).toEqual({ betweenDatabases: [], fromReference: [] });
    },
  );

  it('finds something for most texts, so that agreeing means something', async () => {
    const texts = CATEGORIES.flatMap(searchTextsOf);
    const finding = texts.filter((text) => reference(text).length > 0);
    expect(finding.length).toBeGreaterThan(0.8 * texts.length);
  });

  it.each([
    ['NUL', '\u0000'],
    ['a lone high surrogate', '\ud800'],
    ['a lone low surrogate', '\udfff'],
    ['a low surrogate before a high one', '\udc00\ud800'],
  ])('refuses %s alike on every database, and finds nothing for it', async (_, char) => {
    for (const { kind, registry } of databases) {
      const outcome = await registry.create(OPEN_ACCESS, { name: 'refused/text', description: `x${char}y`, source: 'builtin' });
      const issues = outcome.kind === 'invalid' ? outcome.issues.map(({ path, code }) => ({ path, code })) : outcome.kind;
      expect({ kind, issues }).toEqual({ kind, issues: [{ path: 'description', code: 'INVALID_VALUE' }] });
    }
    const empty = Object.fromEntries(kinds.map((kind) => [kind, []]));
    for (const text of [char, `x${char}y`, `abc${char}`]) expect(await answers(text)).toEqual(empty);
  });
});
