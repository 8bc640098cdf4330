import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, type PointsPage, type PointsRuleInfo } from '@openfind/contract';
import { inTransaction } from '../src/db/transaction.js';
import { t as text } from '../src/http/messages.js';
import { awardPoints, pointsBalance } from '../src/modules/points/points-service.js';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type CallOptions, type TestApp } from './helpers.js';
import { makeReader, makeTenant, signIn, type MadeReader, type MadeTenant } from './support/factories.js';

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

const ledger = async (headers: Headers, body: object = {}, lang?: CallOptions['lang'], to = tenant) =>
  envelopeOf<PointsPage>(
    await t.call({ url: ApiPath.patronScoreList, body, headers, lang, mappingPath: to.mappingPath }),
  ).data;
const rules = async (headers: Headers, lang?: CallOptions['lang'], to = tenant) =>
  envelopeOf<PointsRuleInfo[]>(await t.call({ url: ApiPath.integralRule, headers, lang, mappingPath: to.mappingPath }))
    .data;

/** A reader with no points yet (made, not logged in: the first login counts). */
const reader = (to = tenant) => makeReader(t, to.id);
const award = (r: MadeReader, rule: Parameters<typeof awardPoints>[1]['rule'], ref: string | number, more = {}) =>
  awardPoints(t.db.kysely, { tenantId: r.tenantId, readerId: r.id, rule, ref, ...more });

describe('awardPoints', () => {
  it('counts an event once: the same rule and reference again changes nothing, at once or later', async () => {
    const r = await reader();
    expect(await award(r, 'returnOnTime', 101, { platform: 'desk', note: '围城' })).toMatchObject({
      awarded: true,
      points: 2,
    });
    expect(await award(r, 'returnOnTime', '101', { platform: 'desk' })).toEqual({
      awarded: false,
      points: 0,
      entryId: null,
    });
    const together = await Promise.all(Array.from({ length: 8 }, () => award(r, 'returnOverdue', 102)));
    expect(together.filter((a) => a.awarded)).toHaveLength(1);
    // Another loan is another event; the same loan under another rule too.
    expect((await award(r, 'returnOnTime', 103)).awarded).toBe(true);
    expect((await award(r, 'commentApproved', 101)).awarded).toBe(true);
    expect(await pointsBalance(t.db.kysely, tenant.id, r.id)).toBe(2 - 5 + 2 + 1);
  });

  it("joins the caller's transaction: rolled back with it", async () => {
    const r = await reader();
    await expect(
      inTransaction(t.db.kysely, async (trx) => {
        expect(
          (await awardPoints(trx, { tenantId: tenant.id, readerId: r.id, rule: 'returnOnTime', ref: 7 })).awarded,
        ).toBe(true);
        throw new Error('the check-in failed');
      }),
    ).rejects.toThrow('the check-in failed');
    expect(await pointsBalance(t.db.kysely, tenant.id, r.id)).toBe(0);
    await inTransaction(t.db.kysely, (trx) =>
      awardPoints(trx, { tenantId: tenant.id, readerId: r.id, rule: 'returnOnTime', ref: 7 }),
    );
    expect(await pointsBalance(t.db.kysely, tenant.id, r.id)).toBe(2);
  });

  it("follows the institution's rules: its own points, a rule turned off", async () => {
    const own = await makeTenant(t);
    await t.db.kysely
      .insertInto('points_rule')
      .values([
        { tenant_id: own.id, rule_code: 'returnOnTime', points: 3 },
        { tenant_id: own.id, rule_code: 'returnOverdue', points: -5, enabled: false },
      ])
      .execute();
    const r = await reader(own);
    expect((await award(r, 'returnOnTime', 1)).points).toBe(3);
    expect(await award(r, 'returnOverdue', 2)).toMatchObject({ awarded: false, points: 0 });
    expect(await pointsBalance(t.db.kysely, own.id, r.id)).toBe(3);
    const shown = await rules(await signIn(t, own, r), 'en_US', own);
    expect(shown.find((x) => x.rule === 'returnOnTime')?.points).toBe(3);
    expect(shown.map((x) => x.rule)).not.toContain('returnOverdue');
  });

  it('takes an adjustment with its own amount; refuses what is not a rule', async () => {
    const r = await reader();
    expect((await award(r, 'adjustment', 'A-1', { points: -7, note: '更正' })).points).toBe(-7);
    await expect(award(r, 'adjustment', 'A-2')).rejects.toThrow(/adjustment/);
    await expect(award(r, 'adjustment', 'A-3', { points: 20_000 })).rejects.toThrow(/adjustment/);
    await expect(award(r, 'lottery' as never, 1)).rejects.toThrow(/unknown rule/);
    await expect(award(r, 'returnOnTime', 1, { platform: 'fax' })).rejects.toThrow(/unknown platform/);
    expect(await pointsBalance(t.db.kysely, tenant.id, r.id)).toBe(-7);
  });

  it("keeps institutions apart: a reader's balance is counted in their own", async () => {
    const r = await reader();
    await award(r, 'returnOnTime', 1);
    expect(await pointsBalance(t.db.kysely, tenant.id, r.id)).toBe(2);
    expect(await pointsBalance(t.db.kysely, other.id, r.id)).toBe(0);
  });
});

describe("a reader's points", () => {
  it('the balance and the ledger, newest first, each entry with the balance after it', async () => {
    const r = await reader();
    await award(r, 'returnOnTime', 11, { platform: 'desk', note: '边城' });
    await award(r, 'returnOverdue', 12, { platform: 'desk', note: '围城' });
    await award(r, 'adjustment', 'X', { points: 10, note: '读书月' });
    const h = await signIn(t, tenant, r); // the first login: +5 from the web
    const page = await ledger(h);
    expect(page.balance).toBe(2 - 5 + 10 + 5);
    expect(page.totalCount).toBe(4);
    expect(page.list.map((e) => [e.rule, e.name, e.note, e.change, e.balance, e.platform])).toEqual([
      ['firstLogin', '首次登录', '', 5, 12, 'web'],
      ['adjustment', '积分调整', '读书月', 10, 7, 'system'],
      ['returnOverdue', '逾期还书', '围城', -5, -3, 'desk'],
      ['returnOnTime', '按期还书', '边城', 2, 2, 'desk'],
    ]);
    expect(new Date(page.list[0]!.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const en = await ledger(h, {}, 'en_US');
    expect(en.list.map((e) => e.name)).toEqual(['First login', 'Adjustment', 'Returned late', 'Returned on time']);
    expect((await ledger(h, {}, 'zh_HK')).list[0]!.name).toBe('首次登入');
    // Pages: the balance after each entry stays that of the whole ledger.
    const second = await ledger(h, { page: 2, rows: 3 });
    expect(second.list.map((e) => [e.rule, e.balance])).toEqual([['returnOnTime', 2]]);
    expect(second.totalCount).toBe(4);
    // A later login counts nothing more.
    await signIn(t, tenant, r);
    expect((await ledger(h)).balance).toBe(12);
  });

  it('binding a phone or an e-mail counts once per channel', async () => {
    const r = await reader();
    await award(r, 'bindContact', 'phone', { platform: 'web' });
    await award(r, 'bindContact', 'phone', { platform: 'web' });
    await award(r, 'bindContact', 'mail', { platform: 'web' });
    expect(await pointsBalance(t.db.kysely, tenant.id, r.id)).toBe(10);
  });

  it("shows only the reader's own entries", async () => {
    const a = await reader();
    const b = await reader();
    await award(a, 'returnOnTime', 1, { note: 'of a' });
    const hb = await signIn(t, tenant, b);
    const page = await ledger(hb);
    expect(page.list.map((e) => e.rule)).toEqual(['firstLogin']);
    expect(page.balance).toBe(5);
  });

  it('how to earn points: the rules in force, in the language of the call', async () => {
    const h = await signIn(t, tenant, await reader());
    const zh = await rules(h);
    expect(zh.map((r) => [r.rule, r.points])).toEqual([
      ['firstLogin', 5],
      ['bindContact', 5],
      ['returnOnTime', 2],
      ['returnOverdue', -5],
      ['commentApproved', 1],
      ['purchaseAdopted', 3],
      ['donationAccepted', 10],
    ]);
    expect(zh[2]).toMatchObject({ name: '按期还书', description: '每按期归还一册图书' });
    expect((await rules(h, 'en_US'))[2]).toMatchObject({
      name: 'Returned on time',
      description: 'Each item returned by its due date',
    });
    expect((await rules(h, 'zh_HK'))[0]!.name).toBe('首次登入');
  });

  it('a bad page is a translated 400; a visitor gets 401', async () => {
    const h = await signIn(t, tenant, await reader());
    const res = await t.call({
      url: ApiPath.patronScoreList,
      body: { page: 0 },
      headers: h,
      lang: 'en_US',
      mappingPath: tenant.mappingPath,
    });
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).message).toMatch(/^Invalid request: page/);
    // Page sizes past the largest are clamped.
    expect((await ledger(h, { rows: 5000 })).list).toHaveLength(1);
    for (const url of [ApiPath.patronScoreList, ApiPath.integralRule]) {
      const anon = await t.call({
        url,
        body: url === ApiPath.patronScoreList ? {} : undefined,
        lang: 'en_US',
        mappingPath: tenant.mappingPath,
      });
      expect(anon.statusCode).toBe(401);
      expect(envelopeOf(anon).message).toBe(text('en-US', 'loginRequired'));
    }
  });
});

describe('points for account events', () => {
  /** The code in the latest inbox message of the reader (where the default delivery puts it). */
  const inboxCode = async (readerId: number) => {
    const row = await t.db.kysely
      .selectFrom('reader_inbox')
      .select('body')
      .where('reader_id', '=', readerId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return /\b(\d{6})\b/.exec(row.body)![1]!;
  };
  const bind = async (r: MadeReader, h: Headers, target: string) => {
    const mappingPath = tenant.mappingPath;
    await t.call({ url: ApiPath.sendBindCode, mappingPath, query: { type: 'mail', target }, headers: h });
    const code = await inboxCode(r.id);
    const query = { type: 'mail', target, code, password: r.password };
    const res = await t.call({ url: ApiPath.updateUserMailAndPhone, mappingPath, query, headers: h });
    expect(envelopeOf(res).success, envelopeOf(res).message).toBe(true);
  };

  it('the first login and binding an e-mail address count, each once', async () => {
    const r = await reader();
    const h = await signIn(t, tenant, r);
    await bind(r, h, 'first@example.org');
    await bind(r, h, 'second@example.org');
    const page = await ledger(h);
    expect(page.list.map((e) => [e.rule, e.change, e.platform])).toEqual([
      ['bindContact', 5, 'web'],
      ['firstLogin', 5, 'web'],
    ]);
    expect(page.balance).toBe(10);
  });
});
