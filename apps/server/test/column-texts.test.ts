import { describe, expect, it } from 'vitest';
import { ColumnTextWriter, columnValue, transferablesOf } from '../src/modules/catalogue/column-texts.js';

/** The writer's columns as strings. */
function columns(w: ColumnTextWriter): string[] {
  const { bytes, ends } = w.texts();
  return ends.map((end, i) => Buffer.from(bytes.buffer, bytes.byteOffset, end).toString('utf8', i ? ends[i - 1] : 0));
}

describe('column texts', () => {
  it('writes each value in the text form PostgreSQL reads for its type', () => {
    expect(columnValue('plain', 'text')).toBe('plain');
    expect(columnValue(1982, 'smallint')).toBe('1982');
    expect(columnValue(['a', 'b "c"', 'd\\e', null], 'text[]')).toBe('{"a","b \\"c\\"","d\\\\e",NULL}');
    expect(columnValue([], 'text[]')).toBe('{}');
    expect(columnValue({ title: ['紅樓夢\u001e'] }, 'jsonb')).toBe('{"title":["紅樓夢\\u001e"]}');
    expect(columnValue(new Date('2020-03-01T00:00:00Z'), 'date')).toBe('2020-03-01T00:00:00.000Z');
  });

  it('writes no value as the null marker, a number that is not finite included', () => {
    for (const v of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY])
      expect(columnValue(v, 'integer')).toBe('\u001f');
    // An empty string is a value, not a null.
    expect(columnValue('', 'text')).toBe('');
  });

  it('turns the markers and NUL into spaces, in text and in lists', () => {
    expect(columnValue('a\u0000b\u001ec\u001fd', 'text')).toBe('a b c d');
    expect(columnValue(['x\u001ey'], 'text[]')).toBe('{"x y"}');
  });

  it('joins each column with a leading separator, so one empty value still makes an element', () => {
    const w = new ColumnTextWriter([
      ['key', 'text'],
      ['n', 'integer'],
    ]);
    w.add(['', null]);
    expect(columns(w)).toEqual(['\u001e', '\u001e\u001f']);
    w.add(['k2', 7]);
    expect(columns(w)).toEqual(['\u001e\u001ek2', '\u001e\u001f\u001e7']);
  });

  it('keeps the columns as UTF-8 in one buffer of their exact length, which can move to another thread', () => {
    const w = new ColumnTextWriter([
      ['title', 'text'],
      ['subjects', 'text[]'],
    ]);
    w.add(['紅樓夢 𠀀', ['小说', 'a"b']]);
    w.add(['Ça', []]);
    const texts = w.texts();
    expect(columns(w)).toEqual(['\u001e紅樓夢 𠀀\u001eÇa', '\u001e{"小说","a\\"b"}\u001e{}']);
    expect(texts.bytes.byteLength).toBe(texts.ends.at(-1));
    expect(texts.bytes.buffer.byteLength).toBe(texts.bytes.byteLength);
    expect(Buffer.from(texts.bytes).toString('utf8')).toBe(columns(w).join(''));
    // Handed over (not copied), the buffer is gone from here and whole there.
    const moved = structuredClone(texts, { transfer: transferablesOf(texts) });
    expect(texts.bytes.byteLength).toBe(0);
    expect(Buffer.from(moved.bytes).toString('utf8')).toBe(columns(w).join(''));
  });
});
