import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, AuthErrCode } from '@openfind/contract';
import { t as text } from '../src/http/messages.js';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type CallOptions, type TestApp } from './helpers.js';
import { makeReader, makeRecord, makeTenant, signIn, type MadeTenant } from './support/factories.js';

/**
 * Issue 25, finding 11: a frozen account or a lost card may not comment, rate or add favourites
 * (spec §6); the refusal names the action in the reader's language. Cancelling a favourite stays open.
 */

let t: TestApp;
let tenant: MadeTenant;
let recordId: number;

// One institution with one record; each test makes the reader it looks at.
beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  tenant = await makeTenant(t);
  recordId = await makeRecord(t, tenant.id, { title: '红楼梦', authors: ['曹雪芹'] });
});
afterAll(async () => t?.close());

type Lang = CallOptions['lang'];

const comment = (headers: Record<string, string>, body: Record<string, unknown>, lang?: Lang) =>
  t.call({ url: ApiPath.userComment, mappingPath: tenant.mappingPath, headers, body: { recordId, ...body }, lang });
const addFav = (headers: Record<string, string>, lang?: Lang) =>
  t.call({ url: ApiPath.addMyFav, mappingPath: tenant.mappingPath, headers, body: { recordId }, lang });

async function stored(readerId: number) {
  const count = async (table: 'record_comment' | 'record_rating' | 'favourite') =>
    Number(
      (
        await t.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('reader_id', '=', readerId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    comments: await count('record_comment'),
    ratings: await count('record_rating'),
    favourites: await count('favourite'),
  };
}

const setStatus = (readerId: number, status: 'normal' | 'frozen') =>
  t.db.kysely.updateTable('reader').set({ status }).where('id', '=', readerId).execute();

describe('frozen and lost readers', () => {
  it('a frozen reader cannot comment, rate or add a favourite: the translated refusal, nothing stored', async () => {
    const frozen = await makeReader(t, tenant.id, { status: 'frozen' });
    const jwt = await signIn(t, tenant, frozen);
    expect(envelopeOf(await comment(jwt, { content: '好书', score: 5 }))).toMatchObject({
      success: false,
      errCode: AuthErrCode.readerFrozen,
      message: text('zh-CN', 'frozenCannotComment'),
    });
    expect(envelopeOf(await comment(jwt, { score: 4 }, 'en_US'))).toMatchObject({
      success: false,
      errCode: AuthErrCode.readerFrozen,
      message: text('en-US', 'frozenCannotRate'),
    });
    expect(envelopeOf(await addFav(jwt, 'zh_HK'))).toMatchObject({
      success: false,
      errCode: AuthErrCode.readerFrozen,
      message: text('zh-TW', 'frozenCannotFavourite'),
    });
    expect(await stored(frozen.id)).toEqual({ comments: 0, ratings: 0, favourites: 0 });
  });

  it('a lost card stops the same actions, with its own message', async () => {
    const lost = await makeReader(t, tenant.id, { status: 'lost' });
    const jwt = await signIn(t, tenant, lost);
    expect(envelopeOf(await comment(jwt, { content: '好书' }))).toMatchObject({
      errCode: AuthErrCode.readerLost,
      message: text('zh-CN', 'lostCannotComment'),
    });
    expect(envelopeOf(await comment(jwt, { score: 3 }))).toMatchObject({
      errCode: AuthErrCode.readerLost,
      message: text('zh-CN', 'lostCannotRate'),
    });
    expect(envelopeOf(await addFav(jwt, 'en_US'))).toMatchObject({
      errCode: AuthErrCode.readerLost,
      message: text('en-US', 'lostCannotFavourite'),
    });
    expect(await stored(lost.id)).toEqual({ comments: 0, ratings: 0, favourites: 0 });
  });

  it('a normal reader may; a status changed under a live session is read afresh; cancelling stays open', async () => {
    const reader = await makeReader(t, tenant.id);
    const jwt = await signIn(t, tenant, reader);
    expect(envelopeOf(await comment(jwt, { content: '值得一读', score: 5 })).success).toBe(true);
    expect(envelopeOf(await addFav(jwt)).success).toBe(true);
    expect(await stored(reader.id)).toEqual({ comments: 1, ratings: 1, favourites: 1 });

    // Staff freeze the account by a path that does not end the sessions (a direct update): still refused.
    await setStatus(reader.id, 'frozen');
    expect(envelopeOf(await comment(jwt, { score: 2 })).errCode).toBe(AuthErrCode.readerFrozen);
    expect(envelopeOf(await addFav(jwt)).errCode).toBe(AuthErrCode.readerFrozen);
    // Taking a favourite away harms no one: a frozen reader may still tidy up.
    const cancel = await t.call({
      url: ApiPath.favoritesCancel,
      mappingPath: tenant.mappingPath,
      headers: jwt,
      body: { recordId },
    });
    expect(envelopeOf(cancel)).toMatchObject({ success: true, message: text('zh-CN', 'favouriteCancelled') });
    expect((await stored(reader.id)).favourites).toBe(0);

    // Thawed, the same session may add again.
    await setStatus(reader.id, 'normal');
    expect(envelopeOf(await addFav(jwt)).success).toBe(true);
  });
});
