/** An item (copy) of a record as an import or the demo generator supplies it. */
export interface ItemInput {
  barcode?: string | null;
  callNo?: string | null;
  libCode?: string | null;
  campusId?: string | null;
  locationId?: string | null;
  /** The location as the source named it, kept when it maps to no location of the tenant. */
  locationName?: string | null;
  curLocationId?: string | null;
  shelfNo?: string | null;
  vol?: string | null;
  year?: string | null;
  /** 411 on shelf, 412 on loan, … (processTypeList). */
  processTypeCode?: string | null;
  dueDate?: string | null;
  /** 0 loanable … 6 branch collection (circAttr). */
  circAttr?: string | null;
  price?: string | null;
  /** YYYY-MM-DD. */
  inDate?: string | null;
}

/** A bibliographic record ready to be stored: one model for every source format. */
export interface RecordInput {
  /** Stable identity in the source ('001|003', 'isbn:…', 'csv:<id>'): re-imports update, never duplicate. */
  sourceKey: string;
  sourceFormat: 'marc21' | 'unimarc' | 'csv' | 'demo';
  /** Numbers the source systems know the record by (001s, 035 $a, 901 $a): holdings records link by them. */
  systemNumbers?: string[];
  title: string;
  titleVernacular?: string | null;
  otherTitles?: string[];
  responsibility?: string | null;
  /** Display form of the authors. */
  author?: string | null;
  /** Personal and corporate names, one per entry. */
  authors?: string[];
  edition?: string | null;
  publisher?: string | null;
  publishPlace?: string | null;
  publishYear?: string | null;
  publishYearInt?: number | null;
  physicalDescription?: string | null;
  isbns?: string[];
  invalidIsbns?: string[];
  issn?: string | null;
  price?: string | null;
  clcClasses?: string[];
  otherClasses?: string[];
  callNumbers?: string[];
  subjects?: string[];
  series?: string[];
  langCode?: string | null;
  countryCode?: string | null;
  docCode?: string | null;
  abstract?: string | null;
  notes?: string[];
  links?: Array<{ url: string; label?: string | null }>;
  /**
   * Original-script (880) forms keyed by the field they pair with: { title, responsibility, edition,
   * place, publisher: '…', authors, series, subjects: ['…'] with `authorsRomanized`… aligned, script:
   * '$1' } (`storedVernacular()` in original-script.ts).
   */
  vernacular?: Record<string, string | string[]>;
  /** Everything else worth finding (vernacular forms, romanised forms, contents notes). */
  extraText?: string[];
  /**
   * The full source record for the staff view: its stored text (`storedMarcText`: the line form or
   * marc-in-json), or a marc-in-json object.
   */
  marc?: unknown;
  items?: ItemInput[];
}
