import { z } from 'zod';
import { calls, get, post } from './endpoint.js';
import { freeText } from './input.js';
import {
  FIXED_ICON_ADDRESS_MAX,
  FIXED_ICON_GLYPHS,
  FIXED_ICON_KINDS,
  FIXED_ICON_NAME_MAX,
  HOME_ELEMENT_KINDS,
  HOME_ELEMENT_PATTERN,
  HOME_ELEMENT_REF_PATTERN,
  HOME_MENU_ID_PATTERN,
  HOME_NAV_PATH_MAX,
  HOME_USAGE_MAX_DAYS,
  MAX_FIXED_ICONS,
} from './values/home-navigation.js';
export * from './values/home-navigation.js';

/**
 * The home page's navigation services (spec §7 `GET /find/homePage/info` and the "also asked" element
 * click/download/visit counters, fixed icons and navigation click log, whose paths the spec does
 * not show: designed here under `/find/homePage/*`, and the console's `/find/admin/homePage/*`).
 */

/** Databases by how readers may use them. */
export const HomeDatabaseFigures = z.object({
  total: z.number().int(),
  /** On trial now (begun, not ended). */
  trial: z.number().int(),
  /** Purchased or formally subscribed. */
  purchased: z.number().int(),
  open: z.number().int(),
});

/** `GET /find/homePage/info`: the home page's figures of the institution (counted at most once a minute). */
export const HomeInfo = z.object({
  /** Catalogue records readers see. */
  records: z.number().int(),
  databases: HomeDatabaseFigures,
  journals: z.object({
    total: z.number().int(),
    print: z.number().int(),
    electronic: z.number().int(),
    /** With a mark in a core list or citation index. */
    core: z.number().int(),
  }),
  ebooks: z.number().int(),
  specialCollections: z.number().int(),
  /** Courses (by code, whatever the term) with a reading list. */
  courses: z.number().int(),
  departments: z.number().int(),
  researchers: z.number().int(),
  theses: z.number().int(),
  /** Records that arrived (first copy in) in the last `HOME_NEW_ARRIVAL_DAYS` days. */
  newArrivals: z.number().int(),
  /** When the figures were counted (ISO time). */
  countedAt: z.string(),
});
export type HomeInfo = z.infer<typeof HomeInfo>;

/** `POST /find/homePage/elementClick`: an element of a page was clicked, downloaded or visited. */
export const ElementClickRequest = z.object({
  /** `<area>.<name>`: `quickLink.databases`, `banner.2`, `attachment.notice-17`. */
  element: z.string().trim().regex(HOME_ELEMENT_PATTERN, 'an element of the allow-list'),
  kind: z.enum(HOME_ELEMENT_KINDS).default('click'),
  /** Which one within the element (an attachment's id), counted as `element:ref`. */
  ref: z
    .union([z.string().trim().regex(HOME_ELEMENT_REF_PATTERN, 'a reference'), z.literal(''), z.null()])
    .optional()
    .transform((v) => v ?? ''),
});
export type ElementClickRequest = z.input<typeof ElementClickRequest>;

/** `POST /find/homePage/navClick`: a menu entry was used; its id, else the site path it opened. */
export const NavClickRequest = z.object({
  menuId: z
    .union([z.string().trim().regex(HOME_MENU_ID_PATTERN, 'a menu id'), z.literal(''), z.null()])
    .optional()
    .transform((v) => v ?? ''),
  path: z
    .union([
      z
        .string()
        .trim()
        .max(HOME_NAV_PATH_MAX * 4),
      z.null(),
    ])
    .optional()
    .transform((v) => v ?? ''),
});
export type NavClickRequest = z.input<typeof NavClickRequest>;

/** Whether a count was taken (false: the day's bound of distinct elements was reached). */
export const CountAnswer = z.object({ counted: z.boolean() });
export type CountAnswer = z.infer<typeof CountAnswer>;

/** A fixed icon as the console edits it. */
export const FixedIconInput = z.object({
  kind: z.enum(FIXED_ICON_KINDS),
  glyph: z.enum(FIXED_ICON_GLYPHS),
  name: freeText(FIXED_ICON_NAME_MAX)
    .transform((v) => v.trim())
    .pipe(z.string().min(1, 'a name')),
  nameTw: freeText(FIXED_ICON_NAME_MAX)
    .optional()
    .transform((v) => (v ?? '').trim()),
  nameEn: freeText(FIXED_ICON_NAME_MAX)
    .optional()
    .transform((v) => (v ?? '').trim()),
  /** A link icon's address, or a QR icon's image: a path of the site or an http(s) address. */
  address: z
    .string()
    .trim()
    .max(FIXED_ICON_ADDRESS_MAX)
    .optional()
    .transform((v) => v ?? ''),
  /** A link opens in a new tab (another site's consultation service). */
  newTab: z.boolean().optional().default(false),
  enabled: z.boolean().optional().default(true),
});
export type FixedIconInput = z.input<typeof FixedIconInput>;

/** A fixed icon as stored and answered (the name in every language). */
export const FixedIcon = z.object({
  kind: z.enum(FIXED_ICON_KINDS),
  glyph: z.enum(FIXED_ICON_GLYPHS),
  name: z.string(),
  nameTw: z.string(),
  nameEn: z.string(),
  address: z.string(),
  newTab: z.boolean(),
  enabled: z.boolean(),
});
export type FixedIcon = z.infer<typeof FixedIcon>;

/** `GET /find/homePage/fixedIcons`: the enabled icons in order, each with its name in the language asked. */
export const PublicFixedIcon = z.object({
  kind: z.enum(FIXED_ICON_KINDS),
  glyph: z.enum(FIXED_ICON_GLYPHS),
  name: z.string(),
  address: z.string(),
  newTab: z.boolean(),
});
export type PublicFixedIcon = z.infer<typeof PublicFixedIcon>;
export const PublicFixedIcons = z.object({ list: z.array(PublicFixedIcon) });
export type PublicFixedIcons = z.infer<typeof PublicFixedIcons>;

/** The console's icons: all, enabled or not, in order, with the version to save from. */
export const FixedIconSet = z.object({
  list: z.array(FixedIcon),
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string(),
});
export type FixedIconSet = z.infer<typeof FixedIconSet>;

/** `POST /find/admin/homePage/fixedIcons/save`: the whole list, in order, from the version read. */
export const SaveFixedIcons = z.object({
  list: z.array(FixedIconInput).max(MAX_FIXED_ICONS),
  version: z.coerce.number().int().min(0),
});
export type SaveFixedIcons = z.input<typeof SaveFixedIcons>;

/** `GET /find/admin/homePage/usage`: the last `days` days of navigation clicks and element counts. */
export const HomeUsageQuery = z.object({
  days: z.coerce.number().int().min(1).max(HOME_USAGE_MAX_DAYS).default(30),
});
export const HomeUsageRow = z.object({
  /** The menu id or path (navigation), or `area.name[:ref]` (elements). */
  element: z.string(),
  kind: z.string(),
  count: z.number().int(),
  /** Days on which it was counted. */
  days: z.number().int(),
  lastDay: z.string(),
});
export type HomeUsageRow = z.infer<typeof HomeUsageRow>;
export const HomeUsage = z.object({
  from: z.string(),
  to: z.string(),
  /** Menu entries, most used first (at most 100). */
  navigation: z.array(HomeUsageRow),
  /** Elements by kind, most counted first (at most 100). */
  elements: z.array(HomeUsageRow),
  totals: z.object({
    navigation: z.number().int(),
    click: z.number().int(),
    download: z.number().int(),
    visit: z.number().int(),
  }),
});
export type HomeUsage = z.infer<typeof HomeUsage>;

/** The home page's figures, counters and fixed icons; the console's usage and icon editor. */
export const HomeNavigationCalls = calls('home-navigation', {
  homeInfo: get('/find/homePage/info', {
    output: HomeInfo,
    access: 'public',
    summary:
      "The home page's figures: records, databases by access, journals, e-books, collections, courses, new arrivals",
  }),
  elementClick: post('/find/homePage/elementClick', {
    input: ElementClickRequest,
    output: CountAnswer,
    access: 'public',
    summary: 'Count a click, download or visit of a page element (per day; bounded)',
  }),
  navClick: post('/find/homePage/navClick', {
    input: NavClickRequest,
    output: CountAnswer,
    access: 'public',
    summary: 'Count a use of a menu entry (per day; bounded)',
  }),
  fixedIcons: get('/find/homePage/fixedIcons', {
    output: PublicFixedIcons,
    access: 'public',
    summary: "The enabled fixed icons at the page's right edge, in order",
  }),
  adminHomeUsage: get('/find/admin/homePage/usage', {
    input: HomeUsageQuery,
    output: HomeUsage,
    access: 'staff',
    summary: 'Navigation clicks and element counts of the last days, most used first',
  }),
  adminFixedIcons: get('/find/admin/homePage/fixedIcons', {
    output: FixedIconSet,
    access: 'staff',
    summary: 'The fixed icons, enabled or not, with the version to save from',
  }),
  adminSaveFixedIcons: post('/find/admin/homePage/fixedIcons/save', {
    input: SaveFixedIcons,
    output: FixedIconSet,
    access: 'admin',
    summary: 'Save the fixed icons (the whole list, in order, from the version read); audited',
  }),
});
