import { describe, expect, it } from 'vitest';
import { draftOfForm, emptyOfferForm, offerErrors, type OfferForm } from './offer-form';

/** A filled-in form: one book, a name, a phone. */
function filled(patch: Partial<OfferForm> = {}): OfferForm {
  const f = emptyOfferForm({ name: '李明', phone: '13800138000' });
  return { ...f, books: [{ ...f.books[0]!, title: '红楼梦', isbn: '978-7-02-000220-7', copies: '2' }], ...patch };
}

describe('the donation form', () => {
  it('has no problems when filled in, and sends what the call takes', () => {
    const f = filled();
    expect(offerErrors(f)).toEqual({});
    expect(draftOfForm(f, 'don-key-0001')).toMatchObject({
      items: [{ title: '红楼梦', isbn: '978-7-02-000220-7', author: '', copies: 2 }],
      donorName: '李明',
      anonymous: false,
      contactPhone: '13800138000',
      delivery: 'post',
      submitKey: 'don-key-0001',
    });
  });

  it('marks a missing title, a wrong ISBN and copies out of 1–100 on their book', () => {
    const f = filled();
    const key = f.books[0]!.key;
    const bad = { ...f, books: [{ ...f.books[0]!, title: ' ', isbn: '9787020002208', copies: '101' }] };
    expect(offerErrors(bad)).toEqual({
      [`book-${key}-title`]: 'titleRequired',
      [`book-${key}-isbn`]: 'isbnInvalid',
      [`book-${key}-copies`]: 'copiesInvalid',
    });
  });

  it('needs a contact, a valid one, and a name unless anonymous', () => {
    expect(offerErrors(filled({ contactPhone: '', contactEmail: '' }))).toEqual({ contactPhone: 'contactRequired' });
    expect(offerErrors(filled({ contactPhone: '123' }))).toEqual({ contactPhone: 'phoneInvalid' });
    expect(offerErrors(filled({ contactPhone: '', contactEmail: 'x@' }))).toEqual({ contactEmail: 'emailInvalid' });
    expect(offerErrors(filled({ donorName: '' }))).toEqual({ donorName: 'nameRequired' });
    const anon = filled({ donorName: '', anonymous: true });
    expect(offerErrors(anon)).toEqual({});
    expect(draftOfForm(anon, 'don-key-0002').donorName).toBe('');
  });
});
