import type { Lang } from '@openfind/contract';
import type { Tenant } from '../tenants/tenant-repository.js';
import { openTexts, tenantName } from './open-texts.js';
import { el, xml } from './xml-text.js';

/** Entries of the new-arrivals feed: the newest fifty. */
export const NEW_ARRIVALS_ROWS = 50;

/** A result row as the search and new-books calls give it (the fields a feed shows). */
export interface FeedRecord {
  recordId: number;
  title: string | null;
  author: string | null;
  publisher: string | null;
  publishYear: string | null;
  isbn: string | null;
  adstract: string | null;
  inDate: string | null;
}

const recordUrl = (base: string, id: number) => `${base}/searchList/bookDetails/${id}`;

/** A date of the catalogue (`2024-05-06`, or with a time) as RFC 3339, or undefined. */
function rfc3339(date: string | null): string | undefined {
  if (!date) return undefined;
  const t = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00Z` : date);
  return Number.isNaN(t) ? undefined : new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function summaryOf(r: FeedRecord): string {
  return [r.author, r.publisher, r.publishYear, r.isbn ? `ISBN ${r.isbn}` : null].filter(Boolean).join(' · ');
}

function atomEntry(base: string, r: FeedRecord, fallbackUpdated: string): string {
  const url = recordUrl(base, r.recordId);
  return (
    '<entry>' +
    `<title>${xml(r.title || '—')}</title>` +
    `<id>${xml(url)}</id>` +
    `<link rel="alternate" type="text/html" href="${xml(url)}"/>` +
    `<updated>${rfc3339(r.inDate) ?? fallbackUpdated}</updated>` +
    (r.author ? `<author><name>${xml(r.author)}</name></author>` : '') +
    el('summary', summaryOf(r)) +
    (r.adstract ? `<content type="text">${xml(r.adstract)}</content>` : '') +
    '</entry>'
  );
}

/**
 * The Atom feed (RFC 4287) of an institution's new arrivals, of one CLC class or all: the newest
 * fifty as the new-books page lists them (by arrival), each linking to its record page.
 */
export function newArrivalsFeed(o: {
  tenant: Tenant;
  base: string;
  lang: Lang;
  cls: string;
  selfUrl: string;
  records: FeedRecord[];
}): string {
  const t = openTexts(o.lang);
  const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  const newest = o.records.map((r) => rfc3339(r.inDate)).find(Boolean);
  const title = `${tenantName(o.tenant, o.lang)} · ${t.newArrivals} · ${o.cls ? t.classLabel(o.cls) : t.allClasses}`;
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${o.lang}">` +
    `<title>${xml(title)}</title>` +
    `<id>${xml(o.selfUrl)}</id>` +
    `<link rel="self" type="application/atom+xml" href="${xml(o.selfUrl)}"/>` +
    `<link rel="alternate" type="text/html" href="${xml(`${o.base}/newBookInform`)}"/>` +
    `<updated>${newest ?? now}</updated>` +
    `<author><name>${xml(tenantName(o.tenant, o.lang))}</name></author>` +
    '<generator>OpenFind</generator>' +
    o.records.map((r) => atomEntry(o.base, r, newest ?? now)).join('') +
    '</feed>\n'
  );
}

/** Search results as the OpenSearch description's Atom or RSS template promises them (OpenSearch 1.1 response elements). */
export function searchResultsFeed(
  format: 'atom' | 'rss',
  o: {
    tenant: Tenant;
    base: string;
    lang: Lang;
    query: string;
    page: number;
    rows: number;
    total: number;
    records: FeedRecord[];
    selfUrl: string;
  },
): string {
  const t = openTexts(o.lang);
  const title = `${tenantName(o.tenant, o.lang)} · ${t.searchTitle(o.query)}`;
  const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  const startIndex = (o.page - 1) * o.rows + 1;
  const os =
    `<opensearch:totalResults>${o.total}</opensearch:totalResults>` +
    `<opensearch:startIndex>${startIndex}</opensearch:startIndex>` +
    `<opensearch:itemsPerPage>${o.rows}</opensearch:itemsPerPage>` +
    `<opensearch:Query role="request" searchTerms="${xml(o.query)}" startPage="${o.page}"/>`;
  const htmlUrl = `${o.base}/searchList?${new URLSearchParams({ searchField: 'keyWord', searchFieldContent: o.query }).toString()}`;
  if (format === 'rss') {
    return (
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<rss version="2.0" xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" xmlns:atom="http://www.w3.org/2005/Atom"><channel>' +
      `<title>${xml(title)}</title><link>${xml(htmlUrl)}</link>` +
      `<description>${xml(title)}</description><language>${o.lang}</language>` +
      `<atom:link rel="search" type="application/opensearchdescription+xml" href="${xml(`${o.base}/opensearch.xml`)}"/>` +
      os +
      o.records
        .map(
          (r) =>
            `<item><title>${xml(r.title || '—')}</title><link>${xml(recordUrl(o.base, r.recordId))}</link>` +
            `<guid isPermaLink="true">${xml(recordUrl(o.base, r.recordId))}</guid>` +
            el('description', summaryOf(r)) +
            '</item>',
        )
        .join('') +
      '</channel></rss>\n'
    );
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" xml:lang="${o.lang}">` +
    `<title>${xml(title)}</title><id>${xml(o.selfUrl)}</id><updated>${now}</updated>` +
    `<author><name>${xml(tenantName(o.tenant, o.lang))}</name></author>` +
    `<link rel="self" type="application/atom+xml" href="${xml(o.selfUrl)}"/>` +
    `<link rel="alternate" type="text/html" href="${xml(htmlUrl)}"/>` +
    `<link rel="search" type="application/opensearchdescription+xml" href="${xml(`${o.base}/opensearch.xml`)}"/>` +
    os +
    o.records.map((r) => atomEntry(o.base, r, now)).join('') +
    '</feed>\n'
  );
}

/**
 * The OpenSearch 1.1 description of an institution's catalogue: the results page for browsers, Atom
 * and RSS results for programs, suggestions as the reader types (the suggestions extension).
 */
export function openSearchDescription(tenant: Tenant, base: string, siteUrl: string, lang: Lang): string {
  const name = tenantName(tenant, lang);
  const t = openTexts(lang);
  const results = (type: string) =>
    `${xml(base)}/opensearch/search?format=${type}&amp;q={searchTerms}&amp;page={startPage?}`;
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/" xmlns:moz="http://www.mozilla.org/2006/browser/search/">' +
    // At most 16 characters (the specification's limit).
    `<ShortName>${xml([...name].slice(0, 16).join(''))}</ShortName>` +
    `<Description>${xml([...t.searchDescription(name)].slice(0, 1024).join(''))}</Description>` +
    `<Url type="text/html" method="get" template="${xml(base)}/searchList?searchField=keyWord&amp;searchFieldContent={searchTerms}&amp;page={startPage?}"/>` +
    `<Url type="application/atom+xml" template="${results('atom')}"/>` +
    `<Url type="application/rss+xml" template="${results('rss')}"/>` +
    `<Url type="application/x-suggestions+json" template="${xml(base)}/opensearch/suggest?q={searchTerms}"/>` +
    `<Url type="application/opensearchdescription+xml" rel="self" template="${xml(base)}/opensearch.xml"/>` +
    `<Image height="16" width="16" type="image/svg+xml">${xml(siteUrl)}/favicon.svg</Image>` +
    '<Language>zh-CN</Language><Language>zh-TW</Language><Language>en-US</Language>' +
    '<InputEncoding>UTF-8</InputEncoding><OutputEncoding>UTF-8</OutputEncoding>' +
    `<moz:SearchForm>${xml(base)}/Home</moz:SearchForm>` +
    '</OpenSearchDescription>\n'
  );
}
