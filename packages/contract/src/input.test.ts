import { describe, expect, it } from 'vitest';
import { Id, LongId, MAX_ID, cleanText, freeText, hasUnsafeCharacters, pageNumber, pageSize, yesNo } from './input.js';

describe('request building blocks', () => {
  it('Id: a number or digits, 1…MAX_ID; nothing else', () => {
    for (const [sent, read] of [
      [1, 1],
      ['703048', 703048],
      [' 42 ', 42],
      [MAX_ID, MAX_ID],
      [String(MAX_ID), MAX_ID],
      ['0000000007', 7],
    ] as const) {
      expect(Id.parse(sent), String(sent)).toBe(read);
    }
    for (const sent of [
      0,
      -1,
      1.5,
      MAX_ID + 1,
      '2147483648',
      2 ** 53,
      1e308,
      '12a',
      '',
      '1e3',
      'NaN',
      null,
      [1],
      true,
    ]) {
      expect(Id.safeParse(sent).success, JSON.stringify(sent)).toBe(false);
    }
  });

  it('LongId: up to 2^53 − 1', () => {
    expect(LongId.parse('99999999999')).toBe(99999999999);
    expect(LongId.safeParse(2 ** 53).success).toBe(false);
    expect(LongId.safeParse('99999999999999999').success).toBe(false);
  });

  it('page numbers are refused out of range; page sizes are clamped above, refused below 1', () => {
    const page = pageNumber(100);
    expect(page.parse(undefined)).toBe(1);
    expect(page.parse('')).toBe(1);
    expect(page.parse(' 3 ')).toBe(3);
    for (const bad of [0, 101, '1.5', 'NaN', '2147483648000000000']) expect(page.safeParse(bad).success).toBe(false);
    const rows = pageSize(20, 500);
    expect(rows.parse(null)).toBe(20);
    expect(rows.parse(2000)).toBe(500);
    expect(rows.parse('2147483648')).toBe(500);
    for (const bad of [0, -5, 'all', 2.5]) expect(rows.safeParse(bad).success).toBe(false);
  });

  it('flags: true/false, 1/0 and their strings; nothing else', () => {
    for (const on of [true, 1, '1', 'true']) expect(yesNo.parse(on)).toBe(true);
    for (const off of [false, 0, '0', 'false', '', null, undefined]) expect(yesNo.parse(off)).toBe(false);
    for (const bad of [2, 'yes', 'on', [1]]) expect(yesNo.safeParse(bad).success).toBe(false);
  });

  it('text: control characters and unpaired surrogates found, and cleaned out of free text', () => {
    for (const bad of ['\u0000', 'a\u0001', '\u007F', '\u0085', '\uD800', 'x\uDFFF', '\uDC00\uD800']) {
      expect(hasUnsafeCharacters(bad), JSON.stringify(bad)).toBe(true);
    }
    for (const good of ['', 'a\tb\nc\r', '三体', '😀', '\uD83D\uDE00', '\u2028', '\uFFFD']) {
      expect(hasUnsafeCharacters(good), JSON.stringify(good)).toBe(false);
    }
    expect(cleanText('a\u0000b\uD800c\u001Fd😀')).toBe('a bc d😀');
    expect(freeText(10).parse('三体\u0000')).toBe('三体 ');
    expect(freeText(3).safeParse('1234').success).toBe(false);
  });
});
