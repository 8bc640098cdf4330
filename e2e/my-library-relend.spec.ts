import { expect, test } from '@playwright/test';
import { openPage, presetLang, type Lang } from './support/app';
import { startSession } from './support/account';
import { expectNoBlockingViolations, horizontalOverflow } from './support/checks';
import { escapeRegExp, serverText, webText } from './support/texts';

/**
 * Re-lend (转借): reader B asks for a book all of whose copies are lent, from its record page; reader A,
 * who has it (e2e/support/prepare-relend.mjs: `relend-a` borrowed the only copy), agrees in their own
 * My Library and reads the handover code; B enters it and the loan is B's. Each language runs in its
 * own institution (each has its own `relend-a` and `relend-b`; a retry takes the second pair, `-2`).
 */
const PASSWORD = 'Reader2026';
const INSTITUTION: Record<Lang, string> = { 'zh-CN': '', 'zh-TW': 'beiling', 'en-US': 'xihu' };

for (const lang of ['zh-CN', 'zh-TW', 'en-US'] as const) {
  test(`re-lend: ask from the record page, the holder agrees, the code moves the loan (${lang})`, async ({
    page,
    browser,
  }, testInfo) => {
    test.slow();
    // A retry meets none of the first try's asks or codes: its own readers and record.
    const suffix = testInfo.retry ? '-2' : '';
    const base = INSTITUTION[lang] ? `/${INSTITUTION[lang]}` : '';
    const my = (key: string, vars: Record<string, string | number> = {}) => webText(lang, `myLibrary:${key}`, vars);
    const rec = (key: string, vars: Record<string, string | number> = {}) => webText(lang, `record:${key}`, vars);
    // The phone layout in English (the longest texts): the asker's screens at 390 px.
    if (lang === 'en-US') await page.setViewportSize({ width: 390, height: 844 });

    // A (their own browser): the book they have on loan.
    const context = await browser.newContext({ locale: lang });
    const holder = await context.newPage();
    await presetLang(holder, lang);
    await startSession(holder, INSTITUTION[lang], `relend-a${suffix}`, PASSWORD);
    await openPage(holder, `${base}/personalCenter?key=5`);
    const loan = holder.locator('.of-loans-list > li').first();
    const link = loan.locator('.of-loan-title a');
    await expect(link).toBeVisible();
    const title = (await link.innerText()).trim();
    const recordPath = await link.getAttribute('href');

    // B: every copy is lent, so the record page offers to ask for a re-lend.
    await presetLang(page, lang);
    await startSession(page, INSTITUTION[lang], `relend-b${suffix}`, PASSWORD);
    await openPage(page, recordPath!);
    const askButton = page.getByRole('button', { name: rec('relend.action'), exact: true });
    await askButton.click();
    const dialog = page.getByRole('dialog', { name: rec('relend.title') });
    const note = dialog.getByLabel(rec('relend.note'));
    await expect(note).toBeVisible();
    await note.fill('12:00 · Main library lobby');
    if (lang === 'en-US') expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoBlockingViolations(page);
    await dialog.getByRole('button', { name: rec('relend.confirm') }).click();
    await expect(
      page.getByText(new RegExp(`^${escapeRegExp(serverText(lang, 'relendAsked', { date: '' }))}`)),
    ).toBeVisible();

    // A: asked, without being told who asks; agrees and reads the code.
    await openPage(holder, `${base}/personalCenter?key=4`);
    const asked = holder.getByRole('region', { name: my('relend.askedTitle') });
    const ask = asked.locator('li').filter({ hasText: title });
    await expect(ask).toContainText(my('relend.asked.waiting'));
    await expect(ask).toContainText('12:00 · Main library lobby');
    await expect(ask).not.toContainText('转借乙');
    await ask.getByRole('button', { name: new RegExp(`^${escapeRegExp(my('relend.agree'))}`) }).click();
    const digits = ask.locator('.of-short-code-digits');
    await expect(digits).toHaveText(/\d{6}$/);
    const code = /(\d{6})$/.exec(await digits.innerText())![1]!;
    await expectNoBlockingViolations(holder);
    await holder.screenshot({ path: `/tmp/relend-holder-${lang}.png`, fullPage: true });

    // B: the ask is accepted; a wrong code first, then the one A gave.
    await openPage(page, `${base}/personalCenter?key=4`);
    const mine = page.locator('.of-relend').filter({ hasText: title });
    await expect(mine).toContainText(my('relend.workflow.bookSeekingAccepted'));
    const field = mine.getByLabel(my('relend.codeLabel'));
    await field.fill(code === '000000' ? '000001' : '000000');
    await mine.getByRole('button', { name: new RegExp(`^${escapeRegExp(my('relend.receive'))}`) }).click();
    await expect(mine.getByRole('alert')).toHaveText(serverText(lang, 'relendWrongCode'));
    if (lang === 'en-US') expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoBlockingViolations(page);
    await field.fill(code);
    await mine.getByRole('button', { name: new RegExp(`^${escapeRegExp(my('relend.receive'))}`) }).click();
    await expect(
      page.getByText(new RegExp(`^${escapeRegExp(serverText(lang, 'relendReceived', { title, date: '' }))}`)),
    ).toBeVisible();
    await expect(mine).toContainText(my('relend.workflow.borrowed'));

    // B's loans show the book; A's loan of it has ended.
    await openPage(page, `${base}/personalCenter?key=5`);
    await expect(page.locator('.of-loans-list > li').filter({ hasText: title })).toBeVisible();
    await openPage(holder, `${base}/personalCenter?key=5`);
    await expect(holder.locator('.of-loans-list > li').filter({ hasText: title })).toHaveCount(0);
    await context.close();
  });
}
