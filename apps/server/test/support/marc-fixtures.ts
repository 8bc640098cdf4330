import { buildIso2709 } from '@openfind/marc';

const enc = new TextEncoder();
const SF = '\u001f';

/** A data field: tag, two indicators and subfields as [code, value] pairs. */
export type FieldSpec = [tag: string, ind: string, subfields: Array<[string, string]>] | [tag: string, value: string];

/** One UTF-8 MARC21 bibliographic record in ISO 2709. */
export function marc21(fields: FieldSpec[], leader = '00000nam a2200000 a 4500'): Uint8Array {
  return buildIso2709(
    leader,
    fields.map((f) =>
      f.length === 2
        ? { tag: f[0], data: enc.encode(f[1]) }
        : { tag: f[0], data: enc.encode(f[1] + f[2].map(([c, v]) => SF + c + v).join('')) },
    ),
  );
}

/** A small, realistic book record with `copies` items in 949 (Sirsi style) fields. */
export function bookRecord(n: number, opts: { title?: string; copies?: number; isbn?: string } = {}): Uint8Array {
  const fields: FieldSpec[] = [
    ['001', `rec${String(n).padStart(7, '0')}`],
    ['003', 'OpenFindTest'],
    ['008', '200101s2019    cc            000 0 chi d'],
    ['020', '  ', [['a', opts.isbn ?? '9787302000000']]],
    [
      '084',
      '  ',
      [
        ['a', 'TP393'],
        ['2', 'clc'],
      ],
    ],
    ['100', '1 ', [['a', `作者${n}`]]],
    [
      '245',
      '10',
      [
        ['a', opts.title ?? `计算机网络第${n}讲`],
        ['c', `作者${n}著`],
      ],
    ],
    [
      '260',
      '  ',
      [
        ['a', '北京'],
        ['b', '清华大学出版社'],
        ['c', '2019'],
      ],
    ],
    ['650', ' 0', [['a', '计算机网络']]],
  ];
  for (let c = 0; c < (opts.copies ?? 1); c++) {
    fields.push([
      '949',
      '  ',
      [
        ['a', `TP393/${n}`],
        ['i', `T${n}-${c}`],
        ['l', '101'],
        ['m', 'OFU'],
      ],
    ]);
  }
  return marc21(fields);
}

/** Concatenates records into one file body. */
export function concat(parts: Uint8Array[]): Buffer {
  return Buffer.concat(parts.map((p) => Buffer.from(p)));
}
