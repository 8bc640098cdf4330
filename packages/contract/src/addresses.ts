import { z } from 'zod';
import { calls, get, post } from './endpoint.js';
import { CodeName } from './dictionaries.js';
import { LongId, freeText, yesNo } from './input.js';
import { ADDRESS_MAX_LENGTH, type AddressField } from './values/addresses.js';
export * from './values/addresses.js';

/**
 * A reader's delivery addresses (My Library key 9; spec §3 Address, §5 its checks, §7
 * `/find/userAddress/*`, whose payloads the spec does not show: designed here). Where requested
 * books are sent when the library delivers them. One address is the default whenever the reader has
 * any: the first one, then the one chosen; deleting it makes the newest of the others the default.
 */

/** A field as sent: free text up to its limit, trimmed; absent or null is '' (the service says it is required). */
const field = (name: AddressField) =>
  z
    .union([freeText(ADDRESS_MAX_LENGTH[name]), z.null()])
    .optional()
    .transform((v) => (v ?? '').trim());

/** What `add` and `update` take: the address as the reader fills it in. */
export const AddressInput = z.object({
  /** A code of `GET /find/userAddress/types`; '' or absent = the institution's first type. */
  addressType: z
    .union([z.string().trim().max(ADDRESS_MAX_LENGTH.addressType), z.null()])
    .optional()
    .transform((v) => v ?? ''),
  recipient: field('recipient'),
  /** A mainland mobile number or an international one (+…); spaces and hyphens are ignored. */
  phone: field('phone'),
  /** Province, city and district, as text ('浙江省 杭州市 西湖区'). */
  region: field('region'),
  /** Street, building and room. */
  detail: field('detail'),
  /** Six digits in mainland China; with an international phone number, 3–10 letters or digits. */
  postcode: field('postcode'),
  /** Make it the default address (the first address is the default whatever this says). */
  isDefault: yesNo,
});
export type AddressInput = z.infer<typeof AddressInput>;

/** `POST /find/userAddress/update`: the whole address again, by id. */
export const UpdateAddressRequest = AddressInput.extend({ addressId: LongId });
export type UpdateAddressRequest = z.infer<typeof UpdateAddressRequest>;

/** `POST /find/userAddress/delete` and `setDefault`. */
export const AddressIdRequest = z.object({ addressId: LongId });

export const ReaderAddress = z.object({
  addressId: z.number().int(),
  addressType: z.string(),
  /** The type's name in the caller's language. */
  addressTypeName: z.string(),
  recipient: z.string(),
  phone: z.string(),
  region: z.string(),
  detail: z.string(),
  postcode: z.string(),
  isDefault: z.boolean(),
  /** ISO 8601. */
  updatedAt: z.string(),
});
export type ReaderAddress = z.infer<typeof ReaderAddress>;

/** `GET /find/userAddress/list`: the default first, then the newest. */
export const AddressList = z.object({
  list: z.array(ReaderAddress),
  totalCount: z.number().int(),
  /** Most addresses a reader keeps. */
  max: z.number().int(),
});
export type AddressList = z.infer<typeof AddressList>;

/** `GET /find/userAddress/types`: the institution's address types, in order (the first is the default). */
export const AddressTypes = z.array(CodeName);

export const DeletedAddress = z.object({
  deleted: z.boolean(),
  /** The default address afterwards (another one when the default was deleted); null when none is left. */
  defaultAddressId: z.number().int().nullable(),
});
export const DefaultAddress = z.object({ defaultAddressId: z.number().int() });

/** A logged-in reader's own addresses: every call reads and changes only the session reader's. */
export const AddressCalls = calls('addresses', {
  addressTypes: get('/find/userAddress/types', {
    output: AddressTypes,
    access: 'reader',
    summary: 'Address types of the institution (home, work, campus, other), in its order',
  }),
  userAddressList: get('/find/userAddress/list', {
    output: AddressList,
    access: 'reader',
    summary: "The reader's delivery addresses, the default first",
  }),
  addUserAddress: post('/find/userAddress/add', {
    input: AddressInput,
    output: ReaderAddress,
    access: 'reader',
    summary: 'Add a delivery address (the first one becomes the default)',
  }),
  updateUserAddress: post('/find/userAddress/update', {
    input: UpdateAddressRequest,
    output: ReaderAddress,
    access: 'reader',
    summary: "Change one of the reader's addresses",
  }),
  deleteUserAddress: post('/find/userAddress/delete', {
    input: AddressIdRequest,
    output: DeletedAddress,
    access: 'reader',
    summary: 'Delete an address (deleting the default makes the newest other one the default)',
  }),
  setDefaultUserAddress: post('/find/userAddress/setDefault', {
    input: AddressIdRequest,
    output: DefaultAddress,
    access: 'reader',
    summary: 'Make an address the default',
  }),
});
