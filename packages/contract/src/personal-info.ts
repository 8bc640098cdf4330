import { z } from 'zod';
import { READER_STATUSES } from './auth.js';
import { calls, get, post } from './endpoint.js';
import { ID_TYPES, MAX_ID_NUMBER_LENGTH } from './values/personal-info.js';
export * from './values/personal-info.js';

/**
 * My Library's personal information (key 1; spec §3 "Personal info", §5, §8): what the library
 * knows of the reader, the certificate (ID) number and the circulation preferences the reader may
 * change, and the avatar. The spec names `/find/userInfo/*` without these payloads; they are
 * designed here. Phone and e-mail change through the binding calls (`sendBindCode`,
 * `updateUserMailAndPhone`), which verify the new address. Flags are '1' / '0' (spec §9); amounts
 * are yuan as decimal text ("100.00").
 */

const flag = z.enum(['0', '1']);

/** `GET /find/userInfo/personalInfo`. */
export const PersonalInfo = z.object({
  userId: z.string(),
  account: z.string(),
  cardNo: z.string(),
  name: z.string(),
  libCode: z.string(),
  libName: z.string(),
  /** User type (读者类型). */
  readerType: z.string(),
  department: z.string(),
  /** Position or title (职务 / 职称). */
  position: z.string(),
  grade: z.string(),
  /** Class (班级). */
  className: z.string(),
  idType: z.enum(ID_TYPES),
  /** The certificate number, masked (110***********123X); '' when the library has none. */
  idNumber: z.string(),
  /** The phone and e-mail, masked (138****0001, r***@example.org); '1' verified. */
  mobile: z.string(),
  mobileCheckFlag: flag,
  email: z.string(),
  emailCheckFlag: flag,
  /** Bound outside accounts: WeChat, Xuexitong (the Chaoxing passport), unified authentication (CAS). */
  wechatBindFlag: flag,
  xuexitongBindFlag: flag,
  unifiedAuthBindFlag: flag,
  status: z.enum(READER_STATUSES),
  /** Validity of the card (YYYY-MM-DD), and whether it has passed. */
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  cardExpired: z.boolean(),
  deposit: z.string(),
  prepayment: z.string(),
  /** Whether the reader takes part in transfer lending (转借): a loan may pass to another reader directly. */
  transferLendFlag: flag,
  /** Whether borrowing and returning at the desk or a machine asks for the reader's password. */
  borrowPasswordFlag: flag,
  /** The avatar's address ('' none): the uploaded one, or the one the library set. */
  avatarUrl: z.string(),
  /** Whether the avatar is one the reader uploaded (and can delete). */
  hasOwnAvatar: z.boolean(),
});
export type PersonalInfo = z.infer<typeof PersonalInfo>;

/** A flag as sent ('1'/'0', 1/0, true/false); absent = unchanged. */
const flagInput = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === true || v === 1 || v === '1' || v === 'true'));

/**
 * `POST /find/userInfo/updatePersonalInfo`: what the reader changes; what is left out stays. The
 * certificate number is checked with `idNumberProblem` of its type ('' or absent = unchanged).
 */
export const UpdatePersonalInfoRequest = z.object({
  idType: z.enum(ID_TYPES).optional(),
  idNumber: z
    .string()
    .max(MAX_ID_NUMBER_LENGTH + 20)
    .optional()
    .transform((v) => v ?? ''),
  transferLendFlag: flagInput,
  borrowPasswordFlag: flagInput,
});
export type UpdatePersonalInfoRequest = z.infer<typeof UpdatePersonalInfoRequest>;

/** The new avatar (`uploadAvatar`) or none (`deleteAvatar`). */
export const AvatarResult = z.object({
  /** The avatar's address ('' none left). */
  avatarUrl: z.string(),
  /** The stored image's side in pixels and size in bytes (0 when deleted). */
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});
export type AvatarResult = z.infer<typeof AvatarResult>;

/**
 * `GET /find/userInfo/avatar?mappingPath=&key=`: an avatar image. `key` is random, made anew by each
 * upload and known only from the reader's own answers: the address is unguessable, and the image
 * behind it never changes (cached for a year).
 */
export const AvatarImageQuery = z.object({
  mappingPath: z.string().max(64).optional().default(''),
  key: z.string().max(64).optional().default(''),
});

/** The personal-information calls (My Library key 1). */
export const PersonalInfoCalls = calls('personal-info', {
  personalInfo: get('/find/userInfo/personalInfo', {
    output: PersonalInfo,
    access: 'reader',
    summary:
      "The reader's personal information: card, library, type, affiliation, masked certificate number, phone and " +
      'e-mail, bound accounts, validity, deposit, prepayment, circulation preferences, avatar',
  }),
  updatePersonalInfo: post('/find/userInfo/updatePersonalInfo', {
    input: UpdatePersonalInfoRequest,
    output: PersonalInfo,
    access: 'reader',
    summary:
      'Save the certificate type and number (checked: a resident number by its GB 11643 check digit and birth ' +
      "date) and the circulation preferences; answers the new state with '保存成功！'",
  }),
  uploadAvatar: post('/find/userInfo/uploadAvatar', {
    output: AvatarResult,
    access: 'reader',
    summary:
      'Upload an avatar: the request body is the image itself (Content-Type image/jpeg, image/png or ' +
      'application/octet-stream; not multipart), a JPEG or PNG by its content, at most 5 MB and 50 megapixels. ' +
      "Stored as a 256×256 JPEG without its metadata; answers '上传成功！'",
  }),
  deleteAvatar: post('/find/userInfo/deleteAvatar', {
    output: AvatarResult,
    access: 'reader',
    summary: "Delete the reader's uploaded avatar",
  }),
  avatarImage: get('/find/userInfo/avatar', {
    input: AvatarImageQuery,
    output: undefined,
    access: 'public',
    summary:
      'An avatar image (JPEG) at its unguessable address (the avatarUrl of userinfo and personalInfo); ' +
      'cached privately for a year, 404 once replaced or deleted',
  }),
});
