import type { SiteConfig } from '@openfind/contract';
import { casLoginUrl } from './auth-api';

/** The ways to log in (spec §2 "Login dialog"): unified authentication, account and password, passport, external SSO. */
export type LoginMethod = 'unified' | 'normal' | 'passport' | 'external';

type MethodConfig = Pick<
  SiteConfig,
  'normalLogin' | 'unifieAuthen' | 'passportLogin' | 'exterSinAuthen' | 'passportLoginUrl' | 'exterSinAuthenUrl'
>;

/** The enabled methods in the order the choice shows them. */
export function enabledLoginMethods(config: MethodConfig): LoginMethod[] {
  const methods: LoginMethod[] = [];
  if (config.unifieAuthen === '1') methods.push('unified');
  if (config.normalLogin === '1') methods.push('normal');
  if (config.passportLogin === '1' && config.passportLoginUrl) methods.push('passport');
  if (config.exterSinAuthen === '1' && config.exterSinAuthenUrl) methods.push('external');
  return methods;
}

/**
 * What the login entry does (spec §4 "Login-type choice"): with one outside method and no
 * account-and-password login, go there directly; with several, offer the choice; else the form.
 */
export function loginEntry(
  config: MethodConfig,
): { kind: 'redirect'; method: LoginMethod } | { kind: 'form' } | { kind: 'choose'; methods: LoginMethod[] } {
  const methods = enabledLoginMethods(config);
  if (methods.length > 1) return { kind: 'choose', methods };
  const only = methods[0];
  if (only && only !== 'normal') return { kind: 'redirect', method: only };
  return { kind: 'form' };
}

/** The address an outside method leaves for; unified authentication returns to `recordId` when given. */
export function methodUrl(
  method: Exclude<LoginMethod, 'normal'>,
  config: MethodConfig,
  mappingPath: string,
  recordId?: string,
): string {
  if (method === 'unified') return casLoginUrl(mappingPath, recordId);
  return method === 'passport' ? config.passportLoginUrl : config.exterSinAuthenUrl;
}

/** The record of a record-details path, for the unified-auth return (loginCasWithOriginalPage). */
export function recordIdOfPath(pathname: string): string | undefined {
  return /^\/searchList\/bookDetails\/(\d{1,12})(\/|$)/.exec(pathname)?.[1];
}

/** The explanation shown with a method's form (rich HTML from config; '' = none). */
export function explanationOf(
  method: LoginMethod,
  config: Pick<SiteConfig, 'loginExplain' | 'pcLspLoginExplain' | 'pcXxtLoginExplain' | 'pcSsoLoginExplain'>,
): string {
  const specific = {
    normal: config.pcLspLoginExplain,
    passport: config.pcXxtLoginExplain,
    unified: config.pcSsoLoginExplain,
    external: config.pcSsoLoginExplain,
  }[method];
  return (specific || config.loginExplain).trim();
}

/** An explanation's lines: the configured HTML is split at its line-break tags. */
export function explanationLines(html: string): string[] {
  return html
    .split(/<br\s*\/?>/i)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** Paths of the personal centre: logging out there goes home (spec §4). */
export const PERSONAL_PATHS = /^\/(personalCenter|personalExternal|customTabs)(\/|$)/;
