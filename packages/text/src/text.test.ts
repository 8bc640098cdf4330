import { describe, expect, it } from 'vitest';
import {
  analysedForm,
  buildTsVector,
  foldText,
  indexTokens,
  pinyinKeys,
  queryTerms,
  sliceChars,
  sortKey,
  stripDiacritics,
  toSimplified,
} from './index.js';

describe('folding', () => {
  it('makes Traditional and Simplified the same', () => {
    expect(toSimplified('中華書局')).toBe('中华书局');
    expect(toSimplified('上海譯文出版社')).toBe('上海译文出版社');
    expect(toSimplified('三聯書店')).toBe('三联书店');
    expect(foldText('紅樓夢')).toBe(foldText('红楼梦'));
  });

  it('folds full-width forms and case', () => {
    expect(foldText('ＡＢＣ１２３　Ｐｙｔｈｏｎ')).toBe('abc123 python');
    expect(foldText('ÉCOLE')).toBe('école');
  });

  it('strips diacritics', () => {
    expect(stripDiacritics('élève Müller')).toBe('eleve Muller');
    expect(stripDiacritics('Война ёлка')).toBe('Война ёлка');
  });
});

describe('index tokens', () => {
  it('gives Chinese words, sub-words and single characters', () => {
    const tokens = indexTokens('中華人民共和國圖書館').map((t) => t.token);
    expect(tokens).toEqual(
      expect.arrayContaining(['中华人民共和国', '中华', '共和国', '图书馆', '图书', '图', '书', '馆']),
    );
  });

  it('keeps Latin words with and without diacritics and splits on punctuation', () => {
    expect(indexTokens("L'École des Beaux-Arts, 1923")).toEqual([
      { token: 'l', offset: 0 },
      { token: 'école', offset: 2 },
      { token: 'ecole', offset: 2 },
      { token: 'des', offset: 8 },
      { token: 'beaux', offset: 12 },
      { token: 'arts', offset: 18 },
      { token: '1923', offset: 23 },
    ]);
  });

  it('gives ASCII text (its fast path) the same words and offsets as other text', () => {
    expect(analysedForm('  The  Beaux-Arts, 1923!  ')).toBe('the beaux arts 1923');
    expect(indexTokens('  The  Beaux-Arts, 1923!  ')).toEqual([
      { token: 'the', offset: 0 },
      { token: 'beaux', offset: 4 },
      { token: 'arts', offset: 10 },
      { token: '1923', offset: 15 },
    ]);
    // The same words in full-width forms take the general path and line up identically.
    expect(indexTokens('Ｔｈｅ　Ｂｅａｕｘ－Ａｒｔｓ，１９２３')).toEqual(indexTokens('The Beaux-Arts, 1923'));
    expect(indexTokens('--- ... ')).toEqual([]);
    expect(foldText('Hello World')).toBe('hello world');
    expect(stripDiacritics('plain ascii')).toBe('plain ascii');
  });

  it('handles mixed Chinese and Latin text', () => {
    const tokens = indexTokens('Python编程：从入门到实践').map((t) => t.token);
    expect(tokens).toContain('python');
    expect(tokens).toContain('编程');
    expect(tokens).toContain('入门');
  });

  it('indexes other scripts by words', () => {
    expect(indexTokens('Война и мир').map((t) => t.token)).toEqual(['война', 'и', 'мир']);
    expect(indexTokens('नेपाली भाषा').map((t) => t.token)).toEqual(['नेपाली', 'भाषा']);
  });

  it('gives words, sub-words and characters of one stretch of text the same offsets', () => {
    const tokens = indexTokens('中华人民共和国');
    const at = (token: string) => tokens.filter((t) => t.token === token).map((t) => t.offset);
    expect(at('中华人民共和国')).toEqual([0]);
    expect(at('共和国')).toEqual([4]);
    expect(at('共')).toEqual([4]);
    expect(at('国')).toEqual([6]);
  });
});

describe('query terms', () => {
  it('splits a Chinese query into the words a reader means', () => {
    expect(queryTerms('红楼梦研究').map((t) => t.token)).toEqual(['红楼梦', '研究']);
    expect(queryTerms('紅樓夢 研究')).toEqual([
      { token: '红楼梦', offset: 0 },
      { token: '研究', offset: 3 },
    ]);
  });
});

describe('pinyin keys', () => {
  it('gives full pinyin and initials of each Chinese run', () => {
    expect(pinyinKeys('红楼梦')).toEqual({ full: ['hongloumeng'], initials: ['hlm'] });
    expect(pinyinKeys('Python 编程')).toEqual({ full: ['biancheng'], initials: ['bc'] });
  });
});

describe('tsvector literal', () => {
  it('carries positions and weights, quotes lexemes and separates fields', () => {
    const v = buildTsVector([
      { text: "红楼梦 O'Brien", weight: 'A', pinyin: true },
      { text: '曹雪芹', weight: 'B' },
    ]);
    expect(v).toContain("'红楼梦':1A");
    expect(v).toContain("'梦':3A");
    expect(v).toContain("'o':");
    expect(v).toContain("'brien':");
    expect(v).toContain("'hongloumeng':");
    expect(v).toMatch(/'曹雪芹':\d+B/);
    const titleMax = Math.max(...[...v.matchAll(/:(\d+)A/g)].map((m) => Number(m[1])));
    const authorMin = Math.min(...[...v.matchAll(/[:,](\d+)B/g)].map((m) => Number(m[1])));
    expect(authorMin - titleMax).toBeGreaterThan(1);
  });

  it('gives words of three characters or more pinyin keys of their own, at their places', () => {
    const v = buildTsVector([{ text: '紅樓夢研究 计算机网络', weight: 'A', pinyin: true }]);
    // The whole runs, as before.
    expect(v).toContain("'hongloumengyanjiu':1A");
    expect(v).toContain("'jisuanjiwangluo':1A");
    // Their long words: 红楼梦 at 1, 计算机 at 6 (Traditional text is keyed by its Simplified form).
    expect(v).toContain("'hongloumeng':1A");
    expect(v).toContain("'hlm':1A");
    expect(v).toContain("'jisuanji':6A");
    expect(v).toContain("'jsj':6A");
    // Not two-character words: "yanjiu", "wangluo" (and "women" for 我们) stay out.
    expect(v).not.toMatch(/'yanjiu'|'wangluo'|'yj'|'wl'/);
    expect(buildTsVector([{ text: '我们的书', weight: 'A', pinyin: true }])).not.toContain("'women'");
  });

  it('escapes quotes and backslashes', () => {
    expect(buildTsVector([{ text: "it's", weight: 'D' }])).toBe("'it':1D 's':4D");
    expect(buildTsVector([{ text: "l'o'\\x", weight: 'D' }])).toBe("'l':1D 'o':3D 'x':5D");
  });
});

describe('characters beyond the BMP (CJK Extension B and later)', () => {
  /** A lone surrogate makes the text unstorable (PostgreSQL refuses it in JSON and text). */
  const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

  it('keeps them whole in pinyin keys, sort keys and the tsvector', () => {
    expect(pinyinKeys('𠀀书')).toEqual({ full: ['𠀀shu'], initials: ['𠀀s'] });
    const v = buildTsVector([{ text: '𠀀书与文字', weight: 'A', pinyin: true }]);
    expect(v).not.toMatch(loneSurrogate);
    // Offsets count UTF-16 units everywhere: the character after 𠀀 is two units on.
    expect(v).toContain("'𠀀':1A");
    expect(v).toContain("'书':3A");
    expect(sortKey('𠀀'.repeat(150))).not.toMatch(loneSurrogate);
  });

  it('are cut between characters, not inside one', () => {
    expect(sliceChars('ab𠀀', 3)).toBe('ab');
    expect(sliceChars('ab𠀀', 4)).toBe('ab𠀀');
    expect(sliceChars('abc', 2)).toBe('ab');
  });
});
