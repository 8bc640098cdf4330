import type { Lang } from '@openfind/contract';

type Texts = Record<Lang, string>;

/**
 * Server messages in the three interface languages. `{name}` placeholders are filled by `t()`.
 * Keys are stable; clients key on `errCode`, people read `message`.
 */
export const MESSAGES = {
  ok: { 'zh-CN': '操作成功', 'zh-TW': '操作成功', 'en-US': 'Success' },
  badRequest: {
    'zh-CN': '请求参数有误：{detail}',
    'zh-TW': '請求參數有誤：{detail}',
    'en-US': 'Invalid request: {detail}',
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
