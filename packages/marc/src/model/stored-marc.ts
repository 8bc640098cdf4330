import { isControlField, MarcRecord, type MarcField, type Subfield } from './marc-record.js';

/**
 * The form an import keeps a record in for the staff view: the leader, then one line per field —
 * a control field as its tag, U+001C and its value; a data field as its tag, its two indicators,
 * and each subfield as U+001D, its code and its value. It is about half the size of marc-in-json
 * (which spells `"ind1"`, `"subfields"` and the braces for every field) and is built and read
 * without escaping: on 100,000 real MARC21 records the JSON form was 1,731 characters a record,
 * and carrying it through an import's threads and into the database cost about a fifth of the
 * import's time.
 *
 * A record the form cannot carry exactly — a line break or a separator inside a value, a tag not
 * of three characters, an indicator or subfield code not of one, a leader starting with `{` — is
 * kept as marc-in-json text instead. Readers tell the two apart by the first character: `{` only
 * ever starts JSON.
 */
const FIELD_BREAK = '\n';
const CONTROL_MARK = '\u001c';
const SUBFIELD_MARK = '\u001d';

/** The record as stored text: the line form, or marc-in-json where the line form cannot carry it. */
export function storedMarcText(record: MarcRecord): string {
  let out = record.leader;
  let ok = !out.startsWith('{');
  let controls = 0;
  let subfields = 0;
  for (const field of record.fields) {
    if (field.tag.length !== 3) ok = false;
    if (isControlField(field)) {
      controls++;
      out += `${FIELD_BREAK}${field.tag}${CONTROL_MARK}${field.value}`;
      continue;
    }
    if (field.ind1.length !== 1 || field.ind2.length !== 1) ok = false;
    out += `${FIELD_BREAK}${field.tag}${field.ind1}${field.ind2}`;
    for (const subfield of field.subfields) {
      if (subfield.code.length !== 1) ok = false;
      subfields++;
      out += `${SUBFIELD_MARK}${subfield.code}${subfield.value}`;
    }
  }
  return ok && carriesExactly(out, record.fields.length, controls, subfields) ? out : record.toMarcJsonText();
}

/**
 * Whether line-form text holds its separators only where they were written (as many line breaks
 * as fields, control marks as control fields, subfield marks as subfields: a value holding one
 * would add to the count) and none of NUL, U+001E and U+001F, which an import's batches use as
 * their own separators and would not bring back.
 */
function carriesExactly(text: string, breaks: number, controls: number, subfields: number): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 0x1f) continue;
    if (c === 0x0a) breaks--;
    else if (c === 0x1c) controls--;
    else if (c === 0x1d) subfields--;
    else if (c === 0x00 || c === 0x1e || c === 0x1f) return false;
  }
  return breaks === 0 && controls === 0 && subfields === 0;
}

/**
 * Reads stored text back (either form) as a record; undefined for text that is neither (or
 * JSON that is not marc-in-json).
 */
export function parseStoredMarc(text: string): MarcRecord | undefined {
  if (text.startsWith('{')) return fromMarcJsonText(text);
  const lines = text.split(FIELD_BREAK);
  const fields: MarcField[] = [];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    const tag = line.slice(0, 3);
    if (line.charAt(3) === CONTROL_MARK) {
      fields.push({ tag, value: line.slice(4) });
      continue;
    }
    const parts = line.slice(5).split(SUBFIELD_MARK);
    const subfields: Subfield[] = [];
    for (let k = 1; k < parts.length; k++) subfields.push({ code: parts[k]!.charAt(0), value: parts[k]!.slice(1) });
    fields.push({ tag, ind1: line.charAt(3), ind2: line.charAt(4), subfields });
  }
  return new MarcRecord(lines[0]!, fields);
}

/**
 * marc-in-json text as a record, exactly as `toMarcJsonText` wrote it (no repair: a source's JSON
 * is read by `marcFromJson`); undefined when it is not JSON of that shape. Kept apart from
 * `fromMarcInJson`, which it resembles: that one's module brings the MARC-8 tables, and the web
 * server reads kept records through `@openfind/marc/stored-marc` without loading them.
 */
function fromMarcJsonText(text: string): MarcRecord | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const { leader, fields: list } = (parsed ?? {}) as { leader?: unknown; fields?: unknown };
  if (!Array.isArray(list)) return undefined;
  const fields: MarcField[] = [];
  for (const entry of list) {
    if (!entry || typeof entry !== 'object') continue;
    for (const [tag, body] of Object.entries(entry as Record<string, unknown>)) {
      if (typeof body === 'string') {
        fields.push({ tag, value: body });
      } else if (body && typeof body === 'object') {
        const { ind1, ind2, subfields: given } = body as { ind1?: unknown; ind2?: unknown; subfields?: unknown };
        const subfields: Subfield[] = [];
        for (const s of Array.isArray(given) ? given : []) {
          if (!s || typeof s !== 'object') continue;
          for (const [code, value] of Object.entries(s as Record<string, unknown>))
            subfields.push({ code, value: String(value) });
        }
        fields.push({ tag, ind1: String(ind1 ?? ' '), ind2: String(ind2 ?? ' '), subfields });
      }
    }
  }
  return new MarcRecord(typeof leader === 'string' ? leader : '', fields);
}
