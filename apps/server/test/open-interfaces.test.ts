import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import oaiPmh from 'oai-pmh';
import { findSitemapChunks } from '../src/modules/open-interfaces/open-interfaces-repository.js';
import { OAI_PAGE } from '../src/modules/open-interfaces/oai-service.js';
import { createTestApp, type TestApp } from './helpers.js';
import { makeRecords, makeTenant, type MadeTenant } from './support/factories.js';

/**
 * The open interfaces (issue 30): OAI-PMH 2.0 (every verb and error, both formats, sets, deleted
 * records, resumption tokens across a catalogue that changes meanwhile, a harvest by the `oai-pmh`
 * client from npm over HTTP), OpenSearch (description, Atom/RSS results, suggestions), sitemaps and
 * robots.txt, the new-arrivals feed, and the JSON-LD and links put into pages; each institution sees
 * only its own records.
 */

let t: TestApp;
let home: MadeTenant;
let other: MadeTenant;
let empty: MadeTenant;
let ids: { book: number; journal: number; thesis: number; csv: number; hidden: number; gone: number };
let otherId: number;

const MARC =
  '00000nam a2200000 i 4500\n001\u001cT1\n245' + '10\u001daOAI 测试之书 <&>\u001dcby 张三\n100' + '1 \u001da张三';

beforeAll(async () => {
  const web = mkdtempSync(path.join(tmpdir(), 'h6-web-'));
  writeFileSync(
    path.join(web, 'index.html'),
    '<!doctype html><html><head><title>OpenFind</title></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ seed: false, webDist: web });
  home = await makeTenant(t);
  other = await makeTenant(t);
  empty = await makeTenant(t);
  const [book, journal, thesis, csv, hidden, gone] = await makeRecords(t, home.id, [
    {
      title: 'OAI 测试之书 <&>',
      author: '张三著',
      authors: ['张三'],
      isbn: '9787111213826',
      publisher: '机械工业出版社',
      publishYear: '2021',
      subjects: ['计算机科学'],
      clcClasses: ['TP311'],
      docCode: '1',
      abstract: '一本\u0001测试的书',
      marc: MARC,
      items: [{ inDate: '2026-01-05' }],
    },
    { title: '计算机学报', docCode: '2', issn: '0254-4164', clcClasses: ['TP3'], publisher: '科学出版社' },
    {
      title: '基于深度学习的图像识别研究',
      docCode: '3',
      authors: ['李四'],
      clcClasses: ['TP391'],
      publishYear: '2023',
    },
    { title: '经济学原理', sourceFormat: 'csv', clcClasses: ['F0'], items: [{ inDate: '2026-01-04' }] },
    { title: '已隐藏的书', clcClasses: ['I24'] },
    { title: '将删除的书', clcClasses: ['K20'] },
  ]);
  ids = { book, journal, thesis, csv, hidden, gone };
  [otherId] = await makeRecords(t, other.id, [{ title: '别馆之书', clcClasses: ['TP3'] }]);
  await sql`UPDATE bib_record SET suppressed = true, updated_at = now() WHERE tenant_id = ${home.id} AND record_id = ${hidden}`.execute(
    t.db.kysely,
  );
  // As the console's delete does (catalogue-admin-repository deleteRecord).
  await t.db.kysely.deleteFrom('bib_record').where('tenant_id', '=', home.id).where('record_id', '=', gone).execute();
});
afterAll(async () => t?.close());

const oaiUrl = (tenant: MadeTenant) => `/${tenant.mappingPath}/oai`;
async function oai(tenant: MadeTenant, args: Record<string, string>) {
  const res = await t.app.inject({ url: `${oaiUrl(tenant)}?${new URLSearchParams(args).toString()}` });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/xml/);
  wellFormed(res.body);
  return res.body;
}
const errorOf = (body: string) => /<error code="([^"]+)">/.exec(body)?.[1];
const all = (body: string, re: RegExp) => [...body.matchAll(re)].map((m) => m[1]!);
const identifierOf = (tenant: MadeTenant, id: number) => `oai:localhost:${tenant.mappingPath}/${id}`;

function wellFormed(xml: string) {
  const parser = new SaxesParser({ xmlns: true });
  parser.on('error', (e) => {
    throw e;
  });
  parser.write(xml).close();
}

describe('OAI-PMH', () => {
  it('Identify names the institution, the granularity, persistent deletions and the earliest datestamp', async () => {
    const body = await oai(home, { verb: 'Identify' });
    expect(body).toContain(`<repositoryName>${home.name}</repositoryName>`);
    expect(body).toContain(`<baseURL>http://localhost:80/${home.mappingPath}/oai</baseURL>`);
    expect(body).toContain('<protocolVersion>2.0</protocolVersion>');
    expect(body).toContain('<deletedRecord>persistent</deletedRecord>');
    expect(body).toContain('<granularity>YYYY-MM-DDThh:mm:ssZ</granularity>');
    expect(body).toMatch(/<earliestDatestamp>\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z<\/earliestDatestamp>/);
    expect(body).toMatch(/<adminEmail>webmaster@localhost<\/adminEmail>/);
    expect(body).toMatch(/<request verb="Identify">/);
  });

  it('ListMetadataFormats: both formats; per item, marc21 only where MARC 21 is kept', async () => {
    expect(all(await oai(home, { verb: 'ListMetadataFormats' }), /<metadataPrefix>([^<]+)/g)).toEqual([
      'oai_dc',
      'marc21',
    ]);
    const marc = await oai(home, { verb: 'ListMetadataFormats', identifier: identifierOf(home, ids.book) });
    expect(all(marc, /<metadataPrefix>([^<]+)/g)).toEqual(['oai_dc', 'marc21']);
    const csv = await oai(home, { verb: 'ListMetadataFormats', identifier: identifierOf(home, ids.csv) });
    expect(all(csv, /<metadataPrefix>([^<]+)/g)).toEqual(['oai_dc']);
    const missing = await oai(home, { verb: 'ListMetadataFormats', identifier: 'oai:localhost:nope/1' });
    expect(errorOf(missing)).toBe('idDoesNotExist');
  });

  it('ListSets: document types and CLC top classes of the catalogue; none for an empty one', async () => {
    const body = await oai(home, { verb: 'ListSets' });
    const specs = all(body, /<setSpec>([^<]+)/g);
    expect(specs).toEqual(expect.arrayContaining(['doc', 'doc:1', 'doc:2', 'doc:3', 'clc', 'clc:T', 'clc:F']));
    expect(body).toContain('工业技术');
    expect(errorOf(await oai(empty, { verb: 'ListSets' }))).toBe('noSetHierarchy');
    expect(errorOf(await oai(empty, { verb: 'ListRecords', metadataPrefix: 'oai_dc', set: 'doc:1' }))).toBe(
      'noSetHierarchy',
    );
    expect(errorOf(await oai(home, { verb: 'ListSets', resumptionToken: 'abc' }))).toBe('badResumptionToken');
  });

  it('GetRecord in oai_dc: Dublin Core from the record, escaped, with ISBN and the record page', async () => {
    const body = await oai(home, {
      verb: 'GetRecord',
      identifier: identifierOf(home, ids.book),
      metadataPrefix: 'oai_dc',
    });
    expect(body).toContain(`<identifier>${identifierOf(home, ids.book)}</identifier>`);
    expect(body).toContain('<dc:title>OAI 测试之书 &lt;&amp;&gt;</dc:title>');
    expect(body).toContain('<dc:creator>张三</dc:creator>');
    expect(body).toContain('<dc:identifier>URN:ISBN:9787111213826</dc:identifier>');
    expect(body).toContain(`/${home.mappingPath}/searchList/bookDetails/${ids.book}</dc:identifier>`);
    expect(body).toContain('<dc:subject>CLC: TP311</dc:subject>');
    expect(body).toContain('<dc:type>Text</dc:type><dc:type>Book</dc:type>');
    // A control character of the catalogue is dropped, not written (XML 1.0 cannot carry it).
    expect(body).toContain('<dc:description>一本测试的书</dc:description>');
    expect(all(body, /<setSpec>([^<]+)/g)).toEqual(['doc:1', 'clc:T']);
  });

  it('GetRecord in marc21: the kept record as MARCXML; refused for a record without MARC 21', async () => {
    const body = await oai(home, {
      verb: 'GetRecord',
      identifier: identifierOf(home, ids.book),
      metadataPrefix: 'marc21',
    });
    expect(body).toContain('<marc:record xmlns:marc="http://www.loc.gov/MARC21/slim"');
    expect(body).toContain('<marc:leader>00000nam a2200000 i 4500</marc:leader>');
    expect(body).toContain('<marc:controlfield tag="001">T1</marc:controlfield>');
    expect(body).toContain(
      '<marc:datafield tag="245" ind1="1" ind2="0"><marc:subfield code="a">OAI 测试之书 &lt;&amp;&gt;</marc:subfield>',
    );
    const csv = await oai(home, {
      verb: 'GetRecord',
      identifier: identifierOf(home, ids.csv),
      metadataPrefix: 'marc21',
    });
    expect(errorOf(csv)).toBe('cannotDisseminateFormat');
    const unknown = await oai(home, {
      verb: 'GetRecord',
      identifier: identifierOf(home, ids.book),
      metadataPrefix: 'mods',
    });
    expect(errorOf(unknown)).toBe('cannotDisseminateFormat');
    // The request element echoes valid arguments.
    expect(unknown).toContain('metadataPrefix="mods"');
  });

  it('deleted and suppressed records are headers with status="deleted" and no metadata', async () => {
    const gone = await oai(home, {
      verb: 'GetRecord',
      identifier: identifierOf(home, ids.gone),
      metadataPrefix: 'oai_dc',
    });
    expect(gone).toMatch(
      /<header status="deleted"><identifier>[^<]+<\/identifier><datestamp>[^<]+<\/datestamp><setSpec>doc:1<\/setSpec><setSpec>clc:K<\/setSpec><\/header>/,
    );
    expect(gone).not.toContain('<metadata>');
    const hidden = await oai(home, {
      verb: 'GetRecord',
      identifier: identifierOf(home, ids.hidden),
      metadataPrefix: 'oai_dc',
    });
    expect(hidden).toContain('<header status="deleted">');
    const list = await oai(home, { verb: 'ListIdentifiers', metadataPrefix: 'oai_dc' });
    expect(list).toContain(`status="deleted"><identifier>${identifierOf(home, ids.gone)}`);
    expect(list).toContain(`status="deleted"><identifier>${identifierOf(home, ids.hidden)}`);
  });

  it("another institution's records do not exist here, and its tombstones stay its own", async () => {
    const body = await oai(home, {
      verb: 'GetRecord',
      identifier: identifierOf(home, otherId),
      metadataPrefix: 'oai_dc',
    });
    expect(errorOf(body)).toBe('idDoesNotExist');
    const asOther = await oai(home, {
      verb: 'GetRecord',
      identifier: identifierOf(other, otherId),
      metadataPrefix: 'oai_dc',
    });
    expect(errorOf(asOther)).toBe('idDoesNotExist');
    const list = await oai(other, { verb: 'ListIdentifiers', metadataPrefix: 'oai_dc' });
    expect(all(list, /<identifier>([^<]+)/g)).toEqual([identifierOf(other, otherId)]);
  });

  it('sets select: a document type, a CLC top class; a set with no records is noRecordsMatch', async () => {
    const theses = await oai(home, { verb: 'ListIdentifiers', metadataPrefix: 'oai_dc', set: 'doc:3' });
    expect(all(theses, /<identifier>([^<]+)/g)).toEqual([identifierOf(home, ids.thesis)]);
    const t3 = await oai(home, { verb: 'ListIdentifiers', metadataPrefix: 'oai_dc', set: 'clc:T' });
    expect(
      all(t3, /<identifier>[^<]+\/(\d+)</g)
        .map(Number)
        .sort(),
    ).toEqual([ids.book, ids.journal, ids.thesis].sort());
    expect(errorOf(await oai(home, { verb: 'ListIdentifiers', metadataPrefix: 'oai_dc', set: 'clc:Z' }))).toBe(
      'noRecordsMatch',
    );
    expect(errorOf(await oai(home, { verb: 'ListIdentifiers', metadataPrefix: 'oai_dc', set: 'x y' }))).toBe(
      'badArgument',
    );
    // marc21 lists only records with MARC 21 kept (and the deleted ones).
    const marc = await oai(home, { verb: 'ListIdentifiers', metadataPrefix: 'marc21' });
    expect(marc).toContain(identifierOf(home, ids.book));
    expect(marc).not.toContain(identifierOf(home, ids.csv) + '<');
  });

  it('from/until in either granularity; until before every record is noRecordsMatch', async () => {
    const day = new Date().toISOString().slice(0, 10);
    const today = await oai(home, { verb: 'ListIdentifiers', metadataPrefix: 'oai_dc', from: day, until: day });
    expect(all(today, /<identifier>([^<]+)/g)).toHaveLength(6);
    expect(errorOf(await oai(home, { verb: 'ListIdentifiers', metadataPrefix: 'oai_dc', until: '2000-01-01' }))).toBe(
      'noRecordsMatch',
    );
    const future = new Date(Date.now() + 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    expect(errorOf(await oai(home, { verb: 'ListIdentifiers', metadataPrefix: 'oai_dc', from: future }))).toBe(
      'noRecordsMatch',
    );
    const mixed = await oai(home, { verb: 'ListRecords', metadataPrefix: 'oai_dc', from: day, until: future });
    expect(errorOf(mixed)).toBe('badArgument');
    expect(mixed).toMatch(/<request>[^<]+<\/request>/);
  });

  it('answers every bad request with its protocol error', async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, 'badVerb'],
      [{ verb: 'ListEverything' }, 'badVerb'],
      [{ verb: 'Identify', set: 'doc' }, 'badArgument'],
      [{ verb: 'ListRecords' }, 'badArgument'],
      [{ verb: 'GetRecord', metadataPrefix: 'oai_dc' }, 'badArgument'],
      [{ verb: 'ListRecords', metadataPrefix: 'oai_dc', from: '2024-13-01' }, 'badArgument'],
      [{ verb: 'ListRecords', metadataPrefix: 'oai_dc', from: '2024-01-01T00:00Z' }, 'badArgument'],
      [{ verb: 'ListRecords', metadataPrefix: 'oai_dc', from: '2024-02-01', until: '2024-01-01' }, 'badArgument'],
      [{ verb: 'ListRecords', resumptionToken: 'x', metadataPrefix: 'oai_dc' }, 'badArgument'],
      [{ verb: 'ListRecords', resumptionToken: '!!' }, 'badResumptionToken'],
      [{ verb: 'ListRecords', resumptionToken: Buffer.from('[1,2]').toString('base64url') }, 'badResumptionToken'],
      [{ verb: 'ListRecords', metadataPrefix: 'dc' }, 'cannotDisseminateFormat'],
      [{ verb: 'GetRecord', metadataPrefix: 'oai_dc', identifier: 'oai:localhost:x/abc' }, 'idDoesNotExist'],
    ];
    for (const [args, code] of cases) {
      const body = await oai(home, args);
      expect(errorOf(body), JSON.stringify(args)).toBe(code);
      // badVerb and badArgument echo no arguments (protocol §3.6).
      if (code === 'badVerb' || code === 'badArgument') expect(body).toMatch(/<request>http[^<]+<\/request>/);
    }
    const repeated = await t.app.inject({ url: `${oaiUrl(home)}?verb=Identify&verb=Identify` });
    expect(errorOf(repeated.body)).toBe('badVerb');
    const twice = await t.app.inject({ url: `${oaiUrl(home)}?verb=ListSets&resumptionToken=a&resumptionToken=b` });
    expect(errorOf(twice.body)).toBe('badArgument');
  });

  it('takes POST with form-encoded arguments; an unknown institution is a 404', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: oaiUrl(home),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `verb=GetRecord&metadataPrefix=oai_dc&identifier=${encodeURIComponent(identifierOf(home, ids.book))}`,
    });
    expect(res.body).toContain('<dc:title>');
    expect((await t.app.inject({ url: '/nosuchlib/oai?verb=Identify' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/find/oai?verb=Identify' })).statusCode).toBe(404);
  });

  it('a tenant deleted with its catalogue leaves no tombstone behind', async () => {
    const gone = await makeTenant(t);
    await makeRecords(t, gone.id, [{ title: '随馆删除' }]);
    await t.db.kysely.deleteFrom('tenant').where('id', '=', gone.id).execute();
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM oai_tombstone WHERE tenant_id = ${gone.id}`.execute(t.db.kysely);
    expect(rows[0]!.n).toBe(0);
    t.services.tenants.invalidate();
  });
});

describe('OAI-PMH resumption tokens', () => {
  let big: MadeTenant;
  /** The catalogue the harvest that adds and changes records works on; `big` stays as set up. */
  let busy: MadeTenant;
  const N = OAI_PAGE.ListRecords * 2 + 17;

  beforeAll(async () => {
    big = await makeTenant(t);
    busy = await makeTenant(t);
    // One batch: every record has the same updated_at, so only the record id orders them.
    for (const tenant of [big, busy])
      await makeRecords(
        t,
        tenant.id,
        Array.from({ length: N }, (_, i) => ({ title: `分页记录 ${i}`, clcClasses: [i % 2 ? 'TP3' : 'I24'] })),
      );
  });

  async function harvest(
    args: Record<string, string>,
    between?: (page: number) => Promise<void>,
    tenant: MadeTenant = big,
  ) {
    const seen: string[] = [];
    const tokens: { cursor: number; size: number }[] = [];
    let body = await oai(tenant, { verb: 'ListRecords', ...args });
    let page = 0;
    for (;;) {
      seen.push(...all(body, /<identifier>([^<]+)/g));
      const token = /<resumptionToken completeListSize="(\d+)" cursor="(\d+)"(?:\/>|>([^<]*)<)/.exec(body);
      if (!token) break;
      tokens.push({ size: Number(token[1]), cursor: Number(token[2]) });
      if (!token[3]) break;
      page++;
      if (between) await between(page);
      body = await oai(tenant, { verb: 'ListRecords', resumptionToken: token[3] });
    }
    return { seen, tokens, responseDate: /<responseDate>([^<]+)/.exec(body)![1]! };
  }

  it('pages through the whole list: cursor and completeListSize, no duplicates, no gaps', async () => {
    const { seen, tokens } = await harvest({ metadataPrefix: 'oai_dc' });
    expect(seen).toHaveLength(N);
    expect(new Set(seen).size).toBe(N);
    expect(tokens.map((x) => x.cursor)).toEqual([0, OAI_PAGE.ListRecords, OAI_PAGE.ListRecords * 2]);
    expect(tokens.every((x) => x.size === N)).toBe(true);
  });

  it('records added or changed during a harvest neither repeat nor shift it; the next harvest from its date has them', async () => {
    const start = new Date(Date.now() - 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    let added: number[] = [];
    let changed = 0;
    const { seen } = await harvest(
      { metadataPrefix: 'oai_dc', set: 'clc:T' },
      async (page) => {
        if (page !== 1) return;
        added = await makeRecords(t, busy.id, [
          { title: '新到 1', clcClasses: ['TP3'] },
          { title: '新到 2', clcClasses: ['TP3'] },
        ]);
        // A record already harvested changes: it moves past the harvest's bound and is not sent again.
        const { rows } = await sql<{
          record_id: number;
        }>`UPDATE bib_record SET updated_at = now(), title = title || '（修订）'
        WHERE record_id = (SELECT min(record_id) FROM bib_record WHERE tenant_id = ${busy.id} AND 'TP3' = ANY(clc_classes))
        AND tenant_id = ${busy.id} RETURNING record_id`.execute(t.db.kysely);
        changed = rows[0]!.record_id;
      },
      busy,
    );
    const half = Math.floor(N / 2);
    expect(seen).toHaveLength(half);
    expect(new Set(seen).size).toBe(half);
    for (const id of added) expect(seen).not.toContain(identifierOf(busy, id));
    const next = await harvest({ metadataPrefix: 'oai_dc', set: 'clc:T', from: start }, undefined, busy);
    const ids2 = next.seen.map((s) => Number(s.split('/').pop()));
    expect(ids2).toEqual(expect.arrayContaining([...added, changed]));
  });

  it('a token of ListRecords is refused by ListIdentifiers', async () => {
    const body = await oai(big, { verb: 'ListRecords', metadataPrefix: 'oai_dc' });
    const token = /<resumptionToken[^>]*>([^<]+)</.exec(body)![1]!;
    expect(errorOf(await oai(big, { verb: 'ListIdentifiers', resumptionToken: token }))).toBe('badResumptionToken');
  });

  it('a harvest by the oai-pmh client from npm, over HTTP, gets every record once', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const client = new oaiPmh.OaiPmh(`${address}/${big.mappingPath}/oai`, { retry: false });
      const info = (await client.identify()) as { repositoryName: string; granularity: string };
      expect(info.repositoryName).toBe(big.name);
      expect(info.granularity).toBe('YYYY-MM-DDThh:mm:ssZ');
      const { rows } = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM bib_record WHERE tenant_id = ${big.id}`.execute(t.db.kysely);
      const got: string[] = [];
      for await (const record of client.listRecords({ metadataPrefix: 'oai_dc' }) as AsyncIterable<{
        header: { identifier: string };
        metadata: { 'oai_dc:dc': { 'dc:title': string } };
      }>) {
        got.push(record.header.identifier);
        expect(record.metadata['oai_dc:dc']['dc:title']).toMatch(/分页记录|新到/);
      }
      expect(got).toHaveLength(rows[0]!.n);
      expect(new Set(got).size).toBe(rows[0]!.n);
      const ids2: string[] = [];
      for await (const h of client.listIdentifiers({ metadataPrefix: 'oai_dc', set: 'clc:I' }) as AsyncIterable<{
        identifier: string;
      }>)
        ids2.push(h.identifier);
      expect(ids2.length).toBe(N - Math.floor(N / 2));
      const one = (await client.getRecord(got[0]!, 'marc21').catch((e: { code?: string }) => e)) as { code?: string };
      expect(one.code).toBe('cannotDisseminateFormat');
      const sets = [];
      for await (const s of client.listSets() as AsyncIterable<{ setSpec: string }>) sets.push(s.setSpec);
      expect(sets).toEqual(expect.arrayContaining(['doc:1', 'clc:I', 'clc:T']));
    } finally {
      await t.app.server.close();
    }
  });
});

describe('OpenSearch', () => {
  it('describes the institution: HTML, Atom and RSS results, suggestions', async () => {
    const res = await t.app.inject({ url: `/${home.mappingPath}/opensearch.xml` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/opensearchdescription\+xml/);
    wellFormed(res.body);
    const base = `http://localhost:80/${home.mappingPath}`;
    expect(res.body).toContain(`<ShortName>${home.name}</ShortName>`);
    expect(res.body).toContain(
      `template="${base}/searchList?searchField=keyWord&amp;searchFieldContent={searchTerms}&amp;page={startPage?}"`,
    );
    expect(res.body).toContain(`type="application/atom+xml" template="${base}/opensearch/search?format=atom`);
    expect(res.body).toContain(
      `type="application/x-suggestions+json" template="${base}/opensearch/suggest?q={searchTerms}"`,
    );
    expect((await t.app.inject({ url: '/nosuchlib/opensearch.xml' })).statusCode).toBe(404);
  });

  it("answers a search as Atom or RSS with OpenSearch's counts, the institution's records only", async () => {
    const atom = await t.app.inject({
      url: `/${home.mappingPath}/opensearch/search?q=${encodeURIComponent('计算机学报')}`,
    });
    expect(atom.statusCode).toBe(200);
    expect(atom.headers['content-type']).toMatch(/^application\/atom\+xml/);
    wellFormed(atom.body);
    expect(atom.body).toMatch(/<opensearch:totalResults>[1-9]\d*<\/opensearch:totalResults>/);
    expect(atom.body).toContain(`/searchList/bookDetails/${ids.journal}`);
    const rss = await t.app.inject({
      url: `/${other.mappingPath}/opensearch/search?format=rss&q=${encodeURIComponent('计算机学报')}`,
    });
    wellFormed(rss.body);
    expect(rss.body).toContain('<rss version="2.0"');
    expect(rss.body).toContain('<opensearch:totalResults>0</opensearch:totalResults>');
    expect(rss.body).not.toContain(`bookDetails/${ids.journal}`);
  });

  it('suggests as the reader types (the suggestions extension)', async () => {
    const res = await t.app.inject({ url: `/${home.mappingPath}/opensearch/suggest?q=${encodeURIComponent('计算')}` });
    expect(res.headers['content-type']).toMatch(/^application\/x-suggestions\+json/);
    const [q, list] = res.json<[string, string[]]>();
    expect(q).toBe('计算');
    expect(Array.isArray(list)).toBe(true);
    expect((await t.app.inject({ url: `/${home.mappingPath}/opensearch/suggest` })).json()).toEqual(['', []]);
  });
});

describe('sitemaps and robots.txt', () => {
  it('an index names the pages and the record files; record files list visible records with lastmod', async () => {
    const index = await t.app.inject({ url: `/${home.mappingPath}/sitemap.xml` });
    expect(index.statusCode).toBe(200);
    wellFormed(index.body);
    const base = `http://localhost:80/${home.mappingPath}`;
    expect(index.body).toContain(`<loc>${base}/sitemap.xml?part=pages</loc>`);
    expect(index.body).toMatch(new RegExp(`<loc>${base}/sitemap.xml\\?part=records-1</loc><lastmod>\\d{4}-`));
    const pages = await t.app.inject({ url: `/${home.mappingPath}/sitemap.xml?part=pages` });
    expect(pages.body).toContain(`<loc>${base}/newBookInform</loc>`);
    const records = await t.app.inject({ url: `/${home.mappingPath}/sitemap.xml?part=records-1` });
    wellFormed(records.body);
    expect(records.body).toContain(`<loc>${base}/searchList/bookDetails/${ids.book}</loc><lastmod>`);
    expect(records.body).not.toContain(`bookDetails/${ids.hidden}<`);
    expect(records.body).not.toContain(`bookDetails/${otherId}<`);
    expect((await t.app.inject({ url: `/${home.mappingPath}/sitemap.xml?part=records-2` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/${home.mappingPath}/sitemap.xml?part=x` })).statusCode).toBe(404);
  });

  it('splits the record files at the size given, in id order', async () => {
    const chunks = await findSitemapChunks(t.db.kysely, home.id, 2);
    // Four visible records (the hidden and the deleted ones are not), two to a file.
    expect(chunks.map((c) => c.chunk)).toEqual([1, 2]);
  });

  it("robots.txt keeps crawlers off the API and names every institution's sitemap", async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Disallow: /find/');
    expect(res.body).toContain(`Sitemap: http://localhost:80/${home.mappingPath}/sitemap.xml`);
    expect(res.body).toContain(`Sitemap: http://localhost:80/${other.mappingPath}/sitemap.xml`);
  });
});

describe('new arrivals feed', () => {
  it('lists the newest arrivals as Atom, of all classes or one; refuses a malformed class', async () => {
    const res = await t.app.inject({ url: `/${home.mappingPath}/feeds/new-arrivals.atom` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/atom\+xml/);
    wellFormed(res.body);
    expect(res.body).toContain('<title>OAI 测试之书 &lt;&amp;&gt;</title>');
    expect(res.body).toContain(
      `<link rel="alternate" type="text/html" href="http://localhost:80/${home.mappingPath}/searchList/bookDetails/${ids.book}"/>`,
    );
    expect(res.body).toContain('<updated>2026-01-05T00:00:00Z</updated>');
    expect(res.body).toContain('新书通报 · 全部分类');
    const f = await t.app.inject({ url: `/${home.mappingPath}/feeds/new-arrivals.atom?class=F&lang=en-US` });
    expect(f.body).toContain('New arrivals · CLC class F');
    expect(f.body).toContain('经济学原理');
    expect(f.body).not.toContain('OAI 测试之书');
    const bad = await t.app.inject({
      url: `/${home.mappingPath}/feeds/new-arrivals.atom?class=${encodeURIComponent('<x>')}`,
    });
    expect(bad.statusCode).toBe(400);
    const elsewhere = await t.app.inject({ url: `/${other.mappingPath}/feeds/new-arrivals.atom` });
    expect(elsewhere.body).not.toContain('OAI 测试之书');
  });
});

describe('pages: OpenSearch link, feed link, JSON-LD', () => {
  const ldOf = (html: string) => {
    const m = /<script type="application\/ld\+json" id="of-record-ld">([^<]*)<\/script>/.exec(html);
    return m ? (JSON.parse(m[1]!) as Record<string, unknown>) : undefined;
  };

  it('a record page carries schema.org JSON-LD of its type, with holdings as a lending offer', async () => {
    const page = (id: number) => t.app.inject({ url: `/${home.mappingPath}/searchList/bookDetails/${id}` });
    const book = ldOf((await page(ids.book)).body)!;
    expect(book['@type']).toBe('Book');
    expect(book.name).toBe('OAI 测试之书 <&>');
    expect(book.isbn).toBe('9787111213826');
    expect(book.datePublished).toBe('2021');
    expect(book.inLanguage).toBe('zh');
    expect(book.publisher).toEqual({ '@type': 'Organization', name: '机械工业出版社' });
    expect(book.offers).toMatchObject({ '@type': 'Offer', availability: 'https://schema.org/InStock' });
    expect(ldOf((await page(ids.journal)).body)).toMatchObject({ '@type': 'Periodical', issn: '0254-4164' });
    expect(ldOf((await page(ids.thesis)).body)).toMatchObject({ '@type': 'Thesis', author: { name: '李四' } });
    // A suppressed record, another institution's: no JSON-LD.
    expect(ldOf((await page(ids.hidden)).body)).toBeUndefined();
    expect(
      ldOf((await t.app.inject({ url: `/${home.mappingPath}/searchList/bookDetails/${otherId}` })).body),
    ).toBeUndefined();
    const html = (await page(ids.book)).body;
    expect(html).not.toMatch(/id="of-record-ld">[^<]*<&/);
  });

  it('every page links the OpenSearch description; the new-books page its feed', async () => {
    const home1 = (await t.app.inject({ url: `/${home.mappingPath}/Home` })).body;
    expect(home1).toContain(
      `<link rel="search" type="application/opensearchdescription+xml" title="${home.name}" href="/${home.mappingPath}/opensearch.xml">`,
    );
    expect(home1).not.toContain('new-arrivals.atom');
    const books = (await t.app.inject({ url: `/${home.mappingPath}/newBookInform` })).body;
    expect(books).toContain(
      `type="application/atom+xml" title="${home.name} · 新书通报" href="/${home.mappingPath}/feeds/new-arrivals.atom">`,
    );
    const unknown = (await t.app.inject({ url: '/nosuchlib/Home' })).body;
    expect(unknown).not.toContain('opensearchdescription');
  });
});
