// First: configures zod before any schema is built (see the module).
import './lib/zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { matchRouteDef } from './app/match-route';
import { preloadScreen } from './app/screens';
import { initI18n, readStoredLang } from './features/lang';
import { detectTenant } from './features/tenant';
import { setAntdLang } from './lib/antd';
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
// The staff console (/admin) loads its own chunk when its route renders: no reader screen to fetch.
const isConsole = /^\/admin(\/|$)/i.test(appPath);
const firstPage = matchRouteDef(appPath || '/')?.page ?? 'home';
const firstScreen = isConsole ? Promise.resolve() : preloadScreen(firstPage).catch(() => undefined);

await initI18n(lang);

function render(container: HTMLElement) {
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

// The first render waits for the first screen's code (fetched beside the app's since the start), so
// that the header and the screen paint together: rendered before it, the screen would suspend, show
// the loading fallback, and React reveals content no sooner than 300 ms after a fallback appeared.
// Not awaited here: the screen's chunk imports this one, whose evaluation would then never end.
const container = document.getElementById('root');
if (container) void firstScreen.then(() => render(container));
