import { describe, expect, it } from 'vitest';
import { MarcRecord, type MarcField } from './marc-record.js';
import { parseStoredMarc, storedMarcText } from './stored-marc.js';

const LEADER = '01234nam a2200289 a 4500';

const sample = (): MarcRecord =>
  new MarcRecord(LEADER, [
    { tag: '001', value: 'ocm12345' },
    { tag: '008', value: '850101s1985    cc            000 0 chi d' },
    { tag: '020', ind1: ' ', ind2: ' ', subfields: [{ code: 'a', value: '9787020002207' }] },
    {
      tag: '245',
      ind1: '1',
      ind2: '0',
      subfields: [
        { code: '6', value: '880-01' },
        { code: 'a', value: 'Hong lou meng /' },
        { code: 'c', value: 'Cao Xueqin zhu.' },
      ],
    },
    { tag: '880', ind1: '1', ind2: '0', subfields: [{ code: 'a', value: '紅樓夢 / 曹雪芹著' }] },
    { tag: '500', ind1: ' ', ind2: ' ', subfields: [{ code: 'a', value: '' }] },
    { tag: '590', ind1: ' ', ind2: ' ', subfields: [] },
    { tag: '001', value: '' },
  ]);

/** What a reader of the stored text sees of a record: leader, and every field's parts. */
const shape = (record: MarcRecord | undefined) => ({ leader: record?.leader, fields: record?.fields.map(plain) });
const plain = (f: MarcField) =>
  'value' in f
    ? { tag: f.tag, value: f.value }
    : { tag: f.tag, ind1: f.ind1, ind2: f.ind2, subfields: f.subfields.map((s) => [s.code, s.value]) };

describe('stored MARC text', () => {
  it('keeps a record in the line form, about half the size of marc-in-json, and reads it back exactly', () => {
    const record = sample();
    const text = storedMarcText(record);
    expect(text.startsWith(`${LEADER}\n001`)).toBe(true);
    expect(text.split('\n')).toHaveLength(record.fields.length + 1);
    expect(text.length).toBeLessThan(record.toMarcJsonText().length * 0.6);
    expect(shape(parseStoredMarc(text))).toEqual(shape(record));
  });

  it.each([
    ['a line break in a value', (r: MarcRecord) => sub(r, 'a\nb')],
    ['a subfield mark in a value', (r: MarcRecord) => sub(r, 'a\u001db')],
    ['a control mark in a value', (r: MarcRecord) => sub(r, 'a\u001cb')],
    ['a batch separator in a value', (r: MarcRecord) => sub(r, 'a\u001eb')],
    ['NUL in a value', (r: MarcRecord) => sub(r, 'a\u0000b')],
    ['a line break in a control field', (r: MarcRecord) => r.fields.push({ tag: '005', value: '2026\n' })],
    ['a tag of four characters', (r: MarcRecord) => r.fields.push({ tag: 'HLD1', value: 'x' })],
    ['a tag of two characters', (r: MarcRecord) => r.fields.push({ tag: '24', ind1: ' ', ind2: ' ', subfields: [] })],
    ['an empty indicator', (r: MarcRecord) => r.fields.push({ tag: '500', ind1: '', ind2: ' ', subfields: [] })],
    [
      'a subfield code of two characters',
      (r: MarcRecord) => r.fields.push({ tag: '500', ind1: ' ', ind2: ' ', subfields: [{ code: 'ab', value: 'x' }] }),
    ],
    ['a leader starting with a brace', (r: MarcRecord) => (r.leader = `{${LEADER.slice(1)}`)],
    ['a line break in the leader', (r: MarcRecord) => (r.leader = `${LEADER.slice(0, 5)}\n`)],
  ])('keeps a record with %s as marc-in-json, read back exactly', (_, change) => {
    const record = sample();
    change(record);
    const text = storedMarcText(record);
    expect(text).toBe(record.toMarcJsonText());
    expect(shape(parseStoredMarc(text))).toEqual(shape(record));
  });

  it('reads back random records exactly, whichever form each takes', () => {
    // Values drawn from characters that include every separator the line form or a batch uses.
    const alphabet = [
      'a',
      'Z',
      ' ',
      '$',
      '{',
      '}',
      '"',
      '\\',
      '紅',
      '\u0301',
      '\n',
      '\u001c',
      '\u001d',
      '\u001e',
      '\u0000',
    ];
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const text = (max: number) =>
      Array.from({ length: random(max + 1) }, () => alphabet[random(alphabet.length)]).join('');
    const rare = () => (random(12) === 0 ? text(2) : alphabet[random(3)]!);
    let lineForm = 0;
    for (let i = 0; i < 500; i++) {
      const fields: MarcField[] = Array.from({ length: random(6) }, (): MarcField => {
        const tag = random(10) === 0 ? text(4) : String(100 + random(800));
        if (random(3) === 0) return { tag, value: random(4) === 0 ? text(6) : 'plain value' };
        return {
          tag,
          ind1: rare(),
          ind2: rare(),
          subfields: Array.from({ length: random(4) }, () => ({
            code: random(15) === 0 ? text(2) : 'a',
            value: random(5) === 0 ? text(6) : 'value 值',
          })),
        };
      });
      const record = new MarcRecord(random(20) === 0 ? text(3) : LEADER, fields);
      const stored = storedMarcText(record);
      if (!stored.startsWith('{')) lineForm++;
      expect(shape(parseStoredMarc(stored))).toEqual(shape(record));
    }
    // Both forms were exercised.
    expect(lineForm).toBeGreaterThan(100);
    expect(lineForm).toBeLessThan(450);
  });

  it('reads the marc-in-json text kept before the line form, its leader as it was kept', () => {
    const record = sample();
    record.leader = '00000nam#a22#####-a#4500';
    expect(shape(parseStoredMarc(record.toMarcJsonText()))).toEqual(shape(record));
  });

  it('reads nothing from text that is neither form', () => {
    expect(parseStoredMarc('{not json')).toBeUndefined();
    expect(parseStoredMarc('{"leader": "x"}')).toBeUndefined();
  });
});

function sub(record: MarcRecord, value: string): void {
  record.fields.push({ tag: '500', ind1: ' ', ind2: ' ', subfields: [{ code: 'a', value }] });
}
