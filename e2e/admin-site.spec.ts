import { deflateSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { LANGS, openHome, presetLang, type Lang } from './support/app';
import { adminLogin, adminPath } from './support/admin';
import { expectNoBlockingViolations, horizontalOverflow } from './support/checks';
import { serverText, spaced, webText } from './support/texts';

// The site configuration screen (issue 28), in the three languages on a phone 390 px wide: an
// administrator sets up a new institution (e2e/support/prepare-site.mjs: one per language, nothing
// set yet) — the header colour, a logo uploaded (a PNG made here, sent under a .jpg name: the content
// decides), a menu entry added and moved up with the keyboard — seeing the header preview follow
// before saving; then the institution's portal shows the colour, the logo and the entry in its header.
// axe finds nothing serious, and nothing is wider than the phone.

/** What e2e/support/prepare-site.mjs prepares. */
const SITE_TENANTS: Record<Lang, string> = { 'zh-CN': 'site-zh-cn', 'zh-TW': 'site-zh-tw', 'en-US': 'site-en-us' };
const SITE_ADMIN = { username: 'site-admin', password: 'Admin-2026-Site' };
/** A header colour per language, and how the browser gives it back. */
const COLOURS: Record<Lang, { hex: string; rgb: string }> = {
  'zh-CN': { hex: '7a1f4c', rgb: 'rgb(122, 31, 76)' },
  'zh-TW': { hex: '1f4c7a', rgb: 'rgb(31, 76, 122)' },
  'en-US': { hex: '2d5a27', rgb: 'rgb(45, 90, 39)' },
};

const text = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
  webText(lang, `adminSite:${key}`, vars);

/** A small real PNG (truecolour, a stripe per row), encoded here: no binary file in the repository. */
function makePng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) rows.set([255, (y * 40) % 256, 60], y * (width * 3 + 1) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// A login, several screens with axe, and the portal afterwards, on a shared two-core machine.
test.describe.configure({ timeout: 120_000 });

for (const lang of LANGS) {
  test(`an administrator sets up a new institution's colours, logo and menu and sees the portal change (${lang}, 390 px)`, async ({
    page,
  }) => {
    test.slow();
    const mappingPath = SITE_TENANTS[lang];
    const colour = COLOURS[lang];
    const entry = { zh: `新书通报${lang}`, tw: `新書通報${lang}`, en: `New books ${lang}` };
    const entryName = lang === 'en-US' ? entry.en : lang === 'zh-TW' ? entry.tw : entry.zh;
    await page.setViewportSize({ width: 390, height: 844 });
    await adminLogin(page, { mappingPath, ...SITE_ADMIN, lang });
    await page.goto(adminPath(mappingPath, 'site'));
    await expect(page.getByRole('heading', { level: 1, name: text(lang, 'title') })).toBeVisible();
    const preview = page.getByTestId('site-preview-header');
    await expect(preview).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoBlockingViolations(page);

    // The colour: the preview follows as it is typed, before anything is saved.
    const colourField = page.getByLabel(text(lang, 'fields.navBackColor'), { exact: true });
    await colourField.fill('not a colour');
    await expect(page.getByText(text(lang, 'problems.colour'))).toBeVisible();
    await colourField.fill(colour.hex);
    await expect(preview).toHaveCSS('background-color', colour.rgb);

    // The logo: a PNG under a .jpg name and type; the server judges it by its content.
    await page.getByTestId('site-upload-pcLogoUrl').setInputFiles({
      name: 'logo.jpg',
      mimeType: 'image/jpeg',
      buffer: makePng(48, 24),
    });
    await expect(page.getByText(serverText(lang, 'siteAdminUploaded'))).toBeVisible();
    await expect(preview.locator('img')).toHaveAttribute('src', /\/find\/site\/asset\?mappingPath=site-.*\.png$/);
    await page.getByTestId('site-save-appearance').click();
    await expect(page.getByText(serverText(lang, 'siteAdminSaved'))).toBeVisible();

    // The menu: an entry for home, then the new one, moved above it with the keyboard.
    await page.getByRole('tab', { name: text(lang, 'sections.menus') }).click();
    const items = page.getByTestId('site-menu-item');
    const before = await items.count();
    await page.getByTestId('site-menu-add').click();
    const home = items.nth(before);
    await home.getByTestId('site-menu-menuName').fill('首页');
    await home.getByTestId('site-menu-complexFont').fill('首頁');
    await home.getByTestId('site-menu-englishName').fill('Home');
    await home.getByTestId('site-menu-menuUrl').fill('/Home');
    await page.getByTestId('site-menu-add').click();
    const added = items.nth(before + 1);
    await added.getByTestId('site-menu-menuName').fill(entry.zh);
    await added.getByTestId('site-menu-complexFont').fill(entry.tw);
    await added.getByTestId('site-menu-englishName').fill(entry.en);
    await added.getByTestId('site-menu-menuUrl').fill('javascript:alert(1)');
    await page.getByTestId('site-save-menu').click();
    await expect(added.getByText(text(lang, 'problems.portalUrl'))).toBeVisible();
    await added.getByTestId('site-menu-menuUrl').fill('/newBookInform');
    // The preview's menu shows the entries as they are edited.
    await expect(preview).toContainText(entryName);

    const handle = page.getByRole('button', {
      name: text(lang, 'menus.handle', { name: entry.zh, position: before + 2, count: before + 2 }),
    });
    await handle.focus();
    await page.keyboard.press('ArrowUp');
    await expect(items.nth(before).getByTestId('site-menu-menuName')).toHaveValue(entry.zh);
    await expect(items.nth(before + 1).getByTestId('site-menu-menuName')).toHaveValue('首页');
    // Focus stays on the entry moved, and its new place is said.
    await expect(
      page.getByRole('button', {
        name: text(lang, 'menus.handle', { name: entry.zh, position: before + 1, count: before + 2 }),
      }),
    ).toBeFocused();
    await expect(
      page.getByText(text(lang, 'menus.moved', { name: entry.zh, position: before + 1, count: before + 2 })),
    ).toBeAttached();
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoBlockingViolations(page);
    await page.getByTestId('site-save-menu').click();
    await expect(page.getByText(serverText(lang, 'siteAdminMenuSaved'))).toBeVisible();

    // The portal of the institution, as a reader opens it.
    const reader = await page.context().newPage();
    await reader.setViewportSize({ width: 390, height: 844 });
    await presetLang(reader, lang);
    await openHome(reader, `/${mappingPath}/Home`);
    const header = reader.locator('header.of-header');
    await expect(header).toHaveCSS('background-color', colour.rgb);
    const logo = header.locator('.of-logo img').first();
    await expect(logo).toHaveAttribute('src', /\/find\/site\/asset\?mappingPath=site-.*\.png$/);
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await reader.getByRole('button', { name: spaced(webText(lang, 'common:header.openMenu')) }).click();
    const drawer = reader.getByRole('dialog');
    await expect(drawer.getByText(entryName, { exact: true }).first()).toBeVisible();
    await reader.close();
  });
}
