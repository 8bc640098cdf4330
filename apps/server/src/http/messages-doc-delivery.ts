import type { Lang } from '@openfind/contract';

/** Messages of document delivery (issue 29, My Library key 19; its console screen), joined into MESSAGES. */
export const DOC_DELIVERY_MESSAGES = {
  docNotOffered: {
    'zh-CN': '本馆暂未开通文献传递服务',
    'zh-TW': '本館暫未開通文獻傳遞服務',
    'en-US': 'This library does not offer document delivery',
  },
  docFormNotOffered: {
    'zh-CN': '本馆的文献传递服务暂不接受在线申请，请通过“进入文献传递”登录后申请',
    'zh-TW': '本館的文獻傳遞服務暫不接受線上申請，請透過「進入文獻傳遞」登入後申請',
    'en-US': 'The library takes no delivery requests by this form: open the delivery service to ask there',
  },
  docTitleRequired: {
    'zh-CN': '请填写刊名（书名）或文章题名，至少一项',
    'zh-TW': '請填寫刊名（書名）或文章題名，至少一項',
    'en-US': 'Give the publication name or the article title (at least one)',
  },
  docBadYear: {
    'zh-CN': '出版年应为四位数字的年份',
    'zh-TW': '出版年應為四位數字的年份',
    'en-US': 'The year must be a four-digit year',
  },
  docBadIssn: {
    'zh-CN': 'ISSN“{value}”无效（应为 8 位，形如 1234-567X，并核对校验位）',
    'zh-TW': 'ISSN「{value}」無效（應為 8 碼，形如 1234-567X，並核對檢查碼）',
    'en-US': 'The ISSN “{value}” is not valid (8 characters like 1234-567X, with a right check digit)',
  },
  docBadIsbn: {
    'zh-CN': 'ISBN“{value}”无效（请核对 10 位或 13 位 ISBN 及其校验位）',
    'zh-TW': 'ISBN「{value}」無效（請核對 10 碼或 13 碼 ISBN 及其檢查碼）',
    'en-US': 'The ISBN “{value}” is not valid (check the 10 or 13 digits and the check digit)',
  },
  docBadDoi: {
    'zh-CN': 'DOI“{value}”无效（应以 10. 开头，形如 10.1000/xyz123）',
    'zh-TW': 'DOI「{value}」無效（應以 10. 開頭，形如 10.1000/xyz123）',
    'en-US': 'The DOI “{value}” is not valid (it starts with 10., like 10.1000/xyz123)',
  },
  docDailyLimit: {
    'zh-CN': '今天的文献传递申请已达上限（每天 {max} 条），请明天再来',
    'zh-TW': '今天的文獻傳遞申請已達上限（每天 {max} 筆），請明天再來',
    'en-US': 'You have made today’s {max} delivery requests: try again tomorrow',
  },
  docNoSuch: {
    'zh-CN': '没有找到这条文献传递申请',
    'zh-TW': '沒有找到這筆文獻傳遞申請',
    'en-US': 'No such delivery request',
  },
  docNotCancellable: {
    'zh-CN': '该申请已提交给文献传递服务，无法在此撤回',
    'zh-TW': '該申請已提交給文獻傳遞服務，無法在此撤回',
    'en-US': 'The request has reached the delivery service: it cannot be withdrawn here',
  },
  docSaved: {
    'zh-CN': '申请已提交',
    'zh-TW': '申請已提交',
    'en-US': 'Request sent',
  },
  docQueued: {
    'zh-CN': '申请已保存，文献传递服务暂时无法连接，系统会自动重试',
    'zh-TW': '申請已儲存，文獻傳遞服務暫時無法連線，系統會自動重試',
    'en-US': 'Request kept: the delivery service cannot be reached now, it will be sent when it can',
  },
  docCancelled: {
    'zh-CN': '申请已撤回',
    'zh-TW': '申請已撤回',
    'en-US': 'Request withdrawn',
  },
  docBadUrl: {
    'zh-CN': '{field}应为以 http:// 或 https:// 开头的网址',
    'zh-TW': '{field}應為以 http:// 或 https:// 開頭的網址',
    'en-US': '{field} must be a link starting with http:// or https://',
  },
  docShortSecret: {
    'zh-CN': '共享密钥至少 {min} 个字符',
    'zh-TW': '共享金鑰至少 {min} 個字元',
    'en-US': 'The shared secret needs at least {min} characters',
  },
  docField_loginUrl: { 'zh-CN': '登录地址', 'zh-TW': '登入網址', 'en-US': 'The login link' },
  docField_serviceUrl: { 'zh-CN': '申请接收地址', 'zh-TW': '申請接收網址', 'en-US': 'The request endpoint' },
  docSettingsSaved: {
    'zh-CN': '文献传递设置已保存',
    'zh-TW': '文獻傳遞設定已儲存',
    'en-US': 'Document delivery settings saved',
  },
  docNotResendable: {
    'zh-CN': '只有发送失败的申请可以重新发送',
    'zh-TW': '只有傳送失敗的申請可以重新傳送',
    'en-US': 'Only a request that failed to reach the service can be sent again',
  },
  docResent: {
    'zh-CN': '已重新发送',
    'zh-TW': '已重新傳送',
    'en-US': 'Sent again',
  },
  docResendQueued: {
    'zh-CN': '服务仍无法连接，申请已重新排队，系统会自动重试',
    'zh-TW': '服務仍無法連線，申請已重新排隊，系統會自動重試',
    'en-US': 'The service still cannot be reached: the request is queued and will be tried again',
  },
} satisfies Record<string, Record<Lang, string>>;
