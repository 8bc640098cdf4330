import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { LANGS, openHome, presetLang } from './support/app';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test.describe('accessibility (axe-core)', () => {
  for (const lang of LANGS) {
    for (const [label, width, height] of [
      ['desktop', 1280, 800],
      ['mobile', 375, 812],
    ] as const) {
      test(`home page in ${lang}, ${label}: no serious or critical violations`, async ({ page }) => {
        await page.setViewportSize({ width, height });
        await presetLang(page, lang);
        await openHome(page);
        const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
        const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      });
    }
  }

  for (const path of ['/beiling/Home', '/xihu/Home', '/searchList/bookDetails/1']) {
    test(`${path}: no serious or critical violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
      const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
});
