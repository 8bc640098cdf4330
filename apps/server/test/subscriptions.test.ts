import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SaxesParser } from 'saxes';
import { sql } from 'kysely';
import {
  ApiPath,
  MAX_SUBSCRIPTIONS,
  SubscriptionErrCode,
  type Subscription,
  type SubscriptionList,
} from '@openfind/contract';
import type { MailSender, ReaderMessage } from '../src/modules/delivery/delivery.js';
import { SubscriptionJob } from '../src/modules/subscriptions/subscription-job.js';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type CallOptions, type TestApp } from './helpers.js';
import { makeReader, makeRecords, makeTenant, signIn, type MadeTenant } from './support/factories.js';

/**
 * Subscriptions and alerts (issue 29, My Library key 3): every call, the limits and checks, the
 * walls between readers and institutions, the digest job (one inbox message and one mail per reader
 * listing the new records per subscription, in the reader's language; a failed mail keeps its
 * watermark and is sent again), the signed unsubscribe link (GET confirms, POST does it, a tampered
 * signature refused) and the Atom feed.
 */

type Lang = CallOptions['lang'];

let t: TestApp;
let home: MadeTenant;
let other: MadeTenant;

beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  home = await makeTenant(t);
  other = await makeTenant(t);
});
afterAll(async () => t?.close());

async function call<T>(
  url: string,
  input: Record<string, unknown>,
  headers: Record<string, string>,
  opts: { lang?: Lang; to?: MadeTenant; method?: 'GET' | 'POST' } = {},
) {
  const method = opts.method ?? 'POST';
  const res = await t.call({
    url,
    mappingPath: (opts.to ?? home).mappingPath,
    lang: opts.lang,
    headers,
    ...(method === 'GET' ? { query: input as Record<string, string> } : { body: input }),
  });
  return { status: res.statusCode, ...envelopeOf<T>(res) };
}

async function readerOf(tenant = home, opts: Parameters<typeof makeReader>[2] = {}) {
  const reader = await makeReader(t, tenant.id, opts);
  return { reader, headers: await signIn(t, tenant, reader) };
}

const search = (text: string, more: Record<string, unknown> = {}) => ({
  searchFieldContent: text,
  searchField: 'keyWord',
  ...more,
});
const subscribe = (
  headers: Record<string, string>,
  body: Record<string, unknown>,
  opts: { lang?: Lang; to?: MadeTenant } = {},
) => call<Subscription>(ApiPath.subscribe, { byInbox: true, frequency: 'daily', ...body }, headers, opts);
const list = (headers: Record<string, string>, to = home) =>
  call<SubscriptionList>(ApiPath.subscriptionList, {}, headers, { method: 'GET', to });
const update = (headers: Record<string, string>, body: Record<string, unknown>, lang?: Lang) =>
  call<Subscription>(ApiPath.updateSubscription, body, headers, { lang });
const remove = (headers: Record<string, string>, subscriptionId: number) =>
  call<{ subscriptionId: number }>(ApiPath.deleteSubscription, { subscriptionId }, headers);

/** Moves a subscription's watermarks two days back: it is due, and records added since are new to it. */
const rewind = (id: number) =>
  sql`UPDATE subscription SET inbox_up_to = now() - interval '2 days', mail_up_to = now() - interval '2 days'
      WHERE id = ${id}`.execute(t.db.kysely);

const inbox = (readerId: number) =>
  t.db.kysely
    .selectFrom('reader_inbox')
    .select(['subject', 'body'])
    .where('reader_id', '=', readerId)
    .where('channel', '=', 'inbox')
    .orderBy('id')
    .execute();

const watermarks = async (id: number) =>
  (
    await sql<{ inbox: Date; mail: Date; attempts: number }>`
      SELECT inbox_up_to AS inbox, mail_up_to AS mail, mail_attempts AS attempts FROM subscription WHERE id = ${id}`.execute(
      t.db.kysely,
    )
  ).rows[0]!;

/** A mail server stand-in: keeps what it takes, or refuses while `down`. */
class FakeMail implements MailSender {
  sent: ReaderMessage[] = [];
  down = false;
  async send(m: ReaderMessage): Promise<void> {
    if (this.down) throw new Error('connect ECONNREFUSED');
    this.sent.push(m);
  }
}

const jobWith = (mail: MailSender | null) =>
  new SubscriptionJob(t.db.kysely, {
    subscriptions: t.services.subscriptions,
    search: t.services.search,
    tenants: t.services.tenants,
    mail,
    timeZone: 'Asia/Shanghai',
    settleMs: 0,
  });

describe('subscribing', () => {
  it('subscribes to a search, a class number and a journal, and lists them with their feed', async () => {
    const { headers } = await readerOf();
    const a = await subscribe(headers, { kind: 'search', search: search('量子 计算') });
    expect(a.success).toBe(true);
    expect(a.data).toMatchObject({
      kind: 'search',
      title: '量子 计算',
      frequency: 'daily',
      byInbox: true,
      byEmail: false,
    });
    expect(a.message).toBe('订阅成功！有新的记录时会通知您');
    const b = await subscribe(headers, { kind: 'class', classNo: 'tp3', frequency: 'weekly' }, { lang: 'en_US' });
    expect(b.data).toMatchObject({ kind: 'class', query: 'TP3', frequency: 'weekly' });
    expect(b.message).toBe('Subscribed: you will be told when new records arrive');
    const c = await subscribe(headers, { kind: 'journal', journal: '1234-5679', title: '我的期刊' });
    expect(c.data).toMatchObject({ kind: 'journal', query: 'ISSN 1234-5679', title: '我的期刊' });
    const d = await subscribe(headers, { kind: 'journal', journal: '图书馆杂志' });
    expect(d.success).toBe(true);
    const mine = await list(headers);
    expect(mine.data.list.map((s) => s.kind)).toEqual(['journal', 'journal', 'class', 'search']);
    expect(mine.data.max).toBe(MAX_SUBSCRIPTIONS);
    expect(mine.data.emailVerified).toBe(false);
    expect(mine.data.list[3]!.feedUrl).toMatch(/\/find\/subscribe\/feed\/\d+\?sig=[\w-]{32}$/);
  });

  it('refuses an empty search, no channel, e-mail without a verified address, the same search twice', async () => {
    const { headers } = await readerOf();
    const empty = await subscribe(headers, { kind: 'search', search: search('  ') });
    expect(empty).toMatchObject({ success: false, errCode: SubscriptionErrCode.emptyQuery });
    const noClass = await subscribe(headers, { kind: 'class', classNo: '' });
    expect(noClass.errCode).toBe(SubscriptionErrCode.emptyQuery);
    const badClass = await subscribe(headers, { kind: 'class', classNo: '12<script>' });
    expect(badClass.errCode).toBe(SubscriptionErrCode.invalid);
    const none = await subscribe(headers, { kind: 'search', search: search('红楼梦'), byInbox: false, byEmail: false });
    expect(none).toMatchObject({ success: false, errCode: SubscriptionErrCode.noChannel });
    const mail = await subscribe(
      headers,
      { kind: 'search', search: search('红楼梦'), byEmail: true },
      { lang: 'zh_HK' },
    );
    expect(mail).toMatchObject({ success: false, errCode: SubscriptionErrCode.emailNotVerified });
    expect(mail.message).toContain('驗證');
    expect((await subscribe(headers, { kind: 'search', search: search('红楼梦') })).success).toBe(true);
    // The same search, however it is paged or sorted, is one subscription.
    const again = await subscribe(headers, {
      kind: 'search',
      search: search('红楼梦', { page: 3, sortField: 'title' }),
    });
    expect(again).toMatchObject({ success: false, errCode: SubscriptionErrCode.duplicate });
    const bad = await call(ApiPath.subscribe, { kind: 'movie' }, headers);
    expect(bad.success).toBe(false);
    expect(bad.status).toBe(400);
    expect((await list(headers)).data.list).toHaveLength(1);
  });

  it(`allows ${MAX_SUBSCRIPTIONS} subscriptions a reader`, async () => {
    const { headers } = await readerOf();
    for (let i = 0; i < MAX_SUBSCRIPTIONS; i++)
      expect((await subscribe(headers, { kind: 'class', classNo: `A${i}` })).success).toBe(true);
    const over = await subscribe(headers, { kind: 'class', classNo: 'B1' });
    expect(over).toMatchObject({ success: false, errCode: SubscriptionErrCode.tooMany });
    expect(over.message).toContain(String(MAX_SUBSCRIPTIONS));
  });

  it('updates frequency, channels and pause with the version; refuses a stale version', async () => {
    const { headers } = await readerOf(home, { email: 'sub@example.org' });
    const s = (await subscribe(headers, { kind: 'search', search: search('敦煌') })).data;
    const u = await update(headers, {
      subscriptionId: s.subscriptionId,
      version: s.version,
      frequency: 'weekly',
      byEmail: true,
      paused: true,
    });
    expect(u.data).toMatchObject({
      frequency: 'weekly',
      byEmail: true,
      byInbox: true,
      paused: true,
      version: s.version + 1,
    });
    expect(u.message).toBe('修改成功！');
    const stale = await update(headers, { subscriptionId: s.subscriptionId, version: s.version, paused: false });
    expect(stale).toMatchObject({ success: false, errCode: SubscriptionErrCode.changedMeanwhile });
    const noChannel = await update(headers, {
      subscriptionId: s.subscriptionId,
      version: u.data.version,
      byEmail: false,
      byInbox: false,
    });
    expect(noChannel.errCode).toBe(SubscriptionErrCode.noChannel);
    const resumed = await update(headers, { subscriptionId: s.subscriptionId, version: u.data.version, paused: false });
    expect(resumed.data.paused).toBe(false);
    const del = await remove(headers, s.subscriptionId);
    expect(del).toMatchObject({ success: true, message: '删除成功！' });
    expect((await remove(headers, s.subscriptionId)).errCode).toBe(SubscriptionErrCode.noSuchSubscription);
  });

  it("keeps a reader out of another reader's and another institution's subscriptions", async () => {
    const owner = await readerOf();
    const intruder = await readerOf();
    const s = (await subscribe(owner.headers, { kind: 'search', search: search('长城') })).data;
    expect((await list(intruder.headers)).data.list).toEqual([]);
    const u = await update(intruder.headers, { subscriptionId: s.subscriptionId, version: s.version, paused: true });
    expect(u).toMatchObject({ success: false, errCode: SubscriptionErrCode.noSuchSubscription });
    expect((await remove(intruder.headers, s.subscriptionId)).errCode).toBe(SubscriptionErrCode.noSuchSubscription);
    // The owner's session does not reach into another institution.
    const abroad = await list(owner.headers, other);
    expect(abroad.success).toBe(false);
    const stranger = await readerOf(other);
    const fromAbroad = await call(ApiPath.deleteSubscription, { subscriptionId: s.subscriptionId }, stranger.headers, {
      to: other,
    });
    expect(fromAbroad.errCode).toBe(SubscriptionErrCode.noSuchSubscription);
    expect((await list(owner.headers)).data.list).toHaveLength(1);
    // Visitors: 401 on every call.
    for (const [url, method] of [
      [ApiPath.subscriptionList, 'GET'],
      [ApiPath.subscribe, 'POST'],
      [ApiPath.updateSubscription, 'POST'],
      [ApiPath.deleteSubscription, 'POST'],
    ] as const)
      expect((await call(url, {}, {}, { method })).status).toBe(401);
  });
});

describe('the digest job', () => {
  it('sends one inbox message and one mail per reader listing the new records per subscription, in their language', async () => {
    const { reader, headers } = await readerOf(home, { email: 'digest@example.org' });
    const a = (
      await subscribe(headers, { kind: 'search', search: search('Dunhuang'), byEmail: true }, { lang: 'en_US' })
    ).data;
    const b = (await subscribe(headers, { kind: 'class', classNo: 'K87' }, { lang: 'en_US' })).data;
    const quiet = (await subscribe(headers, { kind: 'search', search: search('Zyzzyva') }, { lang: 'en_US' })).data;
    const paused = (await subscribe(headers, { kind: 'search', search: search('Mogao') }, { lang: 'en_US' })).data;
    await update(headers, { subscriptionId: paused.subscriptionId, version: paused.version, paused: true });
    for (const s of [a, b, quiet, paused]) await rewind(s.subscriptionId);
    const [r1, r2, r3] = await makeRecords(t, home.id, [
      { title: 'Dunhuang Manuscripts' },
      { title: 'Art of Dunhuang and Mogao', clcClasses: ['K879.41'] },
      { title: 'Unrelated', clcClasses: ['O4'] },
    ]);
    const mail = new FakeMail();
    const report = await jobWith(mail).run({ trigger: 'cli' });
    expect(report.status).toBe('succeeded');
    const mine = report.institutions.find((i) => i.tenantId === home.id)!;
    expect(mine.messages).toBeGreaterThanOrEqual(1);
    const messages = await inbox(reader.id);
    expect(messages).toHaveLength(1);
    const m = messages[0]!;
    expect(m.subject).toContain('3 new records');
    expect(m.body).toContain('Dear ');
    expect(m.body).toContain('■ Dunhuang (2)');
    expect(m.body).toContain('■ K87 (1)');
    expect(m.body).toContain(`/searchList/bookDetails/${r1}`);
    expect(m.body).toContain(`/searchList/bookDetails/${r2}`);
    expect(m.body).not.toContain(`/bookDetails/${r3}`);
    expect(m.body).not.toContain('Zyzzyva');
    expect(m.body).not.toContain('Mogao (');
    expect(m.body).not.toContain('/unsubscribe/');
    // The mail: only the subscription chosen for e-mail, with its signed unsubscribe link.
    expect(mail.sent).toHaveLength(1);
    expect(mail.sent[0]).toMatchObject({ to: 'digest@example.org', readerId: reader.id });
    expect(mail.sent[0]!.text).toContain('■ Dunhuang (2)');
    expect(mail.sent[0]!.text).not.toContain('K87');
    expect(mail.sent[0]!.text).toMatch(/Unsubscribe: http:\/\/[^\s]+\/find\/subscribe\/unsubscribe\/\d+\?sig=/);
    // My Library shows the last digest; a second run sends nothing again.
    const shown = (await list(headers)).data.list.find((s) => s.subscriptionId === a.subscriptionId)!;
    expect(shown.lastSentAt).not.toBeNull();
    expect(shown.lastCount).toBe(2);
    const again = await jobWith(mail).run({ trigger: 'cli' });
    expect(again.status).toBe('succeeded');
    expect(await inbox(reader.id)).toHaveLength(1);
    expect(mail.sent).toHaveLength(1);
    const runs = await t.services.subscriptionJob.recentRuns(5);
    expect(runs[0]).toMatchObject({ job: 'subscriptions', status: 'succeeded', trigger: 'cli' });
  });

  it('keeps the mail watermark when the mail fails, and sends the digest again on the next run', async () => {
    const { reader, headers } = await readerOf(home, { email: 'retry@example.org' });
    const s = (await subscribe(headers, { kind: 'search', search: search('Tangut'), byEmail: true, byInbox: true }))
      .data;
    await rewind(s.subscriptionId);
    const before = await watermarks(s.subscriptionId);
    const [id] = await makeRecords(t, home.id, [{ title: 'Tangut Dictionary' }]);
    const mail = new FakeMail();
    mail.down = true;
    const failed = await jobWith(mail).run({ trigger: 'cli' });
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain('to try again');
    const after = await watermarks(s.subscriptionId);
    expect(after.mail.getTime()).toBe(before.mail.getTime());
    expect(after.attempts).toBe(1);
    // The inbox got its digest (its own watermark moved) and gets nothing twice.
    expect(after.inbox.getTime()).toBeGreaterThan(before.inbox.getTime());
    expect(await inbox(reader.id)).toHaveLength(1);
    mail.down = false;
    const retried = await jobWith(mail).run({ trigger: 'retry' });
    expect(retried.status).toBe('succeeded');
    expect(mail.sent).toHaveLength(1);
    expect(mail.sent[0]!.text).toContain(`/searchList/bookDetails/${id}`);
    expect(mail.sent[0]!.subject).toContain('订阅提醒');
    const done = await watermarks(s.subscriptionId);
    expect(done.mail.getTime()).toBeGreaterThan(before.mail.getTime());
    expect(done.attempts).toBe(0);
    expect(await inbox(reader.id)).toHaveLength(1);
  });

  it('waits a week for a weekly subscription', async () => {
    const { reader, headers } = await readerOf();
    const s = (await subscribe(headers, { kind: 'search', search: search('Xixia'), frequency: 'weekly' })).data;
    await rewind(s.subscriptionId);
    await makeRecords(t, home.id, [{ title: 'Xixia Coins' }]);
    await jobWith(null).run({ trigger: 'cli' });
    expect(await inbox(reader.id)).toHaveLength(0);
    await sql`UPDATE subscription SET inbox_up_to = now() - interval '8 days' WHERE id = ${s.subscriptionId}`.execute(
      t.db.kysely,
    );
    await jobWith(null).run({ trigger: 'cli' });
    expect((await inbox(reader.id))[0]!.body).toContain('Xixia Coins');
  });
});

describe('signed links', () => {
  const linkOf = async (headers: Record<string, string>, subscriptionId: number) => {
    const s = (await list(headers)).data.list.find((x) => x.subscriptionId === subscriptionId)!;
    return new URL(s.feedUrl);
  };

  it('serves a valid Atom feed of the latest matching records, refused with a wrong signature', async () => {
    const { headers } = await readerOf();
    const s = (await subscribe(headers, { kind: 'search', search: search('Khotanese') })).data;
    const [id] = await makeRecords(t, home.id, [{ title: 'Khotanese Buddhist Texts & <Notes>', author: 'Emmerick' }]);
    const url = await linkOf(headers, s.subscriptionId);
    const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/atom+xml');
    let root: { name: string; uri: string } | undefined;
    const titles: string[] = [];
    let inTitle = false;
    const parser = new SaxesParser({ xmlns: true });
    parser.on('opentag', (n) => {
      root ??= { name: n.local, uri: n.uri };
      inTitle = n.local === 'title';
    });
    parser.on('text', (x) => {
      if (inTitle) titles.push(x);
    });
    parser.on('closetag', () => (inTitle = false));
    parser.write(res.body).close();
    expect(root).toEqual({ name: 'feed', uri: 'http://www.w3.org/2005/Atom' });
    expect(titles).toContain('Khotanese Buddhist Texts & <Notes>');
    expect(res.body).toContain(`/searchList/bookDetails/${id}`);
    const tampered = await t.app.inject({ method: 'GET', url: `${url.pathname}?sig=${'A'.repeat(32)}` });
    expect(tampered.statusCode).toBe(404);
    const otherId = await t.app.inject({
      method: 'GET',
      url: `${url.pathname.replace(/\d+$/, '999999')}${url.search}`,
    });
    expect(otherId.statusCode).toBe(404);
  });

  it('unsubscribes from the mail link without a login: GET confirms, POST does it, tampering refused', async () => {
    const { headers } = await readerOf();
    const s = (await subscribe(headers, { kind: 'search', search: search('Sogdian') }, { lang: 'zh_HK' })).data;
    const links = await t.services.subscriptions.links({ id: s.subscriptionId, tenantId: home.id, siteUrl: '' });
    const page = await t.app.inject({ method: 'GET', url: links.unsubscribe });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('確定取消訂閱「Sogdian」');
    expect(page.body).toContain('<form method="post"');
    expect((await list(headers)).data.list).toHaveLength(1);
    // The feed's signature is not the unsubscribe one; a changed one is refused.
    const feedSig = new URL(links.feed, 'http://x').searchParams.get('sig')!;
    const path = links.unsubscribe.split('?')[0]!;
    for (const sig of [feedSig, 'x'.repeat(32), '']) {
      const refused = await t.app.inject({ method: 'POST', url: `${path}?sig=${sig}` });
      expect(refused.statusCode).toBe(404);
    }
    expect((await list(headers)).data.list).toHaveLength(1);
    const done = await t.app.inject({
      method: 'POST',
      url: links.unsubscribe,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('已取消訂閱「Sogdian」');
    expect((await list(headers)).data.list).toHaveLength(0);
    const gone = await t.app.inject({ method: 'GET', url: links.unsubscribe });
    expect(gone.statusCode).toBe(404);
  });
});
