import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountClosingErrCode,
  ApiPath,
  AuthErrCode,
  ErrCode,
  type ClosedAccount,
  type ClosingCheck,
  type ReaderSearchPage,
} from '@openfind/contract';
import { CLOSING_POLICY } from '../src/modules/account-closing/account-closing-service.js';
import { TEST_AUTH, tokenOf } from './auth-support.js';
import { createTestApp, envelopeOf, type CallOptions, type TestApp } from './helpers.js';
import { makeStaff, staffHeader } from './support/staff.js';
import {
  day,
  makeReader,
  makeRecord,
  makeRecords,
  makeTenant,
  signIn,
  type MadeReader,
  type MadeTenant,
} from './support/factories.js';

/**
 * Self-service account closing and "download my data" (issue 29, My Library key 14): the reasons
 * that keep an account open, one per kind and translated; the password and the confirmation; the
 * export (an attachment named with the date, the reader's own rows only); the closing (every table
 * that names the reader checked over information_schema: only the tables kept for statistics keep
 * rows, under a reader row that names nobody; the loans still counted; the login refused; the
 * sessions ended; the audit row); two closings at once make one.
 */

type Lang = CallOptions['lang'];

let t: TestApp;
let home: MadeTenant;
let recordId: number;

beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  home = await makeTenant(t);
  recordId = await makeRecord(t, home.id, { title: '围城' });
});
afterAll(async () => t?.close());

async function call<T>(
  url: string,
  input: Record<string, unknown>,
  headers: Record<string, string>,
  opts: { lang?: Lang; method?: 'GET' | 'POST' } = {},
) {
  const method = opts.method ?? 'POST';
  const res = await t.call({
    url,
    mappingPath: home.mappingPath,
    lang: opts.lang,
    headers,
    ...(method === 'GET' ? { query: input as Record<string, string> } : { body: input }),
  });
  return { status: res.statusCode, res, ...envelopeOf<T>(res) };
}

const check = (headers: Record<string, string>, lang?: Lang) =>
  call<ClosingCheck>(ApiPath.closingCheck, {}, headers, { method: 'GET', lang });
const close = (headers: Record<string, string>, password: string, confirmed = true, lang?: Lang) =>
  call<ClosedAccount>(ApiPath.closeAccount, { password, confirmed }, headers, { lang });
const exportOf = (headers: Record<string, string>) =>
  t.call({ url: ApiPath.exportMyData, mappingPath: home.mappingPath, headers, query: {} });

async function readerOf(opts: Parameters<typeof makeReader>[2] = {}) {
  const reader = await makeReader(t, home.id, opts);
  return { reader, headers: await signIn(t, home, reader) };
}

const db = () => t.db.kysely;

let copies = 0;
/** A loan of the reader's: current (no return date) or returned. */
async function lend(readerId: number, returned: boolean) {
  await db()
    .insertInto('loan_event')
    .values({
      tenant_id: home.id,
      record_id: recordId,
      reader_id: readerId,
      barcode: `B${readerId}-${++copies}`,
      loan_date: day(-20),
      due_date: day(10),
      return_date: returned ? day(-2) : null,
    })
    .execute();
}

async function request(
  readerId: number,
  type: string,
  status = 'waiting',
  holder: number | null = null,
  record = recordId,
) {
  await sql`INSERT INTO circ_request (tenant_id, reader_id, record_id, request_type, status, pickup_lib_code,
              delivery_recipient, delivery_phone, delivery_address, holder_reader_id, ask_until)
            VALUES (${home.id}, ${readerId}, ${record}, ${type}, ${status}, 'L1',
              ${type === 'delivery' ? '张三' : null}, ${type === 'delivery' ? '13800138000' : null},
              ${type === 'delivery' ? '北京市海淀区某路 1 号' : null}, ${holder},
              ${type === 'relend' ? day(5) : null})`.execute(db());
}

/** Everything a reader may have: the rows the export gives and the closing deletes or keeps. */
async function furnish(reader: MadeReader, headers: Record<string, string>, words: string) {
  const fav = await call(ApiPath.addMyFav, { recordId }, headers);
  expect(fav.success).toBe(true);
  const comment = await call(ApiPath.userComment, { recordId, content: words, score: 4 }, headers);
  expect(comment.success).toBe(true);
  await lend(reader.id, true);
  await request(reader.id, 'delivery', 'fulfilled');
  await db()
    .insertInto('reader_address')
    .values({
      tenant_id: home.id,
      reader_id: reader.id,
      address_type: 'home',
      recipient: reader.name,
      phone: '13800138000',
      region: '北京',
      detail: `${words} 路 8 号`,
      postcode: '100000',
      updated_at: new Date().toISOString(),
    })
    .execute();
  await db()
    .insertInto('reader_inbox')
    .values({ tenant_id: home.id, reader_id: reader.id, channel: 'inbox', subject: `消息 ${words}`, body: words })
    .execute();
  await sql`INSERT INTO search_history (tenant_id, reader_id, search_type, summary, request)
            VALUES (${home.id}, ${reader.id}, 'search', ${words}, '{}'::jsonb)`.execute(db());
  await sql`INSERT INTO circ_fine (tenant_id, reader_id, kind, title, amount_cents, paid_cents)
            VALUES (${home.id}, ${reader.id}, 'overdue', '围城', 50, 50)`.execute(db());
  await sql`INSERT INTO donation (tenant_id, reader_id, donor_name, contact_phone, delivery, status, copies)
            VALUES (${home.id}, ${reader.id}, ${reader.name}, '13800138000', 'post', 'accepted', 1)`.execute(db());
}

describe('what keeps an account open', () => {
  it('says nothing keeps a new account open', async () => {
    const { reader, headers } = await readerOf();
    const res = await check(headers);
    expect(res.success).toBe(true);
    expect(res.data).toEqual({ closable: true, reasons: [], account: reader.account });
  });

  it('names each kind of reason, counted and translated', async () => {
    const { reader, headers } = await readerOf();
    const asker = await makeReader(t, home.id);
    await lend(reader.id, false);
    await lend(reader.id, false);
    const [r1, r2, r3, r4] = await makeRecords(t, home.id, [{}, {}, {}, {}]);
    await request(reader.id, 'reserve', 'waiting', null, r1);
    await request(reader.id, 'entrust', 'ready', null, r2);
    await request(reader.id, 'delivery', 'shipped', null, r3);
    await request(reader.id, 'relend', 'waiting', null, r4);
    await request(asker.id, 'relend', 'waiting', reader.id);
    await sql`INSERT INTO circ_fine (tenant_id, reader_id, kind, title, amount_cents)
              VALUES (${home.id}, ${reader.id}, 'lost', '围城', 1250)`.execute(db());
    await db().updateTable('reader').set({ deposit_cents: 10000 }).where('id', '=', reader.id).execute();
    await sql`INSERT INTO donation (tenant_id, reader_id, anonymous, contact_phone, delivery, copies)
              VALUES (${home.id}, ${reader.id}, true, '13800138000', 'post', 1)`.execute(db());

    const zh = await check(headers, 'zh-CN');
    expect(zh.data.closable).toBe(false);
    const byKind = Object.fromEntries(zh.data.reasons.map((r) => [r.kind, r]));
    expect(Object.keys(byKind).sort()).toEqual(
      ['deliveries', 'deposit', 'donations', 'fines', 'loans', 'relendHolder', 'relends', 'requests'].sort(),
    );
    expect(byKind.loans).toMatchObject({ count: 2, text: '您还有 2 册在借图书，请先归还' });
    expect(byKind.requests!.count).toBe(2);
    expect(byKind.fines).toMatchObject({ amount: '12.50', text: '您还有 12.50 元欠款未缴清' });
    expect(byKind.deposit!.amount).toBe('100.00');
    const en = await check(headers, 'en-US');
    expect(en.data.reasons.find((r) => r.kind === 'loans')!.text).toBe('You have 2 book(s) on loan: return them first');
    const tw = await check(headers, 'zh-TW');
    expect(tw.data.reasons.find((r) => r.kind === 'loans')!.text).toBe('您還有 2 冊在借圖書，請先歸還');

    // The closing refuses with the reasons, and changes nothing.
    const refused = await close(headers, reader.password, true, 'en-US');
    expect(refused.success).toBe(false);
    expect(refused.errCode).toBe(AccountClosingErrCode.blocked);
    expect(refused.message).toContain('The account cannot be closed yet: You have 2 book(s) on loan');
    expect(refused.message).toContain('You owe 12.50 yuan');
    const row = await db()
      .selectFrom('reader')
      .select(['name', 'closed_at'])
      .where('id', '=', reader.id)
      .executeTakeFirst();
    expect(row).toEqual({ name: reader.name, closed_at: null });
    expect((await check(headers)).success).toBe(true);
  });

  it('needs a session', async () => {
    const res = await check({});
    expect(res.errCode).toBe(ErrCode.unauthorized);
    expect((await close({}, 'x')).errCode).toBe(ErrCode.unauthorized);
    expect((await exportOf({})).headers['content-disposition']).toBeUndefined();
  });
});

describe('the password and the confirmation', () => {
  it('refuses a wrong password, an empty one, and a closing not confirmed, changing nothing', async () => {
    const { reader, headers } = await readerOf();
    const wrong = await close(headers, 'not-the-password', true, 'zh-CN');
    expect(wrong).toMatchObject({ success: false, errCode: AccountClosingErrCode.passwordWrong });
    expect(wrong.message).toBe('密码错误，账户未注销');
    expect((await close(headers, '', true)).errCode).toBe(AccountClosingErrCode.passwordWrong);
    const unconfirmed = await close(headers, reader.password, false, 'en-US');
    expect(unconfirmed.errCode).toBe(AccountClosingErrCode.notConfirmed);
    expect(unconfirmed.message).toMatch(/downloaded your data/);
    const bad = await call(ApiPath.closeAccount, { password: 5 }, headers);
    expect(bad.status).toBe(400);
    const row = await db().selectFrom('reader').select(['closed_at']).where('id', '=', reader.id).executeTakeFirst();
    expect(row?.closed_at).toBeNull();
    expect((await check(headers)).success).toBe(true);
  });
});

describe('download my data', () => {
  it("gives the reader's data as an attachment named with the date, and nothing of another reader", async () => {
    const a = await readerOf({ name: '甲读者', email: 'jia@example.org', phone: '13900000001' });
    const b = await readerOf({ name: '乙读者', email: 'yi@example.org' });
    await furnish(a.reader, a.headers, '甲的评论很长');
    await furnish(b.reader, b.headers, '乙的秘密评论');

    const res = await exportOf(a.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="openfind-my-data-${new Date().toISOString().slice(0, 10)}.json"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
    const doc = JSON.parse(res.body) as Record<string, unknown>;
    expect(doc.format).toBe('openfind-reader-data');
    expect(doc.profile).toMatchObject({ account: a.reader.account, name: '甲读者', email: 'jia@example.org' });
    expect(JSON.stringify(doc.profile)).not.toContain('argon2');
    const rows = (k: string) => doc[k] as Array<Record<string, unknown>>;
    expect(rows('loans')).toHaveLength(1);
    expect(rows('loans')[0]).toMatchObject({ record_title: '围城' });
    expect(rows('favourites')).toHaveLength(1);
    expect(rows('comments')[0]).toMatchObject({ content: '甲的评论很长' });
    expect(rows('ratings')[0]).toMatchObject({ score: 4 });
    expect(rows('addresses')).toHaveLength(1);
    expect(rows('messages')[0]).toMatchObject({ body: '甲的评论很长' });
    expect(rows('searchHistory')).toHaveLength(1);
    expect(rows('fines')).toHaveLength(1);
    expect(rows('donations')).toHaveLength(1);
    expect(rows('requests')).toHaveLength(1);

    // Nothing of the other reader: not their name, words, account, or id in a reader column.
    expect(res.body).not.toContain('乙');
    expect(res.body).not.toContain(b.reader.account);
    expect(res.body).not.toContain('yi@example.org');
    for (const section of Object.values(doc))
      if (Array.isArray(section))
        for (const r of section) expect((r as { reader_id?: number }).reader_id).toBeUndefined();

    // And the other reader's own download is theirs.
    const other = JSON.parse((await exportOf(b.headers)).body) as { profile: { name: string } };
    expect(other.profile.name).toBe('乙读者');
    expect(JSON.stringify(other)).not.toContain('甲');
  });
});

describe('closing the account', () => {
  it('deletes or anonymises every row that names the reader, keeps the statistics, ends the sessions', async () => {
    const { reader, headers } = await readerOf({ name: '丙读者', email: 'bing@example.org', phone: '13900000003' });
    const secondSession = await signIn(t, home, reader);
    await furnish(reader, headers, '丙的评论');
    const witness = await readerOf({ name: '丁读者' });
    await furnish(witness.reader, witness.headers, '丁的评论');
    const loansBefore = await db()
      .selectFrom('loan_event')
      .select(sql<string>`count(*)`.as('n'))
      .where('tenant_id', '=', home.id)
      .executeTakeFirstOrThrow();

    const res = await close(headers, reader.password, true, 'zh-CN');
    expect(res.success).toBe(true);
    expect(res.message).toBe('账户已注销，您的个人数据已删除或匿名化');
    expect(Date.parse(res.data.closedAt)).toBeGreaterThan(Date.now() - 60_000);

    // The reader row names nobody.
    const row = await db().selectFrom('reader').selectAll().where('id', '=', reader.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      account: `closed:${reader.id}`,
      card_no: '',
      name: '',
      email: '',
      phone: '',
      id_number: '',
      avatar_url: '',
      password_hash: '!closed',
    });
    expect(row.closed_at).not.toBeNull();

    // Every table with a column naming a reader: rows of this reader only where kept on purpose.
    const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
      SELECT table_name, column_name FROM information_schema.columns
       WHERE table_schema = current_schema() AND column_name IN ('reader_id', 'user_id', 'holder_reader_id')`.execute(
      db(),
    );
    expect(columns.length).toBeGreaterThan(15);
    const left: Record<string, number> = {};
    for (const c of columns) {
      const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(c.table_name)}
        WHERE ${sql.ref(c.column_name)} = ${reader.id}`.execute(db());
      if (Number(rows[0]!.n) > 0) left[c.table_name] = Number(rows[0]!.n);
    }
    for (const table of Object.keys(left)) expect(CLOSING_POLICY[table], table).toBe('keep');
    expect(left.loan_event).toBe(1);
    expect(left.record_comment).toBeUndefined();
    expect(left.favourite).toBeUndefined();
    expect(left.reader_address).toBeUndefined();
    expect(left.reader_inbox).toBeUndefined();
    expect(left.search_history).toBeUndefined();
    // No text of the reader's is left in the rows kept.
    const kept = await sql<{ doc: string }>`
      SELECT (SELECT coalesce(string_agg(row_to_json(d)::text, ''), '') FROM donation d WHERE d.reader_id = ${reader.id}) ||
             (SELECT coalesce(string_agg(row_to_json(r)::text, ''), '') FROM circ_request r WHERE r.reader_id = ${reader.id}) AS doc`.execute(
      db(),
    );
    expect(kept.rows[0]!.doc).not.toMatch(/丙|13800138000|某路/);

    // Statistics: every loan still counted.
    const loansAfter = await db()
      .selectFrom('loan_event')
      .select(sql<string>`count(*)`.as('n'))
      .where('tenant_id', '=', home.id)
      .executeTakeFirstOrThrow();
    expect(loansAfter.n).toBe(loansBefore.n);

    // The other reader kept everything.
    const theirs = JSON.parse((await exportOf(witness.headers)).body) as Record<string, unknown[]>;
    expect(theirs.comments).toHaveLength(1);
    expect(theirs.favourites).toHaveLength(1);

    // Sessions ended, login refused (by account and by the marker), the audit row written.
    expect((await check(headers)).errCode).toBe(ErrCode.unauthorized);
    expect((await check(secondSession)).errCode).toBe(ErrCode.unauthorized);
    await expect(tokenOf(t, reader.account, reader.password, home.mappingPath)).rejects.toThrow();
    await expect(tokenOf(t, `closed:${reader.id}`, '!closed', home.mappingPath)).rejects.toThrow();
    const audit = await db()
      .selectFrom('audit_log')
      .select(['actor', 'action', 'target', 'staff_id'])
      .where('tenant_id', '=', home.id)
      .where('action', '=', 'reader.close')
      .where('target', '=', `reader #${reader.id}`)
      .execute();
    expect(audit).toEqual([
      { actor: `reader #${reader.id} (self)`, action: 'reader.close', target: `reader #${reader.id}`, staff_id: null },
    ]);
  });

  it('makes one closing of two at once', async () => {
    const { reader, headers } = await readerOf();
    const second = await signIn(t, home, reader);
    const [x, y] = await Promise.all([close(headers, reader.password), close(second, reader.password)]);
    const outcomes = [x, y].map((r) => (r.success ? 'closed' : r.errCode));
    expect(outcomes.filter((o) => o === 'closed')).toHaveLength(1);
    const other = outcomes.find((o) => o !== 'closed');
    expect([AccountClosingErrCode.alreadyClosed, ErrCode.unauthorized, AuthErrCode.badCredentials]).toContain(other);
    const audit = await db()
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'reader.close')
      .where('target', '=', `reader #${reader.id}`)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('lets staff see the account as closed, and frees the account name', async () => {
    const { reader, headers } = await readerOf();
    expect((await close(headers, reader.password)).success).toBe(true);
    const again = await makeReader(t, home.id, { account: reader.account });
    expect(again.id).not.toBe(reader.id);
    const desk = await staffHeader(t, await makeStaff(t, home.id, { role: 'staff' }));
    const found = await call<ReaderSearchPage>(ApiPath.adminReaderSearch, { q: `closed:${reader.id}` }, desk, {
      method: 'GET',
    });
    expect(found.data.list).toHaveLength(1);
    expect(found.data.list[0]).toMatchObject({ readerId: reader.id, closed: true, name: '', email: '' });
    const open = await call<ReaderSearchPage>(ApiPath.adminReaderSearch, { q: reader.account }, desk, {
      method: 'GET',
    });
    expect(open.data.list.find((r) => r.readerId === again.id)?.closed).toBe(false);
  });
});
