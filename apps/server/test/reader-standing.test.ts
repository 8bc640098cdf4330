import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, AuthErrCode } from '@openfind/contract';
import { DEMO_PASSWORD } from '../src/seed/demo-readers.js';
import { bearer, TEST_AUTH, tokenOf } from './auth-support.js';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import { rec, storeTestRecords } from './search-fixtures.js';

/**
 * Issue 25, finding 11: a frozen account or a lost card may not comment, rate or add favourites
 * (spec §6); the refusal names the action in the reader's language. Cancelling a favourite stays open.
 */

let t: TestApp;
let recordId: number;
let tenantId: number;

beforeAll(async () => {
  t = await createTestApp({ auth: TEST_AUTH });
  tenantId = (await t.services.tenants.byMappingPath(''))!.id;
  const ids = await storeTestRecords(t, [rec('hlm', { title: '红楼梦', authors: ['曹雪芹'] })]);
  recordId = ids.get('hlm')!;
});
afterAll(async () => t?.close());

const comment = (jwt: string, body: Record<string, unknown>, lang?: string) =>
  t.call({
    url: ApiPath.userComment,
    mappingPath: '',
    headers: bearer(jwt),
    body: { recordId, ...body },
    ...(lang ? { lang } : {}),
  });
const addFav = (jwt: string, lang?: string) =>
  t.call({
    url: ApiPath.addMyFav,
    mappingPath: '',
    headers: bearer(jwt),
    body: { recordId },
    ...(lang ? { lang } : {}),
  });

async function readerId(account: string): Promise<number> {
  const r = await t.db.kysely
    .selectFrom('reader')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('account', '=', account)
    .executeTakeFirstOrThrow();
  return r.id;
}

async function stored(account: string) {
  const id = await readerId(account);
  const count = async (table: 'record_comment' | 'record_rating' | 'favourite') =>
    Number(
      (
        await t.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('reader_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    comments: await count('record_comment'),
    ratings: await count('record_rating'),
    favourites: await count('favourite'),
  };
}

describe('frozen and lost readers', () => {
  it('a frozen reader cannot comment, rate or add a favourite: the translated refusal, nothing stored', async () => {
    const jwt = await tokenOf(t, 'frozen', DEMO_PASSWORD);
    expect(envelopeOf(await comment(jwt, { content: '好书', score: 5 }))).toMatchObject({
      success: false,
      errCode: AuthErrCode.readerFrozen,
      message: '您的账号已被冻结，暂时不能发表评论。如有疑问，请联系图书馆。',
    });
    expect(envelopeOf(await comment(jwt, { score: 4 }, 'en_US'))).toMatchObject({
      success: false,
      errCode: AuthErrCode.readerFrozen,
      message: 'Your account is frozen, so you cannot rate records for now. Please contact the library.',
    });
    expect(envelopeOf(await addFav(jwt, 'zh_HK'))).toMatchObject({
      success: false,
      errCode: AuthErrCode.readerFrozen,
      message: '您的帳號已被凍結，暫時不能加入收藏。如有疑問，請聯絡圖書館。',
    });
    expect(await stored('frozen')).toEqual({ comments: 0, ratings: 0, favourites: 0 });
  });

  it('a lost card stops the same actions, with its own message', async () => {
    const jwt = await tokenOf(t, 'lost', DEMO_PASSWORD);
    expect(envelopeOf(await comment(jwt, { content: '好书' }))).toMatchObject({
      errCode: AuthErrCode.readerLost,
      message: '读者证已挂失，暂时不能发表评论。找回读者证后，请到图书馆解除挂失。',
    });
    expect(envelopeOf(await comment(jwt, { score: 3 }))).toMatchObject({
      errCode: AuthErrCode.readerLost,
      message: '读者证已挂失，暂时不能评分。找回读者证后，请到图书馆解除挂失。',
    });
    expect(envelopeOf(await addFav(jwt, 'en_US'))).toMatchObject({
      errCode: AuthErrCode.readerLost,
      message:
        'Your library card is reported lost, so you cannot add favourites. Once you have it back, ask the library to lift the loss report.',
    });
    expect(await stored('lost')).toEqual({ comments: 0, ratings: 0, favourites: 0 });
  });

  it('a normal reader may; a status changed under a live session is read afresh; cancelling stays open', async () => {
    const jwt = await tokenOf(t, 'reader', DEMO_PASSWORD);
    expect(envelopeOf(await comment(jwt, { content: '值得一读', score: 5 })).success).toBe(true);
    expect(envelopeOf(await addFav(jwt)).success).toBe(true);
    expect(await stored('reader')).toEqual({ comments: 1, ratings: 1, favourites: 1 });

    // Staff freeze the account by a path that does not end the sessions (a direct update): still refused.
    await t.db.kysely
      .updateTable('reader')
      .set({ status: 'frozen' })
      .where('id', '=', await readerId('reader'))
      .execute();
    try {
      expect(envelopeOf(await comment(jwt, { score: 2 })).errCode).toBe(AuthErrCode.readerFrozen);
      expect(envelopeOf(await addFav(jwt)).errCode).toBe(AuthErrCode.readerFrozen);
      // Taking a favourite away harms no one: a frozen reader may still tidy up.
      const cancel = await t.call({
        url: ApiPath.favoritesCancel,
        mappingPath: '',
        headers: bearer(jwt),
        body: { recordId },
      });
      expect(envelopeOf(cancel)).toMatchObject({ success: true, message: '已取消收藏' });
      expect((await stored('reader')).favourites).toBe(0);
    } finally {
      await t.db.kysely
        .updateTable('reader')
        .set({ status: 'normal' })
        .where('id', '=', await readerId('reader'))
        .execute();
    }
    expect(envelopeOf(await addFav(jwt)).success).toBe(true);
  });
});
