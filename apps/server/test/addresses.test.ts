import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AddressErrCode,
  ApiPath,
  MAX_ADDRESSES,
  type AddressList,
  type CodeName,
  type ReaderAddress,
} from '@openfind/contract';
import { t as text, type MessageKey } from '../src/http/messages.js';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type CallOptions, type TestApp } from './helpers.js';
import { makeReader, makeTenant, signIn, type MadeTenant } from './support/factories.js';

let t: TestApp;
let tenant: MadeTenant;
let other: MadeTenant;

beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  tenant = await makeTenant(t);
  other = await makeTenant(t);
});
afterAll(async () => t?.close());

type Headers = Record<string, string>;
type Lang = CallOptions['lang'];

/** A reader of the institution of its own, logged in: each test keeps its own addresses. */
const freshReader = async (to = tenant) => signIn(t, to, await makeReader(t, to.id));

const post = (url: string, body: unknown, headers: Headers, lang?: Lang, to = tenant) =>
  t.call({ url, body, headers, lang, mappingPath: to.mappingPath });
const get = (url: string, headers: Headers, lang?: Lang, to = tenant) =>
  t.call({ url, headers, lang, mappingPath: to.mappingPath });

/** A valid address; `over` changes fields. */
const address = (over: Record<string, unknown> = {}) => ({
  addressType: 'home',
  recipient: '李明',
  phone: '13912345678',
  region: '北京市 海淀区',
  detail: '中关村大街 27 号',
  postcode: '100080',
  ...over,
});

const add = async (headers: Headers, over: Record<string, unknown> = {}, lang?: Lang) =>
  envelopeOf<ReaderAddress>(await post(ApiPath.addUserAddress, address(over), headers, lang));
const list = async (headers: Headers, lang?: Lang, to = tenant) =>
  envelopeOf<AddressList>(await get(ApiPath.userAddressList, headers, lang, to)).data;
const defaults = async (headers: Headers) => (await list(headers)).list.filter((a) => a.isDefault);

/** The refusal of an address field: errCode 41501 and the field's translated message. */
async function expectRefused(headers: Headers, over: Record<string, unknown>, key: MessageKey, lang?: Lang) {
  const env = await add(headers, over, lang);
  const language = lang === 'en_US' ? 'en-US' : lang === 'zh_HK' ? 'zh-TW' : 'zh-CN';
  expect(env).toMatchObject({ success: false, errCode: AddressErrCode.invalid, message: text(language, key) });
}

describe('address types', () => {
  it('are the installation list, in the caller language, in order', async () => {
    const h = await freshReader();
    const types = (lang: Lang) =>
      get(ApiPath.addressTypes, h, lang).then((r) => envelopeOf<CodeName[]>(r).data.map((c) => `${c.code}:${c.name}`));
    expect(await types('zh_CN')).toEqual(['home:家庭住址', 'work:工作单位', 'campus:学校/校区', 'other:其他']);
    expect(await types('zh_HK')).toEqual(['home:住家地址', 'work:工作單位', 'campus:學校/校區', 'other:其他']);
    expect(await types('en_US')).toEqual(['home:Home', 'work:Work', 'campus:School or campus', 'other:Other']);
  });

  it('follow the institution: a type it renamed, one it hid (refused on an address)', async () => {
    const own = await makeTenant(t);
    await t.db.kysely
      .insertInto('dict_entry')
      .values([
        { tenant_id: own.id, dict_name: 'addressType', code: 'campus', name: '宿舍', name_en: 'Dormitory', seq: 0 },
        { tenant_id: own.id, dict_name: 'addressType', code: 'other', name: '其他', hidden: true },
      ])
      .execute();
    const h = await freshReader(own);
    const types = envelopeOf<CodeName[]>(await get(ApiPath.addressTypes, h, 'en_US', own)).data;
    expect(types.map((c) => c.name)).toEqual(['Dormitory', 'Home', 'Work']);
    const refused = envelopeOf(await post(ApiPath.addUserAddress, address({ addressType: 'other' }), h, 'en_US', own));
    expect(refused).toMatchObject({ errCode: AddressErrCode.invalid, message: text('en-US', 'addressTypeUnknown') });
    // No type: the institution's first.
    const added = envelopeOf<ReaderAddress>(
      await post(ApiPath.addUserAddress, address({ addressType: undefined }), h, 'en_US', own),
    );
    expect(added.data).toMatchObject({ addressType: 'campus', addressTypeName: 'Dormitory' });
  });
});

describe("a reader's addresses", () => {
  it('the first one added is the default; saved says 保存成功！ in each language', async () => {
    const h = await freshReader();
    expect(await list(h)).toEqual({ list: [], totalCount: 0, max: MAX_ADDRESSES });
    const first = await add(h, { isDefault: false });
    expect(first).toMatchObject({ success: true, message: '保存成功！' });
    expect(first.data).toMatchObject({
      addressType: 'home',
      addressTypeName: '家庭住址',
      recipient: '李明',
      phone: '13912345678',
      region: '北京市 海淀区',
      detail: '中关村大街 27 号',
      postcode: '100080',
      isDefault: true,
    });
    expect((await add(h, {}, 'zh_HK')).message).toBe(text('zh-TW', 'addressSaved'));
    expect((await add(h, {}, 'en_US')).message).toBe('Saved!');
    const all = await list(h, 'en_US');
    expect(all.totalCount).toBe(3);
    // The default first, then the newest.
    expect(all.list.map((a) => [a.addressId, a.isDefault, a.addressTypeName])).toEqual([
      [first.data.addressId, true, 'Home'],
      [all.list[1]!.addressId, false, 'Home'],
      [all.list[2]!.addressId, false, 'Home'],
    ]);
    expect(all.list[1]!.addressId).toBeGreaterThan(all.list[2]!.addressId);
  });

  it('a new address marked default takes the mark from the old one', async () => {
    const h = await freshReader();
    const first = await add(h);
    const second = await add(h, { isDefault: '1', addressType: 'work' });
    expect(second.data.isDefault).toBe(true);
    const marks = (await list(h)).list.map((a) => [a.addressId, a.isDefault]);
    expect(marks).toEqual([
      [second.data.addressId, true],
      [first.data.addressId, false],
    ]);
  });

  it('changes an address, and moves the default only when asked', async () => {
    const h = await freshReader();
    const home = (await add(h)).data;
    const work = (await add(h, { addressType: 'work' })).data;
    const changed = envelopeOf<ReaderAddress>(
      await post(
        ApiPath.updateUserAddress,
        { ...address({ detail: '知春路 1 号', postcode: '100083', addressType: 'work' }), addressId: work.addressId },
        h,
      ),
    );
    expect(changed).toMatchObject({ success: true, message: '保存成功！' });
    expect(changed.data).toMatchObject({ addressId: work.addressId, detail: '知春路 1 号', isDefault: false });
    // isDefault false on the default leaves it the default: there is always one.
    await post(ApiPath.updateUserAddress, { ...address({ isDefault: false }), addressId: home.addressId }, h);
    expect((await defaults(h)).map((a) => a.addressId)).toEqual([home.addressId]);
    // isDefault true moves it.
    const moved = envelopeOf<ReaderAddress>(
      await post(ApiPath.updateUserAddress, { ...address({ isDefault: true }), addressId: work.addressId }, h),
    );
    expect(moved.data.isDefault).toBe(true);
    expect((await defaults(h)).map((a) => a.addressId)).toEqual([work.addressId]);
  });

  it('sets the default: one address at a time', async () => {
    const h = await freshReader();
    const a = (await add(h)).data;
    const b = (await add(h)).data;
    const res = envelopeOf<{ defaultAddressId: number }>(
      await post(ApiPath.setDefaultUserAddress, { addressId: String(b.addressId) }, h, 'en_US'),
    );
    expect(res).toMatchObject({
      success: true,
      message: text('en-US', 'addressDefaultSet'),
      data: { defaultAddressId: b.addressId },
    });
    expect((await defaults(h)).map((x) => x.addressId)).toEqual([b.addressId]);
    // Again: nothing changes.
    await post(ApiPath.setDefaultUserAddress, { addressId: b.addressId }, h);
    expect((await defaults(h)).map((x) => x.addressId)).toEqual([b.addressId]);
    await post(ApiPath.setDefaultUserAddress, { addressId: a.addressId }, h);
    expect((await defaults(h)).map((x) => x.addressId)).toEqual([a.addressId]);
  });

  it('deletes an address (删除成功！); deleting the default makes the most recently changed other one the default', async () => {
    const h = await freshReader();
    const a = (await add(h)).data;
    const b = (await add(h)).data;
    const c = (await add(h)).data;
    // b changed last: it is the one that takes over.
    await post(ApiPath.updateUserAddress, { ...address({ detail: '新地址' }), addressId: b.addressId }, h);
    const deleted = envelopeOf<{ deleted: boolean; defaultAddressId: number | null }>(
      await post(ApiPath.deleteUserAddress, { addressId: a.addressId }, h),
    );
    expect(deleted).toMatchObject({
      success: true,
      message: '删除成功！',
      data: { deleted: true, defaultAddressId: b.addressId },
    });
    expect((await list(h)).list.map((x) => [x.addressId, x.isDefault])).toEqual([
      [b.addressId, true],
      [c.addressId, false],
    ]);
    // Deleting another than the default leaves the default.
    const kept = envelopeOf<{ defaultAddressId: number | null }>(
      await post(ApiPath.deleteUserAddress, { addressId: c.addressId }, h, 'en_US'),
    );
    expect(kept).toMatchObject({ message: 'Deleted!', data: { defaultAddressId: b.addressId } });
    const last = envelopeOf<{ defaultAddressId: number | null }>(
      await post(ApiPath.deleteUserAddress, { addressId: b.addressId }, h, 'zh_HK'),
    );
    expect(last).toMatchObject({ message: '刪除成功！', data: { defaultAddressId: null } });
    expect((await list(h)).totalCount).toBe(0);
    // Once deleted, it is gone.
    const again = envelopeOf(await post(ApiPath.deleteUserAddress, { addressId: b.addressId }, h, 'en_US'));
    expect(again).toMatchObject({
      success: false,
      errCode: AddressErrCode.noSuchAddress,
      message: text('en-US', 'addressNoSuch'),
    });
  });

  it(`keeps at most ${MAX_ADDRESSES}`, async () => {
    const h = await freshReader();
    for (let i = 0; i < MAX_ADDRESSES; i++) expect((await add(h, { detail: `地址 ${i}` })).success).toBe(true);
    const refused = await add(h, {}, 'en_US');
    expect(refused).toMatchObject({
      success: false,
      errCode: AddressErrCode.tooMany,
      message: text('en-US', 'addressTooMany', { max: MAX_ADDRESSES }),
    });
    expect((await list(h)).totalCount).toBe(MAX_ADDRESSES);
  });

  it('keeps one default when changes come at once (two tabs)', async () => {
    const h = await freshReader();
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => add(h, { detail: `并发 ${i}` })));
    expect(results.every((r) => r.success)).toBe(true);
    expect((await list(h)).totalCount).toBe(6);
    expect(await defaults(h)).toHaveLength(1);
    const ids = results.map((r) => r.data.addressId);
    await Promise.all(ids.map((addressId) => post(ApiPath.setDefaultUserAddress, { addressId }, h)));
    expect(await defaults(h)).toHaveLength(1);
    await Promise.all(ids.slice(0, 5).map((addressId) => post(ApiPath.deleteUserAddress, { addressId }, h)));
    expect((await list(h)).list.map((a) => [a.addressId, a.isDefault])).toEqual([[ids[5], true]]);
  });
});

describe('the checks of an address (spec §5)', () => {
  it('region, detail, postcode, recipient and phone are required, each named in the language of the call', async () => {
    const h = await freshReader();
    await expectRefused(h, { recipient: '' }, 'addressRecipientRequired');
    await expectRefused(h, { recipient: '   ' }, 'addressRecipientRequired', 'en_US');
    await expectRefused(h, { phone: undefined }, 'addressPhoneRequired', 'zh_HK');
    await expectRefused(h, { region: null }, 'addressRegionRequired');
    await expectRefused(h, { detail: '' }, 'addressDetailRequired', 'en_US');
    await expectRefused(h, { postcode: '' }, 'addressPostcodeRequired');
    // The first problem in the form's order.
    await expectRefused(h, { recipient: '', phone: '', postcode: '' }, 'addressRecipientRequired');
    expect((await list(h)).totalCount).toBe(0);
  });

  it('the phone must be a mobile or an international number; spaces and hyphens are ignored', async () => {
    const h = await freshReader();
    for (const phone of ['12345', '1391234567', '23912345678', '+0123', 'abc', '010-12345678']) {
      await expectRefused(h, { phone }, 'addressPhoneInvalid', 'en_US');
    }
    expect((await add(h, { phone: ' 139 1234-5678 ' })).data.phone).toBe('13912345678');
    expect((await add(h, { phone: '+886 912 345 678', postcode: '10617' })).data.phone).toBe('+886912345678');
  });

  it('a postcode has six digits in mainland China, another form with an international phone', async () => {
    const h = await freshReader();
    for (const postcode of ['10008', '1000800', '10008A', 'SW1A 1AA']) {
      await expectRefused(h, { postcode }, 'addressPostcodeInvalid', 'zh_CN');
    }
    await expectRefused(h, { phone: '+447911123456', postcode: '#1' }, 'addressPostcodeInvalid', 'en_US');
    expect((await add(h, { phone: '+447911123456', postcode: 'SW1A 1AA' })).success).toBe(true);
    expect((await add(h, { phone: '+81312345678', postcode: '100-0001' })).success).toBe(true);
  });

  it('an unknown type is refused; a malformed request is a translated 400, never a 500', async () => {
    const h = await freshReader();
    await expectRefused(h, { addressType: 'castle' }, 'addressTypeUnknown', 'zh_HK');
    const tooLong = await post(ApiPath.addUserAddress, address({ detail: '路'.repeat(201) }), h, 'en_US');
    expect(tooLong.statusCode).toBe(400);
    expect(envelopeOf(tooLong).message).toMatch(/^Invalid request: detail/);
    const wrongType = await post(ApiPath.addUserAddress, address({ recipient: { a: 1 } }), h);
    expect(wrongType.statusCode).toBe(400);
    expect(envelopeOf(wrongType).message).toMatch(/^请求参数有误：recipient/);
    for (const addressId of ['x', 0, -1, 1.5, '']) {
      const res = await post(ApiPath.deleteUserAddress, { addressId }, h);
      expect(res.statusCode, String(addressId)).toBe(400);
    }
    expect((await post(ApiPath.setDefaultUserAddress, {}, h)).statusCode).toBe(400);
    expect((await post(ApiPath.updateUserAddress, address(), h)).statusCode).toBe(400);
    // Control characters in free text become spaces (then trimmed).
    expect((await add(h, { recipient: '李\u0007明\u0000' })).data.recipient).toBe('李 明');
  });
});

describe("another reader's addresses", () => {
  it('cannot be seen, changed, made default or deleted: "no such address"', async () => {
    const owner = await freshReader();
    const mine = (await add(owner)).data;
    const stranger = await freshReader();
    await add(stranger, { detail: '别处' });
    expect((await list(stranger)).list.map((a) => a.addressId)).not.toContain(mine.addressId);
    const noSuch = { success: false, errCode: AddressErrCode.noSuchAddress, message: text('zh-CN', 'addressNoSuch') };
    const { addressId } = mine;
    expect(
      envelopeOf(await post(ApiPath.updateUserAddress, { ...address({ detail: '改掉' }), addressId }, stranger)),
    ).toMatchObject(noSuch);
    expect(envelopeOf(await post(ApiPath.setDefaultUserAddress, { addressId }, stranger))).toMatchObject(noSuch);
    expect(envelopeOf(await post(ApiPath.deleteUserAddress, { addressId }, stranger))).toMatchObject(noSuch);
    // The owner's address is as it was, still the default.
    expect((await list(owner)).list).toEqual([mine]);
    // The stranger's own default did not move either.
    expect(await defaults(stranger)).toHaveLength(1);
  });

  it("of another institution: its session is not this one's", async () => {
    const h = await freshReader(other);
    const theirs = envelopeOf<ReaderAddress>(await post(ApiPath.addUserAddress, address(), h, undefined, other)).data;
    // The other institution's token in this institution: not a session here.
    expect((await get(ApiPath.userAddressList, h)).statusCode).toBe(401);
    expect((await post(ApiPath.deleteUserAddress, { addressId: theirs.addressId }, h)).statusCode).toBe(401);
    // A reader of this institution cannot name it either.
    const local = await freshReader();
    const res = envelopeOf(await post(ApiPath.deleteUserAddress, { addressId: theirs.addressId }, local));
    expect(res.errCode).toBe(AddressErrCode.noSuchAddress);
    expect((await list(h, undefined, other)).totalCount).toBe(1);
  });

  it('a visitor gets 401 on every address call', async () => {
    for (const [url, body] of [
      [ApiPath.userAddressList, undefined],
      [ApiPath.addressTypes, undefined],
      [ApiPath.addUserAddress, address()],
      [ApiPath.updateUserAddress, { ...address(), addressId: 1 }],
      [ApiPath.deleteUserAddress, { addressId: 1 }],
      [ApiPath.setDefaultUserAddress, { addressId: 1 }],
    ] as const) {
      const res = await t.call({ url, body, mappingPath: tenant.mappingPath, lang: 'en_US' });
      expect(res.statusCode, url).toBe(401);
      expect(envelopeOf(res).message).toBe(text('en-US', 'loginRequired'));
    }
  });
});
