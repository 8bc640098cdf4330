import { createServer } from 'node:http';
import type { Server } from 'node:http';

/** The port of the outside auth server (playwright.config.ts passes the same to the e2e server's data). */
export const CAS_PORT = Number(process.env.E2E_CAS_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 1);
export const CAS_BASE = `http://127.0.0.1:${CAS_PORT}`;
/** The `sso` institution's external-login key (the same as in e2e/support/prepare-auth.mjs). */
export const EXTERNAL_JWT_KEY = 'e2e-external-jwt-key-0123456789abcdef';

/** What the outside auth server saw. */
export type AuthServer = {
  /** The CAS user the next /cas/login signs in (as if the reader typed it at the CAS page). */
  nextUser: string;
  /** Service URLs of /cas/login, ticket validations, logouts, WeChat codes exchanged. */
  logins: string[];
  validations: string[];
  logouts: string[];
  close: () => Promise<void>;
};

const casXml = (user: string | undefined) =>
  user
    ? `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>${user}</cas:user></cas:authenticationSuccess></cas:serviceResponse>`
    : '<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">no</cas:authenticationFailure></cas:serviceResponse>';

/**
 * A small CAS 3.0 server and WeChat auth service for the account tests, on CAS_PORT:
 * - /cas/login?service=  signs in `nextUser` at once and returns to the service with a ticket;
 * - /cas/p3/serviceValidate  validates a ticket once (for the service it was issued to);
 * - /cas/logout?service=  ends the CAS session and returns to the service;
 * - /wx?redirectUri=  the QR login page's address ({ code: '1', LoginUrl }), /wx?code=  the openId;
 * - /wx/page  the "QR page": a link that plays the scan, sending the reader back with a code.
 */
export async function startAuthServer(): Promise<AuthServer> {
  const tickets = new Map<string, { user: string; service: string }>();
  let count = 0;
  const state: Omit<AuthServer, 'close'> = { nextUser: 'reader', logins: [], validations: [], logouts: [] };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', CAS_BASE);
    const service = url.searchParams.get('service') ?? '';
    res.setHeader('access-control-allow-origin', '*');
    if (url.pathname === '/cas/login') {
      state.logins.push(service);
      const ticket = `ST-${++count}`;
      tickets.set(ticket, { user: state.nextUser, service });
      res.writeHead(302, { location: `${service}${service.includes('?') ? '&' : '?'}ticket=${ticket}` }).end();
    } else if (url.pathname === '/cas/p3/serviceValidate' || url.pathname === '/cas/serviceValidate') {
      const ticket = url.searchParams.get('ticket') ?? '';
      state.validations.push(ticket);
      const issued = tickets.get(ticket);
      tickets.delete(ticket);
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(casXml(issued && issued.service === service ? issued.user : undefined));
    } else if (url.pathname === '/cas/logout') {
      state.logouts.push(service);
      res.writeHead(302, { location: service || CAS_BASE }).end();
    } else if (url.pathname === '/wx') {
      const code = url.searchParams.get('code');
      res.writeHead(200, { 'content-type': 'application/json' });
      if (code) res.end(JSON.stringify({ openId: `wx-${code}` }));
      else {
        const back = encodeURIComponent(url.searchParams.get('redirectUri') ?? '');
        res.end(JSON.stringify({ code: '1', LoginUrl: `${CAS_BASE}/wx/page?back=${back}` }));
      }
    } else if (url.pathname === '/wx/page') {
      const back = new URL(url.searchParams.get('back') ?? CAS_BASE);
      back.searchParams.set('code', `c${++count}`);
      back.searchParams.set('state', 'wechat');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="en"><title>QR</title><body><a href="${back.toString().replace(/&/g, '&amp;')}" target="_top">Scanned</a></body></html>`,
      );
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(CAS_PORT, '127.0.0.1', resolve);
  });
  return Object.assign(state, {
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
