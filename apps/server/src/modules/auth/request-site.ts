import type { FastifyRequest } from 'fastify';

/**
 * Where a request comes from, as the browser tells it: `same` for a page of this site (or the
 * reader typing the address), `cross` for a page of another site, `unknown` when the request says
 * nothing (not a browser, or a very old one).
 */
export type RequestSite = 'same' | 'cross' | 'unknown';

function first(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s?.trim() || undefined;
}

/** `host:port` in lower case, without the default ports (an Origin leaves them out, a Host may not). */
const normalHost = (host: string) => host.toLowerCase().replace(/:(80|443)$/, '');

/**
 * `Sec-Fetch-Site` when the browser sends it (all current ones do): `same-origin` and `none` are this
 * site, anything else (`same-site`, `cross-site`) another. Without it, `Origin` against the host the
 * request was sent to (`X-Forwarded-Host` when TRUST_PROXY trusts the proxy, as `req.host` reads it);
 * an `Origin: null` (sandboxed frame, privacy redirect) is another site. The scheme is not compared:
 * a TLS-terminating proxy that is not trusted makes this side see http while the page was https.
 */
export function requestSite(req: FastifyRequest): RequestSite {
  const fetchSite = first(req, 'sec-fetch-site')?.toLowerCase();
  if (fetchSite) return fetchSite === 'same-origin' || fetchSite === 'none' ? 'same' : 'cross';
  const origin = first(req, 'origin');
  if (!origin) return 'unknown';
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return 'cross';
  }
  return host && normalHost(host) === normalHost(req.host) ? 'same' : 'cross';
}
