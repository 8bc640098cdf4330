// Prepares the account tests' institutions (e2e/auth-*.spec.ts) in the e2e database, in one process with
// the built server's modules (a CLI call each would take minutes on a busy machine). Called by
// prepare-data.mjs after the demo seed, with DATA_DIR set.
//   sso      unified authentication (CAS) beside the password, external single sign-on (a JWT signed with
//            EXTERNAL_JWT_KEY), WeChat scan login, forced login, forced binding of e-mail or phone, a
//            one-minute inactivity limit and a login explanation; the auth server the tests start on
//            E2E_CAS_PORT (e2e/support/auth-server.ts) plays CAS and WeChat;
//   casonly  unified authentication only (the login button leaves for CAS at once).
// It also adds, to the default institution, one reader per other language for the account flows that
// change a reader (e2e/account-languages.spec.ts): a password to recover, a password too old, a first login.
import { createTenant } from '../../apps/server/dist/modules/tenants/tenant-service.js';
import { loadConfig } from '../../apps/server/dist/config.js';
import { openConfiguredDatabase, prepareDatabase } from '../../apps/server/dist/db/setup.js';
import { createServices } from '../../apps/server/dist/services.js';
import { saveReader } from '../../apps/server/dist/modules/readers/reader-service.js';
import { setTenantSecret } from '../../apps/server/dist/modules/auth/auth-repository.js';
import { EXTERNAL_JWT_KEY } from '../../apps/server/dist/modules/auth/sso-service.js';

/** The key of the external-login test tokens (the same as EXTERNAL_JWT_KEY in e2e/support/auth-server.ts). */
const E2E_EXTERNAL_KEY = 'e2e-external-jwt-key-0123456789abcdef';

export async function prepareAuthTenants() {
  const casBase = `http://127.0.0.1:${process.env.E2E_CAS_PORT ?? Number(process.env.PORT ?? 3210) + 1}`;
  const db = await openConfiguredDatabase(loadConfig({ ...process.env, TEST_CAPTCHA_ANSWER: '0' }));
  try {
    await prepareDatabase(db);
    const s = createServices(db, { configCacheMs: 0 });
    const readers = [
      { account: 'reader', cardNo: 'S0001', name: '林静', email: 'reader@example.org', emailVerified: true },
      { account: 'unverified', cardNo: 'S0002', name: '周琳' },
      { account: 'idle', cardNo: 'S0003', name: '吴越', email: 'idle@example.org', emailVerified: true },
    ];
    const tenants = [
      {
        mappingPath: 'sso',
        groupCode: '990002',
        name: '统一认证测试图书馆',
        nameEn: 'SSO Test Library',
        config: {
          unifieAuthen: '1',
          unifieAuthenLoginUrl: `${casBase}/cas/login`,
          unifieAuthenLogoutUrl: `${casBase}/cas/logout`,
          loginCasWithOriginalPage: '1',
          exterSinAuthen: '1',
          exterSinAuthenUrl: `${casBase}/portal`,
          weixinLogin: '1',
          weixinAuthUrl: `${casBase}/wx`,
          findCoerceLogin: '1',
          bindMailOrPhone: '1',
          primaryIdProtect: '1',
          primaryIdProtectTime: '1',
          pcLspLoginExplain: '读者证号即校园卡号。<br>初始密码为身份证号后六位。',
        },
      },
      {
        mappingPath: 'casonly',
        groupCode: '990003',
        name: '仅统一认证图书馆',
        nameEn: 'CAS-only Test Library',
        config: { normalLogin: '0', unifieAuthen: '1', unifieAuthenLoginUrl: `${casBase}/cas/login` },
      },
    ];
    for (const { config, ...t } of tenants) {
      const id = await createTenant(db.kysely, t);
      await s.siteConfig.updateConfig(id, config);
      for (const r of readers) await saveReader(db.kysely, id, r, 'Reader2026', '1');
    }
    const main = await s.tenants.find('default');
    const yearsAgo = new Date(Date.now() - 2 * 365 * 86_400_000);
    for (const lang of ['tw', 'en']) {
      const flows = [
        {
          account: `recover${lang}`,
          cardNo: `R${lang}1`,
          name: `Recover ${lang}`,
          email: `recover${lang}@example.org`,
        },
        {
          account: `expired${lang}`,
          cardNo: `R${lang}2`,
          name: `Expired ${lang}`,
          email: `expired${lang}@example.org`,
          passwordChangedAt: yearsAgo,
        },
        { account: `tour${lang}`, cardNo: `R${lang}3`, name: `Tour ${lang}`, email: `tour${lang}@example.org` },
      ];
      for (const r of flows) await saveReader(db.kysely, main.id, { ...r, emailVerified: true }, 'Reader2026', '1');
    }
    const sso = await s.tenants.find('sso');
    await setTenantSecret(db.kysely, sso.id, EXTERNAL_JWT_KEY, E2E_EXTERNAL_KEY);
  } finally {
    await db.close();
  }
}
