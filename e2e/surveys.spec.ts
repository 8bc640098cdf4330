import { expect, test, type Browser, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { LANGS, openPage, presetLang, type Lang } from './support/app';
import { startSession } from './support/account';
import { DEMO_DESK, adminLogin, adminPath } from './support/admin';
import { expectNoBlockingViolations, horizontalOverflow } from './support/checks';
import { serverText, spaced, webText } from './support/texts';

// Questionnaires (issue 29, My Library key 10; the console's content of issue 28), in the default
// institution, in the three languages (English on a phone 390 px wide): the desk writes a survey of a
// required single-choice question and a text question and publishes it; a reader opens it in My
// Library, is told the first question is required, answers, and sees the answers read-only; the desk
// sees the result (1 answer, 100 % on the option chosen, the text) and exports the CSV.
// axe finds nothing serious on each screen, nothing is wider than the phone.

/** What e2e/support/prepare-surveys.mjs prepares: a reader per language in the default institution. */
const SURVEYOR_PASSWORD = 'Reader2026';
const surveyorAccount = (lang: Lang) => `surveyor-${lang}`;

const text = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
  webText(lang, `surveys:${key}`, vars);
const staffText = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
  webText(lang, `adminSurveys:${key}`, vars);

const PHONE: Lang = 'en-US';

test.describe.configure({ timeout: 150_000 });

/** The console's questionnaires tab, logged in as the demo desk, in a context of its own. */
async function openConsole(browser: Browser, lang: Lang): Promise<Page> {
  const context = await browser.newContext({ viewport: lang === PHONE ? { width: 390, height: 844 } : undefined });
  const page = await context.newPage();
  await adminLogin(page, { ...DEMO_DESK, lang });
  await page.goto(adminPath('', 'content'));
  const tab = page.getByRole('tab', { name: staffText(lang, 'tab') });
  // The screen's chunk and texts load on first use: slow on a busy machine.
  await expect(tab).toBeVisible({ timeout: 30_000 });
  await tab.click();
  await expect(page.getByRole('button', { name: spaced(staffText(lang, 'create')) })).toBeVisible();
  return page;
}

/** The desk writes and publishes a survey: a required single choice, then a text question. */
async function writeSurvey(browser: Browser, lang: Lang, title: string, choices: [string, string], prompt: string) {
  const page = await openConsole(browser, lang);
  try {
    await page.getByRole('button', { name: spaced(staffText(lang, 'create')) }).click();
    await page.getByLabel(staffText(lang, 'fieldTitle'), { exact: true }).fill(title);
    const q1 = page.getByRole('group', { name: staffText(lang, 'questionN', { n: 1 }) });
    await q1.getByLabel(staffText(lang, 'prompt'), { exact: true }).fill(`满意吗 ${lang}`);
    await q1.getByRole('textbox', { name: staffText(lang, 'optionN', { n: 1 }), exact: true }).fill(choices[0]);
    await q1.getByRole('textbox', { name: staffText(lang, 'optionN', { n: 2 }), exact: true }).fill(choices[1]);
    await q1.getByLabel(staffText(lang, 'requiredLabel'), { exact: true }).check();
    await page.getByRole('button', { name: spaced(staffText(lang, 'addText')) }).click();
    const q2 = page.getByRole('group', { name: staffText(lang, 'questionN', { n: 2 }) });
    await q2.getByLabel(staffText(lang, 'prompt'), { exact: true }).fill(prompt);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoBlockingViolations(page);
    if (lang === PHONE) expect(await horizontalOverflow(page)).toBe(0);
    await page.getByRole('button', { name: spaced(staffText(lang, 'save')) }).click();
    await expect(page.getByText(serverText(lang, 'surveySaved'))).toBeVisible();
    // Saved: the editor now edits the stored draft.
    await expect(page.getByRole('heading', { name: staffText(lang, 'editTitle', { title }) })).toBeVisible();
    await page.getByRole('button', { name: spaced(staffText(lang, 'back')) }).click();

    const row = page.getByTestId('admin-survey').filter({ hasText: title });
    await expect(row).toContainText(staffText(lang, 'status.draft'));
    await row.getByRole('button', { name: spaced(staffText(lang, 'publish')) }).click();
    await page
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: spaced(staffText(lang, 'publish')) })
      .click();
    await expect(page.getByText(serverText(lang, 'surveyPublished'))).toBeVisible();
    await expect(row).toContainText(staffText(lang, 'status.published'));
  } finally {
    await page.context().close();
  }
}

/** The desk reads the result and exports the CSV. */
async function readResult(browser: Browser, lang: Lang, title: string, chosen: string, answer: string) {
  const page = await openConsole(browser, lang);
  try {
    const row = page.getByTestId('admin-survey').filter({ hasText: title });
    await expect(row).toContainText(staffText(lang, 'answerCount_one', { count: 1 }));
    await row.getByRole('button', { name: staffText(lang, 'resultsNamed', { title }) }).click();
    await expect(page.getByTestId('survey-responses')).toHaveText(staffText(lang, 'responses_one', { count: 1 }));
    const [choice, written] = [page.getByTestId('survey-result').nth(0), page.getByTestId('survey-result').nth(1)];
    await expect(choice.getByRole('row', { name: new RegExp(chosen) })).toContainText('100%');
    await expect(written).toContainText(answer);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoBlockingViolations(page);
    if (lang === PHONE) expect(await horizontalOverflow(page)).toBe(0);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: spaced(staffText(lang, 'exportCsv')) }).click(),
    ]);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toContain(surveyorAccount(lang));
    expect(csv).toContain(chosen);
    expect(csv).toContain(answer);
  } finally {
    await page.context().close();
  }
}

for (const lang of LANGS) {
  test(`the desk publishes a survey, a reader answers it once, the desk sees the result (${lang}${lang === PHONE ? ', 390 px' : ''})`, async ({
    page,
    browser,
  }) => {
    const title = `读者调查 ${lang} ${Date.now().toString(36)}`;
    const choices: [string, string] = [`很满意 ${lang}`, `不满意 ${lang}`];
    const prompt = `您的建议 ${lang}`;
    const answer = `希望延长开放时间 ${lang}`;
    await writeSurvey(browser, lang, title, choices, prompt);

    if (lang === PHONE) await page.setViewportSize({ width: 390, height: 844 });
    await presetLang(page, lang);
    await startSession(page, '', surveyorAccount(lang), SURVEYOR_PASSWORD);
    await openPage(page, '/personalCenter?key=10');
    await expect(page.getByRole('heading', { level: 2, name: webText(lang, 'myLibrary:entries.10') })).toBeVisible();
    const list = page.getByTestId('my-surveys');
    await expect(list).toBeVisible({ timeout: 20_000 });
    const item = list.locator('li').filter({ hasText: title });
    await expect(item).toContainText(text(lang, 'questions_other', { count: 2 }));
    await expectNoBlockingViolations(page);
    if (lang === PHONE) expect(await horizontalOverflow(page)).toBe(0);
    await item.getByRole('button').click();

    const view = page.getByTestId('survey-view');
    await expect(view.getByRole('heading', { level: 3, name: title })).toBeFocused();
    // Sent unanswered: the required question is named, and nothing is sent.
    await view.getByRole('button', { name: spaced(text(lang, 'submit')) }).click();
    await expect(view.getByTestId('survey-error')).toHaveText(text(lang, 'problem.answerRequired', { n: 1 }));
    await view.getByRole('radio', { name: choices[0] }).check();
    await view.getByLabel(prompt).fill(answer);
    await expect(view.getByText(text(lang, 'counter', { count: [...answer].length, max: 1000 }))).toBeVisible();
    // From the top: a button scrolled under the sticky header reads as a target the header covers.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoBlockingViolations(page);
    if (lang === PHONE) expect(await horizontalOverflow(page)).toBe(0);
    await view.getByRole('button', { name: spaced(text(lang, 'submit')) }).click();
    await expect(page.getByText(serverText(lang, 'surveySubmitted'))).toBeVisible();
    // Answered: read-only, with the reader's answers; no form any more.
    const mine = view.getByTestId('survey-answers');
    await expect(mine).toContainText(choices[0]);
    await expect(mine).toContainText(answer);
    await expect(view.getByRole('button', { name: spaced(text(lang, 'submit')) })).toHaveCount(0);

    // The list keeps it among the answered ones.
    await view.getByRole('button', { name: spaced(text(lang, 'back')) }).click();
    const answered = page.getByRole('region', { name: text(lang, 'listAnswered') });
    await expect(answered.locator('li').filter({ hasText: title })).toBeVisible();

    await readResult(browser, lang, title, choices[0], answer);
  });
}
