import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { CALENDAR_FEED_PATH } from '@openfind/contract';

/** What stands in the log for a secret. */
export const REDACTED = '[REDACTED]';

/**
 * Query parameters that carry a secret in some URL the server answers:
 * - `jwt`, `token`, `access_token`: session tokens (`/oga/userinfo?jwt=`, the URL-hash entry's
 *   query when a proxy forwards it);
 * - `ticket`: a CAS service ticket (`/oga/cas/callback?ticket=`), a login until it is validated;
 * - `code`: a WeChat OAuth code (`/oga/otherLogin?code=`), a login too;
 * - `uid`, `openId`: the bind tickets this server signs for the bind screens;
 * - `findKey`: a password recovery in progress; once its code is checked, the key alone sets a
 *   new password (`/find/getPassword/updateUserPassword?findKey=&password=`);
 * - `verifyCode`, `emailCode`, `phoneCode`, `smsCode`: image and verification code answers;
 * - anything named like a password (`password`, `newPassword`, `pwd`…): some clients send them as
 *   query parameters, and the log must not keep them whatever the route does with them.
 * `codeKey` (the key of an image code) is kept: without the answer it proves nothing, and it is
 * what ties a failed login to its image code when reading a log.
 */
const SECRET_PARAMS = new Set([
  'jwt',
  'token',
  'access_token',
  'ticket',
  'code',
  'uid',
  'openid',
  'findkey',
  'verifycode',
  'emailcode',
  'phonecode',
  'smscode',
]);
const isSecretParam = (name: string): boolean => {
  const n = name.toLowerCase();
  return SECRET_PARAMS.has(n) || n.includes('password') || n.includes('passwd') || n.includes('pwd');
};

/** Paths whose next segment is a secret: the calendar feed's token (`/find/loanInfo/calendar/<token>.ics`). */
const SECRET_PATH = new RegExp(`^(${CALENDAR_FEED_PATH.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')})[^/?#]+`);

/**
 * The URL with the value of each secret query parameter replaced by the marker (also inside a `#/…?`
 * part), and a secret path segment too.
 */
export function redactUrl(url: string): string {
  return url
    .replace(SECRET_PATH, `$1${REDACTED}`)
    .replace(/([?&#;])([^=&#;?]*)=([^&#;]*)/g, (whole, sep: string, rawName: string) => {
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the name as sent.
      }
      return isSecretParam(name.trim()) ? `${sep}${rawName}=${REDACTED}` : whole;
    });
}

/**
 * The request as logged: method, URL without secrets, host and address. Headers are left out on
 * purpose: the session token travels in a header whose name each institution chooses (jwtHeader),
 * in Authorization and in the cookie, and a fixed list could not name them all.
 */
function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * The app's logger options with secrets kept out: request URLs (in the request log lines and any
 * `url` field) are redacted, and token-carrying headers are censored should anything log them.
 */
export function withRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const given = logger === true ? {} : (logger as Record<string, unknown>);
  const serializers = (given.serializers ?? {}) as Record<string, (v: unknown) => unknown>;
  return {
    ...given,
    serializers: {
      ...serializers,
      req: serializeRequest,
      url: (v: unknown) => (typeof v === 'string' ? redactUrl(v) : v),
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers.jwtopacauth',
        'req.headers["x-staff-token"]',
        'res.headers["set-cookie"]',
        'headers.authorization',
        'headers.cookie',
        'headers.jwtopacauth',
        'headers["x-staff-token"]',
      ],
      censor: REDACTED,
    },
  } as FastifyServerOptions['logger'];
}
