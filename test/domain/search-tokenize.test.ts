import { distinctTermsOf, MAX_WORD_LENGTH, termsOf, wordsOf } from '../../src/domain/search/tokenize';

/** Spec section 7: how tool names, descriptions and queries become search terms, all by one rule. */

describe('words of an identifier', () => {
  it.each([
    ['docker-build', 'docker build'],
    ['getIssueComments', 'get issue comments'],
    ['v1_nutrition', 'v1 nutrition'],
    ['nutrition-by-api-ninjas/v1-nutrition', 'nutrition by api ninjas v1 nutrition'],
    ['HTTPServer', 'http server'],
    ['XMLHttpRequest', 'xml http request'],
    ['getV2Data', 'get v2 data'],
    ['skills/pdf/SKILL.md', 'skills pdf skill md'],
    ['ec2 base64 utf8', 'ec2 base64 utf8'],
    ['2fa', '2 fa'],
    ['from_symbol', 'from symbol'],
  ])('%s is %s', (text, words) => {
    expect(wordsOf(text).join(' ')).toBe(words);
  });
});

describe('folding', () => {
  it('lowercases and takes compatibility forms, as substring search does', () => {
    expect(wordsOf('ÉCOLE Ｆｕｌｌ ﬁle')).toEqual(['école', 'full', 'file']);
  });

  it('keeps letters of every script', () => {
    expect(wordsOf('مرحبا Привет שלום')).toEqual(['مرحبا', 'привет', 'שלום']);
  });

  it('makes each Chinese or Japanese character a word, since those scripts put no spaces between words', () => {
    expect(wordsOf('東京の天気 weather')).toEqual(['東', '京', 'の', '天', '気', 'weather']);
  });

  it('reads a possessive as its word', () => {
    expect(wordsOf("children's lunchbox")).toEqual(['children', 'lunchbox']);
  });
});

describe('terms', () => {
  it('leaves out stop words and stems what remains', () => {
    expect(termsOf('Get the comments of an issue')).toEqual(['get', 'comment', 'issu']);
  });

  it('gives an inflected word and its stem one term', () => {
    expect(termsOf('recipes')).toEqual(termsOf('recipe'));
    expect(termsOf('planning')).toEqual(termsOf('plan'));
  });

  it('leaves out contractions that are stop words, with either apostrophe', () => {
    expect(termsOf("I'm sure you’re right")).toEqual(['sure', 'right']);
  });

  it('leaves out single letters and digits, but not a Chinese character', () => {
    expect(termsOf('a b 3 d 天')).toEqual(['天']);
  });

  it('keeps words with digits and words of other scripts unstemmed', () => {
    expect(termsOf('v1 ISO4217 привет')).toEqual(['v1', 'iso4217', 'привет']);
  });

  it('repeats a term as often as its word occurs', () => {
    expect(termsOf('weather weather forecast')).toEqual(['weather', 'weather', 'forecast']);
  });
});

describe('distinct terms of a query', () => {
  it('lists each term once, in the order it first occurs', () => {
    expect([...distinctTermsOf('Forecasts of the weather, weather forecast', 100)]).toEqual(['forecast', 'weather']);
  });

  it('reads no more than the given number of distinct words', () => {
    const text = Array.from({ length: 50 }, (_, i) => `word${i}`).join(' ');
    expect([...distinctTermsOf(text, 3)]).toEqual(['word0', 'word1', 'word2']);
  });

  it('counts a repeated word once towards that number', () => {
    expect([...distinctTermsOf('weather '.repeat(5_000) + 'forecast', 2)]).toEqual(['weather', 'forecast']);
  });
});

describe('any text', () => {
  const random = Array.from({ length: 10_000 }, (_, i) => String.fromCodePoint(0x20 + ((i * 7919) % 0x2ffff))).join('');
  const texts: [string, string][] = [
    ['empty', ''],
    ['blank', ' \t\n '],
    ['punctuation only', '!?.,;:-_/\\'],
    ['emoji', '😀 👩‍👩‍👧 rocket🚀launch'],
    ['NUL and controls', 'a\u0000b\u0007c\u001b'],
    ['lone surrogates', '\ud800 weather \udfff'],
    ['right-to-left marks', '\u202eweather\u202c'],
    ['combining marks alone', '\u0301'.repeat(10_000)],
    ['10,000 characters of one letter', 'x'.repeat(10_000)],
    ['one word 5,000 times', 'weather '.repeat(5_000)],
    ['apostrophes', "a'".repeat(5_000)],
    ['every script', random],
  ];

  it.each(texts)('%s is cut without an error', (_label, text) => {
    expect(() => termsOf(text)).not.toThrow();
    expect(() => distinctTermsOf(text, 1_000)).not.toThrow();
  });

  it('gives no term for text without letters or digits', () => {
    expect(termsOf('!?.,;: 😀 \u0000')).toEqual([]);
  });

  it(`cuts a word at ${MAX_WORD_LENGTH} characters, counted in code points`, () => {
    expect(wordsOf('x'.repeat(10_000))).toEqual(['x'.repeat(MAX_WORD_LENGTH)]);
    const [word] = wordsOf('𐌰'.repeat(100));
    expect([...word!]).toHaveLength(MAX_WORD_LENGTH);
  });
});
