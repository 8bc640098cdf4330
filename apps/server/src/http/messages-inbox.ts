/** Messages of the reader's inbox (My Library key 13) and the library's notices, joined into MESSAGES. */
export const INBOX_MESSAGES = {
  inboxNoSuchMessage: {
    'zh-CN': '没有这条消息（可能已在另一个窗口删除）',
    'zh-TW': '沒有這則訊息（可能已在另一個視窗刪除）',
    'en-US': 'No such message (perhaps it was deleted in another tab)',
  },
  inboxNoneSelected: {
    'zh-CN': '请至少选择一条消息',
    'zh-TW': '請至少選擇一則訊息',
    'en-US': 'Select at least one message first',
  },
  inboxMarkedRead: {
    'zh-CN': '已标为已读',
    'zh-TW': '已標示為已讀',
    'en-US': 'Marked as read',
  },
  inboxDeleted: {
    'zh-CN': '消息已删除',
    'zh-TW': '訊息已刪除',
    'en-US': 'Messages deleted',
  },
  inboxDeletedAll: {
    'zh-CN': '已清空收件箱',
    'zh-TW': '已清空收件匣',
    'en-US': 'All messages deleted',
  },
  noticeNoSuch: {
    'zh-CN': '没有这条通知',
    'zh-TW': '沒有這則通知',
    'en-US': 'No such notice',
  },
  noticeAlreadyWithdrawn: {
    'zh-CN': '这条通知已撤回（可能在另一个窗口）',
    'zh-TW': '這則通知已撤回（可能在另一個視窗）',
    'en-US': 'This notice is withdrawn already (perhaps in another tab)',
  },
  noticeEmpty: {
    'zh-CN': '请填写通知的标题和内容',
    'zh-TW': '請填寫通知的標題與內容',
    'en-US': 'Enter the subject and the text of the notice',
  },
  noticeTooLong: {
    'zh-CN': '通知内容过长（最多 {max} 个字符）',
    'zh-TW': '通知內容過長（最多 {max} 個字元）',
    'en-US': 'The notice is too long (at most {max} characters)',
  },
  noticeNoRecipients: {
    'zh-CN': '没有可接收这条通知的读者，未发送',
    'zh-TW': '沒有可接收這則通知的讀者，未發送',
    'en-US': 'No reader would receive this notice: nothing was sent',
  },
  noticeUnknownReaderType: {
    'zh-CN': '本馆没有读者类型为“{type}”的读者',
    'zh-TW': '本館沒有讀者類型為「{type}」的讀者',
    'en-US': 'No reader of the library has the reader type “{type}”',
  },
  noticeSent: {
    'zh-CN': '通知已发送给 {n} 位读者',
    'zh-TW': '通知已發送給 {n} 位讀者',
    'en-US': 'Notice sent to {n} readers',
  },
  noticeWithdrawn: {
    'zh-CN': '通知已撤回，{n} 份未读的通知已从读者收件箱移除',
    'zh-TW': '通知已撤回，{n} 份未讀的通知已從讀者收件匣移除',
    'en-US': 'Notice withdrawn: {n} unread copies left the readers’ inboxes',
  },
};
