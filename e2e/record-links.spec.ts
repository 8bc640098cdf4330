import { expect, test } from '@playwright/test';
import { openPage } from './support/app';

/** A demo record with copies (the demo catalogue is deterministic). */
const RECORD = '/searchList/bookDetails/5';

/**
 * Electronic copies as a server that does not check them (an older one, a proxy, a real LibSP)
 * could answer them: the server of this project serves http(s) only, so the answer is replaced
 * here to prove the web app never renders another href from data.
 */
const LINKS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(document.cookie)',
  '  \u0001javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '/cgi-bin/ebook.pl?id=7',
  'https://ebooks.example.org/book/7',
];

test('electronic copies: only http(s) links are rendered as links, the others as text', async ({ page }) => {
  await page.route('**/find/dItem/getDItems', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        success: true,
        message: '',
        errCode: 0,
        errorCode: null,
        data: {
          totalCount: LINKS.length,
          list: LINKS.map((url, n) => ({ dItemId: n + 1, title: `copy ${n + 1}`, url, urlName: `copy ${n + 1}` })),
        },
      }),
    }),
  );
  await openPage(page, RECORD);
  const list = page.locator('.of-digital li');
  await expect(list).toHaveCount(LINKS.length);
  const anchors = page.locator('.of-digital a');
  await expect(anchors).toHaveCount(1);
  await expect(anchors).toHaveAttribute('href', 'https://ebooks.example.org/book/7');
  await expect(list.nth(0)).toHaveText('copy 1');
  // No element of the page carries a script or data URL from the data.
  const hrefs = await page.locator('[href]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('href') ?? ''));
  expect(hrefs.filter((href) => /^\W*(javascript|data|vbscript):/i.test(href))).toEqual([]);
});
