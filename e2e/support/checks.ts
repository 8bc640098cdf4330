import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

/** The WCAG 2.2 AA rule sets axe checks. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Waits until no CSS animation or transition is running. A dialog that is still fading in or out
 * has its text at part opacity, and axe would measure that passing moment's contrast.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    // A shown dialog still at part opacity (an Ant Design motion whose animation has not begun yet is
    // not among the running ones): CI once measured a dialog's link at 3.22:1 that way.
    const dialogs = document.querySelectorAll('[role="dialog"], .ant-modal');
    const faded = Array.from(dialogs).some((el) => {
      if (!el.getClientRects().length) return false;
      for (let e: Element | null = el; e; e = e.parentElement) if (getComputedStyle(e).opacity !== '1') return true;
      return false;
    });
    return (
      !faded &&
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity)
    );
  });
}

/** Fails on any serious or critical axe-core violation of the page once its animations have settled. */
export async function expectNoBlockingViolations(page: Page): Promise<void> {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** How many pixels the page is wider than the viewport (0 when nothing sticks out). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));
}

/**
 * An element's laid-out size in CSS pixels. Unlike getBoundingClientRect it ignores transforms, so a
 * dialog measured during its opening zoom animation reports its real width.
 */
export function layoutSize(locator: Locator): Promise<{ width: number; height: number }> {
  return locator.evaluate((el) => ({
    width: (el as HTMLElement).offsetWidth,
    height: (el as HTMLElement).offsetHeight,
  }));
}
