import { subfieldValue } from '../model/marc-record.js';
import type { DataField, MarcRecord } from '../model/marc-record.js';
import type { Holding } from '../model/bib-record.js';
import { joinSubfields } from './text.js';

/** Copies the defined, non-empty values of `values` into a holding; undefined when nothing is left. */
function holdingOf(values: Partial<Record<keyof Holding, string | undefined>>): Holding | undefined {
  const holding: Holding = {};
  for (const [key, value] of Object.entries(values) as [keyof Holding, string | undefined][]) {
    const text = value?.trim();
    if (text) holding[key] = text;
  }
  return Object.keys(holding).length > 0 ? holding : undefined;
}

const get = (field: DataField, code: string): string | undefined => subfieldValue(field, code);

/** MARC21 852 location: library $b (or $a), shelving location $c, call number $k $h $i $m (or $j), barcode $p. */
function from852(field: DataField): Holding | undefined {
  const callNumber = joinSubfields(field, 'khim') || get(field, 'j');
  const price = get(field, 'y');
  return holdingOf({
    library: get(field, 'b') ?? get(field, 'a'),
    location: get(field, 'c'),
    callNumber,
    shelf: joinSubfields(field, 'h') ? get(field, 'j') : undefined,
    barcode: get(field, 'p'),
    volume: get(field, '3'),
    ...(price && /^\$?\d+(\.\d+)?$/.test(price.trim()) ? { price } : { status: price }),
  });
}

/** MARC21 876 item information: barcode $p, price $c, status $j, date acquired $d, temporary location $l. */
function from876(field: DataField): Holding | undefined {
  return holdingOf({
    barcode: get(field, 'p'),
    price: get(field, 'c'),
    status: get(field, 'j'),
    inDate: get(field, 'd'),
    location: get(field, 'l'),
    volume: get(field, '3'),
  });
}

/** SirsiDynix 949/999 items ($w class scheme present): call number $a, barcode $i, library $m, home location $l. */
function fromSirsi(field: DataField): Holding | undefined {
  const current = get(field, 'k');
  return holdingOf({
    callNumber: get(field, 'a'),
    barcode: get(field, 'i'),
    library: get(field, 'm'),
    location: get(field, 'l'),
    circAttr: get(field, 't'),
    status: current,
    price: get(field, 'p'),
    inDate: get(field, 'u'),
  });
}

/** Koha 952 items: home library $a, location $c, call number $o, barcode $p, item type $y, price $g, acquired $d. */
function fromKoha(field: DataField): Holding | undefined {
  const lost = get(field, '1');
  const notForLoan = get(field, '7');
  const status =
    lost && lost !== '0'
      ? 'lost'
      : notForLoan && notForLoan !== '0'
        ? 'not for loan'
        : get(field, 'q')
          ? 'on loan'
          : undefined;
  return holdingOf({
    library: get(field, 'a') ?? get(field, 'b'),
    location: get(field, 'c'),
    callNumber: get(field, 'o'),
    barcode: get(field, 'p'),
    circAttr: get(field, 'y'),
    price: get(field, 'g') ?? get(field, 'v'),
    inDate: get(field, 'd'),
    volume: get(field, 'h'),
    status,
  });
}

/** Alma publishing ITM item: barcode $9, call number $i/$k, library $f, location $g, description $c, process $u. */
function fromAlmaItem(field: DataField): Holding | undefined {
  return holdingOf({
    barcode: get(field, '9'),
    callNumber: get(field, 'k') ?? get(field, 'i'),
    library: get(field, 'f') ?? get(field, 'd'),
    location: get(field, 'g') ?? get(field, 'e'),
    volume: get(field, 'c'),
    status: get(field, 'u'),
    circAttr: get(field, 't'),
    inDate: get(field, 'q'),
  });
}

/** Alma HLD holding: library $b, location $c, call number $h $i, summary $a. */
function fromAlmaHolding(field: DataField): Holding | undefined {
  return holdingOf({
    library: get(field, 'b'),
    location: get(field, 'c'),
    callNumber: joinSubfields(field, 'hi'),
    summary: get(field, 'a'),
  });
}

/** Alma AVA availability: library $q/$b, location $c, call number $d, status $e. */
function fromAlmaAvailability(field: DataField): Holding | undefined {
  return holdingOf({
    library: get(field, 'q') ?? get(field, 'b'),
    location: get(field, 'c'),
    callNumber: get(field, 'd'),
    status: get(field, 'e'),
  });
}

/** CNMARC 906 item: barcode $b, call number class $d / book number $e, price $r (when numeric). */
function fromCnmarcItem(field: DataField): Holding | undefined {
  const price = get(field, 'r');
  const classNumber = get(field, 'd');
  const bookNumber = get(field, 'e');
  return holdingOf({
    barcode: get(field, 'b'),
    callNumber: classNumber && bookNumber ? `${classNumber}/${bookNumber}` : classNumber,
    volume: get(field, 'f'),
    price: price && /\d/.test(price) ? price : undefined,
  });
}

/** CNMARC 905 holdings: library $a, call number $s or $d/$e, barcode $b, volume $f. */
function fromCnmarcHolding(field: DataField): Holding | undefined {
  const classNumber = get(field, 'd');
  const bookNumber = get(field, 'e');
  return holdingOf({
    library: get(field, 'a'),
    callNumber: get(field, 's') ?? (classNumber && bookNumber ? `${classNumber}/${bookNumber}` : classNumber),
    barcode: get(field, 'b'),
    volume: get(field, 'f'),
  });
}

const hasAny = (field: DataField, codes: string): boolean => field.subfields.some((s) => codes.includes(s.code));

/**
 * Holdings stated in the record itself (items and holdings statements). Only fields whose shape
 * identifies them are read: a 949 or 999 without a barcode or location, or a 952 note, is not a holding.
 */
export function extractHoldings(record: MarcRecord): Holding[] {
  const holdings: Holding[] = [];
  const add = (holding: Holding | undefined): void => {
    if (holding) holdings.push(holding);
  };
  if (record.flavour === 'unimarc') {
    const items = record.dataFields('906').filter((field) => hasAny(field, 'b'));
    for (const field of items) add(fromCnmarcItem(field));
    if (items.length === 0) for (const field of record.dataFields('905')) add(fromCnmarcHolding(field));
  } else {
    for (const field of record.dataFields('852')) add(from852(field));
    for (const field of record.dataFields('876')) add(from876(field));
    for (const field of record.dataFields('949', '999')) {
      if (get(field, 'w') && hasAny(field, 'iml')) add(fromSirsi(field));
      else if (get(field, 'i') && get(field, 'a'))
        add(holdingOf({ callNumber: get(field, 'a'), barcode: get(field, 'i'), location: get(field, 'l') }));
    }
    for (const field of record.dataFields('952')) if (hasAny(field, 'op')) add(fromKoha(field));
  }
  const items = record.dataFields('ITM');
  for (const field of items) add(fromAlmaItem(field));
  const itemHoldingIds = new Set(items.map((field) => get(field, 'r')).filter((id): id is string => !!id));
  for (const field of record.dataFields('HLD')) {
    const id = get(field, '8');
    if (!id || !itemHoldingIds.has(id)) add(fromAlmaHolding(field));
  }
  // Alma availability only summarises items; use it when the record states no holding otherwise.
  if (holdings.length === 0) for (const field of record.dataFields('AVA')) add(fromAlmaAvailability(field));
  for (const field of record.dataFields('866')) add(holdingOf({ summary: joinSubfields(field, 'a') }));
  return holdings;
}
