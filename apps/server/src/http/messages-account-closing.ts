/** Messages of self-service account closing (issue 29, My Library key 14), joined into MESSAGES. */
export const ACCOUNT_CLOSING_MESSAGES = {
  closingReasonLoans: {
    'zh-CN': '您还有 {count} 册在借图书，请先归还',
    'zh-TW': '您還有 {count} 冊在借圖書，請先歸還',
    'en-US': 'You have {count} book(s) on loan: return them first',
  },
  closingReasonRequests: {
    'zh-CN': '您还有 {count} 条预约或调阅请求未完成，请先取消或取书',
    'zh-TW': '您還有 {count} 筆預約或調閱請求未完成，請先取消或取書',
    'en-US': 'You have {count} reservation(s) or stack request(s) open: cancel them or collect the books first',
  },
  closingReasonDeliveries: {
    'zh-CN': '您还有 {count} 条送书上门请求未完成',
    'zh-TW': '您還有 {count} 筆送書到府請求未完成',
    'en-US': 'You have {count} home delivery request(s) not yet completed',
  },
  closingReasonRelends: {
    'zh-CN': '您还有 {count} 条转借申请未完成，请先取消',
    'zh-TW': '您還有 {count} 筆轉借申請未完成，請先取消',
    'en-US': 'You have {count} re-lend request(s) open: cancel them first',
  },
  closingReasonRelendHolder: {
    'zh-CN': '还有 {count} 条其他读者向您发起的转借申请待您处理',
    'zh-TW': '還有 {count} 筆其他讀者向您提出的轉借申請待您處理',
    'en-US': '{count} re-lend request(s) from other readers wait for your answer',
  },
  closingReasonFines: {
    'zh-CN': '您还有 {amount} 元欠款未缴清',
    'zh-TW': '您還有 {amount} 元欠款未繳清',
    'en-US': 'You owe {amount} yuan: pay it first',
  },
  closingReasonDeposit: {
    'zh-CN': '图书馆还保管着您的押金或预付款 {amount} 元，请先到服务台办理退还',
    'zh-TW': '圖書館還保管著您的押金或預付款 {amount} 元，請先到服務台辦理退還',
    'en-US':
      'The library still holds a deposit or prepayment of {amount} yuan for you: have it refunded at the desk first',
  },
  closingReasonDonations: {
    'zh-CN': '您还有 {count} 条捐赠图书馆尚未处理，请先撤回或等待处理',
    'zh-TW': '您還有 {count} 筆捐贈圖書館尚未處理，請先撤回或等待處理',
    'en-US': 'The library has not yet decided {count} of your donation(s): withdraw them or wait',
  },
  closingBlocked: {
    'zh-CN': '账户暂时不能注销：{reasons}',
    'zh-TW': '帳戶暫時不能註銷：{reasons}',
    'en-US': 'The account cannot be closed yet: {reasons}',
  },
  closingPasswordWrong: {
    'zh-CN': '密码错误，账户未注销',
    'zh-TW': '密碼錯誤，帳戶未註銷',
    'en-US': 'The password is wrong: the account was not closed',
  },
  closingNotConfirmed: {
    'zh-CN': '请先确认您已下载个人数据并了解注销后无法恢复',
    'zh-TW': '請先確認您已下載個人資料並了解註銷後無法恢復',
    'en-US': 'Confirm first that you have downloaded your data and understand that closing cannot be undone',
  },
  closingAlreadyClosed: {
    'zh-CN': '该账户已注销',
    'zh-TW': '該帳戶已註銷',
    'en-US': 'This account is closed',
  },
  closingUnreachable: {
    'zh-CN': '暂时无法查询您在图书馆系统中的借阅情况，请稍后再试',
    'zh-TW': '暫時無法查詢您在圖書館系統中的借閱情況，請稍後再試',
    'en-US': "The library's circulation system cannot be reached now: try again later",
  },
  accountClosed: {
    'zh-CN': '账户已注销，您的个人数据已删除或匿名化',
    'zh-TW': '帳戶已註銷，您的個人資料已刪除或匿名化',
    'en-US': 'Your account is closed and your personal data deleted or anonymised',
  },
} satisfies Record<string, Record<'zh-CN' | 'zh-TW' | 'en-US', string>>;
