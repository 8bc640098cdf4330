import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { LANGS, openPage, presetLang, type Lang } from './support/app';
import { startSession } from './support/account';
import { expectNoBlockingViolations, horizontalOverflow } from './support/checks';
import { escapeRegExp, serverText, spaced, webText } from './support/texts';

// Favourite folders (issue 29, My Library key 2, /myFav), in the default institution, in the three
// languages (English on a phone 390 px wide): a reader who keeps two records in the default folder (and
// an electronic resource) creates a folder, moves a record into it, exports it as RIS, and deletes it:
// the record is back in the default folder. axe finds nothing serious, nothing is wider than the phone.

/** What e2e/support/prepare-favourites.mjs prepares: a reader per language with two favourites. */
const FAV_PASSWORD = 'Reader2026';
const favAccount = (lang: Lang) => `fav-${lang}`;

const text = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
  webText(lang, `favourites:${key}`, vars);

/** The phone-sized language. */
const PHONE: Lang = 'en-US';

test.describe.configure({ timeout: 120_000 });

for (const lang of LANGS) {
  test(`a reader files a favourite in a new folder, exports it, deletes the folder (${lang}${lang === PHONE ? ', 390 px' : ''})`, async ({
    page,
  }) => {
    if (lang === PHONE) await page.setViewportSize({ width: 390, height: 844 });
    await presetLang(page, lang);
    const session = await startSession(page, '', favAccount(lang), FAV_PASSWORD);
    // A retry starts as the first try did: folders a failed try left are deleted (their records go back).
    const headers = { mappingPath: '', [session.jwtHeader]: session.jwt };
    const listed = (await (await page.request.get('/find/favorites/list', { headers })).json()) as {
      data: { list: { favoritesId: number; isDefault: boolean }[] };
    };
    for (const f of listed.data.list.filter((x) => !x.isDefault))
      await page.request.post('/find/favorites/delete', { headers, data: { favoritesId: f.favoritesId } });

    // /myFav is My Library's favourites entry.
    await openPage(page, '/myFav');
    await expect(page.getByRole('heading', { level: 2, name: webText(lang, 'myLibrary:entries.2') })).toBeVisible({
      timeout: 20_000,
    });
    const panel = page.getByTestId('my-favourites');
    await expect(panel).toBeVisible({ timeout: 20_000 });
    const defaultName = text(lang, 'defaultFolder');
    const folders = panel.getByRole('list', { name: text(lang, 'folders.heading') });
    const folder = (name: string) => folders.getByRole('button', { name: new RegExp(`^${escapeRegExp(name)}`) });
    await expect(folder(defaultName)).toHaveAttribute('aria-pressed', 'true');
    await expect(folder(defaultName)).toContainText(text(lang, 'folders.count', { count: 2 }));
    const items = panel.getByTestId('fav-item');
    await expect(items).toHaveCount(2);

    // An empty name is refused beside the field; then a folder is made and opened.
    const create = panel.getByRole('button', { name: spaced(text(lang, 'folders.create')) });
    await create.click();
    await expect(panel.getByRole('alert')).toHaveText(text(lang, 'nameProblem.required'));
    const name = `Reading ${lang}`;
    await panel.getByLabel(text(lang, 'folders.newLabel'), { exact: true }).fill(name);
    await create.click();
    await expect(page.getByText(serverText(lang, 'favouriteFolderCreated'))).toBeVisible();
    await expect(folder(name)).toHaveAttribute('aria-pressed', 'true');
    await expect(items).toHaveCount(0);

    // Back in the default folder, the first record moves into the new one.
    await folder(defaultName).click();
    await expect(items).toHaveCount(2);
    const title = (await items.first().locator('.of-fav-title').textContent()) ?? '';
    await items.first().getByRole('checkbox').check();
    await panel.getByLabel(text(lang, 'records.moveTo'), { exact: true }).selectOption({ label: name });
    await panel.getByRole('button', { name: spaced(text(lang, 'records.move', { count: 1 })) }).click();
    await expect(page.getByText(serverText(lang, 'favouriteFolderSwitched'))).toBeVisible();
    await expect(items).toHaveCount(1);
    await expect(folder(name)).toContainText(text(lang, 'folders.count', { count: 1 }));
    await expectNoBlockingViolations(page);
    if (lang === PHONE) expect(await horizontalOverflow(page)).toBe(0);

    // The new folder holds it; its RIS export names it.
    await folder(name).click();
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText(title);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: spaced(text(lang, 'folder.exportRis')) }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.ris$/);
    const ris = readFileSync((await download.path())!, 'utf8');
    expect(ris.match(/^TY {2}- /gm)).toHaveLength(1);
    expect(ris).toContain('ER  - ');

    // In one language, the record page's folder picker (beside its favourite button) files the other
    // favourite in the new folder too.
    let inFolder = 1;
    if (lang === 'zh-CN') {
      await folder(defaultName).click();
      await expect(items).toHaveCount(1);
      await items.first().locator('.of-fav-title').click();
      const pick = page.getByRole('button', {
        name: new RegExp(`^${escapeRegExp(webText(lang, 'common:favourites.pickOf', { title: '' }).slice(0, 6))}`),
      });
      await pick.first().click();
      // The picker's own group, named for the record ("将“…”收藏到收藏夹"), not the actions' group around it.
      const [before, after] = text(lang, 'picker.openOf', { title: '\u0000' }).split('\u0000');
      const picker = page.getByRole('group', {
        name: new RegExp(`^${escapeRegExp(before ?? '')}.+${escapeRegExp(after ?? '')}$`),
      });
      await picker.getByRole('button', { name: new RegExp(`^${escapeRegExp(name)}`) }).click();
      await expect(picker).toBeHidden();
      await page.goBack();
      await expect(panel).toBeVisible({ timeout: 20_000 });
      await folder(name).click();
      inFolder = 2;
      await expect(items).toHaveCount(inFolder);
    }

    // Deleting the folder (after a confirmation) gives its records back to the default folder.
    await panel.getByRole('button', { name: spaced(text(lang, 'folder.delete')) }).click();
    await expect(panel.getByText(text(lang, 'folder.deleteConfirm', { name, count: inFolder }))).toBeVisible();
    await expectNoBlockingViolations(page);
    await panel.getByRole('button', { name: spaced(text(lang, 'folder.deleteYes')) }).click();
    await expect(folder(name)).toHaveCount(0);
    await expect(folder(defaultName)).toContainText(text(lang, 'folders.count', { count: 2 }));
    await expect(items).toHaveCount(2);

    // The electronic resources kept are a tab of their own.
    await panel.getByRole('tab', { name: text(lang, 'tabs.e') }).click();
    await expect(panel.getByTestId('e-fav-item')).toHaveCount(1);
    if (lang === PHONE) expect(await horizontalOverflow(page)).toBe(0);
  });
}
