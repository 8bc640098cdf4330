/** Messages of problem feedback and e-questions (issue 29, My Library key 12; the console's queue), joined into MESSAGES. */
export const FEEDBACK_MESSAGES = {
  feedbackInvalid: {
    'zh-CN': '提交的内容有误，请刷新页面后重试',
    'zh-TW': '提交的內容有誤，請重新整理頁面後再試',
    'en-US': 'Something in the form is not right: reload the page and try again',
  },
  feedbackContentRequired: {
    'zh-CN': '请填写内容',
    'zh-TW': '請填寫內容',
    'en-US': 'Write what you want to tell the library',
  },
  feedbackTooLong: {
    'zh-CN': '问题反馈最多 {max} 个字（现在 {length} 个字）',
    'zh-TW': '問題回饋最多 {max} 個字（目前 {length} 個字）',
    'en-US': 'Feedback is at most {max} characters ({length} now)',
  },
  questionTooLong: {
    'zh-CN': '咨询内容最多 {max} 个字（现在 {length} 个字）',
    'zh-TW': '諮詢內容最多 {max} 個字（目前 {length} 個字）',
    'en-US': 'A question is at most {max} characters ({length} now)',
  },
  questionSubjectRequired: {
    'zh-CN': '请填写咨询的主题',
    'zh-TW': '請填寫諮詢的主題',
    'en-US': 'Give your question a subject',
  },
  questionSubjectTooLong: {
    'zh-CN': '主题最多 {max} 个字',
    'zh-TW': '主題最多 {max} 個字',
    'en-US': 'The subject is at most {max} characters',
  },
  feedbackContactInvalid: {
    'zh-CN': '联系方式请填写手机号、电话号码或电子邮箱',
    'zh-TW': '聯絡方式請填寫手機號碼、電話號碼或電子郵件',
    'en-US': 'The contact should be a phone number or an e-mail address',
  },
  feedbackNoSuchRecord: {
    'zh-CN': '没有找到这条书目记录',
    'zh-TW': '找不到這筆書目記錄',
    'en-US': 'No such record in the catalogue',
  },
  feedbackDailyLimit: {
    'zh-CN': '您今天已提交 {max} 条反馈或咨询，请明天再来',
    'zh-TW': '您今天已提交 {max} 則回饋或諮詢，請明天再來',
    'en-US': 'You have sent {max} messages today, the most for one day: try again tomorrow',
  },
  feedbackNotTaken: {
    'zh-CN': '图书馆暂不接受在线反馈和咨询',
    'zh-TW': '圖書館暫不接受線上回饋和諮詢',
    'en-US': 'The library does not take feedback or questions online at the moment',
  },
  feedbackNoSuch: {
    'zh-CN': '没有这条反馈或咨询',
    'zh-TW': '沒有這則回饋或諮詢',
    'en-US': 'No such feedback or question',
  },
  feedbackClosed: {
    'zh-CN': '这条反馈或咨询已关闭',
    'zh-TW': '這則回饋或諮詢已關閉',
    'en-US': 'This feedback or question is closed',
  },
  feedbackChangedMeanwhile: {
    'zh-CN': '这条反馈或咨询刚被 {who} 处理过，请刷新后再操作',
    'zh-TW': '這則回饋或諮詢剛由 {who} 處理過，請重新整理後再操作',
    'en-US': '{who} has just handled this message: reload it before acting',
  },
  feedbackReplyRequired: {
    'zh-CN': '请填写回复内容',
    'zh-TW': '請填寫回覆內容',
    'en-US': 'Write the reply',
  },
  feedbackReplyTooLong: {
    'zh-CN': '回复最多 {max} 个字',
    'zh-TW': '回覆最多 {max} 個字',
    'en-US': 'A reply is at most {max} characters',
  },
  feedbackSent: {
    'zh-CN': '感谢您的反馈！图书馆回复后会在“我的图书馆”和消息中告知您',
    'zh-TW': '感謝您的回饋！圖書館回覆後會在「我的圖書館」和訊息中通知您',
    'en-US': 'Thank you! The library will answer in My Library and your inbox',
  },
  questionSent: {
    'zh-CN': '咨询已提交，馆员回复后会在“我的图书馆”和消息中告知您',
    'zh-TW': '諮詢已提交，館員回覆後會在「我的圖書館」和訊息中通知您',
    'en-US': 'Question sent: a librarian will answer in My Library and your inbox',
  },
  feedbackClosedOk: {
    'zh-CN': '已关闭',
    'zh-TW': '已關閉',
    'en-US': 'Closed',
  },
  feedbackReplied: {
    'zh-CN': '已回复，读者会收到消息',
    'zh-TW': '已回覆，讀者會收到訊息',
    'en-US': 'Replied: the reader is told',
  },
  feedbackRepliedClosed: {
    'zh-CN': '已回复并关闭，读者会收到消息',
    'zh-TW': '已回覆並關閉，讀者會收到訊息',
    'en-US': 'Replied and closed: the reader is told',
  },
  feedbackClosedCount: {
    'zh-CN': '已关闭 {count} 条',
    'zh-TW': '已關閉 {count} 則',
    'en-US': '{count} closed',
  },
  feedbackPartlyClosed: {
    'zh-CN': '已关闭 {count} 条；{conflicts} 条未关闭（已关闭或刚被他人处理）',
    'zh-TW': '已關閉 {count} 則；{conflicts} 則未關閉（已關閉或剛由他人處理）',
    'en-US': '{count} closed; {conflicts} not (closed already, or just handled by someone else)',
  },
  feedbackNoneClosed: {
    'zh-CN': '没有关闭任何一条：它们已关闭或刚被他人处理，请刷新',
    'zh-TW': '沒有關閉任何一則：它們已關閉或剛由他人處理，請重新整理',
    'en-US': 'Nothing closed: they are closed already or were just handled by someone else; reload',
  },
  feedbackSettingsSaved: {
    'zh-CN': '设置已保存',
    'zh-TW': '設定已儲存',
    'en-US': 'Settings saved',
  },
} as const;
