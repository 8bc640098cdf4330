import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { openPage, presetLang, type Lang } from './support/app';
import { startSession } from './support/account';
import { mailCount, waitForMailedCode } from './support/mail';
import { expectNoBlockingViolations, horizontalOverflow } from './support/checks';
import { escapeRegExp, serverText, webText } from './support/texts';

/** The demo reader of every demo institution (README): personal information filled in. */
const READER = { account: 'reader', password: 'Reader2026' };

/** Each language in its own institution: the tests change the reader's ID number and avatar. */
const INSTITUTION: Record<Lang, string> = { 'zh-CN': '', 'zh-TW': 'beiling', 'en-US': 'xihu' };

/** A resident identity number with the right GB 11643 check character (the standard's example) and one with a wrong one. */
const RIGHT_ID = '11010519491231002X';
const WRONG_ID = '110105194912310021';

/** A photograph-like JPEG with a GPS position in its EXIF. */
const photo = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#2d6cb5' } })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 54/1 27/1' } })
    .jpeg()
    .toBuffer();
const gif = () =>
  sharp({ create: { width: 32, height: 32, channels: 3, background: '#0a0' } })
    .gif()
    .toBuffer();

/** My Library's personal information of the logged-in reader, in `lang` (in its institution unless named). */
async function openInfo(page: Page, lang: Lang, account = READER.account, institution = INSTITUTION[lang]) {
  const base = institution ? `/${institution}` : '';
  await presetLang(page, lang);
  await startSession(page, institution, account, READER.password);
  await openPage(page, `${base}/personalCenter?key=1`);
  const text = (key: string, vars: Record<string, string | number> = {}) =>
    webText(lang, `myLibrary:personalInfo.${key}`, vars);
  await expect(page.getByRole('heading', { level: 2, name: webText(lang, 'myLibrary:entries.1') })).toBeVisible();
  return text;
}

/** A button's name made of a visible word and a hidden one that says what it is about (read with a space between). */
const action = (word: string, about: string) => new RegExp(`^${escapeRegExp(word)}\\s*${escapeRegExp(about)}$`);

/** The value of a field by its label. */
const field = (page: Page, label: string) =>
  page.locator('.of-info-row').filter({ has: page.locator('dt', { hasText: new RegExp(`^${escapeRegExp(label)}$`) }) });

for (const lang of ['zh-CN', 'zh-TW', 'en-US'] as const) {
  test(`personal information: see it, a wrong ID number refused then a right one saved, an avatar up in the header (${lang})`, async ({
    page,
  }) => {
    const text = await openInfo(page, lang);

    // What the library knows: card, affiliation, masked contacts with their marks, bindings, money.
    await expect(field(page, text('fields.cardNo'))).toContainText('D0001');
    await expect(field(page, text('fields.department'))).toContainText('计算机学院');
    await expect(field(page, text('fields.grade'))).toContainText('2023级');
    await expect(field(page, text('fields.className'))).toContainText('2301');
    await expect(field(page, text('fields.mobile'))).toContainText('138****0001');
    await expect(field(page, text('fields.mobile'))).toContainText(text('verified'));
    await expect(field(page, text('fields.email'))).toContainText('r***@example.org');
    await expect(field(page, text('fields.wechat'))).toContainText(text('bound'));
    await expect(field(page, text('fields.unifiedAuth'))).toContainText(text('unbound'));
    await expect(field(page, text('fields.deposit'))).toContainText('100.00');
    await expect(field(page, text('fields.idNumber')).locator('.of-info-value')).toHaveText(/^\d{3}\*+[\dX]{4}$/);
    await expect(page.getByText('110108200403151232')).toHaveCount(0);
    await expectNoBlockingViolations(page);

    // The ID number: a wrong check digit is refused with the field, a right one saved.
    await page
      .getByRole('button', { name: action(text('edit'), text('editWhat', { field: text('fields.idNumber') })) })
      .click();
    const certificate = page.getByRole('region', { name: text('sections.certificate') });
    const number = certificate.getByLabel(text('fields.idNumber'), { exact: true });
    await expect(page.getByLabel(text('fields.idType'), { exact: true })).toHaveValue('resident');
    await number.fill(WRONG_ID);
    await certificate.getByRole('button', { name: text('save'), exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: text('idErrors.checkDigit') })).toBeVisible();
    await expect(number).toBeFocused();
    await expect(number).toHaveAttribute('aria-invalid', 'true');
    await expectNoBlockingViolations(page);
    await number.fill(RIGHT_ID);
    await certificate.getByRole('button', { name: text('save'), exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: serverText(lang, 'infoSaved') })).toBeVisible();
    await expect(field(page, text('fields.idNumber')).locator('.of-info-value')).toHaveText('110***********002X');

    // The avatar: a GIF named .jpg is refused here (by its bytes), a JPEG previewed, uploaded, in the header.
    const input = page.locator('.of-info-avatar input[type="file"]');
    await input.setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await gif() });
    await expect(page.getByRole('alert').filter({ hasText: text('avatar.errors.type') })).toBeVisible();
    await input.setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await photo() });
    await expect(page.getByRole('img', { name: text('avatar.preview') })).toBeVisible();
    await page.getByRole('button', { name: text('avatar.upload'), exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: serverText(lang, 'avatarUploaded') })).toBeVisible();
    const mine = page.locator('.of-info-avatar img.of-info-avatar-img');
    await expect(mine).toHaveAttribute('src', /\/find\/userInfo\/avatar\?mappingPath=\w*&key=[\w-]+$/);
    const header = page.locator('header img.of-avatar');
    await expect(header).toHaveAttribute('src', (await mine.getAttribute('src'))!);
    await expect.poll(() => header.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
    await expectNoBlockingViolations(page);
  });
}

test('personal information on a 390 px phone: nothing overflows, the forms fit, a contact changes in place (zh-CN)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const text = await openInfo(page, 'zh-CN');
  await expect(field(page, text('fields.cardNo'))).toContainText('D0001');
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'docs/screenshots/my-library-info-zh-CN-mobile.png', fullPage: true });
  await expectNoBlockingViolations(page);

  // Changing the phone runs the binding form (code and current password) here, and cancelling returns.
  await page
    .getByRole('button', { name: action(text('changeContact'), text('editWhat', { field: text('fields.mobile') })) })
    .click();
  const binding = page.getByRole('group', { name: text('fields.mobile') });
  await expect(binding.getByLabel(webText('zh-CN', 'account:fields.newPhone'))).toBeVisible();
  await expect(binding.getByLabel(webText('zh-CN', 'account:fields.currentPassword'))).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await expectNoBlockingViolations(page);
  await binding.getByRole('button', { name: text('cancel') }).click();
  await expect(binding).toHaveCount(0);

  // The ID number form fits too.
  await page
    .getByRole('button', { name: action(text('edit'), text('editWhat', { field: text('fields.idNumber') })) })
    .click();
  await expect(page.getByLabel(text('fields.idNumber'), { exact: true })).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await expectNoBlockingViolations(page);
});

test('an e-mail address is bound in place: a mailed code and the current password, then verified on the panel (zh-TW)', async ({
  page,
}) => {
  // The frozen demo reader of 北岭 has no e-mail address: a frozen account may still keep its contacts true.
  const text = await openInfo(page, 'zh-TW', 'frozen', 'beiling');
  const account = (key: string) => webText('zh-TW', `account:${key}`);
  const email = field(page, text('fields.email'));
  // "Bind" the first time (no address yet); "change" when a retry finds the one bound before.
  const about = escapeRegExp(text('editWhat', { field: text('fields.email') }));
  const verb = [text('bindContact'), text('changeContact')].map(escapeRegExp).join('|');
  await page.getByRole('button', { name: new RegExp(`^(${verb})\\s*${about}$`) }).click();
  const binding = page.getByRole('group', { name: text('fields.email') });
  const address = `frozen.${Date.now()}@example.org`;
  await binding.getByLabel(account('fields.newEmail')).fill(address);
  const before = mailCount();
  await binding.getByRole('button', { name: account('code.send') }).click();
  const code = await waitForMailedCode(address, before);
  await binding.getByLabel(account('fields.code')).fill(code);
  await binding.getByLabel(account('fields.currentPassword')).fill(READER.password);
  await binding.getByRole('button', { name: account('binding.submit') }).click();
  await expect(page.getByRole('status').filter({ hasText: text('contactBound', { target: address }) })).toBeVisible();
  await expect(binding).toHaveCount(0);
  await expect(email.locator('.of-info-value')).toHaveText(/^f\*\*\*@example\.org$/);
  await expect(email).toContainText(text('verified'));
  // Back at the top: scrolled, the fixed header covers part of the menu (axe counts a covered link as too small).
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectNoBlockingViolations(page);
});
