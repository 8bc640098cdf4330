export { MarcRecord, isControlField, isDataField, subfieldValue, subfieldValues } from './model/marc-record.js';
export type {
  ControlField,
  DataField,
  MarcEncoding,
  MarcField,
  MarcFlavour,
  MarcJson,
  MarcJsonField,
  Subfield,
} from './model/marc-record.js';
export type {
  Author,
  BibRecord,
  Classification,
  ElectronicLink,
  Holding,
  Publication,
  RecordKind,
  SourceIdentity,
  VernacularPair,
} from './model/bib-record.js';
export type { ReadOk, ReadReject, ReadResult, RecordSource } from './model/read-result.js';

export { readCatalogue, readCatalogueFile } from './read/read-catalogue.js';
export type { ReadCatalogueOptions } from './read/read-catalogue.js';
export { detectFormat } from './read/detect-format.js';
export type { CatalogueFormat } from './read/detect-format.js';

export { readIso2709 } from './iso2709/read-iso2709.js';
export type { ReadIso2709Options } from './iso2709/read-iso2709.js';
export { splitIso2709, DEFAULT_MAX_RECORD_BYTES } from './iso2709/split-iso2709.js';
export type { Iso2709Chunk, SplitOptions } from './iso2709/split-iso2709.js';
export { decodeIso2709 } from './iso2709/decode-iso2709.js';
export { buildIso2709, writeIso2709 } from './iso2709/write-iso2709.js';
export type { RawFieldData } from './iso2709/write-iso2709.js';
export type { DecodedIso2709, DecodeIso2709Options } from './iso2709/decode-iso2709.js';
export { readMarcXml } from './xml/read-marcxml.js';
export type { ReadMarcXmlOptions } from './xml/read-marcxml.js';
export { holdingsFromIso20775 } from './xml/iso20775-holdings.js';
export type { XmlElement } from './xml/iso20775-holdings.js';
export { readMarcJson } from './json/read-marc-json.js';
export type { ReadMarcJsonOptions } from './json/read-marc-json.js';
export { marcFromJson } from './json/marc-from-json.js';
export { readCsv } from './csv/read-csv.js';
export type { ReadCsvOptions } from './csv/read-csv.js';
export { CSV_TARGETS, DOUBAN_MAPPING, ITEM_TARGETS, parseCsvMapping } from './csv/csv-mapping.js';
export type { CsvMapping, CsvTarget, ItemTarget } from './csv/csv-mapping.js';

export { decodeMarc8, resolveNumericReferences } from './marc8/decode-marc8.js';
export type { Marc8Decoded } from './marc8/decode-marc8.js';
export { detectFlavour } from './flavour/detect-flavour.js';
export { looksLikeGb18030 } from './encoding/scan-bytes.js';
export { mapRecord } from './map/map-record.js';
export type { MappedRecord } from './map/map-record.js';
export { checkIsbn, isbn10To13, isValidIsbn10, isValidIsbn13 } from './map/isbn.js';
export type { IsbnCheck } from './map/isbn.js';
export { checkIssn } from './map/issn.js';
export { parseStoredMarc, storedMarcText } from './model/stored-marc.js';
export { MAX_FIELD_BYTES, MAX_RECORD_BYTES, checkRecordSize, fieldBytes } from './model/limits.js';
