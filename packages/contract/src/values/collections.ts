/**
 * Special collections, special libraries (特色库), topics and e-books (issue 30): codes and limits,
 * plain values free of schemas (collections.ts re-exports them) for the web app.
 */

/** Error codes of the collection calls (in `errCode`). */
export const CollectionErrCode = {
  /** No such special collection or special library (or hidden, or of another institution). */
  noSuchPackage: 43701,
  /** No such topic (or hidden, or of another institution). */
  noSuchTopic: 43702,
} as const;

/** Error codes of the console's collection calls (`/find/admin/collections/*`), 44101–44199. */
export const CollectionAdminErrCode = {
  /** The package or topic changed (or was deleted) since it was read (another tab or colleague): read it again. */
  changedMeanwhile: 44101,
  /** The parent named is not a top-level special library of the institution, or the package cannot have one. */
  badParent: 44102,
  /** Another package of the institution has this code. */
  codeTaken: 44103,
  /** The record is not in the institution's catalogue. */
  noSuchRecord: 44104,
  /** A field is not acceptable (a rule kind without a value, a cover that is not an http(s) address). */
  invalid: 44105,
  /** A special library with child bases is not deleted: its child bases are deleted or moved first. */
  hasChildren: 44106,
  /** A new order of topics that does not name every topic of the institution once (the list changed meanwhile). */
  badOrder: 44107,
} as const;

/** A package's code: what the CSV loader takes (letters, digits, `-`, `_`, `.`). */
export const PACKAGE_CODE_PATTERN = /^[A-Za-z0-9._-]{1,40}$/;
/** Records listed by hand in one package. */
export const MAX_PACKAGE_LISTED = 20_000;
/** Records listed by hand in one topic. */
export const MAX_TOPIC_LISTED = 2_000;

/** The two kinds of package a library curates: a special collection, a special library (特色库). */
export const PACKAGE_KINDS = ['collection', 'base'] as const;
export type PackageKind = (typeof PACKAGE_KINDS)[number];

/** How a package takes records beyond those listed: a call-number prefix, a CLC class prefix, a subject. */
export const PACKAGE_RULES = ['callPrefix', 'classPrefix', 'subject'] as const;
export type PackageRule = (typeof PACKAGE_RULES)[number];

/**
 * Spec §9: the module dictionary's `collections` leaves out collections whose names contain either
 * of two e-book vendors' names (their e-book packages are not collections a reader filters by).
 */
export const DICT_HIDDEN_COLLECTION_VENDORS = ['超星', '书生'] as const;

/** The CLC top classes an e-book list filters by (A–Z without L, M, W, Y). */
export const CLC_TOP_CLASSES = [
  'A',
  'B',
  'C',
  'D',
  'E',
  'F',
  'G',
  'H',
  'I',
  'J',
  'K',
  'N',
  'O',
  'P',
  'Q',
  'R',
  'S',
  'T',
  'U',
  'V',
  'X',
  'Z',
] as const;

/** Letters of the A–Z index (a title's first letter, its pinyin for Chinese). */
export const AZ_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');

/** Where an e-book comes from: a catalogue record with an electronic link, a KBART line of a package. */
export const EBOOK_SOURCES = ['catalogue', 'kbart'] as const;
export type EbookSource = (typeof EBOOK_SOURCES)[number];

/** Lines of one collections CSV import. */
export const MAX_COLLECTION_CSV_LINES = 100_000;
