import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiPath,
  ContentAdminErrCode,
  STAFF_TOKEN_HEADER,
  StaffErrCode,
  type AdminAttachment,
  type AdminAttachments,
  type AdminBookList,
  type AdminBookListDetail,
  type AdminCollection,
  type AdminCollectionPage,
  type AdminNews,
  type AttachmentsResponse,
  type BookListPage,
  type CollectionPage,
  type ContentRecordHits,
  type ContentTexts,
  type DonateNewsPage,
  type SiteConfig,
} from '@openfind/contract';
import { attachmentKindOf, dispositionOf, zipEntryNames } from '../src/modules/content-admin/attachment-file.js';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type CallOptions, type TestApp } from './helpers.js';
import { makeRecords, makeTenant, type MadeTenant } from './support/factories.js';
import { makeStaff, staffHeader } from './support/staff.js';

/**
 * Issue 28, the content screen: e-resources, book lists, donation news, the help texts and records'
 * attachments — each kind's checks, what readers then see, files judged by their content, two tabs
 * saving the same item, the audit rows, and the institution's walls.
 */

let t: TestApp;
let home: MadeTenant;
let other: MadeTenant;
let desk: Record<string, string>;
let admin: Record<string, string>;
let otherAdmin: Record<string, string>;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  home = await makeTenant(t);
  other = await makeTenant(t);
  desk = await staffHeader(t, await makeStaff(t, home.id, { role: 'staff' }));
  admin = await staffHeader(t, await makeStaff(t, home.id, { role: 'admin' }));
  otherAdmin = await staffHeader(t, await makeStaff(t, other.id, { role: 'admin' }));
});
afterAll(async () => t?.close());

type Lang = CallOptions['lang'];

async function call<T>(
  url: string,
  input: Record<string, unknown>,
  headers = desk,
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
const get = <T>(url: string, query: Record<string, string> = {}, headers = desk, to = home) =>
  call<T>(url, query, headers, { method: 'GET', to });

/** A day `days` from today, YYYY-MM-DD. */
const dayFrom = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const lastAudit = async (tenantId = home.id) => (await t.services.staff.auditLog(tenantId, 1))[0]!;

describe('e-resources', () => {
  const base = () => ({
    name: `数据库${++serial}`,
    nameEn: `Database ${serial}`,
    url: 'https://db.example.org/',
    accessKind: 'purchased',
  });

  it('are checked: a name, http(s) links only, a trial end for a trial (today or later)', async () => {
    const noName = await call(ApiPath.contentCollectionSave, { ...base(), name: '  ' });
    expect(noName.status).toBe(400);
    for (const url of ['javascript:alert(1)', 'ftp://x.example/', 'data:text/html,<b>', 'doi:10.1000/1', '/relative']) {
      const r = await call(ApiPath.contentCollectionSave, { ...base(), url });
      expect(r.errCode, url).toBe(ContentAdminErrCode.badLink);
    }
    const image = await call(ApiPath.contentCollectionSave, { ...base(), imageUrl: ' jav\tascript:x' });
    expect(image.errCode).toBe(ContentAdminErrCode.badLink);
    const noEnd = await call(ApiPath.contentCollectionSave, { ...base(), accessKind: 'trial' }, desk, {
      lang: 'en_US',
    });
    expect(noEnd.errCode).toBe(ContentAdminErrCode.trialEndRequired);
    expect(noEnd.message).toBe('A trial needs the day it ends (today or later)');
    const past = await call(ApiPath.contentCollectionSave, { ...base(), accessKind: 'trial', trialUntil: dayFrom(-1) });
    expect(past.errCode).toBe(ContentAdminErrCode.trialEndRequired);
    const kind = await call(ApiPath.contentCollectionSave, { ...base(), accessKind: 'free' });
    expect(kind.status).toBe(400);
    // A trial end given to a bought resource is not kept.
    const bought = await call<AdminCollection>(ApiPath.contentCollectionSave, { ...base(), trialUntil: dayFrom(5) });
    expect(bought.success).toBe(true);
    expect(bought.data.trialUntil).toBeNull();
    const twice = await call(ApiPath.contentCollectionSave, { ...base(), name: bought.data.name }, desk, {
      lang: 'zh_CN',
    });
    expect(twice.errCode).toBe(ContentAdminErrCode.duplicateName);
  });

  it('a trial added shows in the readers’ trial list with its access kind; hidden, it does not', async () => {
    const saved = await call<AdminCollection>(ApiPath.contentCollectionSave, {
      ...base(),
      nameTw: `資料庫${serial}`,
      accessKind: 'trial',
      trialUntil: dayFrom(30),
      subjects: ['01', '01', '02'],
      description: '试用中',
    });
    expect(saved.success).toBe(true);
    expect(saved.data).toMatchObject({ accessKind: 'trial', trialUntil: dayFrom(30), subjects: ['01', '02'] });
    const trials = async (lang: Lang = 'zh_CN') =>
      envelopeOf<CollectionPage>(
        await t.call({
          url: ApiPath.getTryCollection,
          mappingPath: home.mappingPath,
          lang,
          body: { page: 1, rows: 50 },
        }),
      ).data.list;
    const shown = (await trials()).find((c) => c.collectionId === saved.data.id);
    expect(shown).toMatchObject({ accessKind: 'trial', endDate: dayFrom(30), description: '试用中' });
    expect((await trials('en_US')).find((c) => c.collectionId === saved.data.id)?.collectionName).toBe(
      saved.data.nameEn,
    );
    const hidden = await call<AdminCollection>(ApiPath.contentCollectionHide, {
      id: saved.data.id,
      version: saved.data.version,
      hidden: true,
    });
    expect(hidden.data.hidden).toBe(true);
    expect((await trials()).some((c) => c.collectionId === saved.data.id)).toBe(false);
    const list = await get<AdminCollectionPage>(ApiPath.contentCollections, {
      visibility: 'hidden',
      q: saved.data.name,
    });
    expect(list.data.list.map((c) => c.id)).toEqual([saved.data.id]);
  });

  it('reorder names every e-resource once; deleting is for administrators', async () => {
    const a = await call<AdminCollection>(ApiPath.contentCollectionSave, base());
    const b = await call<AdminCollection>(ApiPath.contentCollectionSave, base());
    const all = (await get<AdminCollectionPage>(ApiPath.contentCollections, { rows: '100' })).data.list.map(
      (c) => c.id,
    );
    const bad = await call(ApiPath.contentCollectionOrder, { ids: all.slice(1) });
    expect(bad.errCode).toBe(ContentAdminErrCode.badOrder);
    const reversed = [...all].reverse();
    expect((await call(ApiPath.contentCollectionOrder, { ids: reversed })).success).toBe(true);
    const after = (await get<AdminCollectionPage>(ApiPath.contentCollections, { rows: '100' })).data.list;
    expect(after.map((c) => c.id)).toEqual(reversed);
    const fresh = after.find((c) => c.id === a.data.id)!;
    const byDesk = await call(ApiPath.contentCollectionDelete, { id: fresh.id, version: fresh.version });
    expect(byDesk.status).toBe(403);
    expect(byDesk.errCode).toBe(StaffErrCode.roleTooLow);
    const stale = await call(ApiPath.contentCollectionDelete, { id: fresh.id, version: fresh.version - 1 }, admin);
    expect(stale.errCode).toBe(ContentAdminErrCode.conflict);
    expect((await call(ApiPath.contentCollectionDelete, { id: fresh.id, version: fresh.version }, admin)).success).toBe(
      true,
    );
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: 'content.collection.delete', target: `e-resource ${fresh.id}` });
    expect(audit.before).toMatchObject({ name: a.data.name });
    expect(b.success).toBe(true);
  });
});

describe('two tabs saving the same item', () => {
  it('the second save, from the version both read, is refused with a translated conflict and changes nothing', async () => {
    const made = await call<AdminCollection>(ApiPath.contentCollectionSave, {
      name: `冲突库${++serial}`,
      url: 'https://c.example/',
      accessKind: 'open',
    });
    const read = made.data;
    const first = await call<AdminCollection>(ApiPath.contentCollectionSave, {
      ...read,
      description: '第一个标签页',
      trialUntil: null,
    });
    expect(first.success).toBe(true);
    expect(first.data.version).toBe(read.version + 1);
    const second = await call(
      ApiPath.contentCollectionSave,
      { ...read, description: '第二个标签页', trialUntil: null },
      desk,
      { lang: 'zh_HK' },
    );
    expect(second.success).toBe(false);
    expect(second.errCode).toBe(ContentAdminErrCode.conflict);
    expect(second.message).toContain('另一個分頁');
    const now = (await get<AdminCollectionPage>(ApiPath.contentCollections, { q: read.name })).data.list[0]!;
    expect(now.description).toBe('第一个标签页');

    const news = await call<AdminNews>(ApiPath.contentNewsSave, { title: '冲突动态' });
    await call(ApiPath.contentNewsPublish, { id: news.data.id, version: news.data.version, published: true });
    const late = await call(ApiPath.contentNewsSave, { ...news.data, title: '后来的' });
    expect(late.errCode).toBe(ContentAdminErrCode.conflict);
    const texts = await get<ContentTexts>(ApiPath.contentTexts);
    expect(
      (await call(ApiPath.contentTextsSave, { version: texts.data.version, texts: { helpHtml: '<p>一</p>' } })).success,
    ).toBe(true);
    const stale = await call(ApiPath.contentTextsSave, {
      version: texts.data.version,
      texts: { helpHtml: '<p>二</p>' },
    });
    expect(stale.errCode).toBe(ContentAdminErrCode.conflict);
  });
});

describe('book lists', () => {
  it('are made unpublished, get records by catalogue search, in order with notes, and show to readers once published', async () => {
    const [r1, r2, r3] = await makeRecords(t, home.id, [
      { title: '书单之书甲', isbn: '9787111111111' },
      { title: '书单之书乙' },
      { title: '书单之书丙' },
    ]);
    const hits = await get<ContentRecordHits>(ApiPath.contentRecordSearch, { q: '书单之书' });
    expect(hits.data.list.map((h) => h.recordId).sort()).toEqual([r1, r2, r3].sort());
    const byIsbn = await get<ContentRecordHits>(ApiPath.contentRecordSearch, { q: '978-7111111111' });
    expect(byIsbn.data.list[0]?.recordId).toBe(r1);

    expect((await call(ApiPath.contentBookListSave, { name: '' })).status).toBe(400);
    const made = await call<AdminBookList>(ApiPath.contentBookListSave, {
      name: `新生书单${++serial}`,
      nameEn: 'Freshers',
      description: '开学必读',
    });
    expect(made.data.published).toBe(false);
    const unknownRecord = await call(ApiPath.contentBookListRecords, {
      id: made.data.id,
      version: made.data.version,
      records: [{ recordId: 999_999 }],
    });
    expect(unknownRecord.errCode).toBe(ContentAdminErrCode.noSuchRecord);
    const withRecords = await call<AdminBookListDetail>(ApiPath.contentBookListRecords, {
      id: made.data.id,
      version: made.data.version,
      records: [
        { recordId: r3, note: '先读这本' },
        { recordId: r1, note: '' },
      ],
    });
    expect(withRecords.data.records.map((r) => [r.recordId, r.note])).toEqual([
      [r3, '先读这本'],
      [r1, ''],
    ]);
    const twice = await call(ApiPath.contentBookListRecords, {
      id: made.data.id,
      version: withRecords.data.version,
      records: [{ recordId: r1 }, { recordId: r1 }],
    });
    expect(twice.status).toBe(400);

    const readerList = async () =>
      envelopeOf<BookListPage>(
        await t.call({
          url: ApiPath.indexBookList,
          mappingPath: home.mappingPath,
          query: { bookListId: String(made.data.id) },
        }),
      );
    expect((await readerList()).success).toBe(false);
    const published = await call<AdminBookList>(ApiPath.contentBookListPublish, {
      id: made.data.id,
      version: withRecords.data.version,
      published: true,
    });
    expect(published.data.published).toBe(true);
    const shown = await readerList();
    expect(shown.success).toBe(true);
    expect(shown.data.list[0]?.records.map((r) => [r.recordId, r.note])).toEqual([
      [r3, '先读这本'],
      [r1, ''],
    ]);
    await call(ApiPath.contentBookListPublish, { id: made.data.id, version: published.data.version, published: false });
    expect((await readerList()).success).toBe(false);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: 'content.bookList.unpublish', before: { published: true } });
  });
});

describe('donation news', () => {
  it('stores its rich text cleaned, and shows to readers only while published', async () => {
    const bad = await call(ApiPath.contentNewsSave, { title: '捐赠', copies: -1 });
    expect(bad.status).toBe(400);
    const made = await call<AdminNews>(ApiPath.contentNewsSave, {
      title: `校友捐书${++serial}`,
      content:
        '<p>感谢<b>校友</b></p><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">链接</a>',
      donorName: '张三',
      copies: 12,
    });
    expect(made.success).toBe(true);
    expect(made.data.content).toBe('<p>感谢<b>校友</b></p><img src="x"><a>链接</a>');
    expect(made.data.published).toBe(false);
    const readerNews = async () =>
      envelopeOf<DonateNewsPage>(
        await t.call({ url: ApiPath.searchDonateNews, mappingPath: home.mappingPath, body: { page: 1, rows: 50 } }),
      ).data.list;
    expect((await readerNews()).some((n) => n.id === made.data.id)).toBe(false);
    const published = await call<AdminNews>(ApiPath.contentNewsPublish, {
      id: made.data.id,
      version: made.data.version,
      published: true,
    });
    const shown = (await readerNews()).find((n) => n.id === made.data.id);
    expect(shown).toMatchObject({ donorName: '张三', copies: 12 });
    expect(shown?.content).not.toMatch(/script|onerror|javascript/);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: 'content.news.publish', target: `donation news ${made.data.id}` });
    expect((await call(ApiPath.contentNewsDelete, { id: made.data.id, version: published.data.version })).status).toBe(
      403,
    );
    expect(
      (await call(ApiPath.contentNewsDelete, { id: made.data.id, version: published.data.version }, admin)).success,
    ).toBe(true);
    expect((await readerNews()).some((n) => n.id === made.data.id)).toBe(false);
  });
});

describe('help and privacy texts', () => {
  it('are saved through the allow-list and reach the readers’ configuration', async () => {
    const tenant = await makeTenant(t);
    const staff = await staffHeader(t, await makeStaff(t, tenant.id, { role: 'staff' }));
    const read = await get<ContentTexts>(ApiPath.contentTexts, {}, staff, tenant);
    expect(Object.keys(read.data.texts).sort()).toEqual(
      [
        'helpHtml',
        'loginExplain',
        'oldPrivacyHtml',
        'pcLspLoginExplain',
        'pcSsoLoginExplain',
        'pcXxtLoginExplain',
        'privacyHtml',
      ].sort(),
    );
    const saved = await call<ContentTexts>(
      ApiPath.contentTextsSave,
      {
        version: read.data.version,
        texts: { privacyHtml: '<h2>隐私</h2><svg><script>alert(1)</script></svg><p style="position:fixed">说明</p>' },
      },
      staff,
      { to: tenant },
    );
    expect(saved.data.texts.privacyHtml).toBe('<h2>隐私</h2><p>说明</p>');
    const config = envelopeOf<SiteConfig>(
      await t.call({ url: ApiPath.getFindConfig, mappingPath: tenant.mappingPath }),
    ).data;
    expect(config.privacyHtml).toBe('<h2>隐私</h2><p>说明</p>');
    const audit = await lastAudit(tenant.id);
    expect(audit).toMatchObject({ action: 'content.texts.update', target: 'privacyHtml', before: { privacyHtml: '' } });
  });
});

/** A small but real PDF: header, one empty page, cross-reference table, trailer. */
function smallPdf(): Buffer {
  const objects = [
    '1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n',
    '2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n',
    '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj\n',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const o of objects) {
    offsets.push(body.length);
    body += o;
  }
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) body += `${String(o).padStart(10, '0')} 00000 n \n`;
  body += `trailer <</Size ${objects.length + 1} /Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A ZIP file (stored, no compression) with the named entries. */
function zipOf(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

describe('attachment files judged by their content', () => {
  it('knows the accepted kinds and refuses the rest whatever they are called', () => {
    expect(attachmentKindOf(smallPdf())).toBe('pdf');
    expect(attachmentKindOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('jpeg');
    expect(attachmentKindOf(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'))).toBe('png');
    expect(attachmentKindOf(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]))).toBe(
      'webp',
    );
    expect(attachmentKindOf(Buffer.from('目录\n第一章 绪论\t1\r\n', 'utf8'))).toBe('text');
    const docx = zipOf({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' });
    expect(zipEntryNames(docx)).toEqual(['[Content_Types].xml', 'word/document.xml']);
    expect(attachmentKindOf(docx)).toBe('docx');
    expect(attachmentKindOf(zipOf({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' }))).toBe(
      'xlsx',
    );
    // Refused: a program, HTML and SVG as text, a plain ZIP, a macro workbook, an old binary Office file, Latin-1 text.
    const refused = {
      exe: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)]),
      html: Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>'),
      htmlLater: Buffer.from('Contents\n\n<script>alert(1)</script>'),
      svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      zip: zipOf({ 'readme.txt': 'hello' }),
      macros: zipOf({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<w/>', 'xl/vbaProject.bin': 'x' }),
      ole: Buffer.from('d0cf11e0a1b11ae1', 'hex'),
      latin1: Buffer.from([0x63, 0x61, 0x66, 0xe9]),
      binary: Buffer.from([0x41, 0x00, 0x42]),
    };
    for (const [name, bytes] of Object.entries(refused)) expect(attachmentKindOf(bytes), name).toBeNull();
  });

  it('downloads under a safe name with the kind’s extension', () => {
    expect(dispositionOf('目录', 'pdf')).toBe(
      `attachment; filename="__.pdf"; filename*=UTF-8''${encodeURIComponent('目录.pdf')}`,
    );
    expect(dispositionOf('a"b\r\n.pdf', 'pdf')).toBe(`attachment; filename="a_b__.pdf"; filename*=UTF-8''a_b__.pdf`);
    expect(dispositionOf('cover.jpeg', 'jpeg')).toContain('filename="cover.jpeg"');
  });
});

describe('attachments of records', () => {
  const upload = (
    recordId: number,
    bytes: Buffer,
    opts: { name?: string; type?: string; headers?: Record<string, string>; to?: MadeTenant; lang?: Lang } = {},
  ) =>
    t.app
      .inject({
        method: 'POST',
        url: ApiPath.contentAttachmentUpload,
        query: { recordId: String(recordId), name: opts.name ?? '目录', kind: 'toc' },
        headers: {
          mappingPath: (opts.to ?? home).mappingPath,
          'content-type': opts.type ?? 'application/pdf',
          'content-language': opts.lang ?? 'zh_CN',
          ...(opts.headers ?? desk),
        },
        payload: bytes,
      })
      .then((res) => ({ status: res.statusCode, ...envelopeOf<AdminAttachment>(res) }));

  it('accepts a real small PDF, lists it to readers and serves it as a download', async () => {
    const [recordId] = await makeRecords(t, home.id, [{ title: '有附件的书' }]);
    const pdf = smallPdf();
    const up = await upload(recordId, pdf, { name: '目录' });
    expect(up.success, up.message).toBe(true);
    expect(up.data).toMatchObject({ name: '目录', kind: 'toc', size: pdf.length, contentType: 'application/pdf' });
    const audit = await lastAudit();
    expect(audit.action).toBe('content.attachment.upload');
    expect(JSON.stringify(audit.after)).not.toContain('%PDF');

    const readers = envelopeOf<AttachmentsResponse>(
      await t.call({ url: ApiPath.getAttachmentList, mappingPath: home.mappingPath, body: { recordId } }),
    ).data;
    expect(readers.list).toEqual([
      { attachmentId: up.data.attachmentId, name: '目录', url: up.data.url, kind: 'toc', size: pdf.length },
    ]);
    const file = await t.app.inject({ method: 'GET', url: up.data.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('attachment;');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(pdf)).toBe(true);
    // Another institution's address for the same id: nothing.
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: ApiPath.attachmentFile,
      query: { mappingPath: other.mappingPath, attachmentId: String(up.data.attachmentId) },
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('refuses a renamed program or HTML page, an empty file and one over 20 MB', async () => {
    const [recordId] = await makeRecords(t, home.id, [{ title: '拒绝附件的书' }]);
    const exe = await upload(recordId, Buffer.concat([Buffer.from('MZ'), Buffer.alloc(500)]), { name: '目录.pdf' });
    expect(exe.errCode).toBe(ContentAdminErrCode.fileTypeRefused);
    const html = await upload(recordId, Buffer.from('<html><script>alert(1)</script></html>'), {
      name: 'notes.txt',
      type: 'text/plain',
      lang: 'en_US',
    });
    expect(html.errCode).toBe(ContentAdminErrCode.fileTypeRefused);
    expect(html.message).toContain('judged by its content');
    const empty = await upload(recordId, Buffer.alloc(0), { type: 'application/octet-stream' });
    expect([ContentAdminErrCode.fileEmpty, ContentAdminErrCode.fileTypeRefused]).toContain(empty.errCode);
    const big = Buffer.concat([smallPdf(), Buffer.alloc(20 * 1024 * 1024)]);
    const tooBig = await upload(recordId, big);
    expect(tooBig.success).toBe(false);
    expect(tooBig.errCode).toBe(ContentAdminErrCode.fileTooLarge);
    const list = await get<AdminAttachments>(ApiPath.contentAttachments, { recordId: String(recordId) });
    expect(list.data.list).toEqual([]);
    const noRecord = await upload(999_999, smallPdf());
    expect(noRecord.errCode).toBe(ContentAdminErrCode.noSuchRecord);
  });

  it('are renamed, reordered and deleted (administrators), with conflicts and audit rows', async () => {
    const [recordId] = await makeRecords(t, home.id, [{ title: '多附件的书' }]);
    const a = (await upload(recordId, smallPdf(), { name: '甲' })).data;
    const b = (await upload(recordId, Buffer.from('第二个附件\n'), { name: '乙', type: 'text/plain' })).data;
    expect(b.contentType).toBe('text/plain; charset=utf-8');
    const renamed = await call<AdminAttachment>(ApiPath.contentAttachmentUpdate, {
      attachmentId: a.attachmentId,
      version: a.version,
      name: '甲（新）',
      kind: 'preview',
    });
    expect(renamed.data).toMatchObject({ name: '甲（新）', kind: 'preview' });
    const stale = await call(ApiPath.contentAttachmentUpdate, {
      attachmentId: a.attachmentId,
      version: a.version,
      name: '旧标签页',
      kind: 'other',
    });
    expect(stale.errCode).toBe(ContentAdminErrCode.conflict);
    expect((await lastAudit()).before).toEqual({ name: '甲', kind: 'toc' });
    await call(ApiPath.contentAttachmentOrder, { recordId, ids: [b.attachmentId, a.attachmentId] });
    const listed = await get<AdminAttachments>(ApiPath.contentAttachments, { recordId: String(recordId) });
    expect(listed.data.list.map((x) => x.name)).toEqual(['乙', '甲（新）']);
    const last = listed.data.list[0]!;
    expect(
      (await call(ApiPath.contentAttachmentDelete, { attachmentId: last.attachmentId, version: last.version })).status,
    ).toBe(403);
    const gone = await call(
      ApiPath.contentAttachmentDelete,
      { attachmentId: last.attachmentId, version: last.version },
      admin,
    );
    expect(gone.success).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: b.url })).statusCode).toBe(404);
  });
});

describe('the institution’s walls', () => {
  it('staff of another institution are refused every content call here, and see nothing of it at their own', async () => {
    const made = await call<AdminCollection>(ApiPath.contentCollectionSave, {
      name: `墙内库${++serial}`,
      url: 'https://wall.example/',
      accessKind: 'formal',
    });
    const refused = await call(
      ApiPath.contentCollectionHide,
      { id: made.data.id, version: made.data.version, hidden: true },
      otherAdmin,
    );
    expect(refused.status).toBe(403);
    expect(refused.errCode).toBe(StaffErrCode.otherInstitution);
    // At their own institution the id names nothing of theirs.
    const atOwn = await call(
      ApiPath.contentCollectionHide,
      { id: made.data.id, version: made.data.version, hidden: true },
      otherAdmin,
      { to: other },
    );
    expect(atOwn.errCode).toBe(ContentAdminErrCode.noSuchCollection);
    const list = await get<AdminCollectionPage>(ApiPath.contentCollections, { q: made.data.name }, otherAdmin, other);
    expect(list.data.list).toEqual([]);
    const [recordId] = await makeRecords(t, home.id, [{ title: '本馆之书' }]);
    const upOther = await upload2(recordId, otherAdmin, other);
    expect(upOther.errCode).toBe(ContentAdminErrCode.noSuchRecord);
    const anonymous = await t.call({ url: ApiPath.contentTexts, mappingPath: home.mappingPath });
    expect(anonymous.statusCode).toBe(401);
    expect(desk[STAFF_TOKEN_HEADER]).toBeTruthy();
  });
});

async function upload2(recordId: number, headers: Record<string, string>, to: MadeTenant) {
  const res = await t.app.inject({
    method: 'POST',
    url: ApiPath.contentAttachmentUpload,
    query: { recordId: String(recordId), name: 'x' },
    headers: { mappingPath: to.mappingPath, 'content-type': 'application/pdf', ...headers },
    payload: smallPdf(),
  });
  return envelopeOf(res);
}
