import { z } from 'zod';
import { calls, get, post } from './endpoint.js';
import { IdText } from './input.js';

/**
 * Accounts and sessions (issue 6): image captcha, login and logout, the logged-in reader, forced
 * password change, password recovery by phone or e-mail code, binding of e-mail and phone, the
 * first-login flag and the reader's library. Field names follow the real API's clients
 * (`api-contract.md` "Auth"); requests accept numbers and flags as strings, as those clients send
 * them, and ignore unknown fields.
 */

/** Error codes of the account calls (in `errCode`). */
export const AuthErrCode = {
  /** Unknown account or wrong password: one code and one message for both. */
  badCredentials: 40201,
  /** The image code is wrong, expired or already used. */
  captchaWrong: 40202,
  /** Too many failed logins for this account name: try again later. */
  accountLocked: 40203,
  /** The new password breaks the institution's password rule. */
  passwordRule: 40204,
  /** The new password equals the account or card number. */
  passwordEqualsAccount: 40205,
  /** The new password equals the current one. */
  passwordUnchanged: 40206,
  /** The phone or e-mail code is wrong or expired. */
  codeWrong: 40207,
  /** Today's codes (or binding changes) are used up. */
  dailyLimit: 40208,
  /** Neither phone nor e-mail is verified: the password cannot be reset. */
  noVerifiedContact: 40209,
  /** The recovery step has expired or was not reached: start again. */
  recoveryExpired: 40210,
  /** The phone number or e-mail address is not valid. */
  contactInvalid: 40211,
  /** The confirmation differs from the new password. */
  confirmMismatch: 40212,
  /** The library is not one the reader may choose. */
  libraryNotAllowed: 40213,
  /** The single-sign-on ticket (`uid`) is not valid (made up, expired, another institution's). */
  bindTicketInvalid: 40214,
  /**
   * A call that changes something came with the session cookie alone from another site, or a GET that
   * changes something came without the header token (HTTP 403): cross-site requests are refused.
   */
  crossSiteRefused: 40215,
  /** Binding a phone or e-mail needs the current password (or, after single sign-on, a recent sign-in). */
  passwordRequired: 40216,
  /** The reader's account is frozen: the action is not allowed. */
  readerFrozen: 40217,
  /** The reader's card is reported lost: the action is not allowed until the loss is lifted. */
  readerLost: 40218,
  /** The call is for library staff (the staff console), not for readers (HTTP 403). */
  staffOnly: 40219,
  /** No session, or an expired, revoked or foreign one (HTTP 401). */
  loginRequired: 401,
} as const;

/**
 * Login answers that are not a session but not an error either (`success:false, errCode:200`):
 * `data:false` the password must be changed first (initial or reset by staff); `data:10000` the
 * password is older than the institution allows.
 */
export const LOGIN_MUST_CHANGE = false;
export const LOGIN_PASSWORD_TOO_OLD = 10000;

/** Login types the web app stores: 1 normal, 2 passport, 4 unified authentication. */
export const LoginType = { normal: 1, passport: 2, unified: 4 } as const;

/** Captcha scenes: 1 (or absent) login and binding, 2 password recovery (bound to `userName`). */
export const CaptchaScene = { login: 1, reset: 2 } as const;

/** Longest account name and password accepted (longer input is refused before any work). */
export const MAX_ACCOUNT_LENGTH = 64;
export const MAX_PASSWORD_LENGTH = 128;

/** A string as sent; null and absent become ''. */
const text = (max: number) =>
  z
    .union([z.string().max(max), z.number(), z.null()])
    .optional()
    .transform((v) => (v === null || v === undefined ? '' : String(v)));

/** `GET /oga/verifycode/img` query: `userName` and `scene=2` for the recovery flow. */
export const CaptchaQuery = z.object({
  userName: text(MAX_ACCOUNT_LENGTH),
  scene: z
    .union([z.literal('1'), z.literal('2'), z.literal('')])
    .optional()
    .transform((v) => (v === '2' ? CaptchaScene.reset : CaptchaScene.login)),
});
/** An image captcha: the image usable as `<img src>` and the key to send back with the answer. */
export const CaptchaImage = z.object({
  verifyCode: z.string(),
  codeKey: z.string(),
  /** Seconds the code stays valid. */
  expiresIn: z.number().int(),
  /** Only when the server runs with the test-only captcha setting (never in production). */
  answer: z.string().optional(),
});
export type CaptchaImage = z.infer<typeof CaptchaImage>;

/** `POST /oga/login`. `password` as typed or in the configured client-side cipher form. */
export const LoginRequest = z.object({
  username: text(MAX_ACCOUNT_LENGTH),
  password: text(512),
  verifyCode: text(20),
  codeKey: text(100),
  mappingPath: text(64),
  nextpath: text(2000),
  /** A single-sign-on identity to bind to this account (bind-uid screen): the signed `uid` ticket. */
  uid: text(2000),
});
export type LoginRequest = z.infer<typeof LoginRequest>;
/** A session: the token and the name of the header to send it in. */
export const LoginResult = z.object({
  jwt: z.string(),
  jwtHeader: z.string(),
  /** Seconds until the token expires. */
  expiresIn: z.number().int(),
  loginType: z.number().int(),
  userId: z.string(),
  name: z.string(),
});
export type LoginResult = z.infer<typeof LoginResult>;
/** The `data` of a login answer: a session, or `false` / `10000` (see LOGIN_MUST_CHANGE). */
export const LoginData = z.union([LoginResult, z.literal(false), z.literal(LOGIN_PASSWORD_TOO_OLD)]);

/** `GET /oga/userinfo` query: the token may come as `?jwt=&jwtHeader=` (SSO redirects). */
export const UserInfoQuery = z.object({ jwt: text(4000), jwtHeader: text(100) });
/** Reader status: normal, lost card, frozen. */
export const READER_STATUSES = ['normal', 'lost', 'frozen'] as const;
export type ReaderStatus = (typeof READER_STATUSES)[number];
/** The logged-in reader (spec §3 "Logged-in user"; the session context userId, groupCode, libCode). */
export const UserInfo = z.object({
  userId: z.string(),
  groupCode: z.string(),
  mappingPath: z.string(),
  libCode: z.string(),
  libName: z.string(),
  name: z.string(),
  account: z.string(),
  cardNo: z.string(),
  opacPicUrl: z.string(),
  email: z.string(),
  mobile: z.string(),
  /** '1' verified. */
  emailCheckFlag: z.string(),
  mobileCheckFlag: z.string(),
  status: z.enum(READER_STATUSES),
  department: z.string(),
  readerType: z.string(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  /** '0' the guided tour has not been shown yet. */
  firstLoginFlag: z.string(),
  loginType: z.number().int(),
});
export type UserInfo = z.infer<typeof UserInfo>;

/**
 * `POST /oga/forceModify`: change the password with the current one (after a `data:false` or
 * `data:10000` login answer, or from the personal centre).
 */
export const ForceModifyRequest = z.object({
  username: text(MAX_ACCOUNT_LENGTH),
  password: text(512),
  newPassword: text(512),
  confirmPassword: text(512),
});

/** `GET /find/getPassword/checkImgCode`: the scene-2 image code of `userName`. */
export const CheckImgCodeQuery = z.object({
  userName: text(MAX_ACCOUNT_LENGTH),
  verifyCode: text(20),
  codeKey: text(100),
});
/** A recovery in progress: `findKey` carries it through the next steps (15 minutes). */
export const RecoveryTicket = z.object({ findKey: z.string(), expiresIn: z.number().int() });

/** `POST /find/getPassword/checkUser`: where codes can be sent, masked. */
export const CheckUserRequest = z.object({ findKey: text(100), userName: text(MAX_ACCOUNT_LENGTH) });
export const RecoveryContacts = z.object({
  /** Masked phone (138****0001), '' when not verified. */
  phone: z.string(),
  /** Masked e-mail (r***@example.org), '' when not verified. */
  email: z.string(),
  phoneFlag: z.string(),
  emailFlag: z.string(),
});

/** The recovery calls that only carry the ticket. */
export const FindKeyQuery = z.object({ findKey: text(100) });
/** `checkPhonenumber` / `checkMailCode`: the code received. */
export const CheckCodeQuery = z.object({ findKey: text(100), code: text(20) });
/** Remaining sends today (`findCodeTimes`, `findMailCodeTimes`, `findChangeBindTimes`, and after a send). */
export const RemainingTimes = z.object({ times: z.number().int(), limit: z.number().int() });

/** `updateUserPassword` (GET as the real client sends it, or POST). */
export const UpdatePasswordRequest = z.object({
  findKey: text(100),
  password: text(512),
  confirmPassword: text(512),
});

/** Binding a phone or e-mail (logged in): first `sendBindCode`, then `updateUserMailAndPhone`. */
export const BIND_TYPES = ['mail', 'phone'] as const;
export const SendBindCodeQuery = z.object({
  type: z.enum(BIND_TYPES),
  /** The new address: a phone number or an e-mail address. */
  target: text(200),
});
/**
 * `updateUserMailAndPhone` (POST, or GET with the header token): the code and the reader's current
 * `password` (plain or the cipher form), which a binding needs; the old contacts are told of it.
 */
export const BindQuery = z.object({
  type: z.enum(BIND_TYPES),
  target: text(200),
  code: text(20),
  password: text(512),
});
/** `POST /find/getPassword/resetPhone` (logged in): replace the bound phone (with the current password too). */
export const ResetPhoneRequest = z.object({ phone: text(40), code: text(20), password: text(512) });

/** A phone number (mainland mobile or international) and an e-mail address: values/contacts.ts. */
export { isValidEmail, isValidPhone } from './values/contacts.js';

/** Mail/phone status (spec §3): '1' verified. */
export const MailPhoneStatus = z.object({ emailFlag: z.string(), phoneFlag: z.string(), pdaRuleFlag: z.string() });

/** First-login flag: '0' not yet, '1' the guided tour was shown. */
export const FirstLoginFlag = z.object({ firstLoginFlag: z.string() });

/** The libraries a reader may use and the current one. */
export const UserLibrary = z.object({ libCode: z.string(), libName: z.string(), current: z.boolean() });
export const ChangeUserLibRequest = z.object({ libCode: text(50) });

/** `GET /oga/cas/login`: start unified authentication (a redirect to the CAS server). */
export const CasLoginQuery = z.object({
  mappingPath: text(64),
  /** Return to this record after login (loginCasWithOriginalPage). */
  recordId: IdText.optional(),
});
/** `GET /oga/cas/callback`: the CAS server's redirect with a service ticket. */
export const CasCallbackQuery = CasLoginQuery.extend({ ticket: text(500) });
/** `POST /oga/loginExternal`: a JWT from a trusted outside system, exchanged for a session. */
export const LoginExternalRequest = z.object({ jwt: text(4000), jwtHeader: text(100) });

/** `POST /oga/otherLogin`: the WeChat code callback (loginType 1). */
export const OtherLoginRequest = z.object({ code: text(500), loginType: text(5), mappingPath: text(64) });
/**
 * A bound WeChat account logs in (`bindFlag` true with the session); an unbound one gets `openId`
 * (a signed ticket, not the raw openId) for /bindAccount.
 */
export const OtherLoginResult = z.object({
  bindFlag: z.boolean(),
  jwt: z.string().optional(),
  jwtHeader: z.string().optional(),
  expiresIn: z.number().int().optional(),
  openId: z.string().optional(),
});
/** `POST /oga/userBind`: bind the WeChat account of `openId` to a library account (bind-account screen). */
export const UserBindRequest = z.object({
  username: text(MAX_ACCOUNT_LENGTH),
  password: text(512),
  verifyCode: text(20),
  codeKey: text(100),
  openId: text(2000),
});
export type UserBindRequest = z.infer<typeof UserBindRequest>;
/** `POST /oga/passportRelevanceLspUser`: relate an outside account (`uid`) to a reader by name and account. */
export const RelevanceRequest = z.object({
  name: text(100),
  primaryId: text(MAX_ACCOUNT_LENGTH),
  verifyCode: text(20),
  codeKey: text(100),
  uid: text(2000),
});
export type RelevanceRequest = z.infer<typeof RelevanceRequest>;

/** `POST /oga/logout`: where the web app goes next ('' back to the page). */
export const LogoutResult = z.object({ logoutUrl: z.string() });

/** Password rule of the institution (`passwordCheck`). */
export type PasswordRule = '1' | '2';

/**
 * Checks a new password against the institution's rule: '1' at least 8 characters with a letter
 * and a digit; '2' at least 8 characters with three of upper case, lower case, digit and other,
 * and not equal to the account. Returns what is wrong, or null. At most MAX_PASSWORD_LENGTH.
 */
export function passwordProblem(
  password: string,
  rule: PasswordRule,
  account: string,
): 'rule' | 'equalsAccount' | null {
  if (password.length < 8 || password.length > MAX_PASSWORD_LENGTH) return 'rule';
  if (rule === '1') {
    if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return 'rule';
  } else if (passwordClasses(password) < 3) return 'rule';
  if (account && password.toLowerCase() === account.toLowerCase()) return 'equalsAccount';
  return null;
}

function passwordClasses(p: string): number {
  return [/\d/, /[A-Z]/, /[a-z]/, /[^A-Za-z\d]/].filter((re) => re.test(p)).length;
}

/** The strength helper of spec §5: 0 empty, 1 weak, 2 letters and digits 6+, 3 three classes 8+. */
export function passwordStrength(p: string): 0 | 1 | 2 | 3 {
  if (!p) return 0;
  if (p.length >= 8 && passwordClasses(p) >= 3) return 3;
  if (p.length >= 6 && /[A-Za-z]/.test(p) && /\d/.test(p)) return 2;
  return 1;
}

/** The no-data answer of the account calls that only say they succeeded. */
const Done = z.null();

/** Sessions, password recovery, binding and single sign-on (spec §7 "Auth"). */
export const AuthCalls = calls('auth', {
  verifyCodeImg: get('/oga/verifycode/img', {
    input: CaptchaQuery,
    output: CaptchaImage,
    access: 'public',
    summary: 'A new image code (scene 2 with userName for password recovery); single use, expires',
  }),
  login: post('/oga/login', {
    input: LoginRequest,
    output: LoginData,
    access: 'public',
    summary:
      'Log in with account (or card number), password and image code. data:false = change the password first; ' +
      'data:10000 = password too old (both with success:false, errCode 200)',
  }),
  loginExternal: post('/oga/loginExternal', {
    input: LoginExternalRequest,
    output: LoginResult,
    access: 'public',
    summary:
      "Exchange a JWT of a trusted outside system (signed with the institution's external key, sub = account) " +
      'for a session: the /loginExternal/{jwt}/{jwtHeader} entry',
  }),
  otherLogin: post('/oga/otherLogin', {
    input: OtherLoginRequest,
    output: OtherLoginResult,
    access: 'public',
    summary:
      'WeChat code callback: bindFlag true with a session, or false with openId (a signed ticket) for /bindAccount',
  }),
  userBind: post('/oga/userBind', {
    input: UserBindRequest,
    output: Done,
    access: 'public',
    summary: 'Bind the WeChat account of openId to a library account (account, password, image code)',
  }),
  ssoOpac: post('/oga/ssoOpac', {
    input: LoginRequest,
    output: LoginData,
    access: 'public',
    summary: 'Bind-uid: log in with account, password and image code, binding the single-sign-on uid',
  }),
  passportRelevance: post('/oga/passportRelevanceLspUser', {
    input: RelevanceRequest,
    output: LoginResult,
    access: 'public',
    summary: 'Relate the outside account of uid to the reader with this name and account; answers a session',
  }),
  logout: post('/oga/logout', {
    output: LogoutResult,
    access: 'public',
    summary: 'End the session (the token is refused from now on); logoutUrl: where unified-auth sessions go',
  }),
  logoutForExternal: post('/oga/logoutForExternal', {
    output: LogoutResult,
    access: 'public',
    summary: 'End the session (the token is refused from now on); logoutUrl: where unified-auth sessions go',
  }),
  userInfo: get('/oga/userinfo', {
    input: UserInfoQuery,
    output: UserInfo,
    access: 'reader',
    summary: 'The logged-in reader (token in the jwtHeader header, the jwt cookie or ?jwt=&jwtHeader=)',
  }),
  forceModify: post('/oga/forceModify', {
    input: ForceModifyRequest,
    output: Done,
    access: 'public',
    summary: 'Change the password with the current one (ends every session of the reader)',
  }),
  checkImgCode: get('/find/getPassword/checkImgCode', {
    input: CheckImgCodeQuery,
    output: RecoveryTicket,
    access: 'public',
    summary: 'Recovery step 1: the scene-2 image code of userName opens a recovery (findKey)',
  }),
  checkUser: post('/find/getPassword/checkUser', {
    input: CheckUserRequest,
    output: RecoveryContacts,
    access: 'public',
    summary: 'Recovery step 2: the verified phone and e-mail of the account, masked',
  }),
  sendPhoneCode: get('/find/getPassword/sendPhonenumber', {
    input: FindKeyQuery,
    output: RemainingTimes,
    access: 'public',
    summary: 'Recovery step 3: send a code to the verified phone; data: sends left today',
  }),
  findCodeTimes: get('/find/getPassword/findCodeTimes', {
    input: FindKeyQuery,
    output: RemainingTimes,
    access: 'public',
    summary: 'Codes that can still be sent to the phone today',
  }),
  checkPhoneCode: get('/find/getPassword/checkPhonenumber', {
    input: CheckCodeQuery,
    output: Done,
    access: 'public',
    summary: 'Recovery step 4: the code received by phone',
  }),
  sendMailCode: get('/find/getPassword/sendMailCode', {
    input: FindKeyQuery,
    output: RemainingTimes,
    access: 'public',
    summary: 'Recovery step 3: send a code to the verified e-mail; data: sends left today',
  }),
  findMailCodeTimes: get('/find/getPassword/findMailCodeTimes', {
    input: FindKeyQuery,
    output: RemainingTimes,
    access: 'public',
    summary: 'Codes that can still be sent to the e-mail today',
  }),
  checkMailCode: get('/find/getPassword/checkMailCode', {
    input: CheckCodeQuery,
    output: Done,
    access: 'public',
    summary: 'Recovery step 4: the code received by e-mail',
  }),
  updateUserPassword: post('/find/getPassword/updateUserPassword', {
    input: UpdatePasswordRequest,
    output: Done,
    access: 'public',
    summary: 'Recovery step 5: the new password (ends the recovery and every session of the reader)',
  }),
  /** The real clients' GET form of the same call. */
  updateUserPasswordGet: get('/find/getPassword/updateUserPassword', {
    input: UpdatePasswordRequest,
    output: Done,
    access: 'public',
    summary: 'Recovery step 5: the new password (ends the recovery and every session of the reader)',
  }),
  sendBindCode: get('/find/bindMailAndPhone/sendBindCode', {
    input: SendBindCodeQuery,
    output: RemainingTimes,
    access: 'reader',
    changesState: true,
    summary: 'Send a code to a new phone (type=phone) or e-mail (type=mail) before binding it (header token only)',
  }),
  updateUserMailAndPhone: post('/find/bindMailAndPhone/updateUserMailAndPhone', {
    input: BindQuery,
    output: Done,
    access: 'reader',
    summary:
      'Bind the phone or e-mail the code was sent to, with the current password; it counts as verified, ' +
      'and the contacts verified before are told',
  }),
  /** The real clients' GET form: only with the token in a header (it changes the account). */
  updateUserMailAndPhoneGet: get('/find/bindMailAndPhone/updateUserMailAndPhone', {
    input: BindQuery,
    output: Done,
    access: 'reader',
    changesState: true,
    summary:
      'Bind the phone or e-mail the code was sent to, with the current password; it counts as verified, ' +
      'and the contacts verified before are told (GET: header token only; POST keeps the password out of the address)',
  }),
  resetPhone: post('/find/getPassword/resetPhone', {
    input: ResetPhoneRequest,
    output: Done,
    access: 'reader',
    summary: 'Replace the bound phone (code sent with sendBindCode type=phone; the current password too)',
  }),
  findChangeBindTimes: get('/find/getPassword/findChangeBindTimes', {
    output: RemainingTimes,
    access: 'reader',
    summary: 'Binding changes left today',
  }),
  mailPhoneStatus: get('/find/bindMailAndPhone/getMailAndPhoneStatus', {
    output: MailPhoneStatus,
    access: 'reader',
    summary: "Whether the reader's e-mail and phone are verified ('1')",
  }),
  getFirstLoginFlag: get('/find/userInfo/getFirstLoginFlag', {
    output: FirstLoginFlag,
    access: 'reader',
    summary: "'0' while the guided tour has not been shown",
  }),
  updateFirstLoginFlag: post('/find/userInfo/updateFirstLoginFlag', {
    output: FirstLoginFlag,
    access: 'reader',
    summary: 'Mark the guided tour as shown',
  }),
  userLibList: get('/find/userInfo/getUserLibList', {
    output: z.array(UserLibrary),
    access: 'reader',
    summary: "The libraries of the institution, the reader's own marked current",
  }),
  changeUserLib: post('/find/userInfo/changeUserLib', {
    input: ChangeUserLibRequest,
    output: z.array(UserLibrary),
    access: 'reader',
    summary: "Change the reader's library (when the institution lets readers choose: independentLibCode)",
  }),
  casLogin: get('/oga/cas/login', {
    input: CasLoginQuery,
    output: undefined,
    access: 'public',
    summary: "Start unified authentication: a redirect to the institution's CAS login",
  }),
  casCallback: get('/oga/cas/callback', {
    input: CasCallbackQuery,
    output: undefined,
    access: 'public',
    summary: 'The CAS server comes back here with a service ticket: validated, then a redirect into the web app',
  }),
});
