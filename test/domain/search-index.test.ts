import type { SearchableTool } from '../../src/domain/search/document';
import { DEFAULT_SEARCH_HITS, MAX_QUERY_TERMS, ToolSearchIndex } from '../../src/domain/search/tool-index';

/** Spec section 7, `searchTools`' ranking: the tools that best fit a query, best first, from an index kept current tool by tool. */

const tool = (name: string, description: string, extra: Partial<SearchableTool> = {}): SearchableTool => ({
  name,
  description,
  inputSchema: null,
  mcpServer: null,
  mcpToolName: null,
  agentSkillPath: null,
  ...extra,
});

const CATALOGUE: SearchableTool[] = [
  tool('github/getIssueComments', 'Lists the comments of an issue.', {
    inputSchema: { type: 'object', properties: { owner: { type: 'string' }, repo: { type: 'string' }, issue_number: { type: 'integer' } } },
  }),
  tool('github/create-issue', 'Opens a new issue in a repository.', { mcpServer: 'github', mcpToolName: 'create_issue' }),
  tool('jira/create_ticket', 'Files a ticket for a bug or a task.'),
  tool('weather/forecast', 'Weather forecast for the next days.', {
    inputSchema: { type: 'object', properties: { city: { type: 'string', description: 'Name of the city.' } } },
  }),
  tool('finance/exchange-rate', 'Currency exchange rates.', {
    inputSchema: { type: 'object', properties: { from_symbol: { type: 'string', description: 'A 3-letter currency code (ISO 4217).' } } },
  }),
  tool('food/v1_nutrition', 'Nutrition facts of a meal.', { inputSchema: { type: 'object', properties: { query: { type: 'string' } } } }),
  tool('devops/docker-build', 'Builds a container image from a Dockerfile.'),
  tool('docs/pdf-to-text', 'Converts a PDF document to plain text.', { agentSkillPath: 'skills/pdf/SKILL.md' }),
];

const namesOf = (index: ToolSearchIndex, query: string, first?: number) => index.search(query, { first }).map((hit) => hit.name);

/** A seeded shuffle, so that a failure can be replayed. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const copy = [...items];
  let state = seed;
  for (let i = copy.length - 1; i > 0; i--) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    const j = state % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

describe('ranking', () => {
  const index = ToolSearchIndex.of(CATALOGUE);

  it.each([
    ['get the comments of issue 42', 'github/getIssueComments'],
    ['open a ticket for this bug', 'jira/create_ticket'],
    ['what will the weather be in Paris', 'weather/forecast'],
    ['convert USD to EUR currency', 'finance/exchange-rate'],
    ['find nutrition facts for a steak dinner', 'food/v1_nutrition'],
    ['docker build', 'devops/docker-build'],
    ['convert a PDF to text', 'docs/pdf-to-text'],
  ])('answers %j with %s first', (query, best) => {
    expect(namesOf(index, query)[0]).toBe(best);
  });

  it('matches every field the spec lists: namespace, short name, description, properties, MCP names, skill path', () => {
    expect(namesOf(index, 'jira')).toEqual(['jira/create_ticket']);
    expect(namesOf(index, 'Dockerfile')).toEqual(['devops/docker-build']);
    expect(namesOf(index, 'ISO 4217')).toEqual(['finance/exchange-rate']);
    expect(namesOf(index, 'owner')).toEqual(['github/getIssueComments']);
    expect(namesOf(index, 'create_issue')[0]).toBe('github/create-issue');
    expect(namesOf(index, 'skills')).toEqual(['docs/pdf-to-text']);
  });

  it('finds inflected forms of a word', () => {
    expect(namesOf(index, 'forecasting')).toEqual(['weather/forecast']);
    expect(namesOf(index, 'converting documents')).toEqual(['docs/pdf-to-text']);
  });

  it('ranks a tool with more of the query above one with less', () => {
    expect(namesOf(index, 'issue comments').slice(0, 2)).toEqual(['github/getIssueComments', 'github/create-issue']);
  });

  it('ranks a rare word above a common one', () => {
    const crowd = ToolSearchIndex.of([
      ...Array.from({ length: 20 }, (_, i) => tool(`misc/report-${i}`, 'Creates a report.')),
      tool('misc/chart', 'Draws a chart.'),
    ]);
    expect(namesOf(crowd, 'report chart', 1)).toEqual(['misc/chart']);
  });

  it('weighs a word in the name above the same word in a long description', () => {
    const index = ToolSearchIndex.of([
      tool('maps/geocode', 'Turns an address into coordinates.'),
      tool('misc/toolbox', 'Does many things: formats dates, counts words, geocode addresses, trims text and more.'),
    ]);
    expect(namesOf(index, 'geocode')).toEqual(['maps/geocode', 'misc/toolbox']);
  });

  it('gives positive scores, best first', () => {
    const scores = index.search('issue').map((hit) => hit.score);
    expect(scores.length).toBeGreaterThan(1);
    expect(scores.every((score) => score > 0)).toBe(true);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('orders tools of equal score by name', () => {
    const twins = ToolSearchIndex.of(['b/echo', 'c/echo', 'a/echo'].map((name) => tool(name, 'Echoes its input.')));
    expect(namesOf(twins, 'echo')).toEqual(['a/echo', 'b/echo', 'c/echo']);
  });

  it('counts a word repeated in a field at most 15 times', () => {
    const index = ToolSearchIndex.of([
      tool('spam/fifteen', 'weather '.repeat(15) + 'filler '.repeat(485)),
      tool('spam/five-hundred', 'weather '.repeat(500)),
      tool('spam/fourteen', 'weather '.repeat(14) + 'filler '.repeat(486)),
      tool('misc/other', 'Something else.'),
    ]);
    const [fifteen, fiveHundred, fourteen] = index.search('weather');
    expect([fifteen!.name, fiveHundred!.name, fourteen!.name]).toEqual(['spam/fifteen', 'spam/five-hundred', 'spam/fourteen']);
    expect(fiveHundred!.score).toBe(fifteen!.score);
    expect(fourteen!.score).toBeLessThan(fifteen!.score);
  });
});

describe('what a search answers', () => {
  const index = ToolSearchIndex.of(CATALOGUE);

  it.each(['', '   ', '\n\t', '!!!', 'the of and', 'a b c', 'zzzqqq xylophone'])('answers %j with nothing', (query) => {
    expect(index.search(query)).toEqual([]);
  });

  it(`answers at most ${DEFAULT_SEARCH_HITS} hits unless told`, () => {
    const many = ToolSearchIndex.of(Array.from({ length: 30 }, (_, i) => tool(`ns/tool-${i}`, 'Sends an email.')));
    expect(many.search('email')).toHaveLength(DEFAULT_SEARCH_HITS);
    expect(many.search('email', { first: 3 })).toHaveLength(3);
    expect(many.search('email', { first: 100 })).toHaveLength(30);
  });

  it.each([0, -1, Number.NaN])('answers nothing for first %p', (first) => {
    expect(index.search('issue', { first })).toEqual([]);
  });

  it('answers nothing from an empty index', () => {
    expect(new ToolSearchIndex().search('issue')).toEqual([]);
  });
});

describe('admit', () => {
  const index = ToolSearchIndex.of(
    Array.from({ length: 50 }, (_, i) => tool(`ns${i % 5}/mail-${String(i).padStart(2, '0')}`, `Sends mail ${'mail '.repeat(i % 7)}`)),
  );
  const ranked = namesOf(index, 'mail', 50);

  it('answers only admitted tools, in the order they rank', () => {
    const admitted = (name: string) => name.startsWith('ns3/');
    expect(namesOf(index, 'mail', 50).filter(admitted)).toEqual(index.search('mail', { first: 50, admit: admitted }).map((hit) => hit.name));
  });

  it('finds the best admitted tools even when the best tools are not admitted', () => {
    const hits = index.search('mail', { first: 2, admit: (name) => name === ranked[40] || name === ranked[45] });
    expect(hits.map((hit) => hit.name)).toEqual([ranked[40], ranked[45]]);
  });

  it('is asked of the best tools in rank order, only until enough tools are admitted', () => {
    const asked: string[] = [];
    const admittedRanks = new Set([1, 3, 5]);
    index.search('mail', {
      first: 3,
      admit: (name) => {
        asked.push(name);
        return admittedRanks.has(ranked.indexOf(name));
      },
    });
    expect([...new Set(asked)]).toEqual(ranked.slice(0, 6));
  });

  it('answers nothing when nothing is admitted', () => {
    expect(index.search('mail', { admit: () => false })).toEqual([]);
  });
});

describe('keeping the index current', () => {
  it('finds a tool once it is put, and no more once it is removed', () => {
    const index = new ToolSearchIndex();
    index.put(tool('weather/forecast', 'Weather forecast.'));
    expect(namesOf(index, 'forecast')).toEqual(['weather/forecast']);
    expect(index.remove('weather/forecast')).toBe(true);
    expect(index.search('forecast')).toEqual([]);
    expect(index.size).toBe(0);
  });

  it('replaces a tool put again under the same name', () => {
    const index = ToolSearchIndex.of(CATALOGUE);
    index.put(tool('weather/forecast', 'Tide tables for harbours.'));
    expect(index.size).toBe(CATALOGUE.length);
    expect(namesOf(index, 'tide')).toEqual(['weather/forecast']);
    expect(namesOf(index, 'days')).toEqual([]);
  });

  it('answers false when removing a name it does not hold', () => {
    const index = ToolSearchIndex.of(CATALOGUE);
    expect(index.remove('nobody/nothing')).toBe(false);
    expect(index.size).toBe(CATALOGUE.length);
  });

  it('ranks after changes exactly as an index built from the result', () => {
    const index = ToolSearchIndex.of(CATALOGUE);
    index.remove('github/create-issue');
    index.put(tool('jira/create_ticket', 'Files an issue or a ticket for a bug.'));
    index.put(tool('gitlab/create-issue', 'Opens an issue in a project.'));
    const rebuilt = ToolSearchIndex.of([
      ...CATALOGUE.filter((t) => !['github/create-issue', 'jira/create_ticket'].includes(t.name)),
      tool('jira/create_ticket', 'Files an issue or a ticket for a bug.'),
      tool('gitlab/create-issue', 'Opens an issue in a project.'),
    ]);
    for (const query of ['issue', 'open a ticket for this bug', 'weather comments', 'create'])
      expect(index.search(query, { first: 20 })).toEqual(rebuilt.search(query, { first: 20 }));
  });

  it('stays right through many puts and removals', () => {
    const tools = Array.from({ length: 300 }, (_, i) =>
      tool(`ns${i % 7}/tool-${i}`, `Handles ${['mail', 'files', 'issues', 'maps'][i % 4]} number ${i}. ${'extra '.repeat(i % 5)}`),
    );
    const index = new ToolSearchIndex();
    for (const [step, t] of shuffled([...tools, ...tools], 7).entries()) {
      if (step % 3 === 2) index.remove(t.name);
      else index.put(t);
    }
    const present = tools.filter((t) => index.has(t.name));
    const rebuilt = ToolSearchIndex.of(present);
    expect(index.size).toBe(present.length);
    for (const query of ['mail', 'files issues', 'number 17', 'extra maps'])
      expect(index.search(query, { first: 50 })).toEqual(rebuilt.search(query, { first: 50 }));
  });
});

describe('determinism', () => {
  const queries = ['open a ticket for this bug', 'issue', 'convert currency', 'weather forecast for a city', 'build'];

  it('gives the same hits and scores whatever order the tools were put in', () => {
    const reference = ToolSearchIndex.of(CATALOGUE);
    for (const seed of [1, 2, 3, 4, 5]) {
      const index = ToolSearchIndex.of(shuffled(CATALOGUE, seed));
      for (const query of queries) expect(index.search(query, { first: 20 })).toEqual(reference.search(query, { first: 20 }));
    }
  });

  it('gives the same hits and scores whatever order the words of the query are in', () => {
    const index = ToolSearchIndex.of(CATALOGUE);
    expect(index.search('weather forecast city issue')).toEqual(index.search('issue city forecast weather'));
  });

  it('gives the same hits and scores after tools were removed and put back in another order', () => {
    const reference = ToolSearchIndex.of(CATALOGUE);
    const index = ToolSearchIndex.of(CATALOGUE);
    for (const t of CATALOGUE.slice(0, 5)) index.remove(t.name);
    for (const t of shuffled(CATALOGUE.slice(0, 5), 9)) index.put(t);
    for (const query of queries) expect(index.search(query, { first: 20 })).toEqual(reference.search(query, { first: 20 }));
  });
});

describe('hostile queries', () => {
  const tools = Array.from({ length: 2_000 }, (_, i) =>
    tool(`ns${i % 40}/tool-${i}`, `Gets the ${['weather', 'news', 'prices', 'files', 'issues'][i % 5]} data for a name and an id, with a limit.`),
  );
  const index = ToolSearchIndex.of(tools);
  const random = Array.from({ length: 10_000 }, (_, i) => String.fromCodePoint(0x20 + ((i * 7919) % 0x2ffff))).join('');
  const queries: [string, string][] = [
    ['10,000 characters', 'weather news prices '.repeat(500).slice(0, 10_000)],
    ['one word 5,000 times', 'weather '.repeat(5_000)],
    ['a million characters', 'news '.repeat(200_000)],
    ['every script', random],
    ['emoji, NUL, right-to-left and lone surrogates', '😀\u0000\u202e\ud800 weather \udfff'],
    ['only the commonest words', 'gets data name id limit '.repeat(100)],
    ['more distinct words than are looked up', Array.from({ length: 5 * MAX_QUERY_TERMS }, (_, i) => `tool ${i}`).join(' ')],
  ];

  it.each(queries)('%s: answers without an error, quickly', (_label, query) => {
    const started = performance.now();
    expect(() => index.search(query)).not.toThrow();
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('still finds the tools a long query names', () => {
    expect(namesOf(index, 'weather '.repeat(5_000), 1)[0]).toMatch(/^ns\d+\/tool-\d+$/);
    expect(index.search('weather '.repeat(5_000))).toEqual(index.search('weather'));
  });

  it(`looks up the rarest ${MAX_QUERY_TERMS} terms of a query that has more`, () => {
    const numbered = ToolSearchIndex.of(Array.from({ length: 100 }, (_, i) => tool(`ns/t-${i}`, `Common words and the rare word w${i}.`)));
    const query = `common ${Array.from({ length: 60 }, (_, i) => `w${i}`).join(' ')}`;
    const found = new Set(numbered.search(query, { first: 100 }).map((hit) => hit.name));
    expect(found.size).toBe(MAX_QUERY_TERMS);
  });
});

describe('the best tools of a query are those of scoring every tool (scoring stops early where the rest cannot rank)', () => {
  // Words of very different frequencies, as in tool descriptions: a few in most tools, most in few.
  const words = Array.from({ length: 400 }, (_, i) => `w${i}`);
  let state = 17;
  const next = () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 4_294_967_296;
  };
  const word = () => words[Math.floor(words.length * next() ** 3)]!;
  const phrase = (length: number) => Array.from({ length }, word).join(' ');
  const index = ToolSearchIndex.of(
    Array.from({ length: 3_000 }, (_, i) =>
      tool(`ns${i % 7}/tool-${i}`, phrase(5 + (i % 30)), {
        inputSchema: { type: 'object', properties: { [word()]: { type: 'string', description: phrase(4) } } },
      }),
    ),
  );
  const queries = Array.from({ length: 120 }, (_, i) => phrase(1 + (i % 25)));
  const admits: [string, ((name: string) => boolean) | undefined][] = [
    ['every tool', undefined],
    ['one namespace', (name) => name.startsWith('ns3/')],
    ['one tool in 50', (name) => Number(name.slice(name.indexOf('-') + 1)) % 50 === 0],
  ];

  it.each(admits)('answers the same hits with the same scores as a search for every tool, admitting %s', (_, admit) => {
    for (const query of queries) {
      for (const first of [1, 10, 40]) {
        expect(index.search(query, { first, admit })).toEqual(index.search(query, { first: index.size, admit }).slice(0, first));
      }
    }
  });
});
