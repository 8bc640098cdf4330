/**
 * The home page's navigation services (issue 30): the figures of `/find/homePage/info`, element
 * counters, the navigation click log and the fixed icons — codes, value lists and limits, free of
 * schemas (home-navigation.ts re-exports them), so the home page reads them without bringing zod.
 */

/** Error codes of the home navigation calls (in `errCode`). */
export const HomeNavErrCode = {
  /** An element outside the allow-list (`<area>.<name>`, `HOME_ELEMENT_AREAS`). */
  badElement: 44201,
  /** A navigation click names neither a menu entry nor a path of the site. */
  badNavTarget: 44202,
  /** A fixed icon's link or image is neither an address of the site (/…) nor an http(s) address. */
  badIconAddress: 44203,
  /** A link icon without its link, or a QR icon without its image. */
  iconAddressRequired: 44204,
  /** More than one "back to top" icon. */
  duplicateTopIcon: 44205,
  /** The icons were saved by someone else since they were read: read them again. */
  changedMeanwhile: 44206,
  /** Too many counts from one address in a minute (`HOME_MAX_COUNTS_PER_MINUTE`): this one is not counted. */
  tooManyCounts: 44207,
} as const;

/** What happened to an element: clicked, its file downloaded, its page visited. */
export const HOME_ELEMENT_KINDS = ['click', 'download', 'visit'] as const;
export type HomeElementKind = (typeof HOME_ELEMENT_KINDS)[number];

/**
 * The areas of a page whose elements are counted (the first part of `element`): a home banner, a
 * quick link, a notice's attachment, a fixed icon, the footer's links, a hot search word, a home list.
 * Databases are counted by their own call (`/find/databaseNavigation/visit`).
 */
export const HOME_ELEMENT_AREAS = [
  'banner',
  'quickLink',
  'notice',
  'attachment',
  'fixedIcon',
  'footer',
  'hotWord',
  'homeList',
] as const;
export type HomeElementArea = (typeof HOME_ELEMENT_AREAS)[number];

/** An element's name after its area: letters, digits, _ and -, up to 40 (`quickLink.databases`). */
export const HOME_ELEMENT_PATTERN =
  /^(banner|quickLink|notice|attachment|fixedIcon|footer|hotWord|homeList)\.[A-Za-z0-9_-]{1,40}$/;
/** A reference within the element (an attachment's id, a banner's slot): letters, digits, _ and -, up to 40. */
export const HOME_ELEMENT_REF_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;
/** A menu entry's id as the menus name it (menuA / menuB items, the default tree's keys). */
export const HOME_MENU_ID_PATTERN = /^[A-Za-z0-9_.-]{1,60}$/;
/** Longest site path a navigation click names (query and hash are dropped). */
export const HOME_NAV_PATH_MAX = 120;

/** Distinct elements (with their kind) counted per institution and day; later new ones are not counted. */
export const HOME_MAX_ELEMENTS_PER_DAY = 500;
/** Counts taken from one address per institution in a minute. */
export const HOME_MAX_COUNTS_PER_MINUTE = 60;
/** How long the home figures are kept before they are counted again. */
export const HOME_INFO_CACHE_MS = 60_000;
/** Days of the new-arrivals figure. */
export const HOME_NEW_ARRIVAL_DAYS = 30;
/** Days the console's usage figures may cover. */
export const HOME_USAGE_MAX_DAYS = 366;

/** A fixed icon's kind: back to top, a link (feedback, online consultation), a QR image in a popover. */
export const FIXED_ICON_KINDS = ['top', 'link', 'qr'] as const;
export type FixedIconKind = (typeof FIXED_ICON_KINDS)[number];
/** The pictures a fixed icon may show. */
export const FIXED_ICON_GLYPHS = ['top', 'feedback', 'wechat', 'chat', 'mobile', 'phone', 'mail', 'help'] as const;
export type FixedIconGlyph = (typeof FIXED_ICON_GLYPHS)[number];
/** Icons an institution may set. */
export const MAX_FIXED_ICONS = 8;
/** Longest icon name (in each language) and address. */
export const FIXED_ICON_NAME_MAX = 20;
export const FIXED_ICON_ADDRESS_MAX = 500;

/** Whether `address` is a path of the site (`/x`, not `//host`) or an http(s) address. */
export function isIconAddress(address: string): boolean {
  if (address.startsWith('/')) return !address.startsWith('//') && !/[\s\\]/.test(address);
  try {
    const u = new URL(address);
    return (u.protocol === 'https:' || u.protocol === 'http:') && Boolean(u.hostname);
  } catch {
    return false;
  }
}
