/**
 * The staff console's site configuration (issue 28): plain values, free of schemas (site-admin.ts
 * re-exports them), so the web app takes the codes, limits, sections and checks without zod. The
 * server's schemas and the screen's form use the same checks below: one rule, two places.
 */

/** Error codes of the site-configuration calls (in `errCode`). */
export const SiteAdminErrCode = {
  /** Someone else saved the site configuration since the screen read it (another tab): nothing was saved. */
  changedMeanwhile: 42101,
  /** The upload is not a PNG, JPEG or WebP image by its content (SVG, GIF, text…), whatever its name. */
  imageType: 42102,
  /** The upload is larger than `SITE_ASSET_MAX_BYTES`. */
  imageTooLarge: 42103,
  /** The upload starts like an image but does not decode as one (a damaged file, a header that lies). */
  imageUnreadable: 42104,
  /** The image has more pixels than `SITE_ASSET_MAX_PIXELS`. */
  imageTooManyPixels: 42105,
  /** A menu's entries are nested deeper than `MAX_MENU_DEPTH`. */
  menuTooDeep: 42106,
} as const;

/** Largest upload (logo, site icon, search background), in bytes. */
export const SITE_ASSET_MAX_BYTES = 1024 * 1024;
/** Most pixels of an uploaded image (read from its header, before decoding). */
export const SITE_ASSET_MAX_PIXELS = 4096 * 4096;
/** The image types an upload may be (by content), as stored and served. */
export const SITE_ASSET_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type SiteAssetType = (typeof SITE_ASSET_TYPES)[number];

/** The menu groups: A the header menu, B and C further menu slots. */
export const MENU_GROUPS = ['A', 'B', 'C'] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];
/** Most entries of one menu level, and how deep entries nest (an entry and its children). */
export const MAX_MENU_ITEMS = 50;
export const MAX_MENU_DEPTH = 2;

/** Longest institution name (each language), short texts and rich texts, in characters. */
export const MAX_SITE_NAME = 100;
export const MAX_SHORT_TEXT = 200;
export const MAX_URL = 2000;
export const MAX_RICH_TEXT = 20000;
/** The inactivity logout, in minutes, and the password age, in days: inclusive ranges. */
export const IDLE_MINUTES_RANGE = [1, 1440] as const;
export const PASSWORD_AGE_RANGE = [0, 3650] as const;
/** The personal-centre menu keys (My Library) that may be ordered or hidden. */
export const MY_LIBRARY_MENU_KEYS_MAX = 30;

/**
 * The sections of the site configuration screen, each saved by one call, and the `getFindConfig`
 * keys each holds (the general section also holds the institution's names and the footer's version).
 */
export const SITE_SECTIONS = {
  appearance: [
    'navBackColor',
    'navTextColor',
    'pcLogoUrl',
    'iconUrl',
    'searchBackGround',
    'logoLinkUrl',
    'blackAndWhiteModel',
    'specialFont',
  ],
  general: [
    'consultationPhone',
    'directorMailbox',
    'copyrightHolder',
    'icpFilingNumber',
    'policeFilingNumber',
    'filingNumberHide',
    'libTypeCode',
  ],
  login: [
    'loginFlag',
    'normalLogin',
    'passportLogin',
    'unifieAuthen',
    'exterSinAuthen',
    'weixinLogin',
    'passportLoginUrl',
    'unifieAuthenLoginUrl',
    'unifieAuthenLogoutUrl',
    'exterSinAuthenUrl',
    'casServerUrl',
    'casVersion',
    'weixinAuthUrl',
    'loginCasWithOriginalPage',
    'loginDialogVariant',
    'findPasswordFlag',
    'findCoerceLogin',
    'bindMailOrPhone',
    'primaryIdProtect',
    'primaryIdProtectTime',
    'isPasswordProtect',
    'passwordCheck',
    'passwordMaxAgeDays',
    'jwtHeader',
    'loginExplain',
    'pcLspLoginExplain',
    'pcXxtLoginExplain',
    'pcSsoLoginExplain',
  ],
  features: [
    'independentLibCode',
    'digitalLibraryMenu',
    'aiSearchButton',
    'purderRec',
    'freeRec',
    'customRec',
    'recRecord',
    'myLibraryLeftMenuShowSort',
    'myLibraryLeftMenuNotShowSort',
    'refererGate',
    'popularSearchBlockList',
  ],
  texts: ['helpHtml', 'privacyHtml', 'oldPrivacyHtml'],
} as const;
export type SiteSection = keyof typeof SITE_SECTIONS;
export const SITE_SECTION_NAMES = Object.keys(SITE_SECTIONS) as SiteSection[];

/** A hex colour as the configuration keeps it: 3 or 6 digits, with or without '#'. */
export function isHexColour(value: string): boolean {
  return /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(value);
}

/** An address on the web: http(s) only, with a host, no spaces. */
export function isHttpUrl(value: string): boolean {
  return /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value) && value.length <= MAX_URL;
}

/**
 * An address a portal link may take: a path of the portal (`/newBookInform`, `/find/site/asset?…`;
 * not `//host`, no spaces) or an http(s) address. No other scheme (javascript:, data:).
 */
export function isPortalUrl(value: string): boolean {
  if (value.length > MAX_URL) return false;
  if (/^\/(?![/\\])[^\s]*$/.test(value)) return true;
  return isHttpUrl(value);
}

/** An e-mail address (one, loosely: something@host.tld). */
export function isMailAddress(value: string): boolean {
  return value.length <= MAX_SHORT_TEXT && /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(value);
}

/** A phone as a footer shows it: digits, spaces, + - ( ) and / or commas between several. */
export function isPhoneText(value: string): boolean {
  return value.length <= 100 && /^[0-9+\-() /,，、]*$/.test(value) && /\d/.test(value);
}

/** A list of My Library menu keys: whole numbers 0–99 separated by commas ('' none). */
export function isMenuKeyList(value: string): boolean {
  if (value === '') return true;
  const keys = value.split(',');
  return keys.length <= MY_LIBRARY_MENU_KEYS_MAX && keys.every((k) => /^\d{1,2}$/.test(k));
}

/** Whether `value` is a whole number (digits only) within [min, max]. */
export function isWholeIn(value: string, [min, max]: readonly [number, number]): boolean {
  return /^\d{1,6}$/.test(value) && Number(value) >= min && Number(value) <= max;
}
