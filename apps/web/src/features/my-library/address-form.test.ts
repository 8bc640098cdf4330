import { describe, expect, it } from 'vitest';
import { addressFormErrors, draftOfForm, emptyAddressForm } from './address-form';

const valid = {
  ...emptyAddressForm('home', true),
  recipient: '李明',
  phone: '139 1234 5678',
  region: '北京市 海淀区',
  detail: '中关村大街 27 号',
  postcode: '100080',
};

describe('the address form (spec §5)', () => {
  it('a new form: the first type, empty, the default when it is the first address', () => {
    expect(emptyAddressForm('work', false)).toMatchObject({ addressType: 'work', recipient: '', isDefault: false });
    expect(emptyAddressForm('home', true).isDefault).toBe(true);
  });

  it('names each field left empty, in the form order', () => {
    const errors = addressFormErrors(emptyAddressForm('home', true));
    expect(Object.entries(errors)).toEqual([
      ['recipient', 'recipientRequired'],
      ['phone', 'phoneRequired'],
      ['region', 'regionRequired'],
      ['detail', 'detailRequired'],
      ['postcode', 'postcodeRequired'],
    ]);
    expect(addressFormErrors({ ...valid, recipient: '   ' })).toEqual({ recipient: 'recipientRequired' });
  });

  it('checks the phone and the postcode as the server does', () => {
    expect(addressFormErrors(valid)).toEqual({});
    expect(addressFormErrors({ ...valid, phone: '12345' })).toEqual({ phone: 'phoneInvalid' });
    expect(addressFormErrors({ ...valid, postcode: '10008' })).toEqual({ postcode: 'postcodeInvalid' });
    expect(addressFormErrors({ ...valid, phone: '+44 7911 123456', postcode: 'SW1A 1AA' })).toEqual({});
  });

  it('sends the fields trimmed', () => {
    expect(draftOfForm({ ...valid, recipient: ' 李明 ', detail: ' 27 号 ' })).toMatchObject({
      recipient: '李明',
      detail: '27 号',
    });
  });
});
