import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiPath,
  InboxErrCode,
  type InboxChange,
  type InboxMessageDetail,
  type InboxPage,
  type LibraryNotice,
  type NoticeAudience,
  type NoticePage,
  type UnreadCount,
  type WithdrawnNotice,
} from '@openfind/contract';
import { addInboxMessage } from '../src/modules/readers/reader-repository.js';
import { t as text } from '../src/http/messages.js';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type CallOptions, type TestApp } from './helpers.js';
import { makeReader, makeTenant, signIn, type MadeReader, type MadeTenant } from './support/factories.js';
import { makeStaff, staffHeader } from './support/staff.js';

let t: TestApp;
let home: MadeTenant;
let other: MadeTenant;
let staffHome: Record<string, string>;
let staffOther: Record<string, string>;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  home = await makeTenant(t);
  other = await makeTenant(t);
  staffHome = await staffHeader(t, await makeStaff(t, home.id, { role: 'staff' }));
  staffOther = await staffHeader(t, await makeStaff(t, other.id, { role: 'staff' }));
});
afterAll(async () => t?.close());

type Headers = Record<string, string>;
type Lang = CallOptions['lang'];

async function call<T>(
  url: string,
  input: Record<string, unknown> | undefined,
  headers: Headers,
  opts: { to?: MadeTenant; method?: 'GET' | 'POST'; lang?: Lang } = {},
) {
  const method = opts.method ?? 'POST';
  const res = await t.call({
    url,
    mappingPath: (opts.to ?? home).mappingPath,
    headers,
    lang: opts.lang,
    method,
    ...(method === 'GET' ? { query: (input ?? {}) as Record<string, string> } : { body: input ?? {} }),
  });
  return { status: res.statusCode, ...envelopeOf<T>(res) };
}

const list = (h: Headers, q: Record<string, string> = {}, to = home) =>
  call<InboxPage>(ApiPath.inboxList, q, h, { method: 'GET', to });
const unread = async (h: Headers, to = home) =>
  (await call<UnreadCount>(ApiPath.inboxUnreadCount, undefined, h, { method: 'GET', to })).data.unreadCount;

/** A reader of `to` with `n` system messages (oldest first: 'm1'…), plus a phone row that is no message. */
async function readerWithMessages(n: number, to = home): Promise<{ reader: MadeReader; h: Headers; ids: number[] }> {
  const reader = await makeReader(t, to.id);
  for (let i = 1; i <= n; i++)
    await addInboxMessage(t.db.kysely, {
      tenantId: to.id,
      readerId: reader.id,
      channel: 'inbox',
      target: '',
      subject: `主题 m${i}`,
      body: `正文 m${i}`,
    });
  await addInboxMessage(t.db.kysely, {
    tenantId: to.id,
    readerId: reader.id,
    channel: 'phone',
    target: '13800000000',
    subject: '',
    body: '验证码 123456',
  });
  const h = await signIn(t, to, reader);
  const page = await list(h, {}, to);
  return { reader, h, ids: page.data.list.map((m) => m.messageId) };
}

const send = (body: Record<string, unknown>, h = staffHome, to = home) =>
  call<LibraryNotice>(ApiPath.adminNoticeSend, { requestKey: `key-${++serial}-abcdef`, format: 'text', ...body }, h, {
    to,
  });

describe('the inbox', () => {
  it('lists the reader’s inbox messages newest first with the unread count; phone and mail rows are not messages', async () => {
    const { h } = await readerWithMessages(3);
    const page = await list(h);
    expect(page.success).toBe(true);
    expect(page.data.totalCount).toBe(3);
    expect(page.data.unreadCount).toBe(3);
    expect(page.data.list.map((m) => m.subject)).toEqual(['主题 m3', '主题 m2', '主题 m1']);
    expect(page.data.list[0]).toMatchObject({ preview: '正文 m3', source: 'system', format: 'text', read: false });
    expect(await unread(h)).toBe(3);
  });

  it('pages, and lists only unread ones on request', async () => {
    const { h, ids } = await readerWithMessages(5);
    await call<InboxChange>(ApiPath.inboxMarkRead, { messageIds: [ids[0]] }, h);
    const p2 = await list(h, { page: '2', rows: '2' });
    expect(p2.data.list.map((m) => m.subject)).toEqual(['主题 m3', '主题 m2']);
    const unreadOnly = await list(h, { unread: '1' });
    expect(unreadOnly.data.totalCount).toBe(4);
    expect(unreadOnly.data.list.every((m) => !m.read)).toBe(true);
  });

  it('opens a message with its body; marking it read lowers the count; a second mark is no error', async () => {
    const { h, ids } = await readerWithMessages(2);
    const one = await call<InboxMessageDetail>(ApiPath.inboxMessage, { messageId: String(ids[0]) }, h, {
      method: 'GET',
    });
    expect(one.data).toMatchObject({ subject: '主题 m2', body: '正文 m2', read: false });
    const marked = await call<InboxChange>(ApiPath.inboxMarkRead, { messageIds: [ids[0]] }, h);
    expect(marked).toMatchObject({ success: true, data: { changed: 1, unreadCount: 1 } });
    const again = await call<InboxChange>(ApiPath.inboxMarkRead, { messageIds: [ids[0]] }, h);
    expect(again).toMatchObject({ success: true, data: { changed: 0, unreadCount: 1 } });
  });

  it('marks all read up to the newest shown: one arriving meanwhile stays unread', async () => {
    const { reader, h, ids } = await readerWithMessages(3);
    await addInboxMessage(t.db.kysely, {
      tenantId: home.id,
      readerId: reader.id,
      channel: 'inbox',
      target: '',
      subject: '新的',
      body: '刚到',
    });
    const res = await call<InboxChange>(ApiPath.inboxMarkRead, { all: true, upToId: ids[0] }, h);
    expect(res.data).toEqual({ changed: 3, unreadCount: 1 });
  });

  it('refuses a batch action without a selection, translated', async () => {
    const { h } = await readerWithMessages(1);
    for (const lang of ['zh_CN', 'zh_HK', 'en_US'] as const) {
      const res = await call(ApiPath.inboxDelete, { messageIds: [] }, h, { lang });
      const language = lang === 'en_US' ? 'en-US' : lang === 'zh_HK' ? 'zh-TW' : 'zh-CN';
      expect(res).toMatchObject({
        success: false,
        errCode: InboxErrCode.noneSelected,
        message: text(language, 'inboxNoneSelected'),
      });
    }
    const mark = await call(ApiPath.inboxMarkRead, {}, h);
    expect(mark).toMatchObject({ success: false, errCode: InboxErrCode.noneSelected });
  });

  it('deletes the messages chosen; a second delete (another tab) says they are gone', async () => {
    const { h, ids } = await readerWithMessages(3);
    const res = await call<InboxChange>(ApiPath.inboxDelete, { messageIds: [ids[0], ids[1]] }, h);
    expect(res).toMatchObject({ success: true, data: { changed: 2, unreadCount: 1 } });
    expect((await list(h)).data.list.map((m) => m.messageId)).toEqual([ids[2]]);
    const again = await call(ApiPath.inboxDelete, { messageIds: [ids[0]] }, h);
    expect(again).toMatchObject({ success: false, errCode: InboxErrCode.noSuchMessage });
    const opened = await call(ApiPath.inboxMessage, { messageId: String(ids[0]) }, h, { method: 'GET' });
    expect(opened).toMatchObject({ success: false, errCode: InboxErrCode.noSuchMessage });
  });

  it('deletes all up to the newest shown; the phone row stays where it was', async () => {
    const { reader, h, ids } = await readerWithMessages(3);
    const res = await call<InboxChange>(ApiPath.inboxDeleteAll, { upToId: ids[0] }, h);
    expect(res.data).toEqual({ changed: 3, unreadCount: 0 });
    expect((await list(h)).data.totalCount).toBe(0);
    const phone = await t.db.kysely
      .selectFrom('reader_inbox')
      .select(['channel', 'deleted_at'])
      .where('reader_id', '=', reader.id)
      .where('channel', '=', 'phone')
      .executeTakeFirstOrThrow();
    expect(phone.deleted_at).toBeNull();
    // Twice (a double click): nothing more, no error.
    expect((await call<InboxChange>(ApiPath.inboxDeleteAll, {}, h)).data).toEqual({ changed: 0, unreadCount: 0 });
  });

  it('never reads or changes another reader’s messages', async () => {
    const a = await readerWithMessages(2);
    const b = await readerWithMessages(1);
    const foreign = a.ids[0];
    expect(await call(ApiPath.inboxMessage, { messageId: String(foreign) }, b.h, { method: 'GET' })).toMatchObject({
      success: false,
      errCode: InboxErrCode.noSuchMessage,
    });
    expect(await call(ApiPath.inboxMarkRead, { messageIds: [foreign] }, b.h)).toMatchObject({
      success: false,
      errCode: InboxErrCode.noSuchMessage,
    });
    expect(await call(ApiPath.inboxDelete, { messageIds: [foreign] }, b.h)).toMatchObject({
      success: false,
      errCode: InboxErrCode.noSuchMessage,
    });
    await call(ApiPath.inboxDeleteAll, {}, b.h);
    await call(ApiPath.inboxMarkRead, { all: true }, b.h);
    expect((await list(a.h)).data).toMatchObject({ totalCount: 2, unreadCount: 2 });
  });

  it('never reads another institution’s messages: its session is refused there, its ids name nothing here', async () => {
    const a = await readerWithMessages(1, other);
    const b = await readerWithMessages(1);
    // The other institution's reader's session at this institution.
    const cross = await list(a.h, {}, home);
    expect(cross.success === false || cross.status === 401 || cross.data.totalCount === 0).toBe(true);
    expect(await call(ApiPath.inboxDelete, { messageIds: [a.ids[0]] }, b.h)).toMatchObject({
      success: false,
      errCode: InboxErrCode.noSuchMessage,
    });
    expect((await list(a.h, {}, other)).data.totalCount).toBe(1);
  });

  it('is a reader’s: a visitor is refused (401)', async () => {
    for (const url of [ApiPath.inboxList, ApiPath.inboxUnreadCount]) {
      expect((await call(url, undefined, {}, { method: 'GET' })).status).toBe(401);
    }
    expect((await call(ApiPath.inboxDeleteAll, {}, {})).status).toBe(401);
  });
});

describe('library notices', () => {
  it('reach every reader of the institution in one send, audited; listed with received and read', async () => {
    const own = await makeTenant(t);
    const staff = await staffHeader(t, await makeStaff(t, own.id, { role: 'staff' }));
    const readers = await Promise.all([1, 2, 3].map(() => makeReader(t, own.id)));
    const sent = await send({ subject: '闭馆通知', body: '国庆期间闭馆。\n10 月 8 日恢复开放。' }, staff, own);
    expect(sent).toMatchObject({ success: true, message: text('zh-CN', 'noticeSent', { n: 3 }) });
    expect(sent.data).toMatchObject({
      subject: '闭馆通知',
      status: 'sent',
      recipients: 3,
      readCount: 0,
      readerTypes: [],
    });

    const h = await signIn(t, own, readers[0]!);
    const page = await list(h, {}, own);
    const msg = page.data.list.find((m) => m.source === 'notice')!;
    expect(msg).toMatchObject({ subject: '闭馆通知', format: 'text', read: false });
    expect(msg.preview).toBe('国庆期间闭馆。 10 月 8 日恢复开放。');
    const detail = await call<InboxMessageDetail>(ApiPath.inboxMessage, { messageId: String(msg.messageId) }, h, {
      method: 'GET',
      to: own,
    });
    expect(detail.data.body).toBe('国庆期间闭馆。\n10 月 8 日恢复开放。');
    await call(ApiPath.inboxMarkRead, { messageIds: [msg.messageId] }, h, { to: own });
    // Read, then deleted: still read.
    await call(ApiPath.inboxDelete, { messageIds: [msg.messageId] }, h, { to: own });

    const notices = await call<NoticePage>(ApiPath.adminNotices, {}, staff, { method: 'GET', to: own });
    expect(notices.data.list[0]).toMatchObject({ noticeId: sent.data.noticeId, recipients: 3, readCount: 1 });
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'target'])
      .where('tenant_id', '=', own.id)
      .where('action', '=', 'notice.send')
      .execute();
    expect(audit).toEqual([{ action: 'notice.send', target: `notice ${sent.data.noticeId}` }]);
  });

  it('go only to the reader types chosen; the audience counts them; an unknown type is refused', async () => {
    const own = await makeTenant(t);
    const staff = await staffHeader(t, await makeStaff(t, own.id, { role: 'staff' }));
    const teacher = await makeReader(t, own.id);
    const student = await makeReader(t, own.id);
    await t.db.kysely.updateTable('reader').set({ reader_type: '教师' }).where('id', '=', teacher.id).execute();
    await t.db.kysely.updateTable('reader').set({ reader_type: '本科生' }).where('id', '=', student.id).execute();
    const audience = await call<NoticeAudience>(ApiPath.adminNoticeAudience, undefined, staff, {
      method: 'GET',
      to: own,
    });
    expect(audience.data.readers).toBe(2);
    expect(new Set(audience.data.types.map((x) => x.readerType))).toEqual(new Set(['本科生', '教师']));

    const sent = await send({ subject: '教师通知', body: '请提交参考书目', readerTypes: ['教师'] }, staff, own);
    expect(sent.data).toMatchObject({ recipients: 1, readerTypes: ['教师'] });
    expect(await unread(await signIn(t, own, teacher), own)).toBe(1);
    expect(await unread(await signIn(t, own, student), own)).toBe(0);

    const refused = await send({ subject: 'x', body: 'y', readerTypes: ['研究员'] }, staff, own);
    expect(refused).toMatchObject({ success: false, errCode: InboxErrCode.unknownReaderType });
  });

  it('send once per request key (a double click sends nothing twice)', async () => {
    const own = await makeTenant(t);
    const staff = await staffHeader(t, await makeStaff(t, own.id, { role: 'staff' }));
    const reader = await makeReader(t, own.id);
    const body = { subject: '一次', body: '只发一次', requestKey: 'double-click-0001', format: 'text' };
    const [a, b] = await Promise.all([
      call<LibraryNotice>(ApiPath.adminNoticeSend, body, staff, { to: own }),
      call<LibraryNotice>(ApiPath.adminNoticeSend, body, staff, { to: own }),
    ]);
    expect(a.success && b.success).toBe(true);
    expect(a.data.noticeId).toBe(b.data.noticeId);
    expect(await unread(await signIn(t, own, reader), own)).toBe(1);
    const notices = await call<NoticePage>(ApiPath.adminNotices, {}, staff, { method: 'GET', to: own });
    expect(notices.data.totalCount).toBe(1);
  });

  it('clean rich text on save with the shared allow-list; the preview is its text', async () => {
    const own = await makeTenant(t);
    const staff = await staffHeader(t, await makeStaff(t, own.id, { role: 'staff' }));
    const reader = await makeReader(t, own.id);
    const sent = await send(
      {
        subject: '讲座',
        format: 'html',
        body: '<p onclick="x()">周五<strong>讲座</strong> &amp; 沙龙<script>alert(1)</script></p><img src=x onerror=alert(1)>',
      },
      staff,
      own,
    );
    expect(sent.data.body).not.toMatch(/script|onclick|onerror/);
    expect(sent.data.body).toContain('<strong>讲座</strong>');
    const h = await signIn(t, own, reader);
    const msg = (await list(h, {}, own)).data.list[0]!;
    expect(msg).toMatchObject({ format: 'html', preview: '周五 讲座 & 沙龙' });
  });

  it('refuse an empty notice and one that reaches nobody, translated', async () => {
    const own = await makeTenant(t);
    const staff = await staffHeader(t, await makeStaff(t, own.id, { role: 'staff' }));
    const empty = await send({ subject: '空', format: 'html', body: '<p> </p>' }, staff, own);
    expect(empty).toMatchObject({ success: false, errCode: InboxErrCode.noticeEmpty });
    const nobody = await send({ subject: '无人', body: '没有读者' }, staff, own);
    expect(nobody).toMatchObject({
      success: false,
      errCode: InboxErrCode.noRecipients,
      message: text('zh-CN', 'noticeNoRecipients'),
    });
    expect((await call<NoticePage>(ApiPath.adminNotices, {}, staff, { method: 'GET', to: own })).data.totalCount).toBe(
      0,
    );
  });

  it('withdrawn: the unread copies leave the inboxes, read ones stay; twice is refused', async () => {
    const own = await makeTenant(t);
    const staff = await staffHeader(t, await makeStaff(t, own.id, { role: 'staff' }));
    const [r1, r2] = [await makeReader(t, own.id), await makeReader(t, own.id)];
    const sent = await send({ subject: '撤回我', body: '发错了' }, staff, own);
    const h1 = await signIn(t, own, r1);
    const h2 = await signIn(t, own, r2);
    const m1 = (await list(h1, {}, own)).data.list[0]!;
    await call(ApiPath.inboxMarkRead, { messageIds: [m1.messageId] }, h1, { to: own });
    const out = await call<WithdrawnNotice>(ApiPath.adminNoticeWithdraw, { noticeId: sent.data.noticeId }, staff, {
      to: own,
    });
    expect(out).toMatchObject({ success: true, data: { removed: 1, notice: { status: 'withdrawn', readCount: 1 } } });
    expect((await list(h1, {}, own)).data.totalCount).toBe(1);
    expect((await list(h2, {}, own)).data.totalCount).toBe(0);
    const again = await call(ApiPath.adminNoticeWithdraw, { noticeId: sent.data.noticeId }, staff, { to: own });
    expect(again).toMatchObject({ success: false, errCode: InboxErrCode.noticeWithdrawn });
  });

  it('are the institution’s: another institution’s staff see none of them and cannot withdraw them', async () => {
    await makeReader(t, home.id);
    const sent = await send({ subject: '本馆', body: '本馆通知' });
    const theirs = await call<NoticePage>(ApiPath.adminNotices, {}, staffOther, { method: 'GET', to: other });
    expect(theirs.data.list.some((n) => n.noticeId === sent.data.noticeId)).toBe(false);
    const withdraw = await call(ApiPath.adminNoticeWithdraw, { noticeId: sent.data.noticeId }, staffOther, {
      to: other,
    });
    expect(withdraw).toMatchObject({ success: false, errCode: InboxErrCode.noSuchNotice });
    // And their staff at this institution: refused by the session scope.
    const there = await call(ApiPath.adminNotices, {}, staffOther, { method: 'GET' });
    expect(there.success).toBe(false);
  });
});
