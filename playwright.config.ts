import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/** End-to-end tests: Debian's Chromium against the real, built server with a fresh demo database. */
const PORT = Number(process.env.E2E_PORT ?? 3210);
// Both can be set so that two runs (say, two people's work in one checkout) do not collide.
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.cache/e2e-data';
const isCI = Boolean(process.env.CI);

if (!existsSync('apps/server/dist/cli.js') || !existsSync('apps/web/dist/index.html')) {
  throw new Error('e2e: run `npm run build` first (the tests drive the built server and web app)');
}

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  workers: isCI ? 2 : 4,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: isCI ? [['list'], ['html', { open: 'never' }]] : 'list',
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1280, height: 800 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    trace: 'retain-on-failure',
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
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // Playwright starts the web server before globalSetup runs, and the embedded database cannot be
    // opened by two processes, so the data dir is prepared (CLI) as the first step of this command.
    command: `node e2e/support/prepare-data.mjs && node apps/server/dist/cli.js serve --port ${PORT}`,
    env: { DATA_DIR, PORT: String(PORT), LOG_LEVEL: 'warn' },
    url: `http://127.0.0.1:${PORT}/health`,
    reuseExistingServer: !isCI,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
