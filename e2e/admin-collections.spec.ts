import { expect, test } from '@playwright/test';
import { openPage, presetLang, type Lang } from './support/app';
import { DEMO_ADMIN, adminLogin, adminPath } from './support/admin';
import { expectNoBlockingViolations, horizontalOverflow } from './support/checks';
import { serverText, spaced, webText } from './support/texts';

// The console's topics (专题, issue 30), in English on a phone 390 px wide, in the default institution:
// the administrator creates a topic, lists a record of the demo catalogue in it with the record
// picker, and a visitor sees the topic with that record on its public page (/specialNav/{id}); the
// topic is then deleted after the confirmation. Each run makes a topic of its own (a retry does not
// meet the last one's). axe finds nothing serious, nothing is wider than the phone.

const lang: Lang = 'en-US';
/** A record of the demo catalogue. */
const RECORD = '万历十五年';

const text = (key: string, vars: Record<string, string | number> = {}) =>
  webText(lang, `adminCollections:${key}`, vars);

// A login, a screen with axe, a visitor's page, on a shared two-core machine.
test.describe.configure({ timeout: 120_000 });

test('staff create a topic and list a record in it, which readers then see on the topic’s page (en-US, 390 px)', async ({
  page,
}) => {
  const stamp = `${Date.now().toString(36)}${test.info().retry}`;
  const title = `E2E topic ${stamp}`;
  await page.setViewportSize({ width: 390, height: 844 });
  await adminLogin(page, { ...DEMO_ADMIN, lang });
  await page.goto(adminPath('', 'content'));
  // The screen's chunk and texts load on first use: slow on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: webText(lang, 'adminContent:title') })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('tab', { name: webText(lang, 'adminContent:tabs.topics') }).click();

  // A new topic, shown to readers at once.
  await page.getByRole('button', { name: spaced(text('topics.add')) }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(text('topics.titleZh')).fill(`测试专题 ${stamp}`);
  await dialog.getByLabel(text('topics.titleEn')).fill(title);
  await dialog.getByLabel(text('form.descriptionEn')).fill('Titles chosen for an end-to-end test.');
  await dialog.getByRole('switch', { name: text('form.hidden') }).click();
  await dialog.getByRole('button', { name: spaced(text('form.save')) }).click();
  await expect(page.getByText(serverText(lang, 'collectionSaved')).first()).toBeVisible();
  await expect(dialog).toBeHidden();

  // Its records, with the record picker.
  const topic = page.getByTestId('topic').filter({ has: page.getByRole('heading', { name: `测试专题 ${stamp}` }) });
  await topic.getByRole('button', { name: spaced(text('records.open_other', { count: 0 })) }).click();
  await topic.getByRole('textbox', { name: text('records.find') }).fill(RECORD);
  await topic.getByRole('button', { name: spaced(webText(lang, 'admin:recordPicker.search')) }).click();
  const hit = topic.getByRole('list', { name: webText(lang, 'admin:recordPicker.hits') }).getByRole('listitem');
  await expect(hit.first()).toContainText(RECORD);
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await horizontalOverflow(page)).toBe(0);
  await expectNoBlockingViolations(page);
  await hit
    .first()
    .getByRole('button', { name: new RegExp(`^${text('records.add')}`) })
    .click();
  await expect(page.getByText(serverText(lang, 'collectionRecordAdded'))).toBeVisible();
  await expect(topic.getByTestId('listed-records').getByRole('listitem')).toHaveCount(1);
  await expect(topic.getByTestId('listed-records')).toContainText(RECORD);

  // A visitor sees the topic, in English, with the record.
  const href = (await topic.getByRole('link', { name: text('publicPage') }).getAttribute('href'))!;
  expect(href).toMatch(/^\/specialNav\/\d+$/);
  const visitor = await page.context().newPage();
  await visitor.setViewportSize({ width: 390, height: 844 });
  await presetLang(visitor, lang);
  await openPage(visitor, href);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByRole('link', { name: RECORD }).first()).toBeVisible();
  expect(await horizontalOverflow(visitor)).toBe(0);
  await visitor.close();

  // Deleted after the confirmation, which says the record stays in the catalogue.
  await topic.getByRole('button', { name: spaced(text('remove.ok')) }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(text('topics.removeRecords_one', { count: 1 }));
  await confirm.getByRole('button', { name: spaced(text('remove.ok')) }).click();
  await expect(page.getByText(serverText(lang, 'collectionTopicDeleted'))).toBeVisible();
  await expect(topic).toHaveCount(0);
});
