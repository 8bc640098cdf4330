import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { mailSinkDir } from './e2e/support/mail';

/** End-to-end tests: Debian's Chromium against the real, built server with a fresh demo database. */
const PORT = Number(process.env.E2E_PORT ?? 3210);
// Both can be set so that two runs (say, two people's work in one checkout) do not collide.
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.cache/e2e-data';
// The port of the small CAS / WeChat auth server the account tests start (e2e/support/auth-server.ts).
const CAS_PORT = Number(process.env.E2E_CAS_PORT ?? PORT + 1);
const isCI = Boolean(process.env.CI);
// The server serves WEB_DIST (default apps/web/dist): a private build can be tested without touching the shared one.
const WEB_DIST = process.env.WEB_DIST ?? 'apps/web/dist';
// Chromium keeps only the last --disable-features switch, so Playwright's own list (playwright-core's
// chromiumSwitches) is restated here with two additions: the WebUI omnibox popups that Chromium builds
// for every window, address bar and all, even headless. Each costs a renderer process; without them a
// page load takes half the CPU (about 5.5 → 2.9 core-seconds on two cores).
const DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

if (!existsSync('apps/server/dist/cli.js') || !existsSync(`${WEB_DIST}/index.html`)) {
  throw new Error('e2e: run `npm run build` first (the tests drive the built server and web app)');
}

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  workers: isCI ? 2 : 4,
  // CI's machine has two cores for the server and two browsers: a page load alone takes 2–3 s there.
  timeout: isCI ? 60_000 : 30_000,
  expect: { timeout: isCI ? 15_000 : 10_000 },
  reporter: isCI ? [['list'], ['html', { open: 'never' }]] : 'list',
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1280, height: 800 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // Ant Design's animations off (the app honours the system setting): no waiting for fades before
    // axe measures colours. The login dialog's spec keeps motion on, so the animated path is driven too.
    reducedMotion: 'reduce',
    // Recording a trace costs about a third of the suite's time: CI records one when it retries a test.
    trace: isCI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-quic',
        '--disable-sync',
        `--disable-features=${DISABLED_FEATURES.join(',')}`,
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // Playwright starts the web server before globalSetup runs, and the embedded database cannot be
    // opened by two processes, so the data dir is prepared (CLI) as the first step of this command.
    // The server's mail goes to a local SMTP sink (e2e/support/mail-sink.mjs) that keeps it for the tests.
    command: `node e2e/support/prepare-data.mjs && node e2e/support/mail-sink.mjs node apps/server/dist/cli.js serve --port ${PORT}`,
    // TEST_CAPTCHA_ANSWER: the test-only setting that puts the image code's answer in its response.
    env: {
      DATA_DIR,
      PORT: String(PORT),
      LOG_LEVEL: 'warn',
      MAIL_SINK_DIR: mailSinkDir(DATA_DIR),
      TEST_CAPTCHA_ANSWER: '1',
      // Every test logs in and draws image codes from 127.0.0.1: two workers pass the defaults
      // (30 logins, 60 image codes and 30 recovery calls a minute).
      LOGINS_PER_MINUTE_PER_IP: '600',
      CAPTCHAS_PER_MINUTE_PER_IP: '1200',
      RECOVERY_PER_MINUTE_PER_IP: '600',
      E2E_CAS_PORT: String(CAS_PORT),
      // The daily reminders would mail the demo readers while tests wait for their verification codes.
      REMINDERS_SCHEDULE: 'off',
      // The subscriptions flow runs the digest job through the server's test-only hook.
      TEST_SUBSCRIPTION_HOOK: '1',
    },
    url: `http://127.0.0.1:${PORT}/health`,
    reuseExistingServer: !isCI,
    // Preparing the data (the demo seed and each flow's readers and institutions) takes 1.5–2.5 min on a quiet
    // two-core machine; a busy one needs more.
    timeout: 420_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
