import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const policy = (directives: Record<string, string>): string =>
  Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');

/**
 * The policy of the web app's pages. Scripts only from this server (the build has no inline script
 * and nothing evaluates strings). Styles also inline: Ant Design's CSS-in-JS writes <style> elements
 * at run time, and its nonce option does not reach every one (rc-* helpers insert their own), so a
 * nonce would need a page rendered per request for no real gain once scripts are locked. Images
 * from anywhere: covers come from third-party providers and the logo and icon are URLs each
 * institution configures (data: for generated captcha and QR codes, blob: for local previews).
 * Calls and frames to any http(s) origin: the WeChat login asks the institution's configured
 * auth service for its QR page, whose address that service chooses, and shows it in a frame.
 */
export const APP_CSP = policy({
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': '* data: blob:',
  'font-src': "'self' data:",
  'connect-src': "'self' https: http:",
  'frame-src': 'https: http:',
  'object-src': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
  'frame-ancestors': "'self'",
});

/** Swagger UI at /api/docs: its own files and inline styles, data: images, calls to this server only. */
export const DOCS_CSP = policy({
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data:",
  'font-src': "'self' data:",
  'connect-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
  'frame-ancestors': "'self'",
});

/** Anything else (API answers, scripts, styles, images): nothing may load or run if opened as a page. */
export const RESOURCE_CSP = policy({ 'default-src': "'none'", 'frame-ancestors': "'self'" });

/** HSTS for a year; subdomains are left alone (the library's other hosts may not all have TLS). */
export const HSTS = 'max-age=31536000';

const DOCS_PREFIX = '/api/docs';

function isHtml(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.toLowerCase().startsWith('text/html');
}

function cspFor(req: FastifyRequest, reply: FastifyReply): string {
  const path = req.url.split('?', 1)[0] ?? '';
  if (path === DOCS_PREFIX || path.startsWith(`${DOCS_PREFIX}/`)) return DOCS_CSP;
  return isHtml(reply) ? APP_CSP : RESOURCE_CSP;
}

/**
 * Security headers on every answer (pages, files, API calls, errors): a content security policy
 * fitting what the answer is, no MIME sniffing, no framing by other sites, origin-only referrers
 * to other sites, and HSTS when the request came over TLS (directly, or through a trusted proxy's
 * X-Forwarded-Proto with TRUST_PROXY). Registered before every other plugin so that all inherit it.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('content-security-policy', cspFor(req, reply));
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'SAMEORIGIN');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
    return payload;
  });
}
