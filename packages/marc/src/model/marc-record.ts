/** MARC format family of a record. */
export type MarcFlavour = 'marc21' | 'unimarc';

/** How a record's text was encoded in its source: decided per record, never per file. */
export type MarcEncoding = 'utf-8' | 'marc-8' | 'windows-1251' | 'gb18030' | 'xml' | 'json';

/** One subfield: its code and decoded value. */
export interface Subfield {
  /** Subfield code (usually one character: a-z, 0-9; CNMARC also uses upper case for pinyin). */
  code: string;
  /** Decoded, NFC-normalised value. */
  value: string;
}

/** A control field (001-009): tag and one value. */
export interface ControlField {
  /** Three-character tag. */
  tag: string;
  /** The field's data. */
  value: string;
}

/** A data field: tag, two indicators and subfields. */
export interface DataField {
  /** Three-character tag (alphanumeric tags like Alma's HLD/ITM are kept as they are). */
  tag: string;
  /** First indicator (a blank is ' '). */
  ind1: string;
  /** Second indicator (a blank is ' '). */
  ind2: string;
  /** Subfields in record order. */
  subfields: Subfield[];
}

/** Any field of a record. */
export type MarcField = ControlField | DataField;

/** One field of marc-in-json: `{ "001": "..." }` or `{ "245": { ind1, ind2, subfields: [{ a: "..." }] } }`. */
export type MarcJsonField = Record<
  string,
  string | { ind1: string; ind2: string; subfields: Record<string, string>[] }
>;

/** A record in marc-in-json form (the community format), for storing the full record for the staff view. */
export interface MarcJson {
  /** The 24-character leader. */
  leader: string;
  /** Fields in record order. */
  fields: MarcJsonField[];
}

/** True when the field is a control field. */
export function isControlField(field: MarcField): field is ControlField {
  return 'value' in field;
}

/** True when the field is a data field. */
export function isDataField(field: MarcField): field is DataField {
  return 'subfields' in field;
}

/** A generic MARC record (MARC21 or UNIMARC), decoded to Unicode. */
export class MarcRecord {
  /** The 24-character leader (blanks as spaces; synthesised when the source had none). */
  leader: string;
  /** All fields in source order. */
  readonly fields: MarcField[];
  /** MARC21 or UNIMARC/CNMARC, detected from this record's own content. */
  flavour: MarcFlavour;
  /** How this record's text was encoded in the source. */
  encoding: MarcEncoding;

  /** Creates a record; flavour and encoding default to MARC21 and UTF-8. */
  constructor(
    leader: string,
    fields: MarcField[] = [],
    flavour: MarcFlavour = 'marc21',
    encoding: MarcEncoding = 'utf-8',
  ) {
    this.leader = leader;
    this.fields = fields;
    this.flavour = flavour;
    this.encoding = encoding;
  }

  /** Fields by tag, rebuilt whenever the number of fields changes (mappers look tags up many times). */
  private index: Map<string, MarcField[]> | undefined;
  private indexedLength = -1;

  private byTag(tag: string): MarcField[] | undefined {
    if (!this.index || this.indexedLength !== this.fields.length) {
      const index = new Map<string, MarcField[]>();
      for (const field of this.fields) {
        const list = index.get(field.tag);
        if (list) list.push(field);
        else index.set(field.tag, [field]);
      }
      this.index = index;
      this.indexedLength = this.fields.length;
    }
    return this.index.get(tag);
  }

  /** First control field value with this tag. */
  controlField(tag: string): string | undefined {
    for (const field of this.byTag(tag) ?? []) if (isControlField(field)) return field.value;
    return undefined;
  }

  /** All data fields whose tag is one of `tags`, in record order. */
  dataFields(...tags: string[]): DataField[] {
    if (tags.length === 1) return (this.byTag(tags[0] ?? '') ?? []).filter(isDataField);
    const result: DataField[] = [];
    for (const field of this.fields) if (isDataField(field) && tags.includes(field.tag)) result.push(field);
    return result;
  }

  /** True when at least one field has this tag. */
  hasField(tag: string): boolean {
    return this.byTag(tag) !== undefined;
  }

  /**
   * `JSON.stringify(this.toMarcJson())`, written directly: an import stores every record this way,
   * and building the object tree first costs three times as much.
   */
  toMarcJsonText(): string {
    const q = JSON.stringify;
    let out = `{"leader":${q(this.leader)},"fields":[`;
    this.fields.forEach((field, i) => {
      if (i > 0) out += ',';
      if (isControlField(field)) {
        out += `{${q(field.tag)}:${q(field.value)}}`;
        return;
      }
      out += `{${q(field.tag)}:{"ind1":${q(field.ind1)},"ind2":${q(field.ind2)},"subfields":[`;
      field.subfields.forEach((subfield, k) => {
        out += `${k > 0 ? ',' : ''}{${q(subfield.code)}:${q(subfield.value)}}`;
      });
      out += ']}}';
    });
    return `${out}]}`;
  }

  /** The record in marc-in-json form. */
  toMarcJson(): MarcJson {
    return {
      leader: this.leader,
      fields: this.fields.map((field): MarcJsonField => {
        if (isControlField(field)) return { [field.tag]: field.value };
        return {
          [field.tag]: {
            ind1: field.ind1,
            ind2: field.ind2,
            subfields: field.subfields.map((subfield) => ({ [subfield.code]: subfield.value })),
          },
        };
      }),
    };
  }
}

/** First value of subfield `code` in a data field. */
export function subfieldValue(field: DataField, code: string): string | undefined {
  for (const subfield of field.subfields) if (subfield.code === code) return subfield.value;
  return undefined;
}

/** All values of the subfields whose code is in `codes`, in field order. */
export function subfieldValues(field: DataField, codes: string): string[] {
  const values: string[] = [];
  for (const subfield of field.subfields) {
    if (subfield.code.length === 1 && codes.includes(subfield.code)) values.push(subfield.value);
  }
  return values;
}
