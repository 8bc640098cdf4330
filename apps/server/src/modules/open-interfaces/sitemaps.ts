import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Tenant } from '../tenants/tenant-repository.js';
import { findSitemapChunks, findSitemapRecords } from './open-interfaces-repository.js';
import { portalPath, xml } from './xml-text.js';

/** URLs of one sitemap file: the protocol's limit (sitemaps.org: 50,000 URLs, 50 MB). */
export const SITEMAP_URLS = 50_000;

/** The public navigation pages a crawler should know (spec §2), with how often they change. */
export const SITEMAP_PAGES: readonly [path: string, changefreq: string][] = [
  ['/Home', 'daily'],
  ['/newBookInform', 'daily'],
  ['/hotBook', 'weekly'],
  ['/categorySearchList', 'weekly'],
  ['/advanceSearch', 'monthly'],
  ['/dataBaseNav', 'weekly'],
  ['/newDataBase', 'weekly'],
  ['/magazineNav', 'weekly'],
  ['/elecBook', 'weekly'],
  ['/collectionNav', 'weekly'],
  ['/specialBaseNav', 'monthly'],
  ['/bookListNav', 'weekly'],
  ['/departmentList', 'monthly'],
  ['/researcher', 'monthly'],
  ['/schoolBaseNav', 'monthly'],
  ['/courseReference', 'monthly'],
  ['/bookDonate', 'monthly'],
];

const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">';

/**
 * Sitemaps (sitemaps.org 0.9) of an institution: an index at `<base>/sitemap.xml` naming the file of
 * its navigation pages (`?part=pages`) and the files of its record pages (`?part=records-<n>`, 50,000
 * records each in id order, lastmod from the records' updated_at); suppressed records are left out.
 */
export class SitemapService {
  constructor(private readonly db: Kysely<Database>) {}

  async index(tenant: Tenant, selfUrl: string): Promise<string> {
    const chunks = await findSitemapChunks(this.db, tenant.id, SITEMAP_URLS);
    const entry = (loc: string, lastmod?: string) =>
      `<sitemap><loc>${xml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 19)}Z</lastmod>` : ''}</sitemap>`;
    return (
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
      entry(`${selfUrl}?part=pages`) +
      chunks.map((c) => entry(`${selfUrl}?part=records-${c.chunk}`, c.lastmod)).join('') +
      '</sitemapindex>\n'
    );
  }

  /** One file of the index, or undefined for a part it does not name. */
  async part(tenant: Tenant, base: string, part: string): Promise<string | undefined> {
    if (part === 'pages') {
      return (
        URLSET_OPEN +
        SITEMAP_PAGES.map(
          ([path, freq]) => `<url><loc>${xml(`${base}${path}`)}</loc><changefreq>${freq}</changefreq></url>`,
        ).join('') +
        '</urlset>\n'
      );
    }
    const m = /^records-([1-9]\d{0,5})$/.exec(part);
    if (!m) return undefined;
    const out: string[] = [];
    let n = 0;
    for await (const page of findSitemapRecords(this.db, tenant.id, Number(m[1]), SITEMAP_URLS)) {
      for (const r of page) {
        out.push(
          `<url><loc>${xml(`${base}/searchList/bookDetails/${r.recordId}`)}</loc><lastmod>${r.lastmod.slice(0, 19)}Z</lastmod></url>`,
        );
      }
      n += page.length;
    }
    if (n === 0) return undefined;
    return `${URLSET_OPEN}${out.join('')}</urlset>\n`;
  }
}

/** robots.txt: the API is not for crawlers; each institution's sitemap index is named. */
export function robotsTxt(siteUrl: string, tenants: Pick<Tenant, 'mappingPath'>[]): string {
  const sitemaps = tenants
    .map((t) => `Sitemap: ${siteUrl}${portalPath(t.mappingPath)}/sitemap.xml`)
    .sort()
    .join('\n');
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /find/',
    'Disallow: /oga/',
    'Disallow: /api/',
    'Disallow: /*/opensearch/',
    'Disallow: /opensearch/',
    '',
    sitemaps,
    '',
  ].join('\n');
}
