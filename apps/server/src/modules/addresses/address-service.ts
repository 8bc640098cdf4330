import type { Kysely } from 'kysely';
import {
  ADDRESS_FIELDS,
  ADDRESS_TYPES,
  AddressErrCode,
  MAX_ADDRESSES,
  addressProblems,
  normalizePhone,
  type AddressField,
  type AddressInput,
  type AddressList,
  type AddressProblem,
  type CodeName,
  type Lang,
  type ReaderAddress,
} from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import type { MessageKey } from '../../http/messages.js';
import type { DictionaryService } from '../dictionaries/dictionary-service.js';
import {
  clearDefaultAddress,
  countAddresses,
  deleteAddress,
  findAddress,
  findAddresses,
  findNewestAddressId,
  insertAddress,
  lockReaderAddresses,
  markDefaultAddress,
  updateAddress,
  type AddressRow,
  type AddressValues,
} from './address-repository.js';

/** The code list of address types (seed/reference-data.ts; an institution renames or hides entries). */
const ADDRESS_TYPE_LIST = 'addressType';

/** The message of each problem a field can have (spec §5: required fields, the phone's format). */
const PROBLEM_MESSAGES: Record<Exclude<AddressField, 'addressType'>, Partial<Record<AddressProblem, MessageKey>>> = {
  recipient: { required: 'addressRecipientRequired' },
  phone: { required: 'addressPhoneRequired', invalid: 'addressPhoneInvalid' },
  region: { required: 'addressRegionRequired' },
  detail: { required: 'addressDetailRequired' },
  postcode: { required: 'addressPostcodeRequired', invalid: 'addressPostcodeInvalid' },
};

const noSuchAddress = () => new AppError('addressNoSuch', AddressErrCode.noSuchAddress);

/**
 * A reader's delivery addresses: at most `MAX_ADDRESSES`, exactly one of them the default while any
 * exist (the first one added; the one chosen; when the default goes, the most recently changed of
 * the others). Each change runs in a transaction with the reader's row locked, so two at once (two
 * tabs) keep the count and the default right. Every call is the session reader's own.
 */
export class AddressService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dictionaries: DictionaryService,
  ) {}

  /** The institution's address types in `lang`, in its order (the first is the default). */
  async types(tenantId: number, lang: Lang): Promise<CodeName[]> {
    const types = await this.dictionaries.codeList(tenantId, ADDRESS_TYPE_LIST, lang);
    // An institution that hid every type still lets readers keep addresses: the built-in codes.
    return types.length ? types : ADDRESS_TYPES.map((code) => ({ code, name: code }));
  }

  async list(tenantId: number, readerId: number, lang: Lang): Promise<AddressList> {
    const [rows, names] = await Promise.all([
      findAddresses(this.db, tenantId, readerId),
      this.typeNames(tenantId, lang),
    ]);
    return { list: rows.map((r) => toAddress(r, names)), totalCount: rows.length, max: MAX_ADDRESSES };
  }

  async add(tenantId: number, readerId: number, input: AddressInput, lang: Lang): Promise<ReaderAddress> {
    const values = await this.checked(tenantId, input);
    const row = await inTransaction(this.db, async (trx) => {
      if (!(await lockReaderAddresses(trx, tenantId, readerId))) throw noSuchAddress();
      const count = await countAddresses(trx, tenantId, readerId);
      if (count >= MAX_ADDRESSES) throw new AppError('addressTooMany', AddressErrCode.tooMany, { max: MAX_ADDRESSES });
      const isDefault = count === 0 || input.isDefault;
      if (isDefault) await clearDefaultAddress(trx, tenantId, readerId);
      return insertAddress(trx, { ...values, tenantId, readerId, isDefault });
    });
    return toAddress(row, await this.typeNames(tenantId, lang));
  }

  /** Changes an address; `isDefault` makes it the default (false leaves the default where it is). */
  async update(
    tenantId: number,
    readerId: number,
    addressId: number,
    input: AddressInput,
    lang: Lang,
  ): Promise<ReaderAddress> {
    const values = await this.checked(tenantId, input);
    const row = await inTransaction(this.db, async (trx) => {
      await lockReaderAddresses(trx, tenantId, readerId);
      const updated = await updateAddress(trx, tenantId, readerId, addressId, values);
      if (!updated) throw noSuchAddress();
      if (input.isDefault && !updated.is_default) {
        await clearDefaultAddress(trx, tenantId, readerId);
        await markDefaultAddress(trx, tenantId, readerId, addressId);
        return { ...updated, is_default: true };
      }
      return updated;
    });
    return toAddress(row, await this.typeNames(tenantId, lang));
  }

  /** Deletes an address; when it was the default, the most recently changed other one becomes it. */
  async remove(
    tenantId: number,
    readerId: number,
    addressId: number,
  ): Promise<{ deleted: boolean; defaultAddressId: number | null }> {
    return inTransaction(this.db, async (trx) => {
      await lockReaderAddresses(trx, tenantId, readerId);
      const deleted = await deleteAddress(trx, tenantId, readerId, addressId);
      if (!deleted) throw noSuchAddress();
      if (deleted.is_default) {
        const next = await findNewestAddressId(trx, tenantId, readerId);
        if (next !== undefined) await markDefaultAddress(trx, tenantId, readerId, next);
      }
      const current = (await findAddresses(trx, tenantId, readerId)).find((a) => a.is_default);
      return { deleted: true, defaultAddressId: current ? Number(current.id) : null };
    });
  }

  async setDefault(tenantId: number, readerId: number, addressId: number): Promise<{ defaultAddressId: number }> {
    return inTransaction(this.db, async (trx) => {
      await lockReaderAddresses(trx, tenantId, readerId);
      if (!(await findAddress(trx, tenantId, readerId, addressId))) throw noSuchAddress();
      await clearDefaultAddress(trx, tenantId, readerId, addressId);
      await markDefaultAddress(trx, tenantId, readerId, addressId);
      return { defaultAddressId: addressId };
    });
  }

  /** The address as stored, or the translated refusal of its first problem in the form's order. */
  private async checked(tenantId: number, input: AddressInput): Promise<AddressValues> {
    const problems = addressProblems(input);
    for (const field of ADDRESS_FIELDS) {
      const problem = problems[field];
      if (!problem || field === 'addressType') continue;
      const key = PROBLEM_MESSAGES[field][problem] ?? PROBLEM_MESSAGES[field].required!;
      throw new AppError(key, AddressErrCode.invalid);
    }
    const codes = (await this.types(tenantId, 'zh-CN')).map((t) => t.code);
    const addressType = input.addressType || codes[0]!;
    if (!codes.includes(addressType)) throw new AppError('addressTypeUnknown', AddressErrCode.invalid);
    return {
      addressType,
      recipient: input.recipient,
      phone: normalizePhone(input.phone),
      region: input.region,
      detail: input.detail,
      postcode: input.postcode,
    };
  }

  private async typeNames(tenantId: number, lang: Lang): Promise<Map<string, string>> {
    return new Map((await this.types(tenantId, lang)).map((t) => [t.code, t.name]));
  }
}

function toAddress(r: AddressRow, typeNames: Map<string, string>): ReaderAddress {
  return {
    addressId: Number(r.id),
    addressType: r.address_type,
    addressTypeName: typeNames.get(r.address_type) ?? r.address_type,
    recipient: r.recipient,
    phone: r.phone,
    region: r.region,
    detail: r.detail,
    postcode: r.postcode,
    isDefault: r.is_default,
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}
