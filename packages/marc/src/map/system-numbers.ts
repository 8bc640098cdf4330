import { isControlField, subfieldValues, type MarcRecord } from '../model/marc-record.js';

/**
 * The numbers a record is known by in the systems it came from, to link holdings records to it:
 * every 001 (some exports repeat it), each 035 $a as written and without its "(ORG)" prefix, and
 * for MARC21 the 901 $a local system number that Evergreen and SirsiDynix exports carry (their
 * holdings records name the bibliographic record by it).
 */
export function systemNumbersOf(record: MarcRecord, flavour: 'marc21' | 'unimarc'): string[] {
  const out = new Set<string>();
  const add = (value: string | undefined) => {
    const v = value?.trim();
    if (v) out.add(v);
  };
  for (const field of record.fields) if (field.tag === '001' && isControlField(field)) add(field.value);
  for (const field of record.dataFields('035')) {
    for (const value of subfieldValues(field, 'a')) {
      add(value);
      add(value.replace(/^\s*\([^)]*\)\s*/, ''));
    }
  }
  if (flavour === 'marc21') for (const field of record.dataFields('901')) add(subfieldValues(field, 'a')[0]);
  return [...out];
}
