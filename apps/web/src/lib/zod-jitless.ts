/**
 * Zod without its compiled fast path in the browser. Zod probes for `new Function` the first time
 * it builds an object schema; under the server's Content-Security-Policy (no 'unsafe-eval') the
 * probe fails as intended but the browser still reports a violation for it. Zod reads this global
 * configuration object when it loads, so it must be set before any schema module runs: main.tsx
 * imports this module first. The web app only builds schemas and never parses large payloads, so
 * the interpreted path costs nothing noticeable.
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};
