import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { openHome } from './support/app';

/**
 * What a phone downloads before a screen shows its content (issue 31): the home page loads no Ant
 * Design at all; the results and record pages paint their rows and heading before their Ant Design
 * parts have loaded — held back here, so the test sees exactly what those pages need first. Budgets
 * in KB of gzipped JavaScript, as `npm run size` counts them from the build.
 */
const BUDGET_KB = { home: 150, results: 155, record: 155 };

/** Collects the bodies of the scripts a page loads, by URL. */
function scriptBodies(page: Page) {
  const bodies = new Map<string, Buffer>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    bodies.set(response.url(), await response.body().catch(() => Buffer.alloc(0)));
  });
  return bodies;
}

/**
 * Waits (frame by frame) until `selector` is in the page, then gives the gzipped KB of the scripts the
 * page had asked for by then (by its own clock, so nothing requested later counts): what the screen
 * needed to show its content. Its Ant Design parts are only asked for after that paint.
 */
async function scriptsBeforeShown(page: Page, bodies: Map<string, Buffer>, selector: string) {
  const shownAt = await (
    await page.waitForFunction((sel) => (document.querySelector(sel) ? performance.now() : false), selector, {
      polling: 'raf',
    })
  ).jsonValue();
  const urls = await page.evaluate(
    (t) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime < t && new URL(e.name).pathname.endsWith('.js'))
        .map((e) => e.name),
    shownAt as number,
  );
  // The bodies of those scripts arrive a moment later than the entries.
  await expect.poll(() => urls.every((u) => bodies.has(u))).toBe(true);
  const kb = urls.reduce((sum, u) => sum + gzipSync(bodies.get(u)!, { level: 9 }).length, 0) / 1024;
  return { kb, urls };
}

/** Holds back the chunks of Ant Design's parts and provider: the page must show its content without them. */
async function holdAntd(page: Page): Promise<string[]> {
  const held: string[] = [];
  await page.route(/\/assets\/(antd-parts|AntdProvider)-[\w-]+\.js$/, (route) => {
    held.push(route.request().url());
    // Never answered while the test looks.
  });
  return held;
}

test.describe('JavaScript before a screen shows its content', () => {
  test(`home: at most ${BUDGET_KB.home} KB, no Ant Design`, async ({ page }) => {
    const bodies = scriptBodies(page);
    await openHome(page);
    await page.waitForLoadState('networkidle');
    // Everything the home page loads counts, the lists below the fold too.
    const urls = [...bodies.keys()];
    const kb = [...bodies.values()].reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0) / 1024;
    test
      .info()
      .annotations.push({ type: 'home JS (gzip)', description: `${kb.toFixed(1)} KB in ${urls.length} files` });
    expect(urls.filter((u) => /\/(AntdProvider|antd-parts)-/.test(u))).toEqual([]);
    expect(kb).toBeLessThanOrEqual(BUDGET_KB.home);
  });

  test(`results: rows without Ant Design, at most ${BUDGET_KB.results} KB`, async ({ page }) => {
    const held = await holdAntd(page);
    const bodies = scriptBodies(page);
    // From the first response on: the rows come with the first render, before the page's load event.
    await page.goto(`/searchList?searchFieldContent=${encodeURIComponent('中国')}`, { waitUntil: 'commit' });
    const { kb } = await scriptsBeforeShown(page, bodies, '.of-results > li');
    await expect(page.getByRole('link', { name: /中国/ }).first()).toBeVisible();
    await expect.poll(() => held.length).toBeGreaterThan(0);
    test.info().annotations.push({ type: 'results JS (gzip)', description: `${kb.toFixed(1)} KB` });
    expect(kb).toBeLessThanOrEqual(BUDGET_KB.results);
  });

  test(`record: heading and details without Ant Design, at most ${BUDGET_KB.record} KB`, async ({ page }) => {
    const held = await holdAntd(page);
    const bodies = scriptBodies(page);
    await page.goto('/searchList/bookDetails/5', { waitUntil: 'commit' });
    const { kb } = await scriptsBeforeShown(page, bodies, '.of-record-title');
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await expect.poll(() => held.length).toBeGreaterThan(0);
    test.info().annotations.push({ type: 'record JS (gzip)', description: `${kb.toFixed(1)} KB` });
    expect(kb).toBeLessThanOrEqual(BUDGET_KB.record);
  });
});

test('the page carries the answers of its first calls: the app asks the server for none of them', async ({ page }) => {
  const startUp =
    /\/find\/(homePage\/getGroupCode|findConfig\/(getFindConfig|getMenuList|getLogoUrl|getLibraryList)|institution\/get)\b/;
  const asked: string[] = [];
  page.on('request', (request) => {
    if (startUp.test(request.url())) asked.push(request.url());
  });
  await openHome(page);
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);
  await expect(page.getByRole('region', { name: '图书馆与分馆' }).getByRole('listitem')).not.toHaveCount(0);
});
