import { toNfc } from '../encoding/field-decoder.js';
import { detectFlavour } from '../flavour/detect-flavour.js';
import { MarcRecord } from '../model/marc-record.js';
import type { DataField, MarcField, Subfield } from '../model/marc-record.js';

/** Any JSON value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const asText = (value: Json | undefined): string =>
  typeof value === 'string' ? toNfc(value) : typeof value === 'number' ? String(value) : '';

/** marc-in-json: `{ leader, fields: [{ "001": "…" }, { "245": { ind1, ind2, subfields: [{ "a": "…" }] } }] }`. */
function fromMarcInJson(fieldsJson: Json[]): MarcField[] | string {
  const fields: MarcField[] = [];
  for (const entry of fieldsJson) {
    if (!isObject(entry)) return 'a "fields" entry is not an object';
    for (const [tag, value] of Object.entries(entry)) {
      if (typeof value === 'string') {
        fields.push({ tag, value: toNfc(value) });
      } else if (isObject(value)) {
        const subfields: Subfield[] = [];
        const list = value.subfields;
        if (Array.isArray(list)) {
          for (const item of list) {
            if (!isObject(item)) continue;
            for (const [code, text] of Object.entries(item)) subfields.push({ code, value: asText(text) });
          }
        }
        fields.push({
          tag,
          ind1: asText(value.ind1).charAt(0) || ' ',
          ind2: asText(value.ind2).charAt(0) || ' ',
          subfields,
        });
      } else {
        return `field ${tag} is neither a string nor an object`;
      }
    }
  }
  return fields;
}

/** The "controlfield"/"datafield" JSON shape (K10plus, qa-catalogue): `{ tag, content }` and `{ tag, ind1, ind2, subfield: [{ code, content }] }`. */
function fromFieldLists(controls: Json | undefined, datas: Json | undefined): MarcField[] | string {
  const fields: MarcField[] = [];
  for (const entry of Array.isArray(controls) ? controls : []) {
    if (!isObject(entry)) return 'a "controlfield" entry is not an object';
    fields.push({ tag: asText(entry.tag), value: asText(entry.content ?? entry.value ?? entry.data) });
  }
  for (const entry of Array.isArray(datas) ? datas : []) {
    if (!isObject(entry)) return 'a "datafield" entry is not an object';
    const list = entry.subfield ?? entry.subfields;
    const subfields: Subfield[] = [];
    for (const item of Array.isArray(list) ? list : isObject(list) ? [list] : []) {
      if (isObject(item))
        subfields.push({ code: asText(item.code), value: asText(item.content ?? item.value ?? item.data) });
    }
    const field: DataField = {
      tag: asText(entry.tag),
      ind1: asText(entry.ind1).charAt(0) || ' ',
      ind2: asText(entry.ind2).charAt(0) || ' ',
      subfields,
    };
    fields.push(field);
  }
  return fields;
}

/** Builds a MarcRecord from one parsed JSON object of either MARC-JSON shape, or says why it cannot. */
export function marcFromJson(value: Json): { record: MarcRecord; warnings: string[] } | { reason: string } {
  if (!isObject(value)) return { reason: 'JSON value is not an object' };
  const warnings: string[] = [];
  let fields: MarcField[] | string;
  if (Array.isArray(value.fields)) fields = fromMarcInJson(value.fields);
  else if (Array.isArray(value.controlfield) || Array.isArray(value.datafield))
    fields = fromFieldLists(value.controlfield, value.datafield);
  else return { reason: 'JSON object has neither "fields" (marc-in-json) nor "controlfield"/"datafield" arrays' };
  if (typeof fields === 'string') return { reason: fields };
  let leader = asText(value.leader).replace(/[-#]/g, ' ');
  if (!leader) {
    warnings.push('record has no leader; a default book leader was used');
    leader = '00000nam a2200000   4500';
  } else if (leader.length !== 24) {
    warnings.push(`leader has ${leader.length} characters instead of 24`);
    leader = leader.padEnd(24, ' ').slice(0, 24);
  }
  const field100 = fields.find((field): field is DataField => field.tag === '100' && 'subfields' in field);
  const flavour = detectFlavour(
    fields.map((field) => field.tag),
    field100?.subfields.find((s) => s.code === 'a')?.value,
  );
  return { record: new MarcRecord(leader, fields, flavour, 'json'), warnings };
}
