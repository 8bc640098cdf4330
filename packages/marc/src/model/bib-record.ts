import type { MarcFlavour } from './marc-record.js';

/** What a source record describes. */
export type RecordKind = 'bibliographic' | 'authority' | 'holdings';

/** A person, organisation or meeting responsible for the work. */
export interface Author {
  /** Name as catalogued (romanised form when the record has both). */
  name: string;
  /** Personal name (100/700, UNIMARC 700-702), corporate body (110/710, 710-712) or meeting (111/711). */
  kind: 'personal' | 'corporate' | 'meeting';
  /** True for the main entry (1XX; UNIMARC 700/710). */
  isMain: boolean;
  /** Dates attached to the name (e.g. "1775-1817"). */
  dates?: string;
  /** Relator terms or codes (e.g. "editor", "trl"). */
  roles?: string[];
  /** The same name in the original script (paired 880, or the CSV's nationality-stripped form). */
  vernacular?: string;
  /** Nationality or period prefix found in Chinese metadata, e.g. "美" from "[美]". */
  nationality?: string;
}

/** A classification number and its scheme. */
export interface Classification {
  /** clc = Chinese Library Classification (中图法), lcc, ddc, udc, or other. */
  scheme: 'clc' | 'lcc' | 'ddc' | 'udc' | 'other';
  /** The class number as recorded. */
  value: string;
}

/** An electronic location (856). */
export interface ElectronicLink {
  /** The URL. */
  url: string;
  /** Link text or public note ($y/$z/$3). */
  label?: string;
}

/** Publication statement (260/264; UNIMARC 210/214). */
export interface Publication {
  /** Place of publication. */
  place?: string;
  /** Publisher name. */
  publisher?: string;
  /** Date as written (e.g. "c1998.", "[1850?]"). */
  date?: string;
  /** Place in the original script (paired 880). */
  placeVernacular?: string;
  /** Publisher in the original script (paired 880). */
  publisherVernacular?: string;
}

/** A value in the original script beside the romanised value it pairs with (a 880 and its field). */
export interface VernacularPair {
  romanized: string;
  vernacular: string;
}

/** One copy or one holdings statement. Only what the source says: nothing is invented. */
export interface Holding {
  /** Item barcode. */
  barcode?: string;
  /** Call number (classification + book number). */
  callNumber?: string;
  /** Library / branch code or name. */
  library?: string;
  /** Collection or shelving location. */
  location?: string;
  /** Shelf mark beyond the call number. */
  shelf?: string;
  /** Volume / issue / enumeration. */
  volume?: string;
  /** Year (chronology) of the piece. */
  year?: string;
  /** Circulation status as the source states it. */
  status?: string;
  /** Circulation attribute / item type / loan policy. */
  circAttr?: string;
  /** Price as written. */
  price?: string;
  /** Date the item was added (accessioned). */
  inDate?: string;
  /** Holdings statement (summary of what is held), for serials. */
  summary?: string;
}

/** Identity of the source record, used to update it on re-import. */
export interface SourceIdentity {
  /** Control number (001). */
  controlNumber?: string;
  /** Agency that assigned the control number (003, or 801/040 when 003 is absent). */
  agency?: string;
  /** Stable key: "agency:controlNumber", "001:controlNumber", "isbn:…" or "title:…" as a last resort. */
  key: string;
  /** Numbers the source systems know the record by (001s, 035 $a, 901 $a): holdings records link by them. */
  systemNumbers?: string[];
}

/** One bibliographic model for every input format. */
export interface BibRecord {
  /** Bibliographic, authority or holdings record. */
  recordKind: RecordKind;
  /** MARC flavour of the source, or null for CSV. */
  flavour: MarcFlavour | null;
  /** Source identity for re-import updates. */
  identity: SourceIdentity;
  /**
   * Control number of the record this one belongs to (MFHD 004, ISO 20775 record identifier). An
   * MFHD without 004 is linked by its own `identity.systemNumbers` (SirsiDynix exports give it the
   * bibliographic record's key as 001).
   */
  linkedRecordId?: string;
  /** Full title: main title, remainder, part number/name (245 $a$b$n$p; 200 $a$e$h$i). */
  title: string;
  /** Title proper only (245 $a; 200 $a). */
  titleProper: string;
  /** Remainder of title / other title information (245 $b; 200 $e). */
  subtitle?: string;
  /** Title in the original script when the record also has it (880 paired with 245, or a second 245). */
  titleVernacular?: string;
  /** Parallel, varying and other titles (246, 740; 200 $d, 510-517, 200 $A pinyin). */
  otherTitles: string[];
  /** Statement of responsibility (245 $c; 200 $f $g). */
  responsibility?: string;
  /** Statement of responsibility in the original script (paired 880). */
  responsibilityVernacular?: string;
  /** Personal, corporate and meeting names. */
  authors: Author[];
  /** Edition statement (250; 205). */
  edition?: string;
  /** Edition statement in the original script (paired 880). */
  editionVernacular?: string;
  /** Every publication statement. */
  publications: Publication[];
  /** First publisher name. */
  publisher?: string;
  /** First place of publication. */
  place?: string;
  /** The first publisher and place in the original script (the 880 of the statement they come from). */
  publisherVernacular?: string;
  placeVernacular?: string;
  /** Four-digit year of publication when derivable. */
  year?: number;
  /** Publication date as written in the source (260 $c / 264 $c / 210 $d, or 008 dates). */
  yearRaw?: string;
  /** Physical description (300; 215). */
  physicalDescription?: string;
  /** Valid ISBNs as ISBN-13 without hyphens. */
  isbns: string[];
  /** ISBNs that failed validation, as written (hyphens and qualifiers removed). */
  invalidIsbns: string[];
  /** ISSNs (NNNN-NNNC). */
  issns: string[];
  /** Price as written in 020 $c / 010 $d / CSV. */
  price?: string;
  /** Chinese Library Classification numbers (中图法). */
  clc: string[];
  /** All classification numbers. */
  classifications: Classification[];
  /** Call numbers from bibliographic and holdings fields. */
  callNumbers: string[];
  /** Subject headings, subdivisions joined with " -- ". */
  subjects: string[];
  /** Series statements. */
  series: string[];
  /** Series statements and subject headings that have an original-script form (paired 880s). */
  seriesVernacular?: VernacularPair[];
  subjectsVernacular?: VernacularPair[];
  /**
   * Script of the original-script forms, from the 880's $6 ("245-02/$1"): '$1' CJK, '(2' Hebrew,
   * '(3' Arabic, '(N' Cyrillic, '(S' Greek…; the title's 880 first, else the first paired 880's;
   * '' when the 880s name none. Absent when the record has no paired 880.
   */
  vernacularScript?: string;
  /** Main language, ISO 639-2 three-letter code ("und" when undetermined). */
  language: string;
  /** Every language code found (008, 041; 101 $a). */
  languages: string[];
  /** Country of publication (MARC country code from 008/15-17, or 102 $a). */
  country?: string;
  /** Document type code of OpenFind's docCode dictionary (1 book, 2 journal, 3 thesis, 17 score, ...). */
  docCode: string;
  /** Summary / abstract (520; 330). */
  abstract?: string;
  /** General and other notes (500-59X; 300-3XX). */
  notes: string[];
  /** Electronic locations. */
  links: ElectronicLink[];
  /** Copies and holdings statements found in the record itself. */
  holdings: Holding[];
  /** Every text worth indexing, romanised and vernacular forms alike. */
  allText: string[];
}
