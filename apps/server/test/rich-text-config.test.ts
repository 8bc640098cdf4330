import { ApiPath } from '@openfind/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SiteConfig } from '@openfind/contract';
import { sanitizeRichText } from '../src/lib/rich-text.js';
import { findStoredSiteConfig, mergeSiteConfig } from '../src/modules/site-config/site-config-repository.js';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import { makeTenant, type MadeTenant } from './support/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t?.close());

/** Script-bearing rich text of the bypass families a hand-written sanitiser missed (issue 25, finding 6). */
const ATTACK = [
  '<p>开放时间</p>',
  '<a href="&#1;javascript:alert(1)">a</a>',
  '<a href="java&#9;script:alert(2)">b</a>',
  '<a href="javas&#10;cript:alert(3)">c</a>',
  '<svg><a><animate attributeName="href" values="javascript:alert(4)"/><text>d</text></a></svg>',
  '<svg><set attributeName="href" to="javascript:alert(5)"/></svg>',
  '<img src=x onerror="alert(6)">',
  '<a href="https://lib.example.edu/" target="_blank">规则</a>',
  // Last: its unclosed <style> takes in whatever follows.
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(7)>',
].join('');

/** What a browser could run from `html`: handlers, script URLs, SVG/MathML, style. */
function scriptBearing(html: string): string[] {
  return html.match(/javascript|onerror|<svg|<math|<style|<animate|<set|alert/gi) ?? [];
}

const getConfig = async (tenant: MadeTenant) =>
  envelopeOf<SiteConfig>(await t.call({ url: ApiPath.getFindConfig, mappingPath: tenant.mappingPath })).data;

describe('configured rich text (helpHtml, privacyHtml, login explanations)', () => {
  // Each test configures an institution of its own.
  let tenant: MadeTenant;
  beforeEach(async () => {
    tenant = await makeTenant(t);
  });

  it('is cleaned when saved (the path of `openfind config set`): nothing script-bearing is stored', async () => {
    await t.services.siteConfig.updateConfig(tenant.id, {
      helpHtml: ATTACK,
      privacyHtml: ATTACK,
      oldPrivacyHtml: ATTACK,
      loginExplain: ATTACK,
      pcLspLoginExplain: ATTACK,
      pcXxtLoginExplain: ATTACK,
      pcSsoLoginExplain: ATTACK,
    });
    const stored = await findStoredSiteConfig(t.db.kysely, tenant.id);
    for (const key of ['helpHtml', 'privacyHtml', 'oldPrivacyHtml', 'loginExplain', 'pcSsoLoginExplain']) {
      const value = String(stored[key]);
      expect(scriptBearing(value), `${key}: ${value}`).toEqual([]);
      expect(value).toContain('<p>开放时间</p>');
      expect(value).toContain('<a href="https://lib.example.edu/" target="_blank" rel="noopener noreferrer">规则</a>');
    }
    const c = await getConfig(tenant);
    expect(scriptBearing(c.helpHtml)).toEqual([]);
    expect(c.helpHtml).toBe(stored.helpHtml);
  });

  it('is cleaned when served: values saved before the sanitiser existed never reach a browser as stored', async () => {
    // Written straight into the table, as an older version (or a hand-made SQL update) left it.
    await mergeSiteConfig(t.db.kysely, tenant.id, { privacyHtml: ATTACK, pcXxtLoginExplain: ATTACK });
    expect(String((await findStoredSiteConfig(t.db.kysely, tenant.id)).privacyHtml)).toContain('javascript');
    const c = await getConfig(tenant);
    for (const value of [c.privacyHtml, c.pcXxtLoginExplain]) {
      expect(scriptBearing(value), value).toEqual([]);
      expect(value).toContain('<p>开放时间</p>');
    }
  });

  it('keeps benign rich text as written', async () => {
    const html =
      '<h2>借阅</h2><ul><li>图书 30 天</li></ul><table><tbody><tr><td>期刊</td></tr></tbody></table>' +
      '<p><b>注意</b>：<a href="mailto:lib@example.edu">联系我们</a></p>';
    await t.services.siteConfig.updateConfig(tenant.id, { helpHtml: html });
    expect((await getConfig(tenant)).helpHtml).toBe(html);
  });
});

/**
 * Known bypass families, each alone through the server's sanitiser (`sanitizeRichText`, the path of
 * every save): the same cases run against the web app's sanitiser (apps/web/src/lib/sanitize-html.test.ts).
 */
describe('the server sanitiser against known bypasses', () => {
  const BYPASSES: Record<string, string> = {
    'javascript: with entities':
      '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
    'javascript: with a hex entity': '<a href="&#x6A;avascript:alert(1)">x</a>',
    'javascript: after whitespace': '<a href="  \n javascript:alert(1)">x</a>',
    'tab entity inside the scheme': '<a href="jav&#x09;ascript:alert(1)">x</a>',
    'NewLine entity inside the scheme': '<a href="jav&NewLine;ascript:alert(1)">x</a>',
    'svg script': '<svg><script>alert(1)</script></svg>',
    'img onerror': '<img src=x onerror=alert(1)>',
    'noscript mXSS': '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
    'style nesting mXSS': '<math><mtext><h1><a><style><img src=x onerror=alert(1)></style></a></h1></mtext></math>',
    'data:text/html link': '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    'form action': '<form action="javascript:alert(1)"><button>go</button></form>',
    'button formaction': '<button formaction="javascript:alert(1)">go</button>',
    'input formaction': '<input type="submit" formaction="javascript:alert(1)">',
    'style attribute': '<div style="position:fixed;inset:0;background:url(javascript:alert(1))">fake login</div>',
    'iframe srcdoc': '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>',
  };

  for (const [name, html] of Object.entries(BYPASSES)) {
    it(`removes: ${name}`, async () => {
      const clean = await sanitizeRichText(html);
      expect(clean, clean).not.toMatch(
        /javascript|onerror|alert|<script|<svg|<math|<style|<form|<button|<input|<iframe|formaction|style=|data:text/i,
      );
      // Stable: cleaning the result again changes nothing (no mutation on re-parsing).
      expect(await sanitizeRichText(clean)).toBe(clean);
    });
  }
});
