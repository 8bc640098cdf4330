import { expect, test, type Browser, type Page } from '@playwright/test';
import { LANGS, openPage, presetLang, type Lang } from './support/app';
import { startSession } from './support/account';
import { DEMO_DESK, adminLogin, adminPath } from './support/admin';
import { expectNoBlockingViolations, horizontalOverflow } from './support/checks';
import { escapeRegExp, spaced, webText } from './support/texts';

// Problem feedback and e-questions (issue 29, My Library key 12; the console's queue /admin/feedback),
// in the default institution, in the three languages (English on a phone 390 px wide): a reader reports
// a problem and asks a librarian a question in My Library, sees both waiting; the desk replies to the
// question and closes the feedback in the console; the reader then finds the question under "answered"
// with the reply, and the feedback closed. axe finds nothing serious on each screen, nothing is wider
// than the phone.

/** What e2e/support/prepare-feedback.mjs prepares: a reader per language in the default institution. */
const ASKER_PASSWORD = 'Reader2026';
const askerAccount = (lang: Lang) => `asker-${lang}`;

const text = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
  webText(lang, `feedback:${key}`, vars);
const staffText = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
  webText(lang, `adminFeedback:${key}`, vars);

/** The phone-sized language. */
const PHONE: Lang = 'en-US';

// A login, several screens with axe, a console login and the portal again, on a shared machine.
test.describe.configure({ timeout: 150_000 });

async function checkScreen(page: Page, lang: Lang) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectNoBlockingViolations(page);
  if (lang === PHONE) expect(await horizontalOverflow(page)).toBe(0);
}

/** The desk answers the question and closes the feedback in the console (its own browser context). */
async function handleInConsole(
  browser: Browser,
  lang: Lang,
  account: string,
  m: { subject: string; feedback: string; reply: string; run: string },
) {
  const context = await browser.newContext({ viewport: lang === PHONE ? { width: 390, height: 844 } : undefined });
  const page = await context.newPage();
  try {
    await adminLogin(page, { ...DEMO_DESK, lang });
    await page.goto(adminPath('', 'feedback'));
    await expect(page.getByRole('heading', { level: 1, name: staffText(lang, 'title') })).toBeVisible({
      timeout: 30_000,
    });
    // This reader's messages only (waiting ones, the default).
    const filters = page.getByRole('search', { name: staffText(lang, 'filter.label') });
    await filters.getByLabel(staffText(lang, 'filter.text'), { exact: true }).fill(account);
    await filters.getByRole('button', { name: spaced(webText(lang, 'admin:queue.search')) }).click();
    // This try's two messages (a failed try before it leaves its own behind, with another run number).
    const items = page.getByTestId('feedback-item').filter({ hasText: m.run });
    await expect(items).toHaveCount(2);
    await checkScreen(page, lang);

    const question = items.filter({ hasText: m.subject });
    await question.getByTestId('feedback-reply-text').fill(m.reply);
    await question.getByTestId('feedback-reply').click();
    // Answered: no longer waiting.
    await expect(question).toHaveCount(0);
    const feedback = items.filter({ hasText: m.feedback });
    await feedback.getByTestId('feedback-close').click();
    await expect(items).toHaveCount(0);
  } finally {
    await context.close();
  }
}

/** Opens My Library's feedback entry (on the tab named). */
async function openMine(page: Page, lang: Lang, tab = '') {
  await openPage(page, `/personalCenter?key=12${tab ? `&tab=${tab}` : ''}`);
  await expect(page.getByRole('heading', { level: 2, name: webText(lang, 'myLibrary:entries.12') })).toBeVisible();
  await expect(page.getByTestId('my-feedback')).toBeVisible({ timeout: 20_000 });
}

/** A tab's name with its count, whatever the count (a retry finds a failed try's messages too). */
function countedTab(lang: Lang, key: string): RegExp {
  const [before, after] = text(lang, key, { n: '\u0000' }).split('\u0000');
  return new RegExp(`^${escapeRegExp(before ?? '')}[0-9]+${escapeRegExp(after ?? '')}$`);
}

for (const lang of LANGS) {
  test(`a reader reports a problem and asks a question, the desk answers, the reader reads the reply (${lang}${lang === PHONE ? ', 390 px' : ''})`, async ({
    page,
    browser,
  }) => {
    if (lang === PHONE) await page.setViewportSize({ width: 390, height: 844 });
    const account = askerAccount(lang);
    // A retry's texts and counts are its own: a failed try leaves its messages behind.
    const run = test.info().retry;
    const feedbackText = `检索结果第二页打不开 page two fails ${lang} #${run}`;
    const subject = `校外访问 off-campus ${lang} #${run}`;
    const reply = `请先登录 VPN please use the VPN ${lang} #${run}`;
    await presetLang(page, lang);
    await startSession(page, '', account, ASKER_PASSWORD);

    // Problem feedback: an empty text is asked for beside its field; the counter counts down.
    await openMine(page, lang);
    const form = page.getByTestId('feedback-form');
    await expect(form.getByTestId('feedback-allowance')).toBeVisible();
    await form.getByRole('button', { name: text(lang, 'feedback.send') }).click();
    await expect(form.getByText(text(lang, 'form.errors.required'))).toBeVisible();
    await form.getByLabel(text(lang, 'form.category')).selectOption('website');
    const area = form.getByRole('textbox', { name: text(lang, 'form.feedbackText') });
    await area.fill(feedbackText);
    await expect(form.getByTestId('feedback-counter')).toHaveText(
      text(lang, 'form.charsLeft', { left: 300 - [...feedbackText].length }),
    );
    await checkScreen(page, lang);
    await form.getByRole('button', { name: text(lang, 'feedback.send') }).click();
    const mineList = page.getByTestId('feedback-list');
    const sent = mineList.getByRole('listitem').filter({ hasText: feedbackText });
    await expect(sent.getByTestId('feedback-status')).toHaveText(text(lang, 'status.submitted'));
    // The form is empty again for another report.
    await expect(area).toHaveValue('');

    // A question to a librarian: waiting, under "not answered yet".
    await page.getByRole('tab', { name: text(lang, 'tabs.questions') }).click();
    const ask = page.getByTestId('question-form');
    await ask.getByRole('textbox', { name: text(lang, 'form.subject') }).fill(subject);
    await ask.getByRole('textbox', { name: text(lang, 'form.questionText') }).fill(`在校外怎样访问数据库？ ${lang}`);
    await ask.getByRole('button', { name: text(lang, 'questions.send') }).click();
    const waiting = page.getByTestId('questions-unreplied');
    await expect(waiting.getByRole('listitem').filter({ hasText: subject })).toBeVisible();
    await expect(page.getByRole('tab', { name: countedTab(lang, 'questions.unreplied') })).toBeVisible();
    await checkScreen(page, lang);

    // The desk answers the question and closes the feedback.
    await handleInConsole(browser, lang, account, { subject, feedback: feedbackText, reply, run: `${lang} #${run}` });

    // The reader finds the answer under "answered", and the feedback closed.
    await openMine(page, lang, 'questions');
    await page.getByRole('tab', { name: countedTab(lang, 'questions.replied') }).click();
    const answered = page.getByTestId('questions-replied').getByRole('listitem').filter({ hasText: subject });
    await expect(answered.getByTestId('feedback-status')).toHaveText(text(lang, 'status.replied'));
    await expect(answered.getByTestId('feedback-reply')).toContainText(reply);
    await checkScreen(page, lang);
    await page.getByRole('tab', { name: text(lang, 'tabs.feedback') }).click();
    await expect(
      page
        .getByTestId('feedback-list')
        .getByRole('listitem')
        .filter({ hasText: feedbackText })
        .getByTestId('feedback-status'),
    ).toHaveText(text(lang, 'status.closed'));
  });
}
