import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { RULE_TEXTS } from '../apps/server/src/modules/points/points-rules';
import { openPage, presetLang, type Lang } from './support/app';
import { startSession } from './support/account';
import { expectNoBlockingViolations, horizontalOverflow } from './support/checks';
import { escapeRegExp, serverText, webText } from './support/texts';

/** The demo readers (README): `reader` has two addresses and ten entries of points; `frozen` one address. */
const READER = { account: 'reader', password: 'Reader2026' };
const FROZEN = { account: 'frozen', password: 'Reader2026' };

/** Each language in its own institution: the address flows change the reader's addresses. */
const INSTITUTION: Record<Lang, string> = { 'zh-CN': '', 'zh-TW': 'beiling', 'en-US': 'xihu' };

const textsOf =
  (lang: Lang) =>
  (key: string, vars: Record<string, string | number> = {}) =>
    webText(lang, `myLibrary:${key}`, vars);

/** A name no other run of the test uses (a retry adds its own address). */
const uniqueName = (prefix: string) => `${prefix}${Date.now() % 1_000_000}`;

/**
 * Adds an address through the form: first with an invalid phone number (the error shows at the
 * field and nothing is sent), then corrected; the new address's list item.
 */
async function addAddress(page: Page, lang: Lang, recipient: string) {
  const text = textsOf(lang);
  await page.getByRole('button', { name: text('addresses.add') }).click();
  const form = page.getByRole('form', { name: text('addresses.addTitle') });
  await expect(form).toBeVisible();
  await expect(form.getByLabel(text('addresses.fields.addressType'))).toBeFocused();
  await form.getByLabel(text('addresses.fields.recipient')).fill(recipient);
  await form.getByLabel(text('addresses.fields.phone')).fill('12345');
  await form.getByLabel(text('addresses.fields.region')).fill('浙江省 杭州市 西湖区');
  await form.getByLabel(text('addresses.fields.detail')).fill('文三路 90 号');
  await form.getByLabel(text('addresses.fields.postcode')).fill('310012');
  await form.getByRole('button', { name: text('addresses.save') }).click();
  // Refused at the field, named in the reader's language; the phone box is marked and focused.
  const phone = form.getByLabel(text('addresses.fields.phone'));
  await expect(form.getByText(text('addresses.errors.phoneInvalid'))).toBeVisible();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toBeFocused();
  await expect(form.getByRole('alert')).toHaveText(text('addresses.fixErrors_one', { count: 1 }));
  await expectNoBlockingViolations(page);
  await phone.fill('139 1234 5678');
  await form.getByRole('button', { name: text('addresses.save') }).click();
  await expect(page.getByText(serverText(lang, 'addressSaved')).first()).toBeVisible();
  await expect(form).toBeHidden();
  const item = page.locator('.of-addresses-list > li').filter({ hasText: recipient });
  await expect(item).toContainText('13912345678');
  return item;
}

for (const lang of ['zh-CN', 'zh-TW', 'en-US'] as const) {
  test(`My Library, addresses: add with a validation error, edit, make default, delete (${lang})`, async ({ page }) => {
    const base = INSTITUTION[lang] ? `/${INSTITUTION[lang]}` : '';
    const text = textsOf(lang);
    await presetLang(page, lang);
    await startSession(page, INSTITUTION[lang], READER.account, READER.password);
    await openPage(page, `${base}/personalCenter?key=9`);
    await expect(page.getByRole('heading', { level: 2, name: text('entries.9') })).toBeVisible();
    const items = page.locator('.of-addresses-list > li');
    // The demo's home address, the default.
    const home = items.filter({ hasText: '中关村大街' });
    await expect(home.locator('.of-address-default')).toHaveText(text('addresses.default'));
    await expectNoBlockingViolations(page);

    const recipient = uniqueName('测试');
    const added = await addAddress(page, lang, recipient);
    await expect(added.locator('.of-address-default')).toHaveCount(0);

    // Edit it: a new street, and make it the default.
    await added.getByRole('button', { name: new RegExp(`^${escapeRegExp(text('addresses.edit'))}`) }).click();
    const form = page.getByRole('form', { name: text('addresses.editTitle') });
    await expect(form.getByLabel(text('addresses.fields.recipient'))).toHaveValue(recipient);
    await form.getByLabel(text('addresses.fields.detail')).fill('文三路 100 号 2 幢');
    await form.getByLabel(text('addresses.fields.isDefault')).check();
    await form.getByRole('button', { name: text('addresses.save') }).click();
    await expect(added).toContainText('文三路 100 号 2 幢');
    await expect(added.locator('.of-address-default')).toBeVisible();
    await expect(page.locator('.of-address-default')).toHaveCount(1);

    // The home address becomes the default again.
    await home.getByRole('button', { name: new RegExp(`^${escapeRegExp(text('addresses.setDefault'))}`) }).click();
    await expect(page.getByText(serverText(lang, 'addressDefaultSet')).first()).toBeVisible();
    await expect(home.locator('.of-address-default')).toBeVisible();
    await expect(page.locator('.of-address-default')).toHaveCount(1);

    // Delete the new one, asked to confirm first.
    await added.getByRole('button', { name: new RegExp(`^${escapeRegExp(text('addresses.delete'))}`) }).click();
    const confirm = added.getByRole('group', { name: text('addresses.confirmText') });
    await expect(confirm).toBeVisible();
    await expectNoBlockingViolations(page);
    await confirm.getByRole('button', { name: text('addresses.confirmDelete'), exact: true }).click();
    await expect(page.getByText(serverText(lang, 'addressDeleted')).first()).toBeVisible();
    await expect(items.filter({ hasText: recipient })).toHaveCount(0);
    await expect(home.locator('.of-address-default')).toBeVisible();
  });
}

for (const lang of ['zh-CN', 'zh-TW', 'en-US'] as const) {
  test(`My Library, points: the balance, the ledger and how to earn points (${lang})`, async ({ page }) => {
    const base = INSTITUTION[lang] ? `/${INSTITUTION[lang]}` : '';
    const text = textsOf(lang);
    await presetLang(page, lang);
    await startSession(page, INSTITUTION[lang], READER.account, READER.password);
    await openPage(page, `${base}/personalCenter?key=8`);
    await expect(page.getByRole('heading', { level: 2, name: text('entries.8') })).toBeVisible();
    await expect(page.locator('.of-points-balance')).toContainText(text('points.balance'));
    const balance = Number(await page.locator('.of-points-balance-value').innerText());
    // The newest entry's balance is the balance; the library's adjustment of the demo is there.
    const entries = page.locator('.of-points-list > li');
    await expect(entries.first().locator('.of-points-after')).toHaveText(text('points.balanceAfter', { balance }));
    const adjustment = entries.filter({ hasText: '读书月活动奖励' });
    await expect(adjustment).toContainText(RULE_TEXTS.adjustment.name[lang]);
    await expect(adjustment.locator('.of-points-change')).toContainText('+10');
    await expect(adjustment).toContainText(text('points.platforms.system'));
    const late = entries.filter({ hasText: RULE_TEXTS.returnOverdue.name[lang] });
    await expect(late.locator('.of-points-change.is-minus')).toContainText('\u22125');
    // How to earn points: the institution's rules.
    const rules = page.getByRole('region', { name: text('points.rules') });
    await expect(rules.getByText(RULE_TEXTS.returnOnTime.name[lang])).toBeVisible();
    await expect(rules.getByText(RULE_TEXTS.returnOnTime.description[lang])).toBeVisible();
    await expectNoBlockingViolations(page);
  });
}

test('on a 390 px phone the address form and the points fit, errors and all (zh-CN)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await presetLang(page, 'zh-CN');
  const text = textsOf('zh-CN');
  // The frozen reader keeps addresses too (not a service the library suspends); another reader than
  // the language tests', whose addresses change meanwhile.
  await startSession(page, '', FROZEN.account, FROZEN.password);
  await openPage(page, '/personalCenter?key=9');
  await expect(page.locator('.of-addresses-list > li').first()).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  await page.getByRole('button', { name: text('addresses.add') }).click();
  const form = page.getByRole('form', { name: text('addresses.addTitle') });
  await form.getByRole('button', { name: text('addresses.save') }).click();
  // Every required field named at once; the first one takes the focus.
  for (const key of ['recipientRequired', 'phoneRequired', 'regionRequired', 'detailRequired', 'postcodeRequired']) {
    await expect(form.getByText(text(`addresses.errors.${key}`))).toBeVisible();
  }
  await expect(form.getByLabel(text('addresses.fields.recipient'))).toBeFocused();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'docs/screenshots/my-library-address-form-zh-CN-mobile.png', fullPage: true });
  await expectNoBlockingViolations(page);
  await form.getByRole('button', { name: text('addresses.cancel') }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('button', { name: text('addresses.add') })).toBeFocused();

  await openPage(page, '/personalExternal/8');
  await expect(page.locator('.of-points-list > li').first()).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await expectNoBlockingViolations(page);
});

test('on a 390 px phone the points ledger reads in one column (zh-CN)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await presetLang(page, 'zh-CN');
  await startSession(page, '', READER.account, READER.password);
  await openPage(page, '/personalCenter?key=8');
  // The demo's ten entries (more when the desk has counted returns since).
  await expect(page.locator('.of-points-list > li').nth(9)).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'docs/screenshots/my-library-points-zh-CN-mobile.png', fullPage: true });
  await expectNoBlockingViolations(page);
});
