import { z } from 'zod';
import { calls, get, post } from './endpoint.js';
import { Flag, InstitutionParams, MenuList, SiteConfig } from './site-config.js';
import {
  IDLE_MINUTES_RANGE,
  MAX_MENU_ITEMS,
  MAX_RICH_TEXT,
  MAX_SHORT_TEXT,
  MAX_SITE_NAME,
  MENU_GROUPS,
  PASSWORD_AGE_RANGE,
  SITE_ASSET_TYPES,
  SITE_SECTIONS,
  isHexColour,
  isHttpUrl,
  isMailAddress,
  isMenuKeyList,
  isPhoneText,
  isPortalUrl,
  isWholeIn,
} from './values/site-admin.js';
export * from './values/site-admin.js';

/**
 * The site configuration screen of the staff console (issue 28, administrators): every key of
 * `getFindConfig`, the institution's names and parameters, the menus and the uploaded images, read
 * together with a version and saved one section at a time. A save names the version it started from:
 * someone else's save in between refuses it (`changedMeanwhile`), nothing written.
 */

const text = (max: number) => z.string().max(max);
const colour = z.string().refine(isHexColour, 'a hex colour such as 25313d');
/** '' or an http(s) address. */
const webUrl = z.string().refine((v) => v === '' || isHttpUrl(v), 'an http(s) address');
/** '' or a path of the portal or an http(s) address. */
const portalUrl = z.string().refine((v) => v === '' || isPortalUrl(v), 'a path of the portal or an http(s) address');
const richText = z.string().max(MAX_RICH_TEXT);

/** Each key of the site configuration as an administrator may set it (stricter than what is read back). */
export const AdminSiteConfig = z.object({
  normalLogin: Flag,
  passportLogin: Flag,
  unifieAuthen: Flag,
  exterSinAuthen: Flag,
  weixinLogin: Flag,
  passportLoginUrl: webUrl,
  unifieAuthenLoginUrl: webUrl,
  unifieAuthenLogoutUrl: webUrl,
  exterSinAuthenUrl: webUrl,
  casServerUrl: webUrl,
  casVersion: z.enum(['2', '3']),
  weixinAuthUrl: webUrl,
  loginFlag: Flag,
  independentLibCode: Flag,
  bindMailOrPhone: Flag,
  primaryIdProtect: Flag,
  primaryIdProtectTime: z.string().refine((v) => isWholeIn(v, IDLE_MINUTES_RANGE), 'minutes from 1 to 1440'),
  purderRec: Flag,
  freeRec: Flag,
  customRec: Flag,
  recRecord: Flag,
  myLibraryLeftMenuShowSort: z.string().refine(isMenuKeyList, 'menu keys separated by commas'),
  myLibraryLeftMenuNotShowSort: z.string().refine(isMenuKeyList, 'menu keys separated by commas'),
  iconUrl: portalUrl,
  pcLogoUrl: portalUrl,
  navBackColor: colour,
  navTextColor: colour,
  searchBackGround: portalUrl,
  blackAndWhiteModel: Flag,
  filingNumberHide: Flag,
  libTypeCode: z.string().regex(/^\d{1,4}$/),
  findPasswordFlag: Flag,
  findCoerceLogin: Flag,
  loginCasWithOriginalPage: Flag,
  loginExplain: richText,
  pcLspLoginExplain: richText,
  pcXxtLoginExplain: richText,
  pcSsoLoginExplain: richText,
  isPasswordProtect: Flag,
  passwordCheck: z.enum(['1', '2']),
  passwordMaxAgeDays: z.string().refine((v) => isWholeIn(v, PASSWORD_AGE_RANGE), 'days from 0 to 3650'),
  jwtHeader: z.string().regex(/^[A-Za-z][A-Za-z0-9-]{0,63}$/),
  aiSearchButton: Flag,
  logoLinkUrl: portalUrl,
  icpFilingNumber: text(MAX_SHORT_TEXT),
  policeFilingNumber: text(MAX_SHORT_TEXT),
  copyrightHolder: text(MAX_SHORT_TEXT),
  consultationPhone: z.string().refine((v) => v === '' || isPhoneText(v), 'a phone number'),
  directorMailbox: z.string().refine((v) => v === '' || isMailAddress(v), 'an e-mail address'),
  specialFont: text(MAX_SHORT_TEXT),
  digitalLibraryMenu: Flag,
  loginDialogVariant: z.enum(['default', '200616']),
  helpHtml: richText,
  privacyHtml: richText,
  oldPrivacyHtml: richText,
  refererGate: Flag,
  popularSearchBlockList: z.string().max(5000),
}) satisfies z.ZodType<SiteConfig>;
export type AdminSiteConfig = z.infer<typeof AdminSiteConfig>;

/** The institution's name in the three languages (the header, the title, the footer). */
export const SiteNames = z.object({
  name: z.string().trim().min(1).max(MAX_SITE_NAME),
  nameEn: z.string().trim().max(MAX_SITE_NAME),
  nameTw: z.string().trim().max(MAX_SITE_NAME),
});
export type SiteNames = z.infer<typeof SiteNames>;

/** The version a save starts from: what `siteAdminSettings` answered (or the last save). */
const Version = z.string().min(1).max(64);

type Shape = (typeof AdminSiteConfig)['shape'];
/** The keys `keys` of the administrators' configuration, each required, nothing else. */
const pick = <K extends keyof Shape>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, AdminSiteConfig.shape[k]])) as Pick<Shape, K>).strict();

/**
 * `POST /find/admin/site/config`: one section, every key of it. The general section carries the
 * names and the footer's version too; the features section the AI search switch of the institution.
 */
export const SaveSiteSectionRequest = z.discriminatedUnion('section', [
  z.object({ section: z.literal('appearance'), version: Version, values: pick(SITE_SECTIONS.appearance) }),
  z.object({
    section: z.literal('general'),
    version: Version,
    values: pick(SITE_SECTIONS.general),
    names: SiteNames,
    params: z.object({ version: z.string().trim().max(40) }).strict(),
  }),
  z.object({ section: z.literal('login'), version: Version, values: pick(SITE_SECTIONS.login) }),
  z.object({
    section: z.literal('features'),
    version: Version,
    values: pick(SITE_SECTIONS.features),
    params: z.object({ newAISearchFlag: Flag }).strict(),
  }),
  z.object({ section: z.literal('texts'), version: Version, values: pick(SITE_SECTIONS.texts) }),
]);
export type SaveSiteSectionRequest = z.infer<typeof SaveSiteSectionRequest>;

/** One menu entry as the screen edits it: names, address, shown or hidden, where it opens, its entries. */
export type AdminMenuItem = {
  menuName: string;
  complexFont: string;
  englishName: string;
  menuUrl: string;
  useFlag: '1' | '2';
  jumpMode: '1' | '2';
  child: AdminMenuItem[];
};
export const AdminMenuItem: z.ZodType<AdminMenuItem> = z
  .lazy(
    () =>
      z.object({
        menuName: z.string().trim().min(1).max(MAX_SITE_NAME),
        complexFont: z.string().trim().max(MAX_SITE_NAME),
        englishName: z.string().trim().max(MAX_SHORT_TEXT),
        menuUrl: z
          .string()
          .trim()
          .refine((v) => v === '' || isPortalUrl(v), 'a path of the portal or an http(s) address'),
        useFlag: z.enum(['1', '2']),
        jumpMode: z.enum(['1', '2']),
        child: z.array(AdminMenuItem).max(MAX_MENU_ITEMS),
      }),
    // Named: the OpenAPI document refers to a recursive schema by its name.
  )
  .meta({ id: 'AdminMenuItem' });

/** `POST /find/admin/site/menu`: one menu group, whole, in its order (replaced in one transaction). */
export const SaveSiteMenuRequest = z.object({
  group: z.enum(MENU_GROUPS),
  version: Version,
  items: z.array(AdminMenuItem).max(MAX_MENU_ITEMS),
});
export type SaveSiteMenuRequest = z.infer<typeof SaveSiteMenuRequest>;

/** Everything the screen edits, with the version a save names. */
export const SiteAdminSettings = z.object({
  version: z.string(),
  /** The institution's address ('' the default one): where its portal is. */
  mappingPath: z.string(),
  names: SiteNames,
  config: SiteConfig,
  params: InstitutionParams,
  menus: MenuList,
  /** Most entries of a menu level, the depth of a menu, the largest upload: the screen's limits. */
  limits: z.object({
    maxMenuItems: z.number().int(),
    maxMenuDepth: z.number().int(),
    maxUploadBytes: z.number().int(),
  }),
});
export type SiteAdminSettings = z.infer<typeof SiteAdminSettings>;

/** A save's answer: the new version (the next save names it). */
export const SiteSaved = z.object({ version: z.string() });
export type SiteSaved = z.infer<typeof SiteSaved>;

/** An uploaded image: its address (content-hashed: a new image, a new address) to set as a logo, icon or background. */
export const SiteAsset = z.object({
  url: z.string(),
  contentType: z.enum(SITE_ASSET_TYPES),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});
export type SiteAsset = z.infer<typeof SiteAsset>;

/** `GET /find/site/asset?mappingPath=&name=`: an uploaded image of an institution; `name` is `<hash>.<png|jpg|webp>`. */
export const SiteAssetQuery = z.object({
  mappingPath: z.string().max(64).optional().default(''),
  name: z.string().max(80).optional().default(''),
});

/** The site configuration: administrators' calls (`X-Staff-Token`), and the public images. */
export const SiteAdminCalls = calls('site-admin', {
  siteAdminSettings: get('/find/admin/site/settings', {
    output: SiteAdminSettings,
    access: 'admin',
    summary: "The institution's site configuration, names, parameters and menus, with the version a save names",
  }),
  siteAdminSaveSection: post('/find/admin/site/config', {
    input: SaveSiteSectionRequest,
    output: SiteSaved,
    access: 'admin',
    summary:
      'Save one section of the site configuration (every key of it; rich text cleaned by the allow-list); ' +
      'refused with 42101 when someone else saved since the version named',
  }),
  siteAdminSaveMenu: post('/find/admin/site/menu', {
    input: SaveSiteMenuRequest,
    output: SiteSaved,
    access: 'admin',
    summary: 'Replace one menu group (A header, B, C) in its order, in one transaction; 42101 as above',
  }),
  siteAdminUpload: post('/find/admin/site/upload', {
    output: SiteAsset,
    access: 'admin',
    summary:
      'Upload an image for the logo, the site icon or the search background: the request body is the image ' +
      'itself (not multipart), a PNG, JPEG or WebP by its content (never SVG), at most 1 MB; re-encoded ' +
      'without metadata. Answers its address, to save in the appearance section',
  }),
  siteAsset: get('/find/site/asset', {
    input: SiteAssetQuery,
    output: undefined,
    access: 'public',
    summary: "An institution's uploaded image at its content-hashed address; cached for a year",
  }),
});
