import { describe, expect, it } from 'vitest';
import { decodeMarc8 } from './decode-marc8.js';

const ESC = 0x1b;
const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));
const decode = (...parts: (number | string)[]): ReturnType<typeof decodeMarc8> =>
  decodeMarc8(Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? ascii(part) : [part]))));

describe('decodeMarc8', () => {
  it('moves ANSEL prefix diacritics after their base letter and composes to NFC', () => {
    const { text, errors } = decode('Soci', 0xe2, 'et', 0xe2, 'e linn', 0xe2, 'eenne');
    expect(text).toBe('Société linnéenne');
    expect(text.includes('\u00e9')).toBe(true);
    expect(errors).toEqual([]);
  });

  it('keeps the order of stacked diacritics and decodes ANSEL spacing letters', () => {
    expect(decode(0xe3, 0xe5, 'a').text).toBe('a\u0302\u0304'.normalize('NFC'));
    expect(decode(0xa1, 'od', 0xb8).text).toBe('Łodı');
    expect(decode(0xc7).text).toBe('ß');
  });

  it('joins the two halves of a ligature into one double mark', () => {
    expect(decode(0xeb, 't', 0xec, 's').text).toBe('t\u0361s');
  });

  it('decodes Greek symbols, subscripts and superscripts through their shortcut escapes', () => {
    expect(decode(ESC, 0x67, 'abc', ESC, 0x73, ' rays').text).toBe('αβγ rays');
    expect(decode('H', ESC, 0x62, '2', ESC, 0x73, 'O').text).toBe('H₂O');
    expect(decode('x', ESC, 0x70, '2', ESC, 0x73).text).toBe('x²');
  });

  it('decodes Basic Hebrew with its prefix vowel points', () => {
    expect(decode(ESC, 0x28, 0x32, '`ab', ESC, 0x28, 0x42).text).toBe('אבג');
  });

  it('decodes Basic and Extended Cyrillic in G0 and G1', () => {
    expect(decode(ESC, 0x28, 0x4e, 'mOSKWA', ESC, 0x28, 0x42).text).toBe('Москва');
    expect(decode(ESC, 0x29, 0x51, 0xc1, ESC, 0x29, 0x45).text).toBe('\u0452');
  });

  it('decodes Basic Greek, Basic Arabic and Extended Arabic', () => {
    expect(decode(ESC, 0x28, 0x53, 'ab', ESC, 0x28, 0x42).text).toBe('αβ');
    expect(decode(ESC, 0x28, 0x33, 'AB', ESC, 0x28, 0x42).text).toBe('\u0621\u0622');
    expect(decode(ESC, 0x28, 0x34, 'A', ESC, 0x28, 0x42).text).toBe('\u0695');
  });

  it('decodes EACC (CJK) three bytes per character', () => {
    const { text, errors } = decode(ESC, 0x24, 0x31, 0x21, 0x30, 0x21, 0x21, 0x30, 0x2a, ESC, 0x28, 0x42, ' ok');
    expect(text).toBe('一不 ok');
    expect(errors).toEqual([]);
  });

  it('reports an EACC code missing from the table and falls back into step', () => {
    const { text, errors } = decode(ESC, 0x24, 0x31, 0x7e, 0x7e, 0x7e, 0x21, 0x30, 0x21, ESC, 0x28, 0x42);
    expect(text).toContain('一');
    expect(text).toContain('\ufffd');
    expect(errors).toHaveLength(1);
  });

  it('reads punctuation after a missing switch back to ASCII as ASCII, with a repair note', () => {
    const { text, repairs, errors } = decode(ESC, 0x28, 0x53, 'ab :', ESC, 0x24, 0x31, 0x21, 0x30, 0x21, '.');
    expect(text).toBe('αβ :一.');
    expect(repairs.length).toBe(2);
    expect(errors).toEqual([]);
  });

  it('starts every subfield with the default sets and an ASCII subfield code', () => {
    const { text } = decode(0x1f, 'a', ESC, 0x28, 0x4e, 'mIR', 0x1f, 'b', 'Moscow');
    expect(text).toBe('\u001faМир\u001fbMoscow');
  });

  it('resolves numeric character references, with diacritics placed after them', () => {
    expect(decode('caf&#xE9; &#233;t', 0xe2, '&#x3B1;').text).toBe('café ét\u03b1\u0301'.normalize('NFC'));
  });

  it('reports an unknown escape sequence and keeps the rest of the text', () => {
    const { text, errors } = decode('Soci', ESC, 't', 0xe2, 'e');
    expect(text).toBe('Socité');
    expect(errors[0]).toMatch(/unknown escape sequence/);
  });
});
