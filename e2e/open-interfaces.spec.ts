import { expect, test } from '@playwright/test';
import { LANGS, openPage, presetLang } from './support/app';
import { expectNoBlockingViolations, horizontalOverflow } from './support/checks';
import { webText } from './support/texts';

// The open interfaces (issue 30) in the demo's default institution, as crawlers, browsers and
// harvesters meet them: the page head names the OpenSearch description; OAI-PMH lists the demo
// catalogue by set; a book's and a thesis's record pages carry JSON-LD of their type in the HTML
// itself (no JavaScript run); the sitemap index and robots.txt name each other; the new-books page
// shows its Atom feed link in the three languages on a phone 390 px wide, axe finding nothing serious.

test.describe.configure({ timeout: 90_000 });

const idOf = async (request: import('@playwright/test').APIRequestContext, set: string) => {
  const res = await request.get(`/oai?verb=ListIdentifiers&metadataPrefix=oai_dc&set=${set}`);
  expect(res.status()).toBe(200);
  const body = await res.text();
  const m = /<header><identifier>oai:[^<]+\/(\d+)<\/identifier>/.exec(body);
  expect(m, `a live record in set ${set}`).not.toBeNull();
  return Number(m![1]);
};
const ldOf = (html: string) => {
  const m = /<script type="application\/ld\+json" id="of-record-ld">([^<]*)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1]!) as Record<string, unknown>) : undefined;
};

test('OpenSearch, OAI-PMH, JSON-LD and sitemaps answer crawlers; the new-books feed link in three languages', async ({
  browser,
  request,
}) => {
  const home = await (await request.get('/Home')).text();
  const link = /<link rel="search" type="application\/opensearchdescription\+xml" title="[^"]+" href="([^"]+)">/.exec(
    home,
  );
  expect(link?.[1]).toBe('/opensearch.xml');
  const description = await request.get(link![1]!);
  expect(description.headers()['content-type']).toMatch(/opensearchdescription\+xml/);
  expect(await description.text()).toContain('{searchTerms}');

  const identify = await (await request.get('/oai?verb=Identify')).text();
  expect(identify).toContain('<deletedRecord>persistent</deletedRecord>');

  const book = ldOf(await (await request.get(`/searchList/bookDetails/${await idOf(request, 'doc:1')}`)).text());
  expect(book?.['@type']).toBe('Book');
  expect(typeof book?.name).toBe('string');
  const thesis = ldOf(await (await request.get(`/searchList/bookDetails/${await idOf(request, 'doc:3')}`)).text());
  expect(thesis?.['@type']).toBe('Thesis');

  const robots = await (await request.get('/robots.txt')).text();
  const sitemap = /^Sitemap: (\S+\/sitemap\.xml)$/m.exec(robots)?.[1];
  expect(sitemap).toBeTruthy();
  const index = await (await request.get(new URL(sitemap!).pathname)).text();
  expect(index).toContain('?part=records-1</loc>');

  const feed = await request.get('/feeds/new-arrivals.atom');
  expect(feed.headers()['content-type']).toMatch(/atom\+xml/);
  expect(await feed.text()).toContain('<entry>');

  for (const lang of LANGS) {
    await test.step(lang, async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      try {
        await presetLang(page, lang);
        await openPage(page, '/newBookInform');
        const feedLink = page.getByRole('link', { name: webText(lang, 'lists:newBooks.feed') });
        await expect(feedLink).toBeVisible();
        await expect(feedLink).toHaveAttribute('href', '/feeds/new-arrivals.atom');
        await expect(page.locator('head link[rel="alternate"][type="application/atom+xml"]')).toHaveCount(1);
        await page.evaluate(() => window.scrollTo(0, 0));
        await expectNoBlockingViolations(page);
        expect(await horizontalOverflow(page)).toBe(0);
      } finally {
        await context.close();
      }
    });
  }
});
