// First: configures zod before any schema is built (see the module).
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { matchRouteDef } from './app/match-route';
import { SCREEN_LOADERS } from './app/screens';
import { initI18n, loadComponentLocale, readStoredLang } from './features/lang';
import { detectTenant } from './features/tenant';
import { setRequestContext } from './lib/api-client';
import { readStoredGroupCode } from './lib/session';
import './styles.css';

const lang = readStoredLang();
document.documentElement.lang = lang;
const tenant = detectTenant(window.location.pathname);
setRequestContext({ mappingPath: tenant.mappingPath, groupCode: readStoredGroupCode(tenant.mappingPath), lang });

// Fetch the first screen's chunk while the language and the tenant load (no waterfall).
const appPath =
  tenant.basename === '/' ? window.location.pathname : window.location.pathname.slice(tenant.basename.length);
void SCREEN_LOADERS[matchRouteDef(appPath || '/')?.page ?? 'home']().catch(() => undefined);

const [, locale] = await Promise.all([initI18n(lang), loadComponentLocale(lang)]);

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App tenant={tenant} locale={locale} />
    </StrictMode>,
  );
}
