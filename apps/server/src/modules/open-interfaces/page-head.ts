import { RecordDetailCalls, TenantCalls, type Lang } from '@openfind/contract';
import type { FirstAnswers } from '../../http/first-answers.js';
import { appPathOf, mappingPathOf } from '../../http/first-answers.js';
import { openTexts } from './open-texts.js';
import { portalPath, xml } from './xml-text.js';

/** What of `getDetail`'s answer the JSON-LD reads. */
interface DetailData {
  clearTitle?: string;
  baseMarcInfoDto?: {
    title?: string;
    isbn?: string | null;
    publisher?: string | null;
    publishYear?: string | null;
    cleanAuthor?: string[];
    subject?: string[];
    issn?: string | null;
    langCode?: string | null;
    docCode?: string;
    edition?: string | null;
    abstract?: string | null;
    physicalDescription?: string | null;
  };
  record?: { recordId?: number; isbns?: string[]; physicalCount?: number; onShelfCountI?: number; pic?: string | null };
}

/** MARC language codes (008/35-37, 041) as BCP 47 tags for schema.org's inLanguage. */
const BCP47: Record<string, string> = {
  chi: 'zh',
  zho: 'zh',
  eng: 'en',
  jpn: 'ja',
  kor: 'ko',
  rus: 'ru',
  fre: 'fr',
  fra: 'fr',
  ger: 'de',
  deu: 'de',
  spa: 'es',
  ita: 'it',
  por: 'pt',
  ara: 'ar',
};

/** The schema.org type of a document type: a journal is a Periodical, a thesis a Thesis, else a Book. */
export function schemaTypeOf(docCode: string | undefined): 'Book' | 'Periodical' | 'Thesis' | 'CreativeWork' {
  if (docCode === '2' || docCode === '7') return 'Periodical';
  if (docCode === '3') return 'Thesis';
  if (docCode === '1' || docCode === '13' || docCode === '16' || docCode === '9') return 'Book';
  return 'CreativeWork';
}

/**
 * schema.org JSON-LD of a record page, from the page's own `getDetail` answer (so the HTML a crawler
 * gets carries it with no JavaScript and no extra query): Book, Periodical or Thesis by document type,
 * with name, authors, ISBN/ISSN, publisher, year, language, subjects, and the library's copies as a
 * lending offer (schema.org's library pattern: an Offer of the Library with businessFunction LeaseOut).
 */
export function recordJsonLd(detail: DetailData, pageUrl: string, libraryName: string): Record<string, unknown> {
  const b = detail.baseMarcInfoDto ?? {};
  const r = detail.record ?? {};
  const type = schemaTypeOf(b.docCode);
  const authors = (b.cleanAuthor ?? []).filter(Boolean).map((name) => ({ '@type': 'Person', name }));
  const isbns = r.isbns?.length ? r.isbns : b.isbn ? [b.isbn] : [];
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': type,
    '@id': pageUrl,
    url: pageUrl,
    name: detail.clearTitle || b.title || '',
  };
  if (authors.length) ld.author = authors.length === 1 ? authors[0] : authors;
  if (type !== 'Periodical' && isbns.length) ld.isbn = isbns.length === 1 ? isbns[0] : isbns;
  if (b.issn) ld.issn = b.issn;
  if (b.publisher) {
    ld[type === 'Thesis' ? 'sourceOrganization' : 'publisher'] = { '@type': 'Organization', name: b.publisher };
  }
  const year = /\d{4}/.exec(b.publishYear ?? '')?.[0];
  if (year) ld.datePublished = year;
  if (b.langCode) ld.inLanguage = BCP47[b.langCode.toLowerCase()] ?? b.langCode;
  if (b.subject?.length) ld.about = b.subject.map((name) => ({ '@type': 'Thing', name }));
  if (b.abstract) ld.description = b.abstract;
  if (type === 'Book' && b.edition) ld.bookEdition = b.edition;
  if (r.pic && /^https?:\/\//.test(r.pic)) ld.image = r.pic;
  if ((r.physicalCount ?? 0) > 0) {
    ld.offers = {
      '@type': 'Offer',
      offeredBy: { '@type': 'Library', name: libraryName },
      businessFunction: 'http://purl.org/goodrelations/v1#LeaseOut',
      price: 0,
      priceCurrency: 'CNY',
      availability: (r.onShelfCountI ?? 0) > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      inventoryLevel: { '@type': 'QuantitativeValue', value: r.onShelfCountI ?? 0 },
    };
  }
  return ld;
}

/** JSON for a <script> element: nothing inside can end it early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * What the open interfaces add to a page's <head> (http/web.ts): the institution's OpenSearch
 * description (browsers offer its search box), on the new-books page the new-arrivals feed, on a
 * record page its JSON-LD. Nothing when the page's institution is unknown.
 */
export function openInterfaceHead(url: string, first: FirstAnswers, siteUrl: string): string {
  const tenant = first.answers.find((a) => a.path === TenantCalls.getGroupCode.path)?.data as
    { name?: string } | undefined;
  if (!tenant) return '';
  const lang: Lang = first.lang;
  const name = tenant.name ?? '';
  const base = portalPath(mappingPathOf(url));
  let head = `<link rel="search" type="application/opensearchdescription+xml" title="${xml(name)}" href="${base}/opensearch.xml">`;
  const appPath = appPathOf(url);
  if (appPath === '/newBookInform') {
    const t = openTexts(lang);
    head += `<link rel="alternate" type="application/atom+xml" title="${xml(`${name} · ${t.newArrivals}`)}" href="${base}/feeds/new-arrivals.atom">`;
  }
  const detail = first.answers.find((a) => a.path === RecordDetailCalls.getDetail.path);
  const recordId = Number((detail?.input as { recordId?: string } | undefined)?.recordId);
  if (detail && recordId > 0) {
    const pageUrl = `${siteUrl}${base}/searchList/bookDetails/${recordId}`;
    head += `<script type="application/ld+json" id="of-record-ld">${scriptJson(recordJsonLd(detail.data as DetailData, pageUrl, name))}</script>`;
  }
  return head;
}
