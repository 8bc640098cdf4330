import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

/** The three interface languages, as stored in localStorage 'langFlag'. */
export const LANGS = ['zh-CN', 'zh-TW', 'en-US'] as const;
export type Lang = (typeof LANGS)[number];

/** Texts a user sees on the home page, per language (from the locale files). */
export const HOME_TEXT: Record<
  Lang,
  { heroTitle: string; search: string; login: string; help: string; close: string }
> = {
  'zh-CN': { heroTitle: '探索馆藏，发现知识', search: '检索', login: '登录', help: '帮助', close: '关闭' },
  'zh-TW': { heroTitle: '探索館藏，發現知識', search: '檢索', login: '登入', help: '說明', close: '關閉' },
  'en-US': { heroTitle: 'Explore the collections', search: 'Search', login: 'Log in', help: 'Help', close: 'Close' },
};

/** Stores a language before the first page load (as a returning visitor would have it). */
export async function presetLang(page: Page, lang: Lang): Promise<void> {
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem('e2e-lang-set')) {
      localStorage.setItem('langFlag', value);
      sessionStorage.setItem('e2e-lang-set', '1');
    }
  }, lang);
}

/** Opens a page and waits until the shell has rendered. */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('header.of-header')).toBeVisible();
}

/** Opens a tenant's home page and waits for its hero. */
export async function openHome(page: Page, path = '/Home'): Promise<void> {
  await openPage(page, path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

/**
 * Serves pages without the answers of their first calls (the server puts them into the HTML), so
 * that the app asks for its tenant, configuration, menus… over the network, where a test can route
 * those requests.
 */
export async function withoutFirstAnswers(page: Page): Promise<void> {
  await page.route(
    (url) => !/^\/(assets|find|oga|api)\//.test(url.pathname),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const res = await route.fetch();
      const html = (await res.text()).replace(
        /<script type="application\/json" id="of-first-answers">[\s\S]*?<\/script>/,
        '',
      );
      return route.fulfill({ response: res, body: html });
    },
  );
}
