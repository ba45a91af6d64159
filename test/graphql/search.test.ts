/**
 * `search` with the texts strangers type: every printable ASCII character alone and inside a word,
 * names with `-` and `/`, the syntax of SQLite's full-text queries, letters whose case differs by language, emoji, and text no stored tool
 * can contain. Both databases answer each with the same tools, and `tools`, `totalCount` and
 * `toolStats` always agree (one filter definition).
 */
import { testDatabases } from '../support/databases';
import { useTestServer } from '../support/test-server';
import { data } from './helpers';

const PRINTABLE_ASCII = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');

const TOOLS: { name: string; description: string }[] = [
  { name: 'local/line-counter', description: 'Count the lines of a file.' },
  { name: 'local/word-counter', description: 'Count the words of a text.' },
  { name: 'devops/docker-build', description: 'Build a Docker image.' },
  { name: 'devops/rollout', description: 'Roll out a release; 100% of pods, in_place.' },
  { name: 'ascii/all', description: `Every printable character: ${PRINTABLE_ASCII}` },
  { name: 'text/cafe', description: 'Order at the Café.' },
  { name: 'text/cafe-decomposed', description: 'Order at the cafe\u0301 too.' },
  { name: 'text/street-eszett', description: 'Walk down the Straße.' },
  { name: 'text/street-upper', description: 'Walk down the STRASSE.' },
  { name: 'text/istanbul', description: 'Fly to İstanbul.' },
  { name: 'text/rocket', description: 'Launch 🚀 now.' },
  { name: 'text/replacement', description: 'Decoded x\uFFFDy badly.' },
  { name: 'text/noncharacter', description: 'Holds q\uFFFEz inside.' },
  { name: 'text/greek', description: 'ΟΔΟΣ means road.' },
  { name: 'text/ligature', description: 'Feed the ﬁnch.' },
];

/**
 * What a search for an ASCII text must find, computed without the server's code: ASCII letters
 * compare case-insensitively, and a description is read in its compatibility form (the ligature ﬁ
 * is the two letters fi).
 */
function asciiOracle(query: string): string[] {
  const wanted = query.toLowerCase();
  return TOOLS.filter((tool) => tool.name.includes(wanted) || tool.description.normalize('NFKC').toLowerCase().includes(wanted))
    .map((tool) => tool.name)
    .sort();
}

const SEARCH = `query ($search: String) {
  tools(filter: { search: $search }, first: 100) { totalCount edges { node { name } } }
  toolStats(filter: { search: $search }) { total }
}`;

describe.each(testDatabases())('search on %s', (kind) => {
  const server = useTestServer(kind);

  beforeAll(async () => {
    for (const tool of TOOLS) {
      const result = await data(server.yoga, 'mutation ($input: ToolInput!) { createTool(input: $input) { __typename } }', {
        input: { ...tool, source: 'BUILTIN' },
      });
      expect(result.createTool.__typename).toBe('CreateToolSuccess');
    }
  });

  /** The tools a search finds, after checking that the page, its total and the facets agree. */
  async function search(text: string): Promise<string[]> {
    const { tools, toolStats } = await data(server.yoga, SEARCH, { search: text });
    const names: string[] = tools.edges.map((edge: { node: { name: string } }) => edge.node.name);
    expect({ totalCount: tools.totalCount, statsTotal: toolStats.total }).toEqual({ totalCount: names.length, statsTotal: names.length });
    return names;
  }

  it.each([...PRINTABLE_ASCII].map((char) => [char]))('finds %j alone exactly where it occurs', async (char) => {
    expect(await search(char)).toEqual(asciiOracle(char));
  });

  it.each([...PRINTABLE_ASCII].map((char, i) => [PRINTABLE_ASCII.slice(Math.max(0, i - 1), i + 2)]))(
    'finds %j, a character inside a word, exactly where it occurs',
    async (text) => {
      expect(await search(text)).toEqual(asciiOracle(text));
      expect(await search(text.toUpperCase())).toEqual(asciiOracle(text));
    },
  );

  it.each([
    ['line-counter', ['local/line-counter']],
    ['LINE-COUNTER', ['local/line-counter']],
    ['devops/', ['devops/docker-build', 'devops/rollout']],
    ['-counter', ['local/line-counter', 'local/word-counter']],
    ['100%', ['devops/rollout']],
    ['in_place', ['devops/rollout']],
    ['in%place', []],
    ['i_place', []],
    ['\\', ['ascii/all']],
  ])('finds %j literally (no character is a wildcard)', async (text, expected) => {
    expect(await search(text)).toEqual(expected);
  });

  // Each is FTS5 query syntax (phrases, operators, column filters, prefixes, NEAR groups) where the
  // SQLite search index is asked: all of it must be taken as text.
  it.each([
    '"count"',
    'Count the',
    'count OR word',
    'lines AND',
    'NOT a',
    'name:local',
    '^count',
    'count*',
    'NEAR(count lines)',
    '(a)',
    'a + b',
    '""""',
    "it's",
    '-counter OR',
  ])('finds %j as text, not as search syntax', async (text) => {
    expect(await search(text)).toEqual(asciiOracle(text));
  });

  it.each([
    ['é, composed or not, in either case', ['é', 'É', 'e\u0301'], ['text/cafe', 'text/cafe-decomposed']],
    ['ß and its capital ẞ, which are not ss', ['ß', 'ẞ'], ['text/street-eszett']],
    ['ss, which is not ß', ['ss', 'SS'], ['text/street-upper']],
    ['İ, which is not every i', ['İ'], ['text/istanbul']],
    ['an emoji', ['🚀'], ['text/rocket']],
    ['Greek sigma, final or not, in either case', ['οδος', 'ΟΔΟΣ', 'οδοσ', 'Σ'], ['text/greek']],
    ['the compatibility form of a ligature', ['ﬁnch', 'FINCH', 'finch'], ['text/ligature']],
    // SQLite reads U+FFFE and U+FFFF as U+FFFD; the search key does too, so both databases agree.
    ['U+FFFD, U+FFFE and U+FFFF as one character', ['\uFFFD', '\uFFFE', '\uFFFF'], ['text/noncharacter', 'text/replacement']],
    ['a noncharacter inside a word', ['x\uFFFEy', 'X\uFFFFY', 'x\uFFFDy'], ['text/replacement']],
  ])('finds %s', async (_label, texts, expected) => {
    for (const text of texts) expect({ text, found: await search(text) }).toEqual({ text, found: expected });
  });

  it('finds every tool with an i, İstanbul included, for "i"', async () => {
    const found = await search('i');
    expect(found).toContain('text/istanbul');
    expect(found).toEqual(expect.arrayContaining(asciiOracle('i')));
  });

  it.each([
    ['a NUL character', 'line\u0000counter'],
    ['a lone surrogate', 'line\ud800'],
    ['a text longer than any stored one', 'x'.repeat(20_000)],
    ['a megabyte of words that every description holds', 'the '.repeat(250_000)],
  ])('finds nothing for %s, without an error', async (_label, text) => {
    expect(await search(text)).toEqual([]);
  });

  // A text of more distinct trigrams than SQLite's index is asked for: some of them narrow, the text decides.
  it.each([
    ['the whole of a long description', `Every printable character: ${PRINTABLE_ASCII}`],
    ['a long text with one character changed past the start', `Every printable character: ${PRINTABLE_ASCII.replace('M', 'N')}`],
    ['a long text with one character changed at the end', `Every printable character: ${PRINTABLE_ASCII.slice(0, -1)}!`],
  ])('finds %s exactly where it occurs', async (_label, text) => {
    expect(await search(text)).toEqual(asciiOracle(text));
  });

  it('treats an empty search as no search', async () => {
    expect(await search('')).toHaveLength(TOOLS.length);
  });
});
