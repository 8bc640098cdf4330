import type { Lang } from '@openfind/contract';
import { CONTENT_ADMIN_MESSAGES } from './messages-content-admin.js';
import { CATALOGUE_ADMIN_MESSAGES } from '../modules/catalogue-admin/messages.js';
import { LIBRARY_ADMIN_MESSAGES } from './messages-library-admin.js';
import { INBOX_MESSAGES } from './messages-inbox.js';
import { FAVOURITE_MESSAGES } from './messages-favourites.js';
import { RECOMMENDATION_MESSAGES } from './messages-recommendations.js';
import { DONATION_MESSAGES } from './messages-donations.js';
import { JOURNAL_MESSAGES } from './messages-journals.js';
import { DOC_DELIVERY_MESSAGES } from './messages-doc-delivery.js';
import { SURVEY_MESSAGES } from './messages-surveys.js';
import { ACCOUNT_CLOSING_MESSAGES } from './messages-account-closing.js';
import { FEEDBACK_MESSAGES } from './messages-feedback.js';
import { BOOK_LIST_MESSAGES } from './messages-book-lists.js';
import { COLLECTION_MESSAGES } from './messages-collections.js';
import { SUBSCRIPTION_MESSAGES } from './messages-subscriptions.js';
import { SUBJECT_MESSAGES } from './messages-subjects.js';
import { COURSE_MESSAGES } from './messages-courses.js';
import { HOME_NAVIGATION_MESSAGES } from './messages-home-navigation.js';
import { E_RESOURCE_MESSAGES } from './messages-e-resources.js';

type Texts = Record<Lang, string>;

/**
 * Server messages in the three interface languages. `{name}` placeholders are filled by `t()`.
 * Keys are stable; clients key on `errCode`, people read `message`.
 */
export const MESSAGES = {
  // The staff console's content screen (issue 28), kept in a file of its own.
  ...CONTENT_ADMIN_MESSAGES,
  ok: { 'zh-CN': '操作成功', 'zh-TW': '操作成功', 'en-US': 'Success' },
  badRequest: {
    'zh-CN': '请求参数有误：{detail}',
    'zh-TW': '請求參數有誤：{detail}',
    'en-US': 'Invalid request: {detail}',
  },
  unsafeCharacters: {
    'zh-CN': '请求参数有误：{field} 含有控制字符或无效的 Unicode 字符',
    'zh-TW': '請求參數有誤：{field} 含有控制字元或無效的 Unicode 字元',
    'en-US': 'Invalid request: {field} contains a control character or an invalid Unicode character',
  },
  valueNotStorable: {
    'zh-CN': '请求参数有误：某个值超出允许的范围或格式无法处理',
    'zh-TW': '請求參數有誤：某個值超出允許的範圍或格式無法處理',
    'en-US': 'Invalid request: a value is out of range or in a form that cannot be processed',
  },
  malformedJson: {
    'zh-CN': '请求内容不是有效的 JSON',
    'zh-TW': '請求內容不是有效的 JSON',
    'en-US': 'The request body is not valid JSON',
  },
  unsupportedMediaType: {
    'zh-CN': '不支持的请求内容类型',
    'zh-TW': '不支援的請求內容類型',
    'en-US': 'Unsupported request content type',
  },
  bodyTooLarge: {
    'zh-CN': '请求内容过大',
    'zh-TW': '請求內容過大',
    'en-US': 'The request body is too large',
  },
  notFound: {
    'zh-CN': '请求的接口不存在',
    'zh-TW': '請求的介面不存在',
    'en-US': 'No such API call',
  },
  methodNotAllowed: {
    'zh-CN': '请求方法不被允许',
    'zh-TW': '請求方法不被允許',
    'en-US': 'Method not allowed',
  },
  internal: {
    'zh-CN': '服务器开小差了，请稍后再试',
    'zh-TW': '伺服器暫時無法處理，請稍後再試',
    'en-US': 'Something went wrong on the server; please try again later',
  },
  unknownTenant: {
    'zh-CN': '未找到机构“{mappingPath}”，请检查访问地址',
    'zh-TW': '未找到機構「{mappingPath}」，請檢查訪問地址',
    'en-US': 'No institution "{mappingPath}" here; please check the address',
  },
  groupCodeMismatch: {
    'zh-CN': '机构代码与访问地址不一致',
    'zh-TW': '機構代碼與訪問地址不一致',
    'en-US': 'The group code does not belong to this institution',
  },
  unknownLibrary: {
    'zh-CN': '本机构没有代码为“{libCode}”的图书馆',
    'zh-TW': '本機構沒有代碼為「{libCode}」的圖書館',
    'en-US': 'This institution has no library with code "{libCode}"',
  },
  accessInterrupted: {
    'zh-CN': '系统访问中断，请稍后再试！',
    'zh-TW': '系統訪問中斷，請稍後再試！',
    'en-US': 'Access interrupted; please try again later!',
  },
  tooManyRequests: {
    'zh-CN': '请求过于频繁，请稍后再试',
    'zh-TW': '請求過於頻繁，請稍後再試',
    'en-US': 'Too many requests; please try again later',
  },
  searchQueryRequired: {
    'zh-CN': '请输入检索词',
    'zh-TW': '請輸入檢索詞',
    'en-US': 'Please enter a search term',
  },
  searchQueryTooLong: {
    'zh-CN': '检索词过长，最多 {max} 个字符',
    'zh-TW': '檢索詞過長，最多 {max} 個字元',
    'en-US': 'The search text is too long; at most {max} characters',
  },
  searchDeepPaging: {
    'zh-CN': '只能浏览前 {max} 条检索结果，请增加检索条件缩小范围',
    'zh-TW': '只能瀏覽前 {max} 筆檢索結果，請增加檢索條件縮小範圍',
    'en-US': 'Only the first {max} results can be browsed; please narrow the search',
  },
  searchUnknownField: {
    'zh-CN': '不支持的检索字段“{field}”',
    'zh-TW': '不支援的檢索欄位「{field}」',
    'en-US': 'Unknown search field "{field}"',
  },
  searchUnknownSort: {
    'zh-CN': '不支持的排序方式“{field}”',
    'zh-TW': '不支援的排序方式「{field}」',
    'en-US': 'Unknown sort field "{field}"',
  },
  searchUnknownOperator: {
    'zh-CN': '不支持的逻辑运算“{oper}”，请使用 AND、OR 或 NOT',
    'zh-TW': '不支援的邏輯運算「{oper}」，請使用 AND、OR 或 NOT',
    'en-US': 'Unknown operator "{oper}"; use AND, OR or NOT',
  },
  searchRelaxedNotice: {
    'zh-CN': '没有同时包含全部检索词的结果，以下是包含部分检索词的结果',
    'zh-TW': '沒有同時包含全部檢索詞的結果，以下是包含部分檢索詞的結果',
    'en-US': 'No record has all of the words; showing records with some of them',
  },
  loginRequired: {
    'zh-CN': '请登录！',
    'zh-TW': '請登入！',
    'en-US': 'Please log in!',
  },
  recordNotFound: {
    'zh-CN': '未找到记录“{recordId}”，它可能已被删除',
    'zh-TW': '未找到記錄「{recordId}」，它可能已被刪除',
    'en-US': 'No record "{recordId}" here; it may have been removed',
  },
  bookListNotFound: {
    'zh-CN': '未找到书单“{bookListId}”',
    'zh-TW': '未找到書單「{bookListId}」',
    'en-US': 'No book list "{bookListId}" here',
  },
  commentEmpty: {
    'zh-CN': '请填写评论内容或选择评分',
    'zh-TW': '請填寫評論內容或選擇評分',
    'en-US': 'Please write a comment or choose a rating',
  },
  commentSubmitted: {
    'zh-CN': '评论已提交，审核通过后显示',
    'zh-TW': '評論已提交，審核通過後顯示',
    'en-US': 'Comment submitted; it will appear once approved',
  },
  ratingSaved: {
    'zh-CN': '评分已保存',
    'zh-TW': '評分已儲存',
    'en-US': 'Rating saved',
  },
  favouriteAdded: {
    'zh-CN': '收藏成功',
    'zh-TW': '收藏成功',
    'en-US': 'Added to favourites',
  },
  favouriteKept: {
    'zh-CN': '已在收藏中',
    'zh-TW': '已在收藏中',
    'en-US': 'Already in your favourites',
  },
  favouriteCancelled: {
    'zh-CN': '已取消收藏',
    'zh-TW': '已取消收藏',
    'en-US': 'Removed from favourites',
  },
  favouritesFull: {
    'zh-CN': '收藏已达上限（{max} 条），请先整理收藏',
    'zh-TW': '收藏已達上限（{max} 筆），請先整理收藏',
    'en-US': 'Your favourites are full ({max} records); please remove some first',
  },
  // A frozen account or a lost card refuses the reader actions of spec §6 (modules/auth/reader-standing.ts).
  frozenCannotComment: {
    'zh-CN': '您的账号已被冻结，暂时不能发表评论。如有疑问，请联系图书馆。',
    'zh-TW': '您的帳號已被凍結，暫時不能發表評論。如有疑問，請聯絡圖書館。',
    'en-US': 'Your account is frozen, so you cannot post comments for now. Please contact the library.',
  },
  frozenCannotRate: {
    'zh-CN': '您的账号已被冻结，暂时不能评分。如有疑问，请联系图书馆。',
    'zh-TW': '您的帳號已被凍結，暫時不能評分。如有疑問，請聯絡圖書館。',
    'en-US': 'Your account is frozen, so you cannot rate records for now. Please contact the library.',
  },
  frozenCannotFavourite: {
    'zh-CN': '您的账号已被冻结，暂时不能添加收藏。如有疑问，请联系图书馆。',
    'zh-TW': '您的帳號已被凍結，暫時不能加入收藏。如有疑問，請聯絡圖書館。',
    'en-US': 'Your account is frozen, so you cannot add favourites for now. Please contact the library.',
  },
  lostCannotComment: {
    'zh-CN': '读者证已挂失，暂时不能发表评论。找回读者证后，请到图书馆解除挂失。',
    'zh-TW': '讀者證已掛失，暫時不能發表評論。找回讀者證後，請到圖書館解除掛失。',
    'en-US':
      'Your library card is reported lost, so you cannot post comments. Once you have it back, ask the library to lift the loss report.',
  },
  lostCannotRate: {
    'zh-CN': '读者证已挂失，暂时不能评分。找回读者证后，请到图书馆解除挂失。',
    'zh-TW': '讀者證已掛失，暫時不能評分。找回讀者證後，請到圖書館解除掛失。',
    'en-US':
      'Your library card is reported lost, so you cannot rate records. Once you have it back, ask the library to lift the loss report.',
  },
  lostCannotFavourite: {
    'zh-CN': '读者证已挂失，暂时不能添加收藏。找回读者证后，请到图书馆解除挂失。',
    'zh-TW': '讀者證已掛失，暫時不能加入收藏。找回讀者證後，請到圖書館解除掛失。',
    'en-US':
      'Your library card is reported lost, so you cannot add favourites. Once you have it back, ask the library to lift the loss report.',
  },
  // Accounts and sessions (issue 6).
  sessionExpired: {
    'zh-CN': '当前登录已失效，请重新登录',
    'zh-TW': '目前登入已失效，請重新登入',
    'en-US': 'The current login has expired, please log in again',
  },
  badCredentials: {
    'zh-CN': '账号或密码错误',
    'zh-TW': '帳號或密碼錯誤',
    'en-US': 'Wrong account or password',
  },
  captchaWrong: {
    'zh-CN': '验证码错误或已失效，请重新输入',
    'zh-TW': '驗證碼錯誤或已失效，請重新輸入',
    'en-US': 'The verification code is wrong or has expired; please enter the new one',
  },
  accountLocked: {
    'zh-CN': '登录失败次数过多，请 {minutes} 分钟后再试',
    'zh-TW': '登入失敗次數過多，請 {minutes} 分鐘後再試',
    'en-US': 'Too many failed logins; please try again in {minutes} minutes',
  },
  passwordRule1: {
    'zh-CN': '密码须为字母和数字组合，8 位及以上',
    'zh-TW': '密碼須為字母和數字組合，8 位及以上',
    'en-US': 'The password must combine letters and digits, 8 or more characters',
  },
  passwordRule2: {
    'zh-CN': '密码须为 8 位及以上，包含大写字母、小写字母、数字、特殊字符中的至少三种，且不能与证件号或账号相同',
    'zh-TW': '密碼須為 8 位及以上，包含大寫字母、小寫字母、數字、特殊字元中的至少三種，且不能與證件號或帳號相同',
    'en-US':
      'The password needs 8 or more characters with at least three of upper case, lower case, digits and special characters, and may not equal the ID or account',
  },
  passwordEqualsAccount: {
    'zh-CN': '密码不能与证件号或账号相同',
    'zh-TW': '密碼不能與證件號或帳號相同',
    'en-US': 'The password may not equal the ID or account number',
  },
  passwordUnchanged: {
    'zh-CN': '新密码不能与原密码相同',
    'zh-TW': '新密碼不能與原密碼相同',
    'en-US': 'The new password may not equal the old one',
  },
  confirmMismatch: {
    'zh-CN': '两次输入的密码不一致',
    'zh-TW': '兩次輸入的密碼不一致',
    'en-US': 'The two passwords do not match',
  },
  mustChangePassword: {
    'zh-CN': '首次登录或密码已被重置，请先修改密码',
    'zh-TW': '首次登入或密碼已被重設，請先修改密碼',
    'en-US': 'Please change your initial password first',
  },
  passwordTooOld: {
    'zh-CN': '您已长时间未修改密码，请修改密码',
    'zh-TW': '您已長時間未修改密碼，請修改密碼',
    'en-US': 'You have not changed your password for a long time, please change it',
  },
  passwordChanged: {
    'zh-CN': '修改密码成功',
    'zh-TW': '修改密碼成功',
    'en-US': 'Password changed',
  },
  loggedOut: {
    'zh-CN': '已退出登录',
    'zh-TW': '已登出',
    'en-US': 'Logged out',
  },
  codeWrong: {
    'zh-CN': '验证码错误或已过期',
    'zh-TW': '驗證碼錯誤或已過期',
    'en-US': 'The code is wrong or has expired',
  },
  dailyLimit: {
    'zh-CN': '今日次数已用完，请明天再试',
    'zh-TW': '今日次數已用完，請明天再試',
    'en-US': 'No more tries today; please try again tomorrow',
  },
  noVerifiedContact: {
    'zh-CN': '手机和邮箱均未验证，无法重置密码',
    'zh-TW': '手機和郵箱均未驗證，無法重設密碼',
    'en-US': 'Phone and email are both unverified, cannot reset password',
  },
  recoveryExpired: {
    'zh-CN': '操作已过期，请重新找回密码',
    'zh-TW': '操作已過期，請重新找回密碼',
    'en-US': 'This step has expired; please start the password recovery again',
  },
  phoneInvalid: {
    'zh-CN': '手机号格式不正确',
    'zh-TW': '手機號格式不正確',
    'en-US': 'The phone number is not valid',
  },
  emailInvalid: {
    'zh-CN': '邮箱格式不正确',
    'zh-TW': '郵箱格式不正確',
    'en-US': 'The e-mail address is not valid',
  },
  codeSent: {
    'zh-CN': '验证码已发送至 {target}，今日还可发送 {times} 次',
    'zh-TW': '驗證碼已發送至 {target}，今日還可發送 {times} 次',
    'en-US': 'A code was sent to {target}; {times} more today',
  },
  codeMessage: {
    'zh-CN': '【{library}】您的验证码是 {code}，{minutes} 分钟内有效。如非本人操作，请忽略。',
    'zh-TW': '【{library}】您的驗證碼是 {code}，{minutes} 分鐘內有效。如非本人操作，請忽略。',
    'en-US': '[{library}] Your code is {code}, valid for {minutes} minutes. Ignore this if it was not you.',
  },
  codeSubject: {
    'zh-CN': '{library} 验证码',
    'zh-TW': '{library} 驗證碼',
    'en-US': '{library} verification code',
  },
  bindSuccess: {
    'zh-CN': '绑定成功',
    'zh-TW': '綁定成功',
    'en-US': 'Bound successfully',
  },
  bindTicketInvalid: {
    'zh-CN': '绑定信息已失效，请重新通过统一认证登录',
    'zh-TW': '綁定資訊已失效，請重新通過統一認證登入',
    'en-US': 'The binding has expired; please sign in through unified authentication again',
  },
  bindDone: {
    'zh-CN': '账号绑定成功！请重新登录！',
    'zh-TW': '帳號綁定成功！請重新登入！',
    'en-US': 'Account binding is successful! please login again!',
  },
  relevanceFailed: {
    'zh-CN': '姓名与账号不匹配',
    'zh-TW': '姓名與帳號不匹配',
    'en-US': 'The name does not match the account',
  },
  wechatFailed: {
    'zh-CN': '微信登录失败，请重新扫码',
    'zh-TW': '微信登入失敗，請重新掃碼',
    'en-US': 'WeChat login failed; please scan again',
  },
  staffOnly: {
    'zh-CN': '该操作仅限图书馆工作人员。',
    'zh-TW': '該操作僅限圖書館工作人員。',
    'en-US': 'Only library staff may do this.',
  },
  crossSiteRefused: {
    'zh-CN': '该请求不是从本馆页面发出的，已拒绝。请在本馆网站中重新操作。',
    'zh-TW': '該請求不是從本館頁面發出的，已拒絕。請在本館網站中重新操作。',
    'en-US':
      "This request did not come from the library's own pages and was refused. Please do it again on the library's site.",
  },
  passwordRequired: {
    'zh-CN': '请输入当前登录密码，以确认是您本人操作',
    'zh-TW': '請輸入目前登入密碼，以確認是您本人操作',
    'en-US': 'Please enter your current password to confirm that it is you',
  },
  passwordRequiredSso: {
    'zh-CN': '为确认是您本人操作，请重新登录后再绑定',
    'zh-TW': '為確認是您本人操作，請重新登入後再綁定',
    'en-US': 'To confirm that it is you, please log in again and then bind',
  },
  currentPasswordWrong: {
    'zh-CN': '当前密码不正确',
    'zh-TW': '目前密碼不正確',
    'en-US': 'The current password is wrong',
  },
  contactChangedSubject: {
    'zh-CN': '{library} 账号联系方式变更提醒',
    'zh-TW': '{library} 帳號聯絡方式變更提醒',
    'en-US': '{library}: the contact details of your account changed',
  },
  contactChangedMail: {
    'zh-CN': '【{library}】您的账号 {account} 绑定的邮箱已更改为 {target}。如非本人操作，请立即找回密码并联系图书馆。',
    'zh-TW': '【{library}】您的帳號 {account} 綁定的郵箱已更改為 {target}。如非本人操作，請立即找回密碼並聯絡圖書館。',
    'en-US':
      '[{library}] The e-mail address bound to your account {account} was changed to {target}. If this was not you, reset your password now and contact the library.',
  },
  contactChangedPhone: {
    'zh-CN':
      '【{library}】您的账号 {account} 绑定的手机号已更改为 {target}。如非本人操作，请立即找回密码并联系图书馆。',
    'zh-TW':
      '【{library}】您的帳號 {account} 綁定的手機號已更改為 {target}。如非本人操作，請立即找回密碼並聯絡圖書館。',
    'en-US':
      '[{library}] The phone number bound to your account {account} was changed to {target}. If this was not you, reset your password now and contact the library.',
  },
  libraryNotAllowed: {
    'zh-CN': '不能切换到该图书馆',
    'zh-TW': '不能切換到該圖書館',
    'en-US': 'You cannot switch to this library',
  },
  renewDone: {
    'zh-CN': '续借完成：成功 {success} 册，失败 {fail} 册',
    'zh-TW': '續借完成：成功 {success} 冊，失敗 {fail} 冊',
    'en-US': 'Renewal done: {success} renewed, {fail} not renewed',
  },
  renewTooManyRenewals: {
    'zh-CN': '已达到最大续借次数',
    'zh-TW': '已達到最大續借次數',
    'en-US': 'Renewed as many times as allowed',
  },
  renewTooSoon: {
    'zh-CN': '未达到允许续借日期',
    'zh-TW': '未達到允許續借日期',
    'en-US': 'Too early to renew',
  },
  renewTooSoonFrom: {
    'zh-CN': '未达到允许续借日期，{date} 起可续借',
    'zh-TW': '未達到允許續借日期，{date} 起可續借',
    'en-US': 'Too early to renew: renewable from {date}',
  },
  renewOverdue: {
    'zh-CN': '图书已超期，不能续借，请尽快归还',
    'zh-TW': '圖書已逾期，不能續借，請儘快歸還',
    'en-US': 'Overdue loans cannot be renewed: please return the book soon',
  },
  renewOnHold: {
    'zh-CN': '该书已被其他读者预约或被召回，不能续借',
    'zh-TW': '該書已被其他讀者預約或被召回，不能續借',
    'en-US': 'Another reader has requested this copy or it was recalled: it cannot be renewed',
  },
  renewNotRenewable: {
    'zh-CN': '该书不可续借',
    'zh-TW': '該書不可續借',
    'en-US': 'This loan cannot be renewed',
  },
  renewFineLimit: {
    'zh-CN': '欠款超过限额，不能续借',
    'zh-TW': '欠款超過限額，不能續借',
    'en-US': 'Your unpaid fines are over the limit: loans cannot be renewed',
  },
  renewReaderBlocked: {
    'zh-CN': '您的借阅权限已被暂停，不能续借',
    'zh-TW': '您的借閱權限已被暫停，不能續借',
    'en-US': 'Your borrowing rights are suspended: loans cannot be renewed',
  },
  renewCardFrozen: {
    'zh-CN': '读者证已冻结，不能续借',
    'zh-TW': '讀者證已凍結，不能續借',
    'en-US': 'Your card is frozen: loans cannot be renewed',
  },
  renewCardLost: {
    'zh-CN': '读者证已挂失，不能续借',
    'zh-TW': '讀者證已掛失，不能續借',
    'en-US': 'Your card is reported lost: loans cannot be renewed',
  },
  renewCardExpired: {
    'zh-CN': '读者证已过期，不能续借',
    'zh-TW': '讀者證已過期，不能續借',
    'en-US': 'Your card has expired: loans cannot be renewed',
  },
  renewNoSuchLoan: {
    'zh-CN': '没有这条借阅记录（可能已归还）',
    'zh-TW': '沒有這筆借閱記錄（可能已歸還）',
    'en-US': 'No such loan (it may have been returned)',
  },
  renewRefusedBySystem: {
    'zh-CN': '图书馆系统拒绝续借',
    'zh-TW': '圖書館系統拒絕續借',
    'en-US': "The library's system refused the renewal",
  },
  frozenCannotRequest: {
    'zh-CN': '您的账号已被冻结，暂时不能预约或委托。如有疑问，请联系图书馆。',
    'zh-TW': '您的帳號已被凍結，暫時不能預約或委託。如有疑問，請聯絡圖書館。',
    'en-US': 'Your account is frozen, so you cannot request books for now. Please contact the library.',
  },
  lostCannotRequest: {
    'zh-CN': '读者证已挂失，暂时不能预约或委托。找回读者证后，请到图书馆解除挂失。',
    'zh-TW': '讀者證已掛失，暫時不能預約或委託。找回讀者證後，請到圖書館解除掛失。',
    'en-US':
      'Your library card is reported lost, so you cannot request books. Once you have it back, ask the library to lift the loss report.',
  },
  requestCardExpired: {
    'zh-CN': '读者证已过期，不能预约或委托',
    'zh-TW': '讀者證已過期，不能預約或委託',
    'en-US': 'Your card has expired: you cannot request books',
  },
  requestPlaced: {
    'zh-CN': '预约成功，您排在第 {position} 位',
    'zh-TW': '預約成功，您排在第 {position} 位',
    'en-US': 'Requested: you are number {position} in the queue',
  },
  requestBeingFetched: {
    'zh-CN': '预约成功，馆员正在为您取书。图书放上预约书架后会通知您取书码，并为您保留 {days} 天',
    'zh-TW': '預約成功，館員正在為您取書。圖書放上預約書架後會通知您取書碼，並為您保留 {days} 天',
    'en-US':
      'Requested: staff are fetching a copy for you. Once it is on the hold shelf you will be told the pickup code, and it is kept for you {days} days',
  },
  requestNotOnHoldShelf: {
    'zh-CN': '图书还未放上预约书架，暂时不能转交给他人；放上预约书架后会通知您',
    'zh-TW': '圖書還未放上預約書架，暫時不能轉交給他人；放上預約書架後會通知您',
    'en-US': 'The book is not on the hold shelf yet, so it cannot be handed over; you will be told once it is there',
  },
  requestCancelled: {
    'zh-CN': '取消成功',
    'zh-TW': '取消成功',
    'en-US': 'Request cancelled',
  },
  requestNotRequestable: {
    'zh-CN': '该书没有可外借的馆藏，不能预约',
    'zh-TW': '該書沒有可外借的館藏，不能預約',
    'en-US': 'This title has no copy that can be lent: it cannot be requested',
  },
  requestAlready: {
    'zh-CN': '您已预约过这本书',
    'zh-TW': '您已預約過這本書',
    'en-US': 'You have requested this title already',
  },
  requestOnLoan: {
    'zh-CN': '您已借阅这本书，不能再预约',
    'zh-TW': '您已借閱這本書，不能再預約',
    'en-US': 'You have this title on loan: it cannot be requested',
  },
  requestTooMany: {
    'zh-CN': '预约数量已达上限（{max} 册）',
    'zh-TW': '預約數量已達上限（{max} 冊）',
    'en-US': 'You have as many requests as allowed ({max})',
  },
  requestUnknownPickup: {
    'zh-CN': '请选择正确的取书地点',
    'zh-TW': '請選擇正確的取書地點',
    'en-US': 'Choose a pickup library of this institution',
  },
  requestNoSuch: {
    'zh-CN': '没有这条预约记录，或它已结束',
    'zh-TW': '沒有這筆預約記錄，或它已結束',
    'en-US': 'No such open request',
  },
  requestFineLimit: {
    'zh-CN': '欠款已达 {limit} 元，暂时不能预约或委托，请先缴清欠款',
    'zh-TW': '欠款已達 {limit} 元，暫時不能預約或委託，請先繳清欠款',
    'en-US': 'You owe {limit} yuan or more: pay your fines before requesting books',
  },
  requestSuspended: {
    'zh-CN': '您的借阅权限暂停至 {date}，暂时不能预约或委托',
    'zh-TW': '您的借閱權限暫停至 {date}，暫時不能預約或委託',
    'en-US': 'Your borrowing rights are suspended until {date}: you cannot request books',
  },
  wrongPickupCode: {
    'zh-CN': '请输入正确的取书码！',
    'zh-TW': '請輸入正確的取書碼！',
    'en-US': 'Please enter a valid pickup code!',
  },
  requestOwn: {
    'zh-CN': '这是您自己的预约，无需接收',
    'zh-TW': '這是您自己的預約，無需接收',
    'en-US': 'This is your own request',
  },
  requestAccepted: {
    'zh-CN': '已接收《{title}》，图书为您保留至 {date}，取书码 {code}',
    'zh-TW': '已接收《{title}》，圖書為您保留至 {date}，取書碼 {code}',
    'en-US': 'Accepted “{title}”: it is held for you until {date}, pickup code {code}',
  },
  deliveryPlaced: {
    'zh-CN': '送书上门申请成功，您排在第 {position} 位，有书归还后即为您寄出',
    'zh-TW': '送書到府申請成功，您排在第 {position} 位，有書歸還後即為您寄出',
    'en-US': 'Home delivery requested: you are number {position} in the queue; a copy is sent once one is returned',
  },
  deliveryReady: {
    'zh-CN': '送书上门申请成功，馆员正在为您取书，寄出后可在“我的请求”中查看快递单号',
    'zh-TW': '送書到府申請成功，館員正在為您取書，寄出後可在「我的請求」中查看快遞單號',
    'en-US':
      'Home delivery requested: the library is taking a copy from the shelf; once sent, its tracking number shows in Requests',
  },
  deliveryAddressRequired: {
    'zh-CN': '请选择收货地址',
    'zh-TW': '請選擇收貨地址',
    'en-US': 'Choose a delivery address',
  },
  deliveryUnknownAddress: {
    'zh-CN': '收货地址不存在，请重新选择',
    'zh-TW': '收貨地址不存在，請重新選擇',
    'en-US': 'That delivery address is not one of yours: choose another',
  },
  deliveryReceived: {
    'zh-CN': '已确认收货',
    'zh-TW': '已確認收貨',
    'en-US': 'Receipt confirmed',
  },
  deliveryAlreadyReceived: {
    'zh-CN': '您已确认过收货',
    'zh-TW': '您已確認過收貨',
    'en-US': 'You have confirmed receipt already',
  },
  deliveryNotShipped: {
    'zh-CN': '图书尚未寄出，暂不能确认收货',
    'zh-TW': '圖書尚未寄出，暫不能確認收貨',
    'en-US': 'The book has not been sent yet: receipt cannot be confirmed',
  },
  deliveryShippedNoCancel: {
    'zh-CN': '图书已寄出，不能取消；收到后可按期归还',
    'zh-TW': '圖書已寄出，不能取消；收到後可按期歸還',
    'en-US': 'The book has been sent, so the request cannot be cancelled; return it as any loan once it arrives',
  },
  deliveryNotShippable: {
    'zh-CN': '没有这条待寄送的送书上门申请（尚未备书、已寄出或已结束）',
    'zh-TW': '沒有這筆待寄送的送書到府申請（尚未備書、已寄出或已結束）',
    'en-US': 'No home delivery with a copy ready to send has this number (not ready yet, sent, or ended)',
  },
  deskShipped: {
    'zh-CN': '《{title}》已借出并寄出，快递单号 {trackingNo}，应还日期 {date}',
    'zh-TW': '《{title}》已借出並寄出，快遞單號 {trackingNo}，應還日期 {date}',
    'en-US': '“{title}” is lent and sent, tracking number {trackingNo}, due {date}',
  },
  relendAsked: {
    'zh-CN': '已发出转借请求，借阅这本书的读者会收到通知；请求有效至 {date}',
    'zh-TW': '已發出轉借請求，借閱這本書的讀者會收到通知；請求有效至 {date}',
    'en-US': 'Asked: the readers who have this book are told. Your ask is open until {date}',
  },
  relendAllowed: {
    'zh-CN': '可以发出转借请求',
    'zh-TW': '可以發出轉借請求',
    'en-US': 'You may ask for this book to be re-lent to you',
  },
  relendAgreed: {
    'zh-CN': '已同意转借：见面时把转借码告诉对方（5 分钟内有效，仅可使用一次，可重新获取）',
    'zh-TW': '已同意轉借：見面時把轉借碼告訴對方（5 分鐘內有效，僅可使用一次，可重新取得）',
    'en-US': 'Agreed: give the reader this code when you meet (valid 5 minutes, once; you can get a new one)',
  },
  relendDeclined: {
    'zh-CN': '已婉拒这条转借请求',
    'zh-TW': '已婉拒這筆轉借請求',
    'en-US': 'You declined this ask',
  },
  relendReceived: {
    'zh-CN': '转借成功：《{title}》已借给您，应还日期 {date}',
    'zh-TW': '轉借成功：《{title}》已借給您，應還日期 {date}',
    'en-US': 'Done: “{title}” is lent to you, due {date}',
  },
  relendAskerAble: {
    'zh-CN': '对方目前可以借阅这本书',
    'zh-TW': '對方目前可以借閱這本書',
    'en-US': 'The reader who asked can take the book over now',
  },
  relendAskerUnable: {
    'zh-CN': '对方目前不能借阅这本书（例如读者证、欠款或借阅数量的限制），输入转借码时会得知原因',
    'zh-TW': '對方目前不能借閱這本書（例如讀者證、欠款或借閱數量的限制），輸入轉借碼時會得知原因',
    'en-US':
      'The reader who asked cannot take the book over at the moment (their card, fines or loan limit): they are told why when they enter the code',
  },
  relendOnShelf: {
    'zh-CN': '这本书有在架的馆藏，请直接预约或到馆借阅',
    'zh-TW': '這本書有在架的館藏，請直接預約或到館借閱',
    'en-US': 'A copy of this book is on the shelf: reserve it or borrow it at the library',
  },
  relendNoHolder: {
    'zh-CN': '目前没有读者能转借这本书（借出的副本已逾期、转借次数已满或借阅者未参与转借），请预约',
    'zh-TW': '目前沒有讀者能轉借這本書（借出的複本已逾期、轉借次數已滿或借閱者未參與轉借），請預約',
    'en-US':
      'No reader can pass this book on now (the copies lent are overdue, passed on too often, or their readers do not take part): reserve it instead',
  },
  relendReservationsWaiting: {
    'zh-CN': '已有读者在预约这本书，需按预约顺序借阅，不能转借',
    'zh-TW': '已有讀者在預約這本書，需按預約順序借閱，不能轉借',
    'en-US': 'Other readers have reserved this book: the reservation queue comes first, so it cannot be re-lent',
  },
  relendNoSuchAsk: {
    'zh-CN': '没有这条转借请求，或它已结束',
    'zh-TW': '沒有這筆轉借請求，或它已結束',
    'en-US': 'No such open re-lend ask',
  },
  relendAlreadyAgreed: {
    'zh-CN': '已有其他读者同意了这条转借请求',
    'zh-TW': '已有其他讀者同意了這筆轉借請求',
    'en-US': 'Another reader has agreed to this ask already',
  },
  relendCannotPass: {
    'zh-CN': '这次借阅不能转借（已逾期，或连续转借次数已达上限）',
    'zh-TW': '這次借閱不能轉借（已逾期，或連續轉借次數已達上限）',
    'en-US': 'This loan cannot be passed on (it is overdue, or was passed on as many times in a row as allowed)',
  },
  relendWrongCode: {
    'zh-CN': '请输入正确的转借码！',
    'zh-TW': '請輸入正確的轉借碼！',
    'en-US': 'Please enter a valid handover code!',
  },
  relendTooManyLoans: {
    'zh-CN': '借阅数量已达上限（{max} 册），不能再借',
    'zh-TW': '借閱數量已達上限（{max} 冊），不能再借',
    'en-US': 'You have as many loans as allowed ({max})',
  },
  relendOff: {
    'zh-CN': '本馆暂不提供转借',
    'zh-TW': '本館暫不提供轉借',
    'en-US': 'This library does not re-lend books',
  },
  takeCodeUnavailable: {
    'zh-CN': '本馆借书请出示读者证，暂不支持取书码',
    'zh-TW': '本館借書請出示讀者證，暫不支援取書碼',
    'en-US': 'This library lends by card: take codes are not available',
  },
  codeIssued: {
    'zh-CN': '取书码 5 分钟内有效，仅可使用一次',
    'zh-TW': '取書碼 5 分鐘內有效，僅可使用一次',
    'en-US': 'The code is valid for 5 minutes and can be used once',
  },
  fineNotPayable: {
    'zh-CN': '所选记录无需缴费，或正在缴费中',
    'zh-TW': '所選記錄無需繳費，或正在繳費中',
    'en-US': 'Nothing is owed on the records chosen, or they are being paid already',
  },
  payUnknownChannel: {
    'zh-CN': '不支持该支付方式',
    'zh-TW': '不支援該支付方式',
    'en-US': 'This way of paying is not offered',
  },
  payNoSuch: {
    'zh-CN': '没有这笔缴费记录',
    'zh-TW': '沒有這筆繳費記錄',
    'en-US': 'No such payment',
  },
  payChannelUnavailable: {
    'zh-CN': '支付服务暂时不可用，请稍后再试或到服务台缴费',
    'zh-TW': '支付服務暫時無法使用，請稍後再試或到服務台繳費',
    'en-US': 'Online payment is not available right now: try again later, or pay at the desk',
  },
  payClosed: {
    'zh-CN': '这笔缴费已结束（已支付、已过期或已取消）',
    'zh-TW': '這筆繳費已結束（已支付、已過期或已取消）',
    'en-US': 'This payment is over (paid, expired or withdrawn)',
  },
  payQrCreated: {
    'zh-CN': '请在 3 分钟内扫码支付',
    'zh-TW': '請在 3 分鐘內掃碼支付',
    'en-US': 'Scan the code to pay within 3 minutes',
  },
  payAtDesk: {
    'zh-CN': '已登记，请到服务台缴纳 {amount} 元',
    'zh-TW': '已登記，請到服務台繳納 {amount} 元',
    'en-US': 'Noted: please pay {amount} yuan at the service desk',
  },
  paySucceeded: {
    'zh-CN': '支付成功',
    'zh-TW': '支付成功',
    'en-US': 'Payment received',
  },
  payCancelled: {
    'zh-CN': '已取消缴费',
    'zh-TW': '已取消繳費',
    'en-US': 'Payment withdrawn',
  },
  addressSaved: {
    'zh-CN': '保存成功！',
    'zh-TW': '儲存成功！',
    'en-US': 'Saved!',
  },
  addressDeleted: {
    'zh-CN': '删除成功！',
    'zh-TW': '刪除成功！',
    'en-US': 'Deleted!',
  },
  addressDefaultSet: {
    'zh-CN': '已设为默认地址',
    'zh-TW': '已設為預設地址',
    'en-US': 'This is now your default address',
  },
  addressRecipientRequired: {
    'zh-CN': '请填写收件人',
    'zh-TW': '請填寫收件人',
    'en-US': 'Enter the recipient',
  },
  addressPhoneRequired: {
    'zh-CN': '请填写联系电话',
    'zh-TW': '請填寫聯絡電話',
    'en-US': 'Enter a phone number',
  },
  addressPhoneInvalid: {
    'zh-CN': '联系电话格式不正确：请填写 11 位手机号码，或以 + 开头的国际号码',
    'zh-TW': '聯絡電話格式不正確：請填寫 11 位手機號碼，或以 + 開頭的國際號碼',
    'en-US': 'The phone number is not valid: an 11-digit mobile number, or an international one starting with +',
  },
  addressRegionRequired: {
    'zh-CN': '请填写所在地区',
    'zh-TW': '請填寫所在地區',
    'en-US': 'Enter the region (province, city, district)',
  },
  addressDetailRequired: {
    'zh-CN': '请填写详细地址',
    'zh-TW': '請填寫詳細地址',
    'en-US': 'Enter the street address',
  },
  addressPostcodeRequired: {
    'zh-CN': '请填写邮政编码',
    'zh-TW': '請填寫郵遞區號',
    'en-US': 'Enter the postcode',
  },
  addressPostcodeInvalid: {
    'zh-CN': '邮政编码格式不正确：中国大陆的邮政编码为 6 位数字',
    'zh-TW': '郵遞區號格式不正確：中國大陸的郵遞區號為 6 位數字',
    'en-US': 'The postcode is not valid: six digits in mainland China',
  },
  addressTypeUnknown: {
    'zh-CN': '请选择正确的地址类型',
    'zh-TW': '請選擇正確的地址類型',
    'en-US': 'Choose one of the address types',
  },
  addressTooMany: {
    'zh-CN': '最多只能保存 {max} 个地址，请先删除不用的地址',
    'zh-TW': '最多只能儲存 {max} 個地址，請先刪除不用的地址',
    'en-US': 'You can keep at most {max} addresses: delete one you no longer use first',
  },
  addressNoSuch: {
    'zh-CN': '没有这个地址，或它已被删除',
    'zh-TW': '沒有這個地址，或它已被刪除',
    'en-US': 'No such address (it may have been deleted)',
  },
  requestContactRequired: {
    'zh-CN': '请填写联系电话，图书到馆时我们会通知您',
    'zh-TW': '請填寫聯絡電話，圖書到館時我們會通知您',
    'en-US': 'Please give a contact phone number: the library calls it when the book is ready',
  },
  requestHeldBySystem: {
    'zh-CN': '预约成功，图书已可取，请凭读者证到服务台取书',
    'zh-TW': '預約成功，圖書已可取，請憑讀者證到服務台取書',
    'en-US': 'Requested: the book is available, collect it at the desk with your card',
  },
  requestPlacedBySystem: {
    'zh-CN': '预约成功，图书馆的借还系统已记下您的预约',
    'zh-TW': '預約成功，圖書館的借還系統已記下您的預約',
    'en-US': "Requested: the library's circulation system has your request",
  },
  requestKindNotOffered: {
    'zh-CN': '本馆的借还系统只接受预约，不提供这种请求',
    'zh-TW': '本館的借還系統只接受預約，不提供這種請求',
    'en-US': "The library's circulation system takes reservations only, not this kind of request",
  },
  requestRefusedBySystem: {
    'zh-CN': '图书馆的借还系统未接受：{detail}',
    'zh-TW': '圖書館的借還系統未接受：{detail}',
    'en-US': "The library's circulation system refused: {detail}",
  },
  requestRefusedBySystemSilent: {
    'zh-CN': '图书馆的借还系统未接受，请到服务台咨询',
    'zh-TW': '圖書館的借還系統未接受，請到服務台諮詢',
    'en-US': "The library's circulation system refused without saying why: please ask at the desk",
  },
  circulationUnreachable: {
    'zh-CN': '暂时无法连接图书馆的借还系统，借阅信息请稍后再看',
    'zh-TW': '暫時無法連線圖書館的借還系統，借閱資訊請稍後再看',
    'en-US': "The library's circulation system cannot be reached right now: please look at your loans again later",
  },
  renewUnreachable: {
    'zh-CN': '暂时无法连接图书馆系统，请稍后再试',
    'zh-TW': '暫時無法連線圖書館系統，請稍後再試',
    'en-US': "The library's system cannot be reached right now: please try again later",
  },
  // My Library's personal information (key 1; spec §5, §8).
  infoSaved: {
    'zh-CN': '保存成功！',
    'zh-TW': '儲存成功！',
    'en-US': 'Saved!',
  },
  avatarUploaded: {
    'zh-CN': '上传成功！',
    'zh-TW': '上傳成功！',
    'en-US': 'Uploaded!',
  },
  avatarDeleted: {
    'zh-CN': '删除成功！',
    'zh-TW': '刪除成功！',
    'en-US': 'Deleted!',
  },
  idNumberRequired: {
    'zh-CN': '请输入证件号码',
    'zh-TW': '請輸入證件號碼',
    'en-US': 'Please enter the ID number',
  },
  idNumberInvalid: {
    'zh-CN': '证件号码格式不正确',
    'zh-TW': '證件號碼格式不正確',
    'en-US': 'ID number format incorrect',
  },
  idNumberOldFormat: {
    'zh-CN': '证件号码格式不正确：15 位的第一代身份证号已停止使用，请填写 18 位身份证号码',
    'zh-TW': '證件號碼格式不正確：15 位的第一代身分證號已停止使用，請填寫 18 位身分證號碼',
    'en-US':
      'ID number format incorrect: 15-digit first-generation numbers are no longer valid; enter the 18-character number',
  },
  idNumberCheckDigit: {
    'zh-CN': '证件号码格式不正确：校验位不符，请核对每一位数字',
    'zh-TW': '證件號碼格式不正確：校驗位不符，請核對每一位數字',
    'en-US': 'ID number format incorrect: the check digit does not match; please check each digit',
  },
  idNumberBirthDate: {
    'zh-CN': '证件号码格式不正确：其中的出生日期无效',
    'zh-TW': '證件號碼格式不正確：其中的出生日期無效',
    'en-US': 'ID number format incorrect: the date of birth in it is not valid',
  },
  avatarType: {
    'zh-CN': '头像只能是 JPG 或 PNG 格式的图片',
    'zh-TW': '頭像只能是 JPG 或 PNG 格式的圖片',
    'en-US': 'The avatar must be a JPEG or PNG image',
  },
  avatarTooLarge: {
    'zh-CN': '头像图片不能超过 5M',
    'zh-TW': '頭像圖片不能超過 5M',
    'en-US': 'The avatar image may be at most 5 MB',
  },
  avatarTooManyPixels: {
    'zh-CN': '图片尺寸过大，请选择不超过 5000 万像素的图片',
    'zh-TW': '圖片尺寸過大，請選擇不超過 5000 萬像素的圖片',
    'en-US': 'The image is too large; choose one of at most 50 megapixels',
  },
  avatarUnreadable: {
    'zh-CN': '图片已损坏或无法读取，请换一张图片',
    'zh-TW': '圖片已損壞或無法讀取，請換一張圖片',
    'en-US': 'The image is damaged or cannot be read; please choose another',
  },
  lostCannotEditProfile: {
    'zh-CN': '读者证已挂失，暂时不能修改个人信息。找回读者证后，请到图书馆解除挂失。',
    'zh-TW': '讀者證已掛失，暫時不能修改個人資訊。找回讀者證後，請到圖書館解除掛失。',
    'en-US':
      'Your library card is reported lost, so your details cannot be changed. Once you have it back, ask the library to lift the loss report.',
  },
  // Due-date reminders and the calendar feed (issue 27).
  reminderSettingsSaved: {
    'zh-CN': '提醒设置已保存',
    'zh-TW': '提醒設定已儲存',
    'en-US': 'Reminder settings saved',
  },
  calendarFeedCreated: {
    'zh-CN': '已生成日历订阅地址（此前的地址随即失效）',
    'zh-TW': '已產生行事曆訂閱網址（先前的網址隨即失效）',
    'en-US': 'Your calendar address is ready (any earlier one no longer works)',
  },
  calendarFeedRevoked: {
    'zh-CN': '日历订阅已停用',
    'zh-TW': '行事曆訂閱已停用',
    'en-US': 'The calendar subscription is turned off',
  },
  // Staff accounts and the circulation desk's staff calls (issues 27 and 28).
  staffLoginRequired: {
    'zh-CN': '请先以图书馆工作人员身份登录',
    'zh-TW': '請先以圖書館工作人員身分登入',
    'en-US': 'Please log in as library staff',
  },
  staffSessionExpired: {
    'zh-CN': '工作人员登录已失效，请重新登录',
    'zh-TW': '工作人員登入已失效，請重新登入',
    'en-US': 'The staff login has expired, please log in again',
  },
  staffDisabled: {
    'zh-CN': '该工作人员账号已停用，请联系管理员',
    'zh-TW': '該工作人員帳號已停用，請聯絡管理員',
    'en-US': 'This staff account is disabled; please ask an administrator',
  },
  staffOtherInstitution: {
    'zh-CN': '该工作人员账号不属于本机构',
    'zh-TW': '該工作人員帳號不屬於本機構',
    'en-US': 'This staff account belongs to another institution',
  },
  staffRoleTooLow: {
    'zh-CN': '该操作需要管理员权限',
    'zh-TW': '該操作需要管理員權限',
    'en-US': 'Only an administrator may do this',
  },
  staffSecondFactor: {
    'zh-CN': '请输入身份验证器应用中的验证码',
    'zh-TW': '請輸入驗證器應用程式中的驗證碼',
    'en-US': 'Enter the code of your authenticator app',
  },
  staffSecondFactorWrong: {
    'zh-CN': '验证码不正确或已使用，请输入应用中当前的验证码',
    'zh-TW': '驗證碼不正確或已使用，請輸入應用程式中目前的驗證碼',
    'en-US': 'The code is wrong or was used already; enter the current code of your app',
  },
  staffSecondFactorSetupRequired: {
    'zh-CN': '管理员要求本账号使用两步验证，请先完成设置',
    'zh-TW': '管理員要求本帳號使用兩步驟驗證，請先完成設定',
    'en-US': 'An administrator requires a second factor for this account: set it up first',
  },
  staffSecondFactorNotPending: {
    'zh-CN': '验证码与正在设置的密钥不符，或设置已过期，请重新开始',
    'zh-TW': '驗證碼與正在設定的金鑰不符，或設定已過期，請重新開始',
    'en-US': 'The code does not match the key being set up, or the setup has ended; please start again',
  },
  staffSecondFactorCannotDisable: {
    'zh-CN': '管理员要求本账号使用两步验证，不能关闭',
    'zh-TW': '管理員要求本帳號使用兩步驟驗證，無法關閉',
    'en-US': 'An administrator requires a second factor for this account: it cannot be turned off',
  },
  staffNoSuchAccount: {
    'zh-CN': '本机构没有该馆员账号',
    'zh-TW': '本機構沒有該館員帳號',
    'en-US': 'No such staff account in this institution',
  },
  staffUsernameTaken: {
    'zh-CN': '用户名 {username} 已被使用',
    'zh-TW': '使用者名稱 {username} 已被使用',
    'en-US': 'The username {username} is taken',
  },
  staffUsernameInvalid: {
    'zh-CN': '用户名须为 1 至 64 个字母、数字或 . _ @ -，不含空格',
    'zh-TW': '使用者名稱須為 1 至 64 個字母、數字或 . _ @ -，不含空格',
    'en-US': 'A username has 1 to 64 letters, digits or . _ @ - and no spaces',
  },
  staffPasswordRule: {
    'zh-CN': '馆员密码至少 8 位，须包含大写字母、小写字母、数字、符号中的三种，且不能与用户名相同',
    'zh-TW': '館員密碼至少 8 位，須包含大寫字母、小寫字母、數字、符號中的三種，且不能與使用者名稱相同',
    'en-US':
      'A staff password needs 8 or more characters with three of upper case, lower case, digits and symbols, and may not be the username',
  },
  staffUnknownLibrary: {
    'zh-CN': '本机构没有分馆 {codes}（仅流通馆员可限定分馆）',
    'zh-TW': '本機構沒有分館 {codes}（僅流通館員可限定分館）',
    'en-US': 'No library {codes} in this institution (only desk staff are limited to libraries)',
  },
  staffLastAdministrator: {
    'zh-CN': '不能停用自己的账号或取消自己的管理员权限',
    'zh-TW': '無法停用自己的帳號或取消自己的管理員權限',
    'en-US': 'You cannot disable your own account or give up your own administrator role',
  },
  staffWrongPassword: {
    'zh-CN': '当前密码不正确',
    'zh-TW': '目前密碼不正確',
    'en-US': 'The current password is wrong',
  },
  staffSecondFactorOn: {
    'zh-CN': '两步验证已开启，请妥善保存恢复码',
    'zh-TW': '兩步驟驗證已開啟，請妥善保存復原碼',
    'en-US': 'Second factor on. Keep your recovery codes somewhere safe',
  },
  staffSecondFactorOff: {
    'zh-CN': '两步验证已关闭',
    'zh-TW': '兩步驟驗證已關閉',
    'en-US': 'Second factor off',
  },
  staffPasswordChanged: {
    'zh-CN': '密码已修改',
    'zh-TW': '密碼已修改',
    'en-US': 'Password changed',
  },
  staffAccountSaved: {
    'zh-CN': '已保存',
    'zh-TW': '已儲存',
    'en-US': 'Saved',
  },
  staffSecondFactorReset: {
    'zh-CN': '已清除该账号的两步验证',
    'zh-TW': '已清除該帳號的兩步驟驗證',
    'en-US': "The account's second factor was removed",
  },
  deskNoSuchReader: {
    'zh-CN': '没有该读者，请核对读者证号',
    'zh-TW': '沒有該讀者，請核對讀者證號',
    'en-US': 'No such reader; please check the card number',
  },
  deskNoSuchCopy: {
    'zh-CN': '没有该条码的馆藏，请核对条码',
    'zh-TW': '沒有該條碼的館藏，請核對條碼',
    'en-US': 'No copy with this barcode; please check it',
  },
  deskNotLoanable: {
    'zh-CN': '该册图书不外借',
    'zh-TW': '該冊圖書不外借',
    'en-US': 'This copy is not for loan',
  },
  deskOnLoan: {
    'zh-CN': '该册图书已借出',
    'zh-TW': '該冊圖書已借出',
    'en-US': 'This copy is on loan already',
  },
  deskNotOnLoan: {
    'zh-CN': '该册图书不在借阅中（或不是该读者所借）',
    'zh-TW': '該冊圖書不在借閱中（或不是該讀者所借）',
    'en-US': 'This copy is not on loan (or not to this reader)',
  },
  deskTooManyLoans: {
    'zh-CN': '该读者的借阅数量已达上限',
    'zh-TW': '該讀者的借閱數量已達上限',
    'en-US': 'The reader has as many loans as allowed',
  },
  deskCardFrozen: {
    'zh-CN': '读者证已冻结，不能办理',
    'zh-TW': '讀者證已凍結，不能辦理',
    'en-US': "The reader's card is frozen",
  },
  deskCardLost: {
    'zh-CN': '读者证已挂失，不能办理',
    'zh-TW': '讀者證已掛失，不能辦理',
    'en-US': "The reader's card is reported lost",
  },
  deskCardExpired: {
    'zh-CN': '读者证已过期，不能办理',
    'zh-TW': '讀者證已過期，不能辦理',
    'en-US': "The reader's card has expired",
  },
  deskHeldForAnother: {
    'zh-CN': '该册图书已为其他读者的预约保留',
    'zh-TW': '該冊圖書已為其他讀者的預約保留',
    'en-US': "This copy is held for another reader's request",
  },
  deskSuspended: {
    'zh-CN': '该读者的借阅权限暂停中',
    'zh-TW': '該讀者的借閱權限暫停中',
    'en-US': "The reader's borrowing is suspended",
  },
  deskOwesTooMuch: {
    'zh-CN': '该读者欠款已达上限，请先缴清欠款',
    'zh-TW': '該讀者欠款已達上限，請先繳清欠款',
    'en-US': 'The reader owes as much as the limit allows; fines must be paid first',
  },
  deskWrongTakeCode: {
    'zh-CN': '请输入正确的取书码！',
    'zh-TW': '請輸入正確的取書碼！',
    'en-US': 'Please enter a valid take code!',
  },
  deskOtherLibrary: {
    'zh-CN': '该册图书属于其他分馆，您的账号不能办理',
    'zh-TW': '該冊圖書屬於其他分館，您的帳號不能辦理',
    'en-US': 'This copy belongs to a library your account does not work for',
  },
  deskNotLocal: {
    'zh-CN': '本馆借还在图书馆自己的系统中办理',
    'zh-TW': '本館借還在圖書館自己的系統中辦理',
    'en-US': 'This library lends and takes back in its own circulation system',
  },
  deskLent: {
    'zh-CN': '已借出《{title}》，应还日期 {date}',
    'zh-TW': '已借出《{title}》，應還日期 {date}',
    'en-US': 'Lent “{title}”, due {date}',
  },
  deskReturned: {
    'zh-CN': '《{title}》已归还',
    'zh-TW': '《{title}》已歸還',
    'en-US': '“{title}” is returned',
  },
  deskReturnedLate: {
    'zh-CN': '《{title}》已归还，逾期 {days} 天，罚款 {amount} 元',
    'zh-TW': '《{title}》已歸還，逾期 {days} 天，罰款 {amount} 元',
    'en-US': '“{title}” is returned {days} days late: fined {amount} yuan',
  },
  deskReturnedHeld: {
    'zh-CN': '《{title}》已归还，已为预约读者保留，请放到预约架',
    'zh-TW': '《{title}》已歸還，已為預約讀者保留，請放到預約架',
    'en-US': '“{title}” is returned and held for a request: put it on the hold shelf',
  },
  deskRenewed: {
    'zh-CN': '《{title}》已续借，应还日期 {date}',
    'zh-TW': '《{title}》已續借，應還日期 {date}',
    'en-US': '“{title}” is renewed, due {date}',
  },
  deskRequestPlaced: {
    'zh-CN': '预约成功，读者排在第 {position} 位',
    'zh-TW': '預約成功，讀者排在第 {position} 位',
    'en-US': 'Requested: the reader is number {position} in the queue',
  },
  deskRequestReady: {
    'zh-CN': '预约成功，图书保留至 {date}，取书码 {code}',
    'zh-TW': '預約成功，圖書保留至 {date}，取書碼 {code}',
    'en-US': 'Requested: a copy is held until {date}, pickup code {code}',
  },
  deskFineCharged: {
    'zh-CN': '已记录罚款 {amount} 元',
    'zh-TW': '已記錄罰款 {amount} 元',
    'en-US': 'Charged {amount} yuan',
  },
  deskPaid: {
    'zh-CN': '已收款 {amount} 元（{fines} 条记录）',
    'zh-TW': '已收款 {amount} 元（{fines} 筆記錄）',
    'en-US': 'Received {amount} yuan ({fines} records)',
  },
  // The request manager (issue 28): refusals (41901–41906) and steps taken.
  requestAdminNoSuch: {
    'zh-CN': '没有这条预约请求',
    'zh-TW': '沒有這筆預約請求',
    'en-US': 'There is no such request',
  },
  requestAdminNotToRetrieve: {
    'zh-CN': '这本书不在待取列表中：已经取出、已上预约架，或预约已结束',
    'zh-TW': '這本書不在待取清單中：已經取出、已上預約架，或預約已結束',
    'en-US':
      'This copy is not waiting to be fetched: it was fetched already, is on the hold shelf, or the request has ended',
  },
  requestAdminNotToShelve: {
    'zh-CN': '这条请求不能放上预约架：已在预约架上、是送书上门，或已结束',
    'zh-TW': '這筆請求不能放上預約架：已在預約架上、是送書上門，或已結束',
    'en-US': 'This request cannot go on the hold shelf: it is there already, it is a home delivery, or it has ended',
  },
  requestAdminNotCancellable: {
    'zh-CN': '这条请求已结束或已寄出，不能取消',
    'zh-TW': '這筆請求已結束或已寄出，不能取消',
    'en-US': 'This request has ended or been sent, so it cannot be cancelled',
  },
  requestAdminNoExpiredHold: {
    'zh-CN': '这本过期未取的书已经处理过了',
    'zh-TW': '這本逾期未取的書已經處理過了',
    'en-US': 'This expired hold has been dealt with already',
  },
  requestAdminOtherLibrary: {
    'zh-CN': '这条请求属于其他分馆，您的账号不能办理',
    'zh-TW': '這筆請求屬於其他分館，您的帳號不能辦理',
    'en-US': 'This request is for a library your account does not work for',
  },
  requestAdminRetrieved: {
    'zh-CN': '《{title}》已从书架取出',
    'zh-TW': '《{title}》已從書架取出',
    'en-US': '“{title}” is fetched from the shelf',
  },
  requestAdminShelved: {
    'zh-CN': '《{title}》已放上预约架，保留至 {date}，已通知读者',
    'zh-TW': '《{title}》已放上預約架，保留至 {date}，已通知讀者',
    'en-US': '“{title}” is on the hold shelf until {date}; the reader is told',
  },
  requestAdminCancelled: {
    'zh-CN': '对《{title}》的请求已取消，已通知读者',
    'zh-TW': '對《{title}》的請求已取消，已通知讀者',
    'en-US': 'The request for “{title}” is cancelled; the reader is told',
  },
  requestAdminPassedOn: {
    'zh-CN': '《{title}》已转给下一位预约读者，请放上预约架',
    'zh-TW': '《{title}》已轉給下一位預約讀者，請放上預約架',
    'en-US': '“{title}” is held for the next reader now: put it on the hold shelf for them',
  },
  requestAdminReshelved: {
    'zh-CN': '无人等候《{title}》，请放回书架',
    'zh-TW': '無人等候《{title}》，請放回書架',
    'en-US': 'Nobody waits for “{title}”: put it back on the shelf',
  },
  reportsBadPeriod: {
    'zh-CN': '统计时段有误：结束日期不能早于开始日期，且时段不能超过 {days} 天',
    'zh-TW': '統計時段有誤：結束日期不能早於開始日期，且時段不能超過 {days} 天',
    'en-US': 'Invalid period: the end may not be before the start, and a period may cover at most {days} days',
  },
  // The site configuration screen of the staff console (issue 28).
  siteAdminChangedMeanwhile: {
    'zh-CN': '站点设置已被其他人修改（可能在另一个标签页），本次未保存。请重新加载后再修改',
    'zh-TW': '網站設定已被其他人修改（可能在另一個分頁），本次未儲存。請重新載入後再修改',
    'en-US':
      'Someone else changed the site settings meanwhile (perhaps in another tab); nothing was saved. Reload and make your change again',
  },
  siteAdminImageType: {
    'zh-CN': '只能上传 PNG、JPEG 或 WebP 图片（按文件内容判断，不支持 SVG）',
    'zh-TW': '只能上傳 PNG、JPEG 或 WebP 圖片（依檔案內容判斷，不支援 SVG）',
    'en-US': 'Only PNG, JPEG or WebP images can be uploaded (judged by the content; no SVG)',
  },
  siteAdminImageTooLarge: {
    'zh-CN': '图片过大：最大 {mb} MB',
    'zh-TW': '圖片過大：最大 {mb} MB',
    'en-US': 'The image is too large: at most {mb} MB',
  },
  siteAdminImageUnreadable: {
    'zh-CN': '图片已损坏或无法读取，请换一个文件',
    'zh-TW': '圖片已損毀或無法讀取，請換一個檔案',
    'en-US': 'The image is damaged or cannot be read; try another file',
  },
  siteAdminImagePixels: {
    'zh-CN': '图片尺寸过大，请缩小后再上传',
    'zh-TW': '圖片尺寸過大，請縮小後再上傳',
    'en-US': 'The image has too many pixels; scale it down first',
  },
  siteAdminMenuTooDeep: {
    'zh-CN': '菜单最多 {depth} 级',
    'zh-TW': '選單最多 {depth} 層',
    'en-US': 'A menu has at most {depth} levels',
  },
  siteAdminSaved: {
    'zh-CN': '站点设置已保存，读者刷新页面即可看到',
    'zh-TW': '網站設定已儲存，讀者重新整理頁面即可看到',
    'en-US': 'Site settings saved; readers see them on their next page',
  },
  siteAdminMenuSaved: {
    'zh-CN': '菜单已保存',
    'zh-TW': '選單已儲存',
    'en-US': 'Menu saved',
  },
  siteAdminUploaded: {
    'zh-CN': '图片已上传，保存后生效',
    'zh-TW': '圖片已上傳，儲存後生效',
    'en-US': 'Image uploaded; it takes effect once saved',
  },
  // Moderation of comments in the staff console (issue 28).
  moderationNoSuchComment: {
    'zh-CN': '没有找到这些评论',
    'zh-TW': '沒有找到這些評論',
    'en-US': 'No such comments',
  },
  moderationAlreadyDecided: {
    'zh-CN': '这些评论已由其他工作人员处理，未作更改',
    'zh-TW': '這些評論已由其他工作人員處理，未作變更',
    'en-US': 'These comments were already decided by someone else; nothing was changed',
  },
  moderationReasonRequired: {
    'zh-CN': '驳回评论须填写原因（读者可以看到）',
    'zh-TW': '駁回評論須填寫原因（讀者可以看到）',
    'en-US': 'A rejection needs a reason (the reader sees it)',
  },
  moderationApproved: {
    'zh-CN': '已通过 {count} 条评论',
    'zh-TW': '已通過 {count} 則評論',
    'en-US': 'Approved {count} comment(s)',
  },
  moderationRejected: {
    'zh-CN': '已驳回 {count} 条评论',
    'zh-TW': '已駁回 {count} 則評論',
    'en-US': 'Rejected {count} comment(s)',
  },
  moderationPartlyDecided: {
    'zh-CN': '已处理 {count} 条评论；{conflicts} 条已由其他工作人员处理，未作更改',
    'zh-TW': '已處理 {count} 則評論；{conflicts} 則已由其他工作人員處理，未作變更',
    'en-US': 'Decided {count} comment(s); {conflicts} already decided by someone else were left as they were',
  },
  moderationWordsSaved: {
    'zh-CN': '敏感词已保存（共 {count} 个）',
    'zh-TW': '敏感詞已儲存（共 {count} 個）',
    'en-US': 'Sensitive words saved ({count})',
  },
  // The staff console's readers (issue 28).
  readerAdminNoSuchReader: {
    'zh-CN': '没有这位读者',
    'zh-TW': '沒有這位讀者',
    'en-US': 'No such reader',
  },
  readerFrozen: {
    'zh-CN': '读者 {account} 已冻结，其登录已全部退出',
    'zh-TW': '讀者 {account} 已凍結，其登入已全部登出',
    'en-US': 'Reader {account} is frozen; their sessions have ended',
  },
  readerMarkedLost: {
    'zh-CN': '读者 {account} 的读者证已挂失，其登录已全部退出',
    'zh-TW': '讀者 {account} 的讀者證已掛失，其登入已全部登出',
    'en-US': "Reader {account}'s card is marked lost; their sessions have ended",
  },
  readerRestored: {
    'zh-CN': '读者 {account} 已恢复正常，其登录已全部退出',
    'zh-TW': '讀者 {account} 已恢復正常，其登入已全部登出',
    'en-US': 'Reader {account} is restored; their sessions have ended',
  },
  readerStatusUnchanged: {
    'zh-CN': '读者 {account} 的状态原本就是这样，未作更改',
    'zh-TW': '讀者 {account} 的狀態原本就是這樣，未作更改',
    'en-US': 'Reader {account} already had this status: nothing changed',
  },
  readerSessionsEnded: {
    'zh-CN': '读者 {account} 的登录已全部退出',
    'zh-TW': '讀者 {account} 的登入已全部登出',
    'en-US': "Reader {account}'s sessions have ended",
  },
  readerPasswordReset: {
    'zh-CN': '已为读者 {account} 设置临时密码，读者下次登录时须修改',
    'zh-TW': '已為讀者 {account} 設定臨時密碼，讀者下次登入時須修改',
    'en-US': 'A temporary password is set for {account}; they must change it at the next login',
  },
  readerImportTooLarge: {
    'zh-CN': '文件过大：读者文件最大 {mb} MB',
    'zh-TW': '檔案過大：讀者檔案最大 {mb} MB',
    'en-US': 'The file is too large: a reader file has at most {mb} MB',
  },
  readerImportNotText: {
    'zh-CN': '文件不是 UTF-8 或 GB18030 编码的 CSV 文本（请从表格软件另存为 CSV）',
    'zh-TW': '檔案不是 UTF-8 或 GB18030 編碼的 CSV 文字（請從試算表軟體另存為 CSV）',
    'en-US': 'The file is not CSV text in UTF-8 or GB18030 (save it as CSV from the spreadsheet)',
  },
  readerImportNoAccount: {
    'zh-CN': '标题行缺少 account 列',
    'zh-TW': '標題列缺少 account 欄',
    'en-US': 'The header row has no "account" column',
  },
  readerImportUnknownColumns: {
    'zh-CN': '标题行有无法识别的列：{columns}',
    'zh-TW': '標題列有無法識別的欄：{columns}',
    'en-US': 'The header row has unknown columns: {columns}',
  },
  readerImportTooManyRows: {
    'zh-CN': '文件行数过多：一次最多导入 {max} 位读者，请拆分文件',
    'zh-TW': '檔案列數過多：一次最多匯入 {max} 位讀者，請拆分檔案',
    'en-US': 'Too many rows: at most {max} readers a file; split the file',
  },
  readerImportEmpty: {
    'zh-CN': '文件中没有读者数据',
    'zh-TW': '檔案中沒有讀者資料',
    'en-US': 'The file holds no readers',
  },
  readerImportNotPreviewed: {
    'zh-CN': '请先预览此文件（预览已过期，或该文件已导入）',
    'zh-TW': '請先預覽此檔案（預覽已過期，或該檔案已匯入）',
    'en-US': 'Preview this file first (its preview lapsed, or it is imported already)',
  },
  readerImportChanged: {
    'zh-CN': '预览之后读者数据有变化，未导入任何内容，请重新预览',
    'zh-TW': '預覽之後讀者資料有變化，未匯入任何內容，請重新預覽',
    'en-US': 'Readers changed since the preview: nothing was imported, preview again',
  },
  readerImportPreviewed: {
    'zh-CN': '预览：新增 {added} 位，更新 {updated} 位，拒绝 {rejected} 行',
    'zh-TW': '預覽：新增 {added} 位，更新 {updated} 位，拒絕 {rejected} 列',
    'en-US': 'Preview: {added} to add, {updated} to update, {rejected} rows rejected',
  },
  readerImportCommitted: {
    'zh-CN': '已导入：新增 {added} 位，更新 {updated} 位，拒绝 {rejected} 行',
    'zh-TW': '已匯入：新增 {added} 位，更新 {updated} 位，拒絕 {rejected} 列',
    'en-US': 'Imported: {added} added, {updated} updated, {rejected} rows rejected',
  },
  // The staff console's libraries and circulation policies (issue 28).
  ...LIBRARY_ADMIN_MESSAGES,
  // The staff console's catalogue (issue 28).
  ...CATALOGUE_ADMIN_MESSAGES,
  // Book donations (issue 29).
  ...DONATION_MESSAGES,
  // Journal navigation (issue 30).
  ...JOURNAL_MESSAGES,
  ...DOC_DELIVERY_MESSAGES,
  // Questionnaires (issues 28 and 29).
  ...SURVEY_MESSAGES,
  // Readers' book lists (issue 29).
  ...BOOK_LIST_MESSAGES,
  ...COLLECTION_MESSAGES,
  // Resource recommendations (issues 28 and 29).
  ...RECOMMENDATION_MESSAGES,
  // The reader's inbox and the library's notices (issue 29).
  ...INBOX_MESSAGES,
  // Favourite folders and e-favourites (issue 29, key 2).
  ...FAVOURITE_MESSAGES,
  // Self-service account closing (issue 29).
  ...ACCOUNT_CLOSING_MESSAGES,
  // Problem feedback and e-questions (issue 29).
  ...FEEDBACK_MESSAGES,
  // Subscriptions and alerts (issue 29).
  ...SUBSCRIPTION_MESSAGES,
  // Subject services: departments, researchers, theses (issue 30).
  ...SUBJECT_MESSAGES,
  // Course reading lists (issue 30).
  ...COURSE_MESSAGES,
  ...HOME_NAVIGATION_MESSAGES,
  // Databases navigation (issue 30).
  ...E_RESOURCE_MESSAGES,
} satisfies Record<string, Texts>;

export type MessageKey = keyof typeof MESSAGES;

/** The message `key` in `lang` with `{name}` placeholders replaced. */
export function t(lang: Lang, key: MessageKey, params: Record<string, string | number> = {}): string {
  return MESSAGES[key][lang].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** Words used to describe invalid input, in the three languages. */
export const ISSUE_WORDS: Record<Lang, { field: string; sep: string; required: string; invalid: string }> = {
  'zh-CN': { field: '字段', sep: '；', required: '必填', invalid: '格式不正确' },
  'zh-TW': { field: '欄位', sep: '；', required: '必填', invalid: '格式不正確' },
  'en-US': { field: 'field', sep: '; ', required: 'is required', invalid: 'is invalid' },
};
