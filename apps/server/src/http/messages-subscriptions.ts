/** Messages of subscriptions and alerts (issue 29, My Library key 3), joined into MESSAGES. */
export const SUBSCRIPTION_MESSAGES = {
  subscriptionTooMany: {
    'zh-CN': '最多可以订阅 {max} 项，请先删除不再需要的订阅',
    'zh-TW': '最多可以訂閱 {max} 項，請先刪除不再需要的訂閱',
    'en-US': 'You can have at most {max} subscriptions: delete one you no longer need first',
  },
  subscriptionDuplicate: {
    'zh-CN': '您已经订阅过这个检索了',
    'zh-TW': '您已經訂閱過這個檢索了',
    'en-US': 'You are subscribed to this search already',
  },
  subscriptionNoSuch: {
    'zh-CN': '没有这项订阅',
    'zh-TW': '沒有這項訂閱',
    'en-US': 'No such subscription',
  },
  subscriptionEmailNotVerified: {
    'zh-CN': '通过邮件接收需要已验证的电子邮箱，请先在“个人信息”中验证邮箱',
    'zh-TW': '透過郵件接收需要已驗證的電子郵件，請先在「個人資訊」中驗證郵件地址',
    'en-US': 'E-mail digests need a verified e-mail address: verify yours in Personal info first',
  },
  subscriptionNoChannel: {
    'zh-CN': '请至少选择一种接收方式（站内消息或电子邮件）',
    'zh-TW': '請至少選擇一種接收方式（站內訊息或電子郵件）',
    'en-US': 'Choose at least one way to receive it (inbox or e-mail)',
  },
  subscriptionEmptyQuery: {
    'zh-CN': '请输入要订阅的检索词、分类号或期刊（ISSN 或刊名）',
    'zh-TW': '請輸入要訂閱的檢索詞、分類號或期刊（ISSN 或刊名）',
    'en-US': 'Enter the search, the class number or the journal (ISSN or title) to subscribe to',
  },
  subscriptionInvalid: {
    'zh-CN': '订阅内容有误：{detail}',
    'zh-TW': '訂閱內容有誤：{detail}',
    'en-US': 'The subscription is not valid: {detail}',
  },
  subscriptionBadSignature: {
    'zh-CN': '链接无效或已失效',
    'zh-TW': '連結無效或已失效',
    'en-US': 'This link is not valid or no longer works',
  },
  subscriptionChangedMeanwhile: {
    'zh-CN': '这项订阅已在别处修改，请刷新后重试',
    'zh-TW': '這項訂閱已在別處修改，請重新整理後再試',
    'en-US': 'This subscription was changed elsewhere meanwhile: reload and try again',
  },
  subscriptionAdded: {
    'zh-CN': '订阅成功！有新的记录时会通知您',
    'zh-TW': '訂閱成功！有新的記錄時會通知您',
    'en-US': 'Subscribed: you will be told when new records arrive',
  },
  subscriptionSaved: {
    'zh-CN': '修改成功！',
    'zh-TW': '修改成功！',
    'en-US': 'Saved',
  },
  subscriptionDeleted: {
    'zh-CN': '删除成功！',
    'zh-TW': '刪除成功！',
    'en-US': 'Deleted',
  },
} as const;
