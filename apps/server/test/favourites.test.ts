import { copyFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiPath,
  FavouriteErrCode,
  FavouriteFolderErrCode,
  DiscoveryErrCode,
  type AddFavouriteResponse,
  type EFavouritePage,
  type FavouriteExport,
  type FavouriteFolder,
  type FavouriteFolderList,
  type FavouritePage,
  type RecordDetail,
  type SearchResponse,
} from '@openfind/contract';
import { migrate, MIGRATIONS_DIR } from '../src/db/migrate.js';
import { t as text } from '../src/http/messages.js';
import { FavouriteService } from '../src/modules/favourites/favourite-service.js';
import { presentRecord } from '../src/modules/search/search-presenter.js';
import { findRecordsByIds } from '../src/modules/search/search-repository.js';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, openTestDatabase, type CallOptions, type TestApp } from './helpers.js';
import { TEMPLATE } from './search-fixtures.js';
import { makeCollections, makeReader, makeRecords, makeTenant, signIn, type MadeTenant } from './support/factories.js';
import { tempDir } from './temp-dirs.js';

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
/** The reader's favourite records (of every folder, or as `body` asks: a folder, a keyword, a page). */
const list = async (headers: Record<string, string>, body: Record<string, unknown> = {}) =>
  envelopeOf<FavouritePage>(await call(ApiPath.favoritesRecordList, body, headers)).data;
const folders = async (headers: Record<string, string>) =>
  envelopeOf<FavouriteFolderList>(
    await t.call({ url: ApiPath.favoritesList, mappingPath: tenant.mappingPath, headers }),
  ).data;
const newFolder = async (headers: Record<string, string>, favoritesName: string) =>
  envelopeOf<FavouriteFolder>(await call(ApiPath.favoritesAdd, { favoritesName }, headers)).data;
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
    for (const [url, body] of [
      [ApiPath.favoritesRecordList, {}],
      [ApiPath.favoritesAdd, { favoritesName: 'x' }],
      [ApiPath.favoritesUpdate, { favoritesId: 1, favoritesName: 'x' }],
      [ApiPath.favoritesDelete, { favoritesId: 1 }],
      [ApiPath.favoritesMove, { favoritesId: 1, favouriteIds: [1] }],
      [ApiPath.eFavoritesAdd, { collectionId: 1 }],
      [ApiPath.eFavoritesCancel, { collectionId: 1 }],
    ] as const) {
      expect((await call(url, body)).statusCode, url).toBe(401);
    }
    for (const [url, query] of [
      [ApiPath.favoritesExport, { favoritesId: '1' }],
      [ApiPath.eFavoritesList, {}],
      [ApiPath.eFavoritesIds, {}],
    ] as const) {
      expect((await t.call({ url, mappingPath: tenant.mappingPath, query })).statusCode, url).toBe(401);
    }
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
    const defaultId = (await folders(reader)).list[0]!.favoritesId;
    expect(page1.totalCount).toBe(3);
    expect(page1.list.map((r) => r.title)).toEqual(['水浒传', '三国演义']);
    expect(page1.list[0]).toMatchObject({ myFav: true, favoritesId: defaultId, recordId: ids.get('shz') });
    expect(page1.list[0]!.createTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const page2 = await list(reader, { page: 2, rows: 2 });
    expect(page2.list.map((r) => r.title)).toEqual(['红楼梦']);
    expect(await list(reader, { page: 9, rows: 2 })).toEqual({ totalCount: 3, list: [] });
    expect((await list(other)).totalCount).toBe(0);
  });

  it("are listed as result lists show their records: original script, copies on shelf, the copies' call number", async () => {
    const reader = await freshReader();
    const made = await makeRecords(t, tenant.id, [
      {
        title: 'Hong lou meng',
        titleVernacular: '紅樓夢',
        vernacular: { title: '紅樓夢' },
        author: 'Cao, Xueqin',
        authors: ['Cao, Xueqin'],
        publisher: 'Ren min wen xue chu ban she',
        publishYear: '1974',
        isbn: '9787020002207',
        abstract: '中国古典章回体长篇小说。',
        subjects: ['章回小说', '清代'],
        clcClasses: ['I242.47'],
        callNumbers: ['I242.47/1'],
        items: [{}, { processTypeCode: '412' }],
      },
      { title: '围城', items: [{ callNo: 'I246.5/9' }, { callNo: 'I246.5/3', processTypeCode: '412' }] },
    ]);
    for (const id of made) await add(id, reader);
    const page = await list(reader);
    expect(page.list.map((r) => [r.title, r.titleRomanized, r.callNo, r.onShelfCountI, r.physicalCount])).toEqual([
      ['围城', null, ['I246.5/3'], 1, 2],
      ['紅樓夢', 'Hong lou meng', ['I242.47/1'], 1, 2],
    ]);
    // Row for row what a result list shows (search's own reading and presenting of the records).
    const docNames = new Map(
      (await t.services.dictionaries.codeList(tenant.id, 'docCode', 'zh-CN')).map((d) => [d.code, d.name]),
    );
    const asResults = (await findRecordsByIds(t.db.kysely, tenant.id, [...made])).map((r) =>
      presentRecord(r, docNames),
    );
    expect(page.list).toEqual(
      [...made].reverse().map((id) => ({
        ...asResults.find((r) => r.recordId === id),
        myFav: true,
        favouriteId: expect.any(Number),
        favoritesId: expect.any(Number),
        createTime: expect.any(String),
      })),
    );
  });

  it('are dropped by record or by favourite id; ids of other readers are ignored', async () => {
    const [reader, other] = [await freshReader(), await freshReader()];
    for (const key of ['hlm', 'sgyy', 'shz']) await add(ids.get(key), reader);
    const { list: rows } = await list(reader);
    const byTitle = new Map(rows.map((r) => [r.title, r.favouriteId]));
    const theirs = envelopeOf<AddFavouriteResponse>(await add(ids.get('hlm'), other)).data.favouriteId;
    const res = envelopeOf<{ removed: number }>(
      await cancel({ recordId: ids.get('hlm'), favouriteIds: [byTitle.get('水浒传'), theirs] }, reader),
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

const post = async <T>(url: string, body: unknown, headers: Record<string, string>, lang?: CallOptions['lang']) =>
  envelopeOf<T>(await call(url, body, headers, lang));
const get = async <T>(url: string, query: Record<string, string>, headers: Record<string, string>) =>
  envelopeOf<T>(await t.call({ url, mappingPath: tenant.mappingPath, headers, query }));

describe('favourite folders', () => {
  it('start with the default folder, which holds what is added without a folder', async () => {
    const reader = await freshReader();
    // Listing changes nothing: no folder before the first favourite.
    expect(await folders(reader)).toEqual({ list: [], totalCount: 0, maxFolders: 50, maxFavourites: 5000 });
    const added = envelopeOf<AddFavouriteResponse>(await add(ids.get('hlm'), reader)).data;
    const after = await folders(reader);
    expect(after.list).toEqual([
      expect.objectContaining({ favoritesId: added.favoritesId, isDefault: true, recordCount: 1 }),
    ]);
    expect(after.totalCount).toBe(1);
  });

  it('are created, renamed, counted; names are 1–50 characters and unique per reader (case aside)', async () => {
    const reader = await freshReader();
    const created = await post<FavouriteFolder>(ApiPath.favoritesAdd, { favoritesName: '  Novels ' }, reader);
    expect(created).toMatchObject({
      success: true,
      message: text('zh-CN', 'favouriteFolderCreated'),
      data: { favoritesName: 'Novels', isDefault: false, recordCount: 0, version: 1 },
    });
    const taken = await post(ApiPath.favoritesAdd, { favoritesName: 'novels' }, reader, 'en_US');
    expect(taken).toMatchObject({
      success: false,
      errCode: FavouriteFolderErrCode.nameTaken,
      message: text('en-US', 'favouriteFolderNameTaken', { name: 'novels' }),
    });
    expect(await post(ApiPath.favoritesAdd, { favoritesName: '   ' }, reader)).toMatchObject({
      success: false,
      errCode: FavouriteFolderErrCode.nameInvalid,
      message: text('zh-CN', 'favouriteFolderNameRequired'),
    });
    expect(await post(ApiPath.favoritesAdd, { favoritesName: '书'.repeat(51) }, reader)).toMatchObject({
      success: false,
      errCode: FavouriteFolderErrCode.nameInvalid,
      message: text('zh-CN', 'favouriteFolderNameTooLong', { max: 50 }),
    });
    expect((await post(ApiPath.favoritesAdd, { favoritesName: '书'.repeat(50) }, reader)).success).toBe(true);
    // Another reader may use the same name.
    expect((await newFolder(await freshReader(), 'Novels')).favoritesName).toBe('Novels');

    const id = created.data.favoritesId;
    const renamed = await post<FavouriteFolder>(
      ApiPath.favoritesUpdate,
      { favoritesId: id, favoritesName: '小说', version: 1 },
      reader,
    );
    expect(renamed).toMatchObject({
      success: true,
      message: '修改成功！',
      data: { favoritesName: '小说', version: 2 },
    });
    // From an older version (another tab): nothing changes.
    expect(
      await post(ApiPath.favoritesUpdate, { favoritesId: id, favoritesName: '旧名', version: 1 }, reader),
    ).toMatchObject({ success: false, errCode: FavouriteFolderErrCode.changedMeanwhile });
    const all = await folders(reader);
    expect(all.list.map((f) => f.favoritesName)).toEqual(['默认收藏夹', '小说', '书'.repeat(50)]);
    const defaultId = all.list[0]!.favoritesId;
    for (const url of [ApiPath.favoritesUpdate, ApiPath.favoritesDelete]) {
      expect(await post(url, { favoritesId: defaultId, favoritesName: 'x' }, reader)).toMatchObject({
        success: false,
        errCode: FavouriteFolderErrCode.defaultFolderFixed,
        message: text('zh-CN', 'favouriteFolderDefaultFixed'),
      });
    }
  });

  it('a double submit of the same name makes one folder', async () => {
    const reader = await freshReader();
    const both = await Promise.all([newFolderRes(reader, '双击'), newFolderRes(reader, '双击')]);
    expect(both.map((r) => r.success).sort()).toEqual([false, true]);
    expect((await folders(reader)).list.filter((f) => f.favoritesName === '双击')).toHaveLength(1);
  });

  it('hold records: added into a folder, moved, searched within, exported; a deleted folder gives its records to the default', async () => {
    const reader = await freshReader();
    const novels = await newFolder(reader, '古典小说');
    const inFolder = await post<AddFavouriteResponse>(
      ApiPath.addMyFav,
      { recordId: ids.get('hlm'), favoritesId: novels.favoritesId },
      reader,
    );
    expect(inFolder.data).toMatchObject({ favoritesId: novels.favoritesId, added: true });
    await add(ids.get('sgyy'), reader);
    await add(ids.get('shz'), reader);
    const defaultId = (await folders(reader)).list[0]!.favoritesId;
    // Adding it again, to another folder: it stays where it is.
    expect(
      (await post<AddFavouriteResponse>(ApiPath.addMyFav, { recordId: ids.get('hlm'), favoritesId: defaultId }, reader))
        .data,
    ).toMatchObject({ favoritesId: novels.favoritesId, added: false });

    const inDefault = await list(reader, { favoritesId: defaultId });
    expect(inDefault.list.map((r) => r.title)).toEqual(['水浒传', '三国演义']);
    const moved = await post<{ moved: number }>(
      ApiPath.favoritesMove,
      { favouriteIds: inDefault.list.map((r) => r.favouriteId), favoritesId: novels.favoritesId },
      reader,
    );
    expect(moved).toMatchObject({ success: true, message: '切换收藏夹成功！', data: { moved: 2 } });
    expect((await folders(reader)).list.map((f) => f.recordCount)).toEqual([0, 3]);

    // Search within favourites: one folder or all, by title, author…
    expect(
      (await list(reader, { favoritesId: novels.favoritesId, keyword: '罗贯中' })).list.map((r) => r.title),
    ).toEqual(['三国演义']);
    expect((await list(reader, { keyword: '水浒' })).totalCount).toBe(1);
    expect(await list(reader, { keyword: '水浒', page: 3 })).toEqual({ totalCount: 1, list: [] });
    expect((await list(reader, { keyword: '100%_' })).totalCount).toBe(0);

    const exported = await get<FavouriteExport>(
      ApiPath.favoritesExport,
      { favoritesId: String(novels.favoritesId) },
      reader,
    );
    expect(exported.data.favoritesName).toBe('古典小说');
    expect(exported.data.list.map((r) => r.title).sort()).toEqual(['三国演义', '水浒传', '红楼梦']);

    const deleted = await post<{ moved: number; defaultFavoritesId: number }>(
      ApiPath.favoritesDelete,
      { favoritesId: novels.favoritesId },
      reader,
    );
    expect(deleted).toMatchObject({
      success: true,
      message: '删除成功！',
      data: { moved: 3, defaultFavoritesId: defaultId },
    });
    const after = await folders(reader);
    expect(after.list).toEqual([expect.objectContaining({ favoritesId: defaultId, recordCount: 3 })]);
    expect(await post(ApiPath.favoritesDelete, { favoritesId: novels.favoritesId }, reader)).toMatchObject({
      success: false,
      errCode: FavouriteFolderErrCode.noSuchFolder,
    });
  });

  it("are their reader's own: another reader's folder is no such folder in every call", async () => {
    const [owner, other] = [await freshReader(), await freshReader()];
    const mine = await newFolder(owner, '我的');
    const favouriteId = (
      await post<AddFavouriteResponse>(
        ApiPath.addMyFav,
        { recordId: ids.get('hlm'), favoritesId: mine.favoritesId },
        owner,
      )
    ).data.favouriteId;
    const theirs = await newFolder(other, '别人的');
    const noSuch = { success: false, errCode: FavouriteFolderErrCode.noSuchFolder };
    const f = mine.favoritesId;
    expect(await post(ApiPath.addMyFav, { recordId: ids.get('sgyy'), favoritesId: f }, other)).toMatchObject(noSuch);
    expect(await post(ApiPath.favoritesRecordList, { favoritesId: f }, other)).toMatchObject(noSuch);
    expect(await post(ApiPath.favoritesUpdate, { favoritesId: f, favoritesName: 'x' }, other)).toMatchObject(noSuch);
    expect(await post(ApiPath.favoritesDelete, { favoritesId: f }, other)).toMatchObject(noSuch);
    expect(await get(ApiPath.favoritesExport, { favoritesId: String(f) }, other)).toMatchObject(noSuch);
    expect(await post(ApiPath.favoritesMove, { favouriteIds: [favouriteId], favoritesId: f }, other)).toMatchObject(
      noSuch,
    );
    // Their own folder as the target: the owner's favourite is not theirs to move.
    expect(
      await post(ApiPath.favoritesMove, { favouriteIds: [favouriteId], favoritesId: theirs.favoritesId }, other),
    ).toMatchObject({ success: true, data: { moved: 0 } });
    // Nor to remove.
    expect(await post(ApiPath.favoritesCancel, { favouriteIds: [favouriteId] }, other)).toMatchObject({
      data: { removed: 0 },
    });
    // And the owner cannot move into the other's folder.
    expect(
      await post(ApiPath.favoritesMove, { favouriteIds: [favouriteId], favoritesId: theirs.favoritesId }, owner),
    ).toMatchObject(noSuch);
    expect((await folders(owner)).list.map((x) => [x.favoritesName, x.recordCount])).toEqual([
      ['默认收藏夹', 0],
      ['我的', 1],
    ]);
    expect((await folders(other)).list.map((x) => x.favoritesName)).toEqual(['默认收藏夹', '别人的']);
  });

  it('stop at the folder limit with a clear message', async () => {
    const small = new FavouriteService(t.db.kysely, t.services.dictionaries, { folders: 2 });
    const readerId = (await makeReader(t, tenant.id)).id;
    await small.createFolder(tenant.id, readerId, 'one');
    await expect(small.createFolder(tenant.id, readerId, 'two')).rejects.toMatchObject({
      errCode: FavouriteFolderErrCode.tooManyFolders,
      params: { max: 2 },
    });
    expect((await small.folders(tenant.id, readerId)).list).toHaveLength(2);
  });

  it('refuse malformed input with a 400, changing nothing', async () => {
    const reader = await freshReader();
    for (const [url, body] of [
      [ApiPath.favoritesAdd, {}],
      [ApiPath.favoritesAdd, { favoritesName: 'x'.repeat(201) }],
      [ApiPath.favoritesUpdate, { favoritesId: 'abc', favoritesName: 'x' }],
      [ApiPath.favoritesDelete, { favoritesId: -1 }],
      [ApiPath.favoritesMove, { favoritesId: 1, favouriteIds: [] }],
      [ApiPath.favoritesRecordList, { favoritesId: 2 ** 53 }],
      [ApiPath.eFavoritesAdd, { collectionId: 'x' }],
      [ApiPath.eFavoritesCancel, {}],
    ] as const) {
      expect((await call(url, body, reader)).statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
    }
    expect((await folders(reader)).list).toHaveLength(0);
  });
});

const newFolderRes = async (headers: Record<string, string>, favoritesName: string) =>
  envelopeOf<FavouriteFolder>(await call(ApiPath.favoritesAdd, { favoritesName }, headers));

describe('e-favourites', () => {
  it('keep the electronic resources the institution shows, for their reader only', async () => {
    const [reader, other] = [await freshReader(), await freshReader()];
    const [cnki, wanfang, hidden] = await makeCollections(t, tenant.id, [
      { name: '中国知网', nameEn: 'CNKI', nameTw: '中國知網' },
      { name: '万方数据', nameEn: 'Wanfang Data' },
      { name: '隐藏库', hidden: true },
    ]);
    expect(await post(ApiPath.eFavoritesAdd, { collectionId: cnki }, reader)).toMatchObject({
      success: true,
      message: text('zh-CN', 'favouriteAdded'),
      data: { collectionId: cnki, added: true },
    });
    expect((await post(ApiPath.eFavoritesAdd, { collectionId: cnki }, reader)).data).toMatchObject({ added: false });
    await post(ApiPath.eFavoritesAdd, { collectionId: wanfang }, reader);
    expect(await post(ApiPath.eFavoritesAdd, { collectionId: hidden }, reader)).toMatchObject({
      success: false,
      errCode: FavouriteFolderErrCode.noSuchResource,
    });
    expect(await post(ApiPath.eFavoritesAdd, { collectionId: 99_999_999 }, reader)).toMatchObject({
      errCode: FavouriteFolderErrCode.noSuchResource,
    });
    const mine = await get<EFavouritePage>(ApiPath.eFavoritesList, {}, reader);
    expect(mine.data.list.map((c) => c.collectionName)).toEqual(['万方数据', '中国知网']);
    const inEnglish = envelopeOf<EFavouritePage>(
      await t.call({ url: ApiPath.eFavoritesList, mappingPath: tenant.mappingPath, headers: reader, lang: 'en_US' }),
    );
    expect(inEnglish.data.list.map((c) => c.collectionName)).toEqual(['Wanfang Data', 'CNKI']);
    expect((await get<EFavouritePage>(ApiPath.eFavoritesList, { keyword: '知网' }, reader)).data.totalCount).toBe(1);
    expect((await get<{ collectionIds: number[] }>(ApiPath.eFavoritesIds, {}, reader)).data.collectionIds).toEqual(
      [cnki, wanfang].sort((a, b) => a! - b!),
    );
    expect((await get<EFavouritePage>(ApiPath.eFavoritesList, {}, other)).data.totalCount).toBe(0);
    expect((await post(ApiPath.eFavoritesCancel, { collectionId: cnki }, other)).data).toEqual({ removed: 0 });
    expect((await post(ApiPath.eFavoritesCancel, { collectionIds: [cnki] }, reader)).data).toEqual({ removed: 1 });
    expect(
      (await get<EFavouritePage>(ApiPath.eFavoritesList, {}, reader)).data.list.map((c) => c.collectionId),
    ).toEqual([wanfang]);
  });

  it('stop at their limit', async () => {
    const small = new FavouriteService(t.db.kysely, t.services.dictionaries, { eFavourites: 1 });
    const readerId = (await makeReader(t, tenant.id)).id;
    const [a, b] = await makeCollections(t, tenant.id, [{}, {}]);
    await small.addE(tenant.id, readerId, a!);
    await expect(small.addE(tenant.id, readerId, b!)).rejects.toMatchObject({
      errCode: FavouriteFolderErrCode.eFavouritesFull,
      params: { max: 1 },
    });
    expect(await small.addE(tenant.id, readerId, a!)).toEqual({ collectionId: a, added: false });
  });
});

describe('migration 0046 (favourite folders)', () => {
  it('gives every reader who kept favourites a default folder holding all of them: nothing lost', async () => {
    const dir = tempDir('openfind-fav-mig-');
    const files = readdirSync(MIGRATIONS_DIR).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f));
    for (const f of files.filter((f) => f < '0046')) copyFileSync(path.join(MIGRATIONS_DIR, f), path.join(dir, f));
    const { db, drop } = await openTestDatabase();
    try {
      await migrate(db, dir);
      const k = db.kysely;
      // Data written before 0046: two readers with favourites (folder_id null, or set by a client of
      // before folders), one reader without, in two institutions.
      const { rows: tenants } = await sql<{ id: number }>`
        INSERT INTO tenant (mapping_path, group_code, name) VALUES ('a', 'A1', 'A'), ('b', 'B1', 'B') RETURNING id`.execute(
        k,
      );
      const [ta, tb] = tenants.map((r) => r.id) as [number, number];
      const { rows: readers } = await sql<{ id: number }>`
        INSERT INTO reader (tenant_id, account, password_hash)
        VALUES (${ta}, 'r1', 'x'), (${ta}, 'r2', 'x'), (${tb}, 'r3', 'x') RETURNING id`.execute(k);
      const [r1, r2, r3] = readers.map((r) => r.id) as [number, number, number];
      const { rows: records } = await sql<{ record_id: number }>`
        INSERT INTO bib_record (tenant_id, source_key, source_format, content_hash, title)
        SELECT t, 'k' || n, 'demo', 'h' || n, '书' || n
        FROM (VALUES (${ta}::int), (${tb}::int)) AS x(t), generate_series(1, 3) AS n
        ORDER BY t, n RETURNING record_id`.execute(k);
      const ids = records.map((r) => r.record_id);
      await sql`
        INSERT INTO favourite (tenant_id, reader_id, record_id, folder_id, created_at) VALUES
          (${ta}, ${r1}, ${ids[0]}, NULL, '2024-01-02T00:00:00Z'),
          (${ta}, ${r1}, ${ids[1]}, NULL, '2024-03-01T00:00:00Z'),
          (${ta}, ${r1}, ${ids[2]}, 7, '2024-02-01T00:00:00Z'),
          (${tb}, ${r3}, ${ids[3]}, NULL, '2025-05-05T00:00:00Z')`.execute(k);
      const before = (
        await sql<{ id: string; reader_id: number; record_id: number; created_at: Date }>`
          SELECT id, reader_id, record_id, created_at FROM favourite ORDER BY id`.execute(k)
      ).rows;

      copyFileSync(
        path.join(MIGRATIONS_DIR, '0046_favourite_folders.sql'),
        path.join(dir, '0046_favourite_folders.sql'),
      );
      expect((await migrate(db, dir)).applied).toEqual(['0046_favourite_folders.sql']);

      const after = (
        await sql<{ id: string; reader_id: number; record_id: number; created_at: Date; folder_id: string }>`
          SELECT id, reader_id, record_id, created_at, folder_id FROM favourite ORDER BY id`.execute(k)
      ).rows;
      expect(after.map(({ folder_id: _, ...rest }) => rest)).toEqual(before);
      const folderRows = (
        await sql<{ id: string; tenant_id: number; reader_id: number; name: string; is_default: boolean }>`
          SELECT id, tenant_id, reader_id, name, is_default FROM favourite_folder ORDER BY reader_id`.execute(k)
      ).rows;
      expect(folderRows.map((f) => [f.tenant_id, f.reader_id, f.name, f.is_default])).toEqual([
        [ta, r1, '默认收藏夹', true],
        [tb, r3, '默认收藏夹', true],
      ]);
      const folderOf = new Map(folderRows.map((f) => [f.reader_id, String(f.id)]));
      for (const f of after) expect(String(f.folder_id)).toBe(folderOf.get(f.reader_id));
      // r2 kept nothing: no folder until needed.
      expect(folderOf.has(r2)).toBe(false);
      // A favourite cannot be put into another reader's folder, nor without one.
      await expect(
        sql`INSERT INTO favourite (tenant_id, reader_id, record_id, folder_id)
            VALUES (${tb}, ${r3}, ${ids[4]}, ${folderOf.get(r1)})`.execute(k),
      ).rejects.toThrow();
      await expect(
        sql`INSERT INTO favourite (tenant_id, reader_id, record_id) VALUES (${tb}, ${r3}, ${ids[4]})`.execute(k),
      ).rejects.toThrow();
      // Deleting a reader takes their folders and favourites with them.
      await sql`DELETE FROM reader WHERE id = ${r1}`.execute(k);
      expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM favourite_folder`.execute(k)).rows[0]!.n).toBe(1);
    } finally {
      await db.close();
      await drop();
    }
  });
});
