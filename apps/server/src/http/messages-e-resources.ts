/** Messages of the databases navigation and its console calls (issue 30), joined into MESSAGES. */
export const E_RESOURCE_MESSAGES = {
  dbNoSuch: {
    'zh-CN': '没有这个数据库，或它已下线',
    'zh-TW': '沒有這個資料庫，或它已下線',
    'en-US': 'No such database, or it is no longer offered',
  },
  dbFeedbackEmpty: {
    'zh-CN': '请填写您的试用意见',
    'zh-TW': '請填寫您的試用意見',
    'en-US': 'Write your opinion of the trial',
  },
  dbFeedbackTooLong: {
    'zh-CN': '试用意见最多 {max} 个字，当前 {length} 个字',
    'zh-TW': '試用意見最多 {max} 個字，目前 {length} 個字',
    'en-US': 'Feedback may have at most {max} characters; this has {length}',
  },
  dbFeedbackDailyLimit: {
    'zh-CN': '您今天已提交 {max} 条试用意见，请明天再提交',
    'zh-TW': '您今天已提交 {max} 則試用意見，請明天再提交',
    'en-US': 'You have sent {max} feedbacks today: send more tomorrow',
  },
  dbNotOnTrial: {
    'zh-CN': '该数据库不在试用期，无法提交试用意见',
    'zh-TW': '該資料庫不在試用期，無法提交試用意見',
    'en-US': 'This database is not on trial: trial feedback is closed',
  },
  dbFeedbackSent: {
    'zh-CN': '感谢您的试用意见，图书馆会认真参考',
    'zh-TW': '感謝您的試用意見，圖書館會認真參考',
    'en-US': 'Thank you: the library will weigh your feedback',
  },
  dbFeedbackNoSuch: {
    'zh-CN': '没有这条试用意见',
    'zh-TW': '沒有這則試用意見',
    'en-US': 'No such feedback',
  },
  dbFeedbackChanged: {
    'zh-CN': '这条意见已被他人处理，请刷新后再试',
    'zh-TW': '這則意見已被他人處理，請重新整理後再試',
    'en-US': 'Someone else handled this feedback meanwhile: reload and try again',
  },
  dbFeedbackReplyRequired: {
    'zh-CN': '请填写回复内容',
    'zh-TW': '請填寫回覆內容',
    'en-US': 'Write the reply',
  },
  dbFeedbackHandled: {
    'zh-CN': '已保存',
    'zh-TW': '已儲存',
    'en-US': 'Saved',
  },
  dbBadNetwork: {
    'zh-CN': '“{network}”不是有效的网段（如 10.0.0.0/8 或 2001:db8::/32）',
    'zh-TW': '「{network}」不是有效的網段（如 10.0.0.0/8 或 2001:db8::/32）',
    'en-US': '“{network}” is not a network in CIDR form (e.g. 10.0.0.0/8 or 2001:db8::/32)',
  },
  dbBadProxyPrefix: {
    'zh-CN': '代理前缀须为 http(s) 地址，如 https://ezproxy.example.edu.cn/login?url=',
    'zh-TW': '代理前綴須為 http(s) 位址，如 https://ezproxy.example.edu.cn/login?url=',
    'en-US': 'The proxy prefix must be an http(s) address, e.g. https://ezproxy.example.edu.cn/login?url=',
  },
  dbBadLink: {
    'zh-CN': '校外访问地址须为 http(s) 地址',
    'zh-TW': '校外存取位址須為 http(s) 位址',
    'en-US': 'The off-campus link must be an http(s) address',
  },
  dbChanged: {
    'zh-CN': '该数据库已被他人修改，请刷新后再保存',
    'zh-TW': '該資料庫已被他人修改，請重新整理後再儲存',
    'en-US': 'Someone else changed this database meanwhile: reload before saving',
  },
  dbSettingsChanged: {
    'zh-CN': '设置已被他人修改，请刷新后再保存',
    'zh-TW': '設定已被他人修改，請重新整理後再儲存',
    'en-US': 'Someone else changed the settings meanwhile: reload before saving',
  },
  dbSaved: {
    'zh-CN': '已保存',
    'zh-TW': '已儲存',
    'en-US': 'Saved',
  },
} as const;
