import { expect, test } from '@playwright/test';
import { LANGS, openPage, presetLang, type Lang } from './support/app';
import { expectNoBlockingViolations, horizontalOverflow } from './support/checks';
import { serverText, webText } from './support/texts';

// Subject services (issue 30) in the default demo institution, in the three languages (English on a
// phone 390 px wide): the department list, a department's home with its liaison librarian and
// resources in tabs, one of its researchers with the works the catalogue holds by them (a namesake's
// book elsewhere not among them), and the theses searched by supervisor and filtered by degree.
// axe finds nothing serious on each screen, nothing is wider than the phone.

const text = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
  webText(lang, `subjects:${key}`, vars);

const PHONE: Lang = 'en-US';
/** "N theses" (English has a singular; Chinese one form). */
const found = (lang: Lang, count: number) =>
  text(lang, `theses.found_${lang === 'en-US' && count === 1 ? 'one' : 'other'}`, { count });
const CS: Record<Lang, string> = {
  'zh-CN': '计算机科学与技术学院',
  'zh-TW': '計算機科學與技術學院',
  'en-US': 'School of Computer Science and Technology',
};

test.describe.configure({ timeout: 90_000 });

for (const lang of LANGS) {
  test(`departments, a researcher's works and the theses (${lang}${lang === PHONE ? ', 390 px' : ''})`, async ({
    page,
  }) => {
    if (lang === PHONE) await page.setViewportSize({ width: 390, height: 844 });
    await presetLang(page, lang);
    const checkScreen = async () => {
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectNoBlockingViolations(page);
      if (lang === PHONE) expect(await horizontalOverflow(page)).toBe(0);
    };

    // The departments, each with its counts.
    await openPage(page, '/departmentList');
    await expect(page.getByRole('heading', { level: 1, name: text(lang, 'titles.departments') })).toBeVisible();
    const cards = page.getByTestId('department-cards');
    await expect(cards.getByRole('heading', { level: 2 })).toHaveCount(8);
    await checkScreen();

    // A department's home: the liaison librarian, its researchers and theses in tabs.
    await cards.getByRole('link', { name: CS[lang], exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: CS[lang] })).toBeVisible();
    await expect(page.getByRole('complementary')).toContainText('林晓雯');
    await expect(page.getByTestId('tab-newBooks').getByRole('listitem').first()).toBeVisible();
    await page.getByRole('tab', { name: new RegExp(`^${text(lang, 'tabs.theses')}`) }).click();
    await expect(page.getByTestId('tab-theses')).toContainText('面向异构集群的分布式事务调度研究');
    await page.getByRole('tab', { name: new RegExp(`^${text(lang, 'tabs.researchers')}`) }).click();
    await expect(page.getByTestId('tab-researchers').getByRole('listitem')).toHaveCount(3);
    await checkScreen();

    // A researcher's page lists their works in the catalogue (with the pinyin form), not a namesake's.
    await page.getByTestId('tab-researchers').getByRole('link', { name: '王晓明', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: /王晓明/ })).toBeVisible();
    const works = page.getByTestId('works');
    await expect(works.getByRole('link', { name: '分布式数据库系统原理与实践', exact: true })).toBeVisible();
    await expect(works.getByRole('link', { name: 'Distributed Transactions in Practice', exact: true })).toBeVisible();
    await expect(works).not.toContainText('王晓明散文选');
    await expect(page.getByTestId('works-count')).toHaveText('4');
    await checkScreen();

    // The theses: by supervisor, then the master's theses of all.
    await openPage(page, '/schoolBaseNav');
    await expect(page.getByRole('heading', { level: 1, name: text(lang, 'titles.theses') })).toBeVisible();
    const search = page.getByRole('search');
    await search.getByLabel(text(lang, 'theses.field')).selectOption('supervisor');
    await search.getByRole('searchbox').fill('杨光');
    await search.getByRole('button').click();
    await expect(page.getByTestId('theses-count')).toHaveText(found(lang, 2));
    const embargoed = page.getByTestId('thesis').filter({ hasText: '二维材料中的拓扑超导态研究' });
    await expect(embargoed).toContainText(text(lang, 'fullText.embargoed', { date: '2027-06-30' }));
    await page.getByLabel(text(lang, 'theses.degree')).selectOption('master');
    await expect(page.getByTestId('theses-count')).toHaveText(found(lang, 1));
    await expect(page.getByTestId('thesis')).toContainText('铁基超导体输运性质的实验研究');
    await checkScreen();
  });
}

test('a visitor cannot confirm or exclude works; an unknown researcher is said so', async ({ page, request }) => {
  const res = await request.post('/find/admin/researchers/decideWork', {
    headers: { mappingPath: '', 'content-type': 'application/json' },
    data: { researcherId: 1, recordId: 1, decision: 'excluded' },
  });
  expect(res.status()).toBe(401);
  const missing = await request.post('/find/researcher/details', {
    headers: { mappingPath: '', 'content-type': 'application/json', 'content-language': 'en_US' },
    data: { id: 999999 },
  });
  expect(await missing.json()).toMatchObject({
    success: false,
    message: serverText('en-US', 'subjectNoSuchResearcher'),
  });
  await presetLang(page, 'en-US');
  await openPage(page, '/researcherDetail?id=999999');
  await expect(page.getByText(text('en-US', 'researchers.missing'))).toBeVisible();
});
