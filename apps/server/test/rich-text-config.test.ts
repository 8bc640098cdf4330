import { ApiPath } from '@openfind/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SiteConfig } from '@openfind/contract';
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
