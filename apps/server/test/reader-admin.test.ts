import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiPath,
  READER_IMPORT_MAX_BYTES,
  READER_IMPORT_MAX_ROWS,
  ReaderAdminErrCode,
  type ReaderDetail,
  type ReaderImportReport,
  type ReaderSearchPage,
  type ReaderStatusChange,
  type RenewOutcome,
} from '@openfind/contract';
import { t as text, type MessageKey } from '../src/http/messages.js';
import { findReaderByLogin } from '../src/modules/readers/reader-repository.js';
import { TEST_AUTH, login } from './auth-support.js';
import { createTestApp, envelopeOf, type CallOptions, type TestApp } from './helpers.js';
import { day, makeReader, makeRecords, makeTenant, signIn, type MadeTenant } from './support/factories.js';
import { makeStaff, staffHeader } from './support/staff.js';

/**
 * Issue 28: the staff console's readers: search, a reader's page, freeze / mark lost / restore (the
 * sessions end, the renewal rules read the status set), temporary passwords, ending sessions, the CSV
 * import (preview, commit once, reject report, bad files), each change in the audit log, and one
 * institution's staff never reaching another's readers.
 */

let t: TestApp;
let tenant: MadeTenant;
let other: MadeTenant;
let desk: Record<string, string>;
let deskId: number;
let admin: Record<string, string>;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  tenant = await makeTenant(t, { libraries: 'demo' });
  other = await makeTenant(t);
  const staff = await makeStaff(t, tenant.id, { role: 'staff' });
  deskId = staff.id;
  desk = await staffHeader(t, staff);
  admin = await staffHeader(t, await makeStaff(t, tenant.id, { role: 'admin' }));
});
afterAll(async () => t?.close());

type Lang = CallOptions['lang'];

async function call<T>(
  url: string,
  input: Record<string, unknown>,
  opts: { headers?: Record<string, string>; lang?: Lang; method?: 'GET' | 'POST'; to?: MadeTenant } = {},
) {
  const res = await t.call({
    url,
    mappingPath: (opts.to ?? tenant).mappingPath,
    lang: opts.lang,
    headers: opts.headers ?? desk,
    ...(opts.method === 'GET' ? { query: input as Record<string, string> } : { body: input }),
  });
  return { status: res.statusCode, ...envelopeOf<T>(res) };
}

/** Uploads a reader file to the preview or the commit. */
async function upload(
  which: 'preview' | 'commit',
  bytes: Buffer | string,
  opts: { headers?: Record<string, string>; type?: string; lang?: Lang } = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: which === 'preview' ? ApiPath.adminReaderImportPreview : ApiPath.adminReaderImportCommit,
    headers: {
      mappingPath: tenant.mappingPath,
      'content-type': opts.type ?? 'text/csv',
      ...(opts.lang ? { 'content-language': opts.lang } : {}),
      ...(opts.headers ?? admin),
    },
    payload: bytes,
  });
  return { status: res.statusCode, ...envelopeOf<ReaderImportReport>(res) };
}

function refused(
  r: { success: boolean; errCode: number; message: string },
  code: number,
  key: MessageKey,
  lang: Lang = 'zh-CN',
  params = {},
) {
  expect({ success: r.success, errCode: r.errCode, message: r.message }).toEqual({
    success: false,
    errCode: code,
    message: text(lang ?? 'zh-CN', key, params),
  });
}

/** A copy of a new record lent to the reader, due in `due` days (renewable): its barcode and loan id. */
async function lent(readerId: number, due = 5): Promise<{ barcode: string; loanId: number }> {
  const barcode = `RA${++serial}`;
  const [recordId] = await makeRecords(t, tenant.id, [
    { title: `借出的书${serial}`, items: [{ barcode, processTypeCode: '412', dueDate: day(due) }] },
  ]);
  const row = await t.db.kysely
    .insertInto('loan_event')
    .values({
      tenant_id: tenant.id,
      record_id: recordId!,
      barcode,
      lib_code: 'OFU',
      reader_id: readerId,
      loan_date: day(due - 30),
      due_date: day(due),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { barcode, loanId: Number(row.id) };
}

/** The latest audit row of the institution. */
async function lastAudit() {
  return (await t.services.staff.auditLog(tenant.id, 1))[0]!;
}

describe('search', () => {
  it('finds readers by account, card number, name, phone and e-mail, filters and pages them', async () => {
    const tag = `srch${++serial}`;
    await makeReader(t, tenant.id, { account: `${tag}a`, name: '张检索', phone: '13900001111', email: `${tag}@x.org` });
    await makeReader(t, tenant.id, { account: `${tag}b`, name: '李检索' });
    await t.db.kysely
      .updateTable('reader')
      .set({ department: '物理系', reader_type: 'PG', card_no: `${tag.toUpperCase()}CARD` })
      .where('tenant_id', '=', tenant.id)
      .where('account', '=', `${tag}b`)
      .execute();
    const q = async (input: Record<string, unknown>) =>
      (await call<ReaderSearchPage>(ApiPath.adminReaderSearch, input, { method: 'GET' })).data;
    expect((await q({ q: tag })).list.map((r) => r.account)).toEqual([`${tag}a`, `${tag}b`]);
    expect((await q({ q: '张检索' })).list.map((r) => r.account)).toEqual([`${tag}a`]);
    expect((await q({ q: '0000111' })).list.map((r) => r.account)).toEqual([`${tag}a`]);
    expect((await q({ q: `${tag}card` })).list.map((r) => r.account)).toEqual([`${tag}b`]);
    expect((await q({ q: tag, department: '物理系', readerType: 'pg' })).list.map((r) => r.account)).toEqual([
      `${tag}b`,
    ]);
    const page2 = await q({ q: tag, rows: 1, page: 2 });
    expect(page2).toMatchObject({
      totalCount: 2,
      list: [{ account: `${tag}b`, department: '物理系', status: 'normal' }],
    });
    // LIKE's wildcards are text.
    expect((await q({ q: '%' })).totalCount).toBe(0);
  });

  it("never shows another institution's readers, nor lets its staff in", async () => {
    const mine = await makeReader(t, tenant.id, { name: '本馆读者' });
    const theirs = await makeReader(t, other.id, { name: '别馆读者' });
    const q = await call<ReaderSearchPage>(ApiPath.adminReaderSearch, { q: '馆读者' }, { method: 'GET' });
    expect(q.data.list.map((r) => r.readerId)).toContain(mine.id);
    expect(q.data.list.map((r) => r.readerId)).not.toContain(theirs.id);
    // The other institution's reader by id: none here.
    refused(
      await call(ApiPath.adminReader, { readerId: theirs.id }, { method: 'GET' }),
      ReaderAdminErrCode.noSuchReader,
      'readerAdminNoSuchReader',
    );
    refused(
      await call(ApiPath.adminReaderStatus, { readerId: theirs.id, status: 'frozen' }),
      ReaderAdminErrCode.noSuchReader,
      'readerAdminNoSuchReader',
    );
    expect((await findReaderByLogin(t.db.kysely, other.id, theirs.account))!.status).toBe('normal');
    // Staff of this institution at the other's address: refused before anything.
    const r = await call(ApiPath.adminReaderSearch, {}, { method: 'GET', to: other });
    expect(r.status).toBe(403);
  });
});

describe("a reader's page", () => {
  it('shows details, last login, loans, fines and what is owed', async () => {
    const reader = await makeReader(t, tenant.id, { name: '页面读者' });
    const { barcode } = await lent(reader.id);
    await t.services.fines.charge(tenant.id, reader.account, {
      kind: 'damaged',
      amountCents: 350,
      barcode: null,
      title: '',
      note: '',
    });
    const before = await call<ReaderDetail>(ApiPath.adminReader, { readerId: reader.id }, { method: 'GET' });
    expect(before.data.lastLoginAt).toBeNull();
    await signIn(t, tenant, reader);
    const r = await call<ReaderDetail>(ApiPath.adminReader, { readerId: reader.id }, { method: 'GET' });
    expect(r.success, r.message).toBe(true);
    expect(r.data).toMatchObject({ account: reader.account, name: '页面读者', status: 'normal', expired: false });
    expect(r.data.lastLoginAt).not.toBeNull();
    expect(r.data.loans.searchResult.map((l) => l.barcode)).toEqual([barcode]);
    expect(r.data.fines.list).toHaveLength(1);
    expect(r.data.money.owed).toBe('3.50');
  });
});

describe('status', () => {
  it('freezes a reader: their sessions end at once and renewal is refused for the frozen card; restore undoes it', async () => {
    const reader = await makeReader(t, tenant.id);
    const { loanId } = await lent(reader.id);
    const session = await signIn(t, tenant, reader);
    const loans = () => t.call({ url: ApiPath.loanList, mappingPath: tenant.mappingPath, headers: session, body: {} });
    expect((await loans()).statusCode).toBe(200);

    const frozen = await call<ReaderStatusChange>(ApiPath.adminReaderStatus, { readerId: reader.id, status: 'frozen' });
    expect(frozen.success, frozen.message).toBe(true);
    expect(frozen.data).toEqual({ readerId: reader.id, status: 'frozen', previous: 'normal' });
    expect(frozen.message).toBe(text('zh-CN', 'readerFrozen', { account: reader.account }));
    // The token they had stops working.
    expect((await loans()).statusCode).toBe(401);
    const audit = await lastAudit();
    expect(audit).toMatchObject({
      staffId: deskId,
      action: 'readers.status',
      target: `reader ${reader.account}`,
      before: { status: 'normal' },
      after: { status: 'frozen', sessionsEnded: true },
    });

    // Logged in again, the frozen reader cannot renew: the renewal rules read the status set.
    const again = await signIn(t, tenant, reader);
    const renew = await t.call({
      url: ApiPath.reNew,
      mappingPath: tenant.mappingPath,
      headers: again,
      body: { loanIds: [loanId] },
    });
    const outcomes = JSON.stringify(renew.json());
    expect(outcomes).toContain('cardFrozen');

    // Twice: nothing more changes, no second audit row.
    const twice = await call<ReaderStatusChange>(ApiPath.adminReaderStatus, { readerId: reader.id, status: 'frozen' });
    expect(twice.message).toBe(text('zh-CN', 'readerStatusUnchanged', { account: reader.account }));
    expect((await lastAudit()).id).toBe(audit.id);

    const lost = await call<ReaderStatusChange>(
      ApiPath.adminReaderStatus,
      { readerId: reader.id, status: 'lost' },
      { lang: 'en-US' },
    );
    expect(lost.message).toBe(text('en-US', 'readerMarkedLost', { account: reader.account }));
    const restored = await call<ReaderStatusChange>(ApiPath.adminReaderStatus, {
      readerId: reader.id,
      status: 'normal',
    });
    expect(restored.data).toEqual({ readerId: reader.id, status: 'normal', previous: 'lost' });
    const back = await signIn(t, tenant, reader);
    const ok = envelopeOf<{ result: unknown; outcomes?: RenewOutcome[] }>(
      await t.call({ url: ApiPath.reNew, mappingPath: tenant.mappingPath, headers: back, body: { loanIds: [loanId] } }),
    );
    expect(JSON.stringify(ok)).not.toContain('cardFrozen');
  });

  it('refuses a status it does not set, with a 400', async () => {
    const reader = await makeReader(t, tenant.id);
    const r = await call(ApiPath.adminReaderStatus, { readerId: reader.id, status: 'expired' });
    expect(r.status).toBe(400);
  });

  it('makes one change of two at once', async () => {
    const reader = await makeReader(t, tenant.id);
    const before = (await t.services.staff.auditLog(tenant.id, 500)).length;
    const both = await Promise.all([
      call<ReaderStatusChange>(ApiPath.adminReaderStatus, { readerId: reader.id, status: 'frozen' }),
      call<ReaderStatusChange>(ApiPath.adminReaderStatus, { readerId: reader.id, status: 'frozen' }),
    ]);
    expect(both.map((r) => r.data.previous).sort()).toEqual(['frozen', 'normal']);
    expect((await t.services.staff.auditLog(tenant.id, 500)).length).toBe(before + 1);
  });
});

describe('passwords and sessions', () => {
  it('sets a temporary password, shown once, that the reader must change; the old one and the sessions end', async () => {
    const reader = await makeReader(t, tenant.id);
    const session = await signIn(t, tenant, reader);
    const r = await call<{ readerId: number; password: string }>(ApiPath.adminReaderResetPassword, {
      readerId: reader.id,
    });
    expect(r.success, r.message).toBe(true);
    expect(r.data.password).toMatch(/^[A-Za-z2-9]{10}$/);
    const loans = await t.call({ url: ApiPath.loanList, mappingPath: tenant.mappingPath, headers: session, body: {} });
    expect(loans.statusCode).toBe(401);
    expect(
      envelopeOf(await login(t, reader.account, reader.password, { mappingPath: tenant.mappingPath })).success,
    ).toBe(false);
    const stored = (await findReaderByLogin(t.db.kysely, tenant.id, reader.account))!;
    expect(stored.mustChangePassword).toBe(true);
    const audit = await lastAudit();
    expect(audit.action).toBe('readers.resetPassword');
    expect(JSON.stringify(audit)).not.toContain(r.data.password);
    expect(JSON.stringify(audit)).not.toContain('argon2');
    // The temporary password logs in, to the change it asks for.
    const next = envelopeOf(await login(t, reader.account, r.data.password, { mappingPath: tenant.mappingPath }));
    expect(next.message).toBe(text('zh-CN', 'mustChangePassword'));
  });

  it("ends a reader's sessions", async () => {
    const reader = await makeReader(t, tenant.id);
    const session = await signIn(t, tenant, reader);
    const r = await call(ApiPath.adminReaderEndSessions, { readerId: reader.id });
    expect(r.message).toBe(text('zh-CN', 'readerSessionsEnded', { account: reader.account }));
    const loans = await t.call({ url: ApiPath.loanList, mappingPath: tenant.mappingPath, headers: session, body: {} });
    expect(loans.statusCode).toBe(401);
    expect((await lastAudit()).action).toBe('readers.endSessions');
  });
});

describe('CSV import', () => {
  const csv = (rows: string[]) => `account,password,name,cardNo,phone,status,department\n${rows.join('\n')}\n`;

  it('previews rows to add, update and reject, commits them once, in one transaction, audited', async () => {
    const tag = `imp${++serial}`;
    const existing = await makeReader(t, tenant.id, { account: `${tag}x` });
    await makeReader(t, tenant.id, { account: `${tag}card` });
    await t.db.kysely
      .updateTable('reader')
      .set({ card_no: `${tag}TAKEN` })
      .where('tenant_id', '=', tenant.id)
      .where('account', '=', `${tag}card`)
      .execute();
    const file = csv([
      `${tag}1,Init-001,"王, 一",${tag}C1,13800001001,normal,数学系`,
      `${tag}2,,无密码,,,,`,
      `${tag}3,Init-003,电话错,,12345,,`,
      `${existing.account},,,,,frozen,物理系`,
      `${tag}1,Init-005,重复,,,,`,
      `${tag}6,Init-006,卡号被占,${tag}taken,,,`,
      `${tag}7,123,太短,,,,`,
      `${tag}8,Init-008,日期,,,,`.replace(',,,,', ',,,bad,'),
    ]);
    const preview = await upload('preview', file);
    expect(preview.success, preview.message).toBe(true);
    expect(preview.data).toMatchObject({ encoding: 'utf-8', rows: 8, added: 1, updated: 1, committed: false });
    expect(preview.data.rejected).toEqual([
      { line: 3, account: `${tag}2`, problem: 'needsPassword', value: '' },
      { line: 4, account: `${tag}3`, problem: 'phone', value: '12345' },
      { line: 6, account: `${tag}1`, problem: 'duplicateAccount', value: `${tag}1` },
      { line: 7, account: `${tag}6`, problem: 'cardNoTaken', value: `${tag}taken` },
      { line: 8, account: `${tag}7`, problem: 'password', value: '' },
      { line: 9, account: `${tag}8`, problem: 'status', value: 'bad' },
    ]);
    expect(preview.message).toBe(text('zh-CN', 'readerImportPreviewed', { added: 1, updated: 1, rejected: 6 }));
    // Nothing changed yet.
    expect(await findReaderByLogin(t.db.kysely, tenant.id, `${tag}1`)).toBeUndefined();

    const session = await signIn(t, tenant, existing);
    const both = await Promise.all([upload('commit', file), upload('commit', file)]);
    const done = both.find((r) => r.success)!;
    const second = both.find((r) => !r.success)!;
    expect(done.data).toMatchObject({ added: 1, updated: 1, committed: true });
    refused(second, ReaderAdminErrCode.notPreviewed, 'readerImportNotPreviewed');
    const added = (await findReaderByLogin(t.db.kysely, tenant.id, `${tag}1`))!;
    expect(added).toMatchObject({ name: '王, 一', cardNo: `${tag}C1`, department: '数学系', mustChangePassword: true });
    const updated = (await findReaderByLogin(t.db.kysely, tenant.id, existing.account))!;
    expect(updated).toMatchObject({ status: 'frozen', department: '物理系' });
    // Frozen by the file: the reader's sessions end too.
    expect(
      (await t.call({ url: ApiPath.loanList, mappingPath: tenant.mappingPath, headers: session, body: {} })).statusCode,
    ).toBe(401);
    const audit = await lastAudit();
    expect(audit).toMatchObject({
      action: 'readers.import',
      after: { added: 1, updated: 1, rejected: 6, addedAccounts: [`${tag}1`], updatedAccounts: [existing.account] },
    });
    expect(JSON.stringify(audit)).not.toContain('Init-001');
    // Once only: committing it again asks for a preview.
    refused(await upload('commit', file), ReaderAdminErrCode.notPreviewed, 'readerImportNotPreviewed');
  });

  it('reads a GB18030 file (a Chinese spreadsheet export)', async () => {
    const tag = `gb${++serial}`;
    // 欧阳修文, 中文系, 司马光明, 历史系 in GB18030.
    const gb = (hex: string) => Buffer.from(hex, 'hex');
    const file = Buffer.concat([
      Buffer.from(`account,password,name,department\n${tag}1,Init-001,`),
      gb('c5b7d1f4d0decec4'),
      Buffer.from(','),
      gb('d6d0cec4cfb5'),
      Buffer.from(`\n${tag}2,Init-002,`),
      gb('cbbec2edb9e2c3f7'),
      Buffer.from(','),
      gb('c0facab7cfb5'),
      Buffer.from('\n'),
    ]);
    const preview = await upload('preview', file, { type: 'application/vnd.ms-excel' });
    expect(preview.data).toMatchObject({ encoding: 'gb18030', added: 2, rejected: [] });
    expect((await upload('commit', file)).success).toBe(true);
    expect((await findReaderByLogin(t.db.kysely, tenant.id, `${tag}1`))!).toMatchObject({
      name: '欧阳修文',
      department: '中文系',
    });
  });

  it('refuses files it cannot read, with translated reasons', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    refused(
      await upload('preview', png, { type: 'application/octet-stream' }),
      ReaderAdminErrCode.notText,
      'readerImportNotText',
    );
    refused(
      await upload('preview', Buffer.from('\xff\xfea\x00,\x00', 'latin1')),
      ReaderAdminErrCode.notText,
      'readerImportNotText',
    );
    refused(
      await upload('preview', 'name,phone\n张三,1\n', { lang: 'en-US' }),
      ReaderAdminErrCode.badHeader,
      'readerImportNoAccount',
      'en-US',
    );
    refused(
      await upload('preview', 'account,password,salary\nx,y,1\n', { lang: 'zh-TW' }),
      ReaderAdminErrCode.badHeader,
      'readerImportUnknownColumns',
      'zh-TW',
      { columns: 'salary' },
    );
    refused(await upload('preview', 'account,password\n'), ReaderAdminErrCode.emptyFile, 'readerImportEmpty');
    refused(await upload('preview', ''), ReaderAdminErrCode.emptyFile, 'readerImportEmpty');
    const many = `account,password\n${Array.from({ length: READER_IMPORT_MAX_ROWS + 1 }, (_, i) => `m${i},Init-000`).join('\n')}`;
    refused(await upload('preview', many), ReaderAdminErrCode.tooManyRows, 'readerImportTooManyRows', 'zh-CN', {
      max: READER_IMPORT_MAX_ROWS,
    });
    const big = await upload('preview', Buffer.alloc(READER_IMPORT_MAX_BYTES + 1, 0x41));
    expect(big.status).toBe(413);
    refused(big, ReaderAdminErrCode.fileTooLarge, 'readerImportTooLarge', 'zh-CN', { mb: 2 });
    // A file never previewed is not committed.
    refused(
      await upload('commit', csv(['never1,Init-001,,,,,'])),
      ReaderAdminErrCode.notPreviewed,
      'readerImportNotPreviewed',
    );
    // A type that is not a file's: refused by the server (415), nothing read.
    expect((await upload('preview', 'account\nx\n', { type: 'image/png' })).status).toBe(415);
  });

  it('is for administrators: desk staff are refused', async () => {
    const r = await upload('preview', 'account,password\nx1,Init-001\n', { headers: desk });
    expect(r.status).toBe(403);
  });
});

describe('the command line import', () => {
  it('still reports its rejected lines in words', async () => {
    const tag = `cli${++serial}`;
    const { importReadersCsv } = await import('../src/modules/readers/reader-service.js');
    const r = await importReadersCsv(t.db.kysely, tenant.id, `account,password\n${tag},Init-001\n${tag}b,\n`, {
      rule: '1',
      mustChange: true,
    });
    expect(r).toEqual({ created: 1, updated: 0, rejected: [{ line: 3, reason: 'a new reader needs a password' }] });
  });
});
