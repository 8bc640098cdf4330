import { z } from 'zod';
import { calls, get, post } from './endpoint.js';
import { freeText } from './input.js';
import {
  MAX_PLACE_NAME,
  MAX_POLICY_KEY,
  MAX_SIBLINGS,
  PLACE_KINDS,
  POLICY_LIMITS,
  type PolicyNumberField,
} from './values/library-admin.js';
export * from './values/library-admin.js';

/**
 * The institution's libraries, campuses and locations, and its circulation (loan) policies, kept by
 * administrators in the staff console (issue 28). Every row carries a `version` (a digest of what it
 * holds) that a change sends back: a row someone changed in between is refused (`conflict`), never
 * overwritten. Codes are the keys copies, requests and staff accounts name: they are set once, when
 * a row is added, and a row is deleted only while nothing uses it.
 */

/** A code as typed: the server checks it against PLACE_CODE_PATTERN (at most MAX_PLACE_CODE), with its own message. */
const Code = z.string().trim().max(100);
/** The version a change was made from: what the screen read. */
const Version = z.string().max(64);

/** A row's names in the three languages (Simplified Chinese required; the others fall back to it). */
export const PlaceNames = z.object({
  name: freeText(MAX_PLACE_NAME).transform((s) => s.trim()),
  nameTw: freeText(MAX_PLACE_NAME)
    .default('')
    .transform((s) => s.trim()),
  nameEn: freeText(MAX_PLACE_NAME)
    .default('')
    .transform((s) => s.trim()),
});
export type PlaceNames = z.infer<typeof PlaceNames>;

/** A row's names as stored (output). */
const StoredNames = z.object({ name: z.string(), nameTw: z.string(), nameEn: z.string() });

export const AdminLocation = StoredNames.extend({
  locationId: z.string(),
  campusId: z.string(),
  locationTypeCode: z.string(),
  entrust: z.boolean(),
  subscribe: z.boolean(),
  seq: z.number().int(),
  version: z.string(),
});
export type AdminLocation = z.infer<typeof AdminLocation>;

export const AdminCampus = StoredNames.extend({
  campusId: z.string(),
  libCode: z.string(),
  seq: z.number().int(),
  version: z.string(),
  locations: z.array(AdminLocation),
});
export type AdminCampus = z.infer<typeof AdminCampus>;

export const AdminLibrary = StoredNames.extend({
  libCode: z.string(),
  isMain: z.boolean(),
  seq: z.number().int(),
  version: z.string(),
  campuses: z.array(AdminCampus),
});
export type AdminLibrary = z.infer<typeof AdminLibrary>;

/** `GET /find/admin/libraries`: the tree, in order, and the location types a location may have. */
export const LibraryTree = z.object({
  libraries: z.array(AdminLibrary),
  locationTypes: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type LibraryTree = z.infer<typeof LibraryTree>;

/**
 * `POST /find/admin/libraries/library/save`: adds a library (no `version`) or changes one (the
 * `version` read). Marking a library main makes it the only main one.
 */
export const SaveLibraryRequest = PlaceNames.extend({
  libCode: Code,
  isMain: z.boolean().default(false),
  version: Version.optional(),
});
export type SaveLibraryRequest = z.infer<typeof SaveLibraryRequest>;

/** `POST /find/admin/libraries/campus/save`: adds a campus to a library, or changes one. */
export const SaveCampusRequest = PlaceNames.extend({
  campusId: Code,
  /** The library of a new campus (a campus stays in its library). */
  libCode: Code,
  version: Version.optional(),
});
export type SaveCampusRequest = z.infer<typeof SaveCampusRequest>;

/** `POST /find/admin/libraries/location/save`: adds a location to a campus, or changes one. */
export const SaveLocationRequest = PlaceNames.extend({
  locationId: Code,
  /** The campus of a new location (a location stays in its campus). */
  campusId: Code,
  locationTypeCode: z.string().trim().max(100),
  /** Copies of it may be requested for delivery or retrieval (entrust), and reserved (subscribe). */
  entrust: z.boolean().default(false),
  subscribe: z.boolean().default(false),
  version: Version.optional(),
});
export type SaveLocationRequest = z.infer<typeof SaveLocationRequest>;

/** What a save answers: the row as it is now (with its new version). */
export const SavedPlace = z.object({
  kind: z.enum(PLACE_KINDS),
  code: z.string(),
  version: z.string(),
  added: z.boolean(),
});
export type SavedPlace = z.infer<typeof SavedPlace>;

/** `POST /find/admin/libraries/delete`: deletes a library, campus or location nothing uses. */
export const DeletePlaceRequest = z.object({
  kind: z.enum(PLACE_KINDS),
  code: Code,
  version: Version,
});
export type DeletePlaceRequest = z.infer<typeof DeletePlaceRequest>;

/**
 * `POST /find/admin/libraries/reorder`: the order of one level — the libraries, a library's campuses
 * (`parent` its code) or a campus's locations — as every code of it, first to last.
 */
export const ReorderPlacesRequest = z.object({
  kind: z.enum(PLACE_KINDS),
  parent: Code.default(''),
  codes: z.array(Code).min(1).max(MAX_SIBLINGS),
});
export type ReorderPlacesRequest = z.infer<typeof ReorderPlacesRequest>;

const policyNumbers = Object.fromEntries(
  Object.entries(POLICY_LIMITS).map(([k, [min, max]]) => [k, z.number().int().min(min).max(max)]),
) as Record<PolicyNumberField, z.ZodNumber>;

/** The values of a loan policy (money in fen). */
export const PolicyValues = z.object({
  ...policyNumbers,
  renewWhenOverdue: z.boolean(),
});
export type PolicyValues = z.infer<typeof PolicyValues>;

/** A loan policy row: for a reader type and a copy's circulation attribute ('' = any). */
export const AdminLoanPolicy = PolicyValues.extend({
  readerType: z.string(),
  circAttr: z.string(),
  /** Null: the default row is not stored yet; these are the built-in rules circulation uses then. */
  version: z.string().nullable(),
});
export type AdminLoanPolicy = z.infer<typeof AdminLoanPolicy>;

/** `GET /find/admin/policies`: the policies (the default row first), and what staff pick from. */
export const LoanPolicies = z.object({
  policies: z.array(AdminLoanPolicy),
  /** The readers' reader types, with how many readers have each (and types only policies name, with 0). */
  readerTypes: z.array(z.object({ readerType: z.string(), readers: z.number().int() })),
  /** The circulation attributes of copies (the `circAttr` code list). */
  circAttrs: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type LoanPolicies = z.infer<typeof LoanPolicies>;

const PolicyKey = z.object({
  readerType: z.string().trim().max(MAX_POLICY_KEY).default(''),
  circAttr: z.string().trim().max(MAX_POLICY_KEY).default(''),
});

/** `POST /find/admin/policies/save`: adds a policy (no `version`) or changes one (the `version` read). */
export const SaveLoanPolicyRequest = PolicyValues.extend(PolicyKey.shape).extend({ version: Version.optional() });
export type SaveLoanPolicyRequest = z.infer<typeof SaveLoanPolicyRequest>;

/** `POST /find/admin/policies/delete`: deletes a policy (never the default one). */
export const DeleteLoanPolicyRequest = PolicyKey.extend({ version: Version });
export type DeleteLoanPolicyRequest = z.infer<typeof DeleteLoanPolicyRequest>;

export const SavedLoanPolicy = z.object({
  readerType: z.string(),
  circAttr: z.string(),
  version: z.string(),
  added: z.boolean(),
});
export type SavedLoanPolicy = z.infer<typeof SavedLoanPolicy>;

/** Libraries and circulation policies: administrators' calls. */
export const LibraryAdminCalls = calls('library-admin', {
  libraryTree: get('/find/admin/libraries', {
    output: LibraryTree,
    access: 'admin',
    summary: "The institution's libraries, campuses and locations as a tree, with the location types",
  }),
  saveLibrary: post('/find/admin/libraries/library/save', {
    input: SaveLibraryRequest,
    output: SavedPlace,
    access: 'admin',
    summary: 'Add a library or change its names and whether it is the main one',
  }),
  saveCampus: post('/find/admin/libraries/campus/save', {
    input: SaveCampusRequest,
    output: SavedPlace,
    access: 'admin',
    summary: 'Add a campus to a library or change its names',
  }),
  saveLocation: post('/find/admin/libraries/location/save', {
    input: SaveLocationRequest,
    output: SavedPlace,
    access: 'admin',
    summary: 'Add a location to a campus or change its names, type and switches',
  }),
  deletePlace: post('/find/admin/libraries/delete', {
    input: DeletePlaceRequest,
    output: z.object({ kind: z.enum(PLACE_KINDS), code: z.string() }),
    access: 'admin',
    summary: 'Delete a library, campus or location that nothing uses',
  }),
  reorderPlaces: post('/find/admin/libraries/reorder', {
    input: ReorderPlacesRequest,
    output: z.object({ codes: z.array(z.string()) }),
    access: 'admin',
    summary: 'Set the order of the libraries, of a library’s campuses or of a campus’s locations',
  }),
  loanPolicies: get('/find/admin/policies', {
    output: LoanPolicies,
    access: 'admin',
    summary: 'The loan policies by reader type and circulation attribute, with the types to pick from',
  }),
  saveLoanPolicy: post('/find/admin/policies/save', {
    input: SaveLoanPolicyRequest,
    output: SavedLoanPolicy,
    access: 'admin',
    summary: 'Add or change a loan policy (new loans, renewals and requests follow it)',
  }),
  deleteLoanPolicy: post('/find/admin/policies/delete', {
    input: DeleteLoanPolicyRequest,
    output: z.object({ readerType: z.string(), circAttr: z.string() }),
    access: 'admin',
    summary: 'Delete a loan policy (the default one stays)',
  }),
});
