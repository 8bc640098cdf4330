import type { FullConfig } from '@playwright/test';

/**
 * Runs after the web server is up (Playwright starts webServer first; the data dir is prepared by
 * e2e/support/prepare-data.mjs in the webServer command). Checks that the prepared tenants exist, so
 * that a stale reused server fails here with a clear message instead of in every test.
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]?.use.baseURL ?? 'http://127.0.0.1:3210';
  for (const mappingPath of ['', 'beiling', 'xihu', 'mourning']) {
    const res = await fetch(`${baseURL}/find/homePage/getGroupCode`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', mappingPath },
      body: JSON.stringify({ mappingPath }),
    });
    const body = (await res.json()) as { success?: boolean };
    if (!body.success)
      throw new Error(`e2e: tenant "${mappingPath}" is missing; is an old server running on that port?`);
  }
}
