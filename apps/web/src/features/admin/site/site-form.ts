import {
  IDLE_MINUTES_RANGE,
  MAX_RICH_TEXT,
  MAX_SHORT_TEXT,
  MAX_SITE_NAME,
  PASSWORD_AGE_RANGE,
  isHexColour,
  isHttpUrl,
  isMailAddress,
  isMenuKeyList,
  isPhoneText,
  isPortalUrl,
  isWholeIn,
} from '@openfind/contract';
import type { AdminMenuItem, AdminSiteConfig, MenuItem } from '@openfind/contract';

/**
 * The site configuration form's rules: how each key is edited and checked, the same checks as the
 * server's (the contract's), so that a mistake is shown at the field before anything is sent.
 */

export type FieldSpec =
  | { kind: 'flag' }
  | { kind: 'colour' }
  | { kind: 'webUrl' }
  | { kind: 'portalUrl' }
  | { kind: 'text'; max: number }
  | { kind: 'longText'; max: number }
  | { kind: 'rich' }
  | { kind: 'whole'; range: readonly [number, number] }
  | { kind: 'choice'; options: readonly string[] }
  | { kind: 'mail' }
  | { kind: 'phone' }
  | { kind: 'menuKeys' }
  | { kind: 'pattern'; pattern: RegExp };

export type ConfigKey = keyof AdminSiteConfig;

const flag = { kind: 'flag' } as const;
const webUrl = { kind: 'webUrl' } as const;
const portalUrl = { kind: 'portalUrl' } as const;
const rich = { kind: 'rich' } as const;
const short = { kind: 'text', max: MAX_SHORT_TEXT } as const;

/** Each key of the configuration: how it is edited. */
export const FIELDS: Record<ConfigKey, FieldSpec> = {
  navBackColor: { kind: 'colour' },
  navTextColor: { kind: 'colour' },
  pcLogoUrl: portalUrl,
  iconUrl: portalUrl,
  searchBackGround: portalUrl,
  logoLinkUrl: portalUrl,
  blackAndWhiteModel: flag,
  specialFont: short,
  consultationPhone: { kind: 'phone' },
  directorMailbox: { kind: 'mail' },
  copyrightHolder: short,
  icpFilingNumber: short,
  policeFilingNumber: short,
  filingNumberHide: flag,
  libTypeCode: { kind: 'pattern', pattern: /^\d{1,4}$/ },
  loginFlag: flag,
  normalLogin: flag,
  passportLogin: flag,
  unifieAuthen: flag,
  exterSinAuthen: flag,
  weixinLogin: flag,
  passportLoginUrl: webUrl,
  unifieAuthenLoginUrl: webUrl,
  unifieAuthenLogoutUrl: webUrl,
  exterSinAuthenUrl: webUrl,
  casServerUrl: webUrl,
  casVersion: { kind: 'choice', options: ['2', '3'] },
  weixinAuthUrl: webUrl,
  loginCasWithOriginalPage: flag,
  loginDialogVariant: { kind: 'choice', options: ['default', '200616'] },
  findPasswordFlag: flag,
  findCoerceLogin: flag,
  bindMailOrPhone: flag,
  primaryIdProtect: flag,
  primaryIdProtectTime: { kind: 'whole', range: IDLE_MINUTES_RANGE },
  isPasswordProtect: flag,
  passwordCheck: { kind: 'choice', options: ['1', '2'] },
  passwordMaxAgeDays: { kind: 'whole', range: PASSWORD_AGE_RANGE },
  jwtHeader: { kind: 'pattern', pattern: /^[A-Za-z][A-Za-z0-9-]{0,63}$/ },
  loginExplain: rich,
  pcLspLoginExplain: rich,
  pcXxtLoginExplain: rich,
  pcSsoLoginExplain: rich,
  independentLibCode: flag,
  digitalLibraryMenu: flag,
  aiSearchButton: flag,
  purderRec: flag,
  freeRec: flag,
  customRec: flag,
  recRecord: flag,
  myLibraryLeftMenuShowSort: { kind: 'menuKeys' },
  myLibraryLeftMenuNotShowSort: { kind: 'menuKeys' },
  refererGate: flag,
  popularSearchBlockList: { kind: 'longText', max: 5000 },
  helpHtml: rich,
  privacyHtml: rich,
  oldPrivacyHtml: rich,
};

/** What is wrong with a value (a key of `adminSite:problems`), or null. Empty is fine but for names and patterns. */
export function fieldProblem(spec: FieldSpec, value: string): string | null {
  switch (spec.kind) {
    case 'flag':
      return value === '0' || value === '1' ? null : 'choice';
    case 'colour':
      return isHexColour(value) ? null : 'colour';
    case 'webUrl':
      return value === '' || isHttpUrl(value) ? null : 'webUrl';
    case 'portalUrl':
      return value === '' || isPortalUrl(value) ? null : 'portalUrl';
    case 'text':
    case 'longText':
      return value.length <= spec.max ? null : 'tooLong';
    case 'rich':
      return value.length <= MAX_RICH_TEXT ? null : 'tooLong';
    case 'whole':
      return isWholeIn(value, spec.range) ? null : 'range';
    case 'choice':
      return spec.options.includes(value) ? null : 'choice';
    case 'mail':
      return value === '' || isMailAddress(value) ? null : 'mail';
    case 'phone':
      return value === '' || isPhoneText(value) ? null : 'phone';
    case 'menuKeys':
      return isMenuKeyList(value) ? null : 'menuKeys';
    case 'pattern':
      return spec.pattern.test(value) ? null : 'pattern';
  }
}

/** The longest a field may be, for its counter (none for switches and choices). */
export function maxLengthOf(spec: FieldSpec): number | undefined {
  if (spec.kind === 'text' || spec.kind === 'longText') return spec.max;
  if (spec.kind === 'rich') return MAX_RICH_TEXT;
  return undefined;
}

/** What is wrong with a name (the zh-CN one is required), or null. */
export function nameProblem(value: string, required: boolean): string | null {
  if (required && !value.trim()) return 'required';
  return value.trim().length <= MAX_SITE_NAME ? null : 'tooLong';
}

/** `list` with the entry at `from` moved to `to` (clamped to the list): a new array. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from < 0 || from >= list.length || from === target) return [...list];
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved as T);
  return next;
}

/** A menu entry as the server reads it, as the screen edits it. */
export function toAdminMenu(items: readonly MenuItem[]): AdminMenuItem[] {
  return items.map((i) => ({
    menuName: i.menuName,
    complexFont: i.complexFont,
    englishName: i.englishName,
    menuUrl: i.menuUrl,
    useFlag: i.useFlag === '2' ? '2' : '1',
    jumpMode: i.jumpMode === '2' ? '2' : '1',
    child: toAdminMenu(i.child ?? []),
  }));
}

/** What is wrong with an entry, field by field (keys of `adminSite:problems`). */
export function menuItemProblems(
  item: AdminMenuItem,
): Partial<Record<'menuName' | 'complexFont' | 'englishName' | 'menuUrl', string>> {
  const out: Partial<Record<'menuName' | 'complexFont' | 'englishName' | 'menuUrl', string>> = {};
  const name = nameProblem(item.menuName, true);
  if (name) out.menuName = name;
  if (item.complexFont.trim().length > MAX_SITE_NAME) out.complexFont = 'tooLong';
  if (item.englishName.trim().length > MAX_SHORT_TEXT) out.englishName = 'tooLong';
  const url = item.menuUrl.trim();
  if (url && !isPortalUrl(url)) out.menuUrl = 'portalUrl';
  return out;
}

/** Whether every entry of a menu (and those below) is fine. */
export function menuIsValid(items: readonly AdminMenuItem[]): boolean {
  return items.every((i) => Object.keys(menuItemProblems(i)).length === 0 && menuIsValid(i.child));
}

/** A new, empty entry. */
export const blankMenuItem = (): AdminMenuItem => ({
  menuName: '',
  complexFont: '',
  englishName: '',
  menuUrl: '',
  useFlag: '1',
  jumpMode: '1',
  child: [],
});

/** '1a2' → '11aa22'; '#1A5C3F' → '1a5c3f'; not a colour → null. */
export function expandHex(value: string): string | null {
  const hex = value.replace(/^#/, '').toLowerCase();
  if (/^[0-9a-f]{6}$/.test(hex)) return hex;
  if (/^[0-9a-f]{3}$/.test(hex)) return hex.replace(/./g, (c) => c + c);
  return null;
}
