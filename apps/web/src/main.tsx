// First: configures zod before any schema is built (see the module).
import './lib/zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { matchRouteDef } from './app/match-route';
import { needsAntdFirst, SCREEN_LOADERS } from './app/screens';
import { initI18n, readStoredLang } from './features/lang';
import { detectTenant } from './features/tenant';
import { preloadAntd, setAntdLang } from './lib/antd';
import { setRequestContext } from './lib/api-client';
import { readFirstAnswers, rememberLangForServer } from './lib/first-answers';
import { readStoredGroupCode } from './lib/session';
import './styles.css';

const lang = readStoredLang();
document.documentElement.lang = lang;
setAntdLang(lang);
rememberLangForServer(lang);
readFirstAnswers(lang);
const tenant = detectTenant(window.location.pathname);
setRequestContext({ mappingPath: tenant.mappingPath, groupCode: readStoredGroupCode(tenant.mappingPath), lang });

// Fetch the first screen's chunk while the language and the tenant load (no waterfall).
const appPath =
  tenant.basename === '/' ? window.location.pathname : window.location.pathname.slice(tenant.basename.length);
const firstPage = matchRouteDef(appPath || '/')?.page ?? 'home';
void SCREEN_LOADERS[firstPage]().catch(() => undefined);
if (needsAntdFirst(firstPage)) void preloadAntd(lang).catch(() => undefined);

await initI18n(lang);

const container = document.getElementById('root');
if (container) {
  const root = createRoot(container);
  // As a transition, the first render yields to the browser every few milliseconds instead of holding
  // the main thread for the whole screen (a phone stays responsive while the app starts).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App tenant={tenant} lang={lang} />
      </StrictMode>,
    ),
  );
}
