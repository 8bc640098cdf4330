import { addressProblems, type AddressField, type ReaderAddress } from '@openfind/contract';

/** The address form's fields as typed, and the default box. */
export type AddressForm = Record<AddressField, string> & { isDefault: boolean };

/** A new address: the institution's first type, nothing filled in; the default when it is the first. */
export function emptyAddressForm(firstType: string, isFirst: boolean): AddressForm {
  return {
    addressType: firstType,
    recipient: '',
    phone: '',
    region: '',
    detail: '',
    postcode: '',
    isDefault: isFirst,
  };
}

/** The form of an address to change. */
export function formOfAddress(a: ReaderAddress): AddressForm {
  return {
    addressType: a.addressType,
    recipient: a.recipient,
    phone: a.phone,
    region: a.region,
    detail: a.detail,
    postcode: a.postcode,
    isDefault: a.isDefault,
  };
}

/**
 * The error text key (under `myLibrary:addresses.errors.`) of each field with a problem, in the
 * form's order: the checks the server makes (spec §5), so the reader sees each at its field before
 * anything is sent.
 */
export function addressFormErrors(form: AddressForm): Partial<Record<AddressField, string>> {
  const problems = addressProblems(form);
  const errors: Partial<Record<AddressField, string>> = {};
  for (const [field, problem] of Object.entries(problems) as [AddressField, string][]) {
    errors[field] = `${field}${problem === 'required' ? 'Required' : 'Invalid'}`;
  }
  return errors;
}

/** What is sent: the fields trimmed. */
export function draftOfForm(form: AddressForm): AddressForm {
  return {
    addressType: form.addressType,
    recipient: form.recipient.trim(),
    phone: form.phone.trim(),
    region: form.region.trim(),
    detail: form.detail.trim(),
    postcode: form.postcode.trim(),
    isDefault: form.isDefault,
  };
}
