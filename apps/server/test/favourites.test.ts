import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiPath,
  FavouriteErrCode,
  DiscoveryErrCode,
  type AddFavouriteResponse,
  type FavouritePage,
  type RecordDetail,
  type SearchResponse,
} from '@openfind/contract';
import { t as text } from '../src/http/messages.js';
import { FavouriteService } from '../src/modules/favourites/favourite-service.js';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type CallOptions, type TestApp } from './helpers.js';
import { TEMPLATE } from './search-fixtures.js';
import { makeReader, makeRecords, makeTenant, signIn, type MadeTenant } from './support/factories.js';

let t: TestApp;
let ids: Map<string, number>;
let tenant: MadeTenant;

// One institution with three novels (classes I242…); each test makes the readers whose favourites it keeps.
beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  tenant = await makeTenant(t);
  const made = await makeRecords(t, tenant.id, [
    { title: '红楼梦', authors: ['曹雪芹'], clcClasses: ['I242.47'] },
    { title: '三国演义', authors: ['罗贯中'], clcClasses: ['I242.43'] },
    { title: '水浒传', authors: ['施耐庵'], clcClasses: ['I242.43'] },
  ]);
  ids = new Map([
    ['hlm', made[0]],
    ['sgyy', made[1]],
    ['shz', made[2]],
  ]);
});

/** A reader of the institution of its own, logged in: each test keeps its own favourites. */
const freshReader = async () => signIn(t, tenant, await makeReader(t, tenant.id));
afterAll(async () => t?.close());

const call = (url: string, body: unknown, headers: Record<string, string> = {}, lang?: CallOptions['lang']) =>
  t.call({ url, mappingPath: tenant.mappingPath, headers, body, lang });
const add = (recordId: unknown, headers: Record<string, string>) => call(ApiPath.addMyFav, { recordId }, headers);
const list = async (headers: Record<string, string>, query: Record<string, string> = {}) =>
  envelopeOf<FavouritePage>(
    await t.call({ url: ApiPath.favoritesList, mappingPath: tenant.mappingPath, headers, query }),
  ).data;
const cancel = (body: unknown, headers: Record<string, string>) => call(ApiPath.favoritesCancel, body, headers);
const search = async (headers: Record<string, string>) =>
  envelopeOf<SearchResponse>(
    await call(ApiPath.search, { ...TEMPLATE, searchFieldContent: '', kindNo: ['I242'], rows: 10 }, headers),
  ).data.searchResult;

describe('favourites', () => {
  it('need a logged-in reader: 401, translated', async () => {
    const res = await call(ApiPath.addMyFav, { recordId: ids.get('hlm') }, {}, 'en_US');
    expect(res.statusCode).toBe(401);
    expect(envelopeOf(res)).toMatchObject({ success: false, errCode: 401, message: text('en-US', 'loginRequired') });
    expect((await t.call({ url: ApiPath.favoritesList, mappingPath: tenant.mappingPath })).statusCode).toBe(401);
    expect((await call(ApiPath.favoritesCancel, { recordId: ids.get('hlm') })).statusCode).toBe(401);
  });

  it('keeps a record once, however often (and however fast) it is added', async () => {
    const reader = await freshReader();
    const first = envelopeOf<AddFavouriteResponse>(await add(ids.get('hlm'), reader));
    expect(first).toMatchObject({
      success: true,
      message: text('zh-CN', 'favouriteAdded'),
      data: { recordId: ids.get('hlm'), added: true },
    });
    const again = envelopeOf<AddFavouriteResponse>(await add(String(ids.get('hlm')), reader));
    expect(again).toMatchObject({ success: true, message: text('zh-CN', 'favouriteKept'), data: { added: false } });
    expect(again.data.favoritesId).toBe(first.data.favoritesId);
    // A double click: two requests at once, one favourite.
    const both = await Promise.all([add(ids.get('sgyy'), reader), add(ids.get('sgyy'), reader)]);
    const answers = both.map((r) => envelopeOf<AddFavouriteResponse>(r).data);
    expect(answers.map((a) => a.added).sort()).toEqual([false, true]);
    expect(answers[0]!.favoritesId).toBe(answers[1]!.favoritesId);
    expect((await list(reader)).totalCount).toBe(2);
  });

  it('refuses an unknown record and a malformed id, changing nothing', async () => {
    const reader = await freshReader();
    expect(envelopeOf(await add(99_999_999, reader))).toMatchObject({
      success: false,
      errCode: DiscoveryErrCode.recordNotFound,
    });
    expect((await add('abc', reader)).statusCode).toBe(400);
    expect((await cancel({}, reader)).statusCode).toBe(400);
    expect((await list(reader)).totalCount).toBe(0);
  });

  it('are marked in search results and on the record page, for their reader only', async () => {
    const [reader, other] = [await freshReader(), await freshReader()];
    await add(ids.get('hlm'), reader);
    await add(ids.get('sgyy'), reader);
    const mine = await search(reader);
    const marked = (rows: SearchResponse['searchResult']) =>
      rows
        .filter((r) => r.myFav)
        .map((r) => r.title)
        .sort();
    expect(marked(mine)).toEqual(['三国演义', '红楼梦']);
    expect(marked(await search(other))).toEqual([]);
    expect(marked(await search({}))).toEqual([]);
    const detail = async (headers: Record<string, string>) =>
      envelopeOf<RecordDetail>(
        await t.call({
          url: ApiPath.getDetail,
          mappingPath: tenant.mappingPath,
          headers,
          query: { recordId: String(ids.get('hlm')) },
        }),
      ).data;
    const d = await detail(reader);
    expect([d.baseMarcInfoDto.myFav, d.record.myFav]).toEqual([true, true]);
    const anonymous = await detail({});
    expect([anonymous.baseMarcInfoDto.myFav, anonymous.record.myFav]).toEqual([false, false]);
  });

  it('are listed newest first, paged, as result rows', async () => {
    const [reader, other] = [await freshReader(), await freshReader()];
    for (const key of ['hlm', 'sgyy', 'shz']) await add(ids.get(key), reader);
    const page1 = await list(reader, { page: '1', rows: '2' });
    expect(page1.totalCount).toBe(3);
    expect(page1.list.map((r) => r.title)).toEqual(['水浒传', '三国演义']);
    expect(page1.list[0]).toMatchObject({ myFav: true, folderId: null, recordId: ids.get('shz') });
    expect(page1.list[0]!.createTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const page2 = await list(reader, { page: '2', rows: '2' });
    expect(page2.list.map((r) => r.title)).toEqual(['红楼梦']);
    expect(await list(reader, { page: '9', rows: '2' })).toEqual({ totalCount: 3, list: [] });
    expect((await list(other)).totalCount).toBe(0);
  });

  it('are dropped by record or by favourite id; ids of other readers are ignored', async () => {
    const [reader, other] = [await freshReader(), await freshReader()];
    for (const key of ['hlm', 'sgyy', 'shz']) await add(ids.get(key), reader);
    const { list: rows } = await list(reader);
    const byTitle = new Map(rows.map((r) => [r.title, r.favoritesId]));
    const theirs = envelopeOf<AddFavouriteResponse>(await add(ids.get('hlm'), other)).data.favoritesId;
    const res = envelopeOf<{ removed: number }>(
      await cancel({ recordId: ids.get('hlm'), favoritesIds: [byTitle.get('水浒传'), theirs] }, reader),
    );
    expect(res).toMatchObject({ success: true, message: text('zh-CN', 'favouriteCancelled'), data: { removed: 2 } });
    expect((await list(reader)).list.map((r) => r.title)).toEqual(['三国演义']);
    expect((await list(other)).list.map((r) => r.title)).toEqual(['红楼梦']);
  });

  it('stop at the limit with a clear message, keeping what is there', async () => {
    const small = new FavouriteService(t.db.kysely, t.services.dictionaries, 2);
    const readerId = (await makeReader(t, tenant.id)).id;
    await small.add(tenant.id, readerId, ids.get('hlm')!);
    await small.add(tenant.id, readerId, ids.get('sgyy')!);
    await expect(small.add(tenant.id, readerId, ids.get('shz')!)).rejects.toMatchObject({
      errCode: FavouriteErrCode.favouritesFull,
      params: { max: 2 },
    });
    // A record already kept is still answered as kept.
    expect(await small.add(tenant.id, readerId, ids.get('hlm')!)).toMatchObject({ added: false });
  });
});
