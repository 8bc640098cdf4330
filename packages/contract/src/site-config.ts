import { z } from 'zod';
import { calls, get } from './endpoint.js';

/** A flag as the API carries it: the strings '0' and '1'. */
export const Flag = z.enum(['0', '1']);
export type Flag = z.infer<typeof Flag>;

const hexColour = z.string().regex(/^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'a hex colour such as 25313d');
const url = z.string().max(2000);
const html = z.string().max(20000);

/**
 * Site configuration (spec §3 "Site config" and "Login config"), one per tenant.
 * Every field has the spec's default, so a tenant with no stored configuration still works.
 */
export const SiteConfig = z.object({
  /** Login with library account and password. */
  normalLogin: Flag.default('1'),
  /** Login through a third-party learning-app passport. */
  passportLogin: Flag.default('0'),
  /** Unified authentication (CAS). */
  unifieAuthen: Flag.default('0'),
  /** External single sign-on. */
  exterSinAuthen: Flag.default('0'),
  /** WeChat scan login. */
  weixinLogin: Flag.default('0'),
  passportLoginUrl: url.default(''),
  unifieAuthenLoginUrl: url.default(''),
  unifieAuthenLogoutUrl: url.default(''),
  exterSinAuthenUrl: url.default(''),
  /** OpenFind addition: the CAS server (https://cas.example.edu/cas); '' = unifieAuthenLoginUrl without its /login. */
  casServerUrl: url.default(''),
  /** OpenFind addition: the CAS protocol version used to validate tickets ('2' serviceValidate, '3' p3/serviceValidate). */
  casVersion: z.enum(['2', '3']).default('3'),
  /** OpenFind addition: the auth service that turns a WeChat login code into an openId (GET ?code=, JSON with openId). */
  weixinAuthUrl: url.default(''),
  /** Whether the login entry is shown at all. */
  loginFlag: Flag.default('1'),
  /** Readers choose their library independently (shows the library selector). */
  independentLibCode: Flag.default('0'),
  /** Readers must bind a verified e-mail or phone after login. */
  bindMailOrPhone: Flag.default('0'),
  /** Inactivity logout. */
  primaryIdProtect: Flag.default('0'),
  /** Inactivity limit in minutes. */
  primaryIdProtectTime: z
    .string()
    .regex(/^\d{1,4}$/)
    .default('30'),
  /** Purchase-recommendation kinds allowed. */
  purderRec: Flag.default('1'),
  freeRec: Flag.default('1'),
  customRec: Flag.default('1'),
  recRecord: Flag.default('1'),
  /** Personal-centre menu keys in display order, comma separated. */
  myLibraryLeftMenuShowSort: z.string().default('0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,16,17,19'),
  /** Personal-centre menu keys hidden, comma separated. */
  myLibraryLeftMenuNotShowSort: z.string().default(''),
  iconUrl: url.default(''),
  pcLogoUrl: url.default(''),
  navBackColor: hexColour.default('25313d'),
  navTextColor: hexColour.default('fff'),
  searchBackGround: url.default(''),
  /** Grey-scale the whole site (days of mourning). */
  blackAndWhiteModel: Flag.default('0'),
  /** Hide the filing numbers and version in the footer. */
  filingNumberHide: Flag.default('0'),
  libTypeCode: z.string().default('1'),
  findPasswordFlag: Flag.default('1'),
  /** Forced login: the login dialog cannot be closed. */
  findCoerceLogin: Flag.default('0'),
  loginCasWithOriginalPage: Flag.default('0'),
  loginExplain: html.default(''),
  pcLspLoginExplain: html.default(''),
  pcXxtLoginExplain: html.default(''),
  pcSsoLoginExplain: html.default(''),
  isPasswordProtect: Flag.default('0'),
  /** Password rule: '1' letters and digits, 8+; '2' three of four classes, 8+, not the account. */
  passwordCheck: z.enum(['1', '2']).default('1'),
  /** OpenFind addition: days a password stays valid ('0' = no limit); older ones get the `data:10000` login answer. */
  passwordMaxAgeDays: z
    .string()
    .regex(/^\d{1,4}$/)
    .default('0'),
  /** OpenFind addition: the header that carries the session token (the login answer's `jwtHeader`). */
  jwtHeader: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9-]{0,63}$/)
    .default('jwtOpacAuth'),
  /** Show the AI search button (the /aiSearch route also needs the institution flag). */
  aiSearchButton: Flag.default('0'),
  /** OpenFind addition: where a click on the logo goes ('' = home). */
  logoLinkUrl: url.default(''),
  /** OpenFind addition: ICP filing number shown in the footer. */
  icpFilingNumber: z.string().max(200).default(''),
  /** OpenFind addition: public-security filing number shown in the footer. */
  policeFilingNumber: z.string().max(200).default(''),
  /** OpenFind addition: copyright holder shown in the footer ('' = the institution's name). */
  copyrightHolder: z.string().max(200).default(''),
  /** OpenFind addition: consultation phone in the footer (a tenant-specific feature of the spec). */
  consultationPhone: z.string().max(100).default(''),
  /** OpenFind addition: director mailbox in the footer. */
  directorMailbox: z.string().max(200).default(''),
  /** OpenFind addition: the tenant's special display font ('' = none). */
  specialFont: z.string().max(200).default(''),
  /** OpenFind addition: show the /digitalLibrary entry in the default menu. */
  digitalLibraryMenu: Flag.default('0'),
  /** OpenFind addition: '200616' selects that group's login dialog variant. */
  loginDialogVariant: z.enum(['default', '200616']).default('default'),
  /** OpenFind addition: help text shown in the help modal (HTML). */
  helpHtml: html.default(''),
  /** OpenFind addition: the institution's privacy policy shown at /privacy (HTML; '' = the default text). */
  privacyHtml: html.default(''),
  /** OpenFind addition: the previous privacy policy shown at /oldPrivacy (HTML; '' = none kept). */
  oldPrivacyHtml: html.default(''),
  /** OpenFind addition: reject content calls without a Referer (anti-scraping gate of the real API). */
  refererGate: Flag.default('0'),
  /**
   * OpenFind addition: words and phrases never shown among popular searches (nor counted), one per
   * line or separated by commas; matched on the folded text (Chinese anywhere, other words whole).
   * Never sent to browsers (see `PublicSiteConfig`).
   */
  popularSearchBlockList: z.string().max(5000).default(''),
});
export type SiteConfig = z.infer<typeof SiteConfig>;
/** The site configuration as `getFindConfig` answers it: without the keys only the server reads. */
export const PublicSiteConfig = SiteConfig.omit({ popularSearchBlockList: true });
export type PublicSiteConfig = z.infer<typeof PublicSiteConfig>;
/** Schema of `shape` with every field optional and no defaults: only the keys given are kept. */
function patchOf<S extends Record<string, z.ZodDefault<z.ZodType>>>(shape: S) {
  return z.object(
    Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v.unwrap().optional()])) as {
      [K in keyof S]: z.ZodOptional<ReturnType<S[K]['unwrap']>>;
    },
  );
}

/** A partial site configuration as stored or as set by an operator. */
export const SiteConfigPatch = patchOf(SiteConfig.shape);
export type SiteConfigPatch = z.infer<typeof SiteConfigPatch>;

/** Institution parameters (spec §3 "Institution param"). */
export const InstitutionParams = z.object({
  /** '1' enables the AI search route. */
  newAISearchFlag: Flag.default('0'),
  /** The version shown in the footer. */
  version: z.string().max(40).default('3.0'),
});
export type InstitutionParams = z.infer<typeof InstitutionParams>;
/** Institution parameters as an operator sets them: only the keys given. */
export const InstitutionParamsPatch = patchOf(InstitutionParams.shape);
export const INSTITUTION_PARAM_CODES = ['newAISearchFlag', 'version'] as const;
export const InstitutionParamQuery = z.object({ paraCode: z.enum(INSTITUTION_PARAM_CODES) });
/** `GET /find/institution/getByParaCode`: one parameter's value. */
export const InstitutionParamAnswer = z.object({ paraCode: z.string(), paraValue: z.string() });

/** A header menu item (spec §3 "Menu item"). */
export type MenuItem = {
  menuId: number;
  menuName: string;
  englishName: string;
  /** The name in Traditional Chinese. */
  complexFont: string;
  menuUrl: string;
  /** '1' shown; '2' excluded from icons. */
  useFlag: string;
  /** '1' in-app, '2' new window. */
  jumpMode: string;
  child: MenuItem[];
};
export const MenuItem: z.ZodType<MenuItem> = z
  .lazy(
    () =>
      z.object({
        menuId: z.number().int(),
        menuName: z.string(),
        englishName: z.string(),
        complexFont: z.string(),
        menuUrl: z.string(),
        useFlag: z.string(),
        jumpMode: z.string(),
        child: z.array(MenuItem),
      }),
    // A named component in the OpenAPI document: a recursive schema is published once and referred to.
  )
  .meta({ id: 'MenuItem' });
/** Menus: A the header, B and C further menu slots. */
export const MenuList = z.object({
  menuA: z.array(MenuItem),
  menuB: z.array(MenuItem),
  menuC: z.array(MenuItem),
});
export type MenuList = z.infer<typeof MenuList>;

/** One menu item as an operator writes it (names, url, children); ids are assigned by the server. */
export type MenuInput = {
  menuName: string;
  englishName?: string;
  complexFont?: string;
  menuUrl?: string;
  useFlag?: '1' | '2';
  jumpMode?: '1' | '2';
  child?: MenuInput[];
};
export const MenuInput: z.ZodType<MenuInput> = z.lazy(() =>
  z.object({
    menuName: z.string().min(1).max(100),
    englishName: z.string().max(200).optional(),
    complexFont: z.string().max(100).optional(),
    menuUrl: z.string().max(2000).optional(),
    useFlag: z.enum(['1', '2']).optional(),
    jumpMode: z.enum(['1', '2']).optional(),
    child: z.array(MenuInput).max(50).optional(),
  }),
);
export const MenusInput = z.object({
  menuA: z.array(MenuInput).max(50).optional(),
  menuB: z.array(MenuInput).max(50).optional(),
  menuC: z.array(MenuInput).max(50).optional(),
});
export type MenusInput = z.infer<typeof MenusInput>;

/** Logo answer of getLogoUrl / getLogoPara. */
export const LogoInfo = z.object({
  pcLogoUrl: z.string(),
  iconUrl: z.string(),
  /** '' means the logo links to home. */
  logoLinkUrl: z.string(),
  /** '1' in-app, '2' new window. */
  jumpMode: z.string(),
  name: z.string(),
});
export type LogoInfo = z.infer<typeof LogoInfo>;

/** The site configuration of the request's institution, as the web app reads it at start. */
export const SiteConfigCalls = calls('site-config', {
  getFindConfig: get('/find/findConfig/getFindConfig', {
    output: PublicSiteConfig,
    access: 'public',
    summary: 'Site configuration',
  }),
  getMenuList: get('/find/findConfig/getMenuList', {
    output: MenuList,
    access: 'public',
    summary: 'Header menus (menuA) and further menu slots',
  }),
  getLogoUrl: get('/find/findConfig/getLogoUrl', {
    output: LogoInfo,
    access: 'public',
    summary: 'Logo, icon and where a click on the logo goes',
  }),
  getLogoPara: get('/find/findConfig/getLogoPara', {
    output: LogoInfo,
    access: 'public',
    summary: 'Logo, icon and where a click on the logo goes (the same answer as getLogoUrl)',
  }),
  institutionGet: get('/find/institution/get', {
    output: InstitutionParams,
    access: 'public',
    summary: 'Institution parameters',
  }),
  institutionGetByParaCode: get('/find/institution/getByParaCode', {
    input: InstitutionParamQuery,
    output: InstitutionParamAnswer,
    access: 'public',
    summary: 'One institution parameter',
  }),
});
