import type { Lang } from '@openfind/contract';

/** Messages of book donations (issue 29, the reader's side; the staff queue of issue 28), joined into MESSAGES. */
export const DONATION_MESSAGES = {
  donationTitleRequired: {
    'zh-CN': '第 {n} 本书请填写书名',
    'zh-TW': '第 {n} 本書請填寫書名',
    'en-US': 'Enter the title of book {n}',
  },
  donationIsbnInvalid: {
    'zh-CN': '第 {n} 本书的 ISBN“{isbn}”无效（请核对 10 位或 13 位 ISBN 及其校验位），不知道可以不填',
    'zh-TW': '第 {n} 本書的 ISBN「{isbn}」無效（請核對 10 碼或 13 碼 ISBN 及其檢查碼），不知道可以不填',
    'en-US':
      'The ISBN “{isbn}” of book {n} is not valid (check the 10 or 13 digits and the check digit); leave it empty if unknown',
  },
  donationContactRequired: {
    'zh-CN': '请至少填写一种联系方式（手机号或电子邮箱），以便图书馆与您联系',
    'zh-TW': '請至少填寫一種聯絡方式（手機號碼或電子郵件），以便圖書館與您聯繫',
    'en-US': 'Give a phone number or an e-mail address (at least one) so that the library can reach you',
  },
  donationPhoneInvalid: {
    'zh-CN': '联系电话格式不正确',
    'zh-TW': '聯絡電話格式不正確',
    'en-US': 'The phone number is not valid',
  },
  donationEmailInvalid: {
    'zh-CN': '电子邮箱格式不正确',
    'zh-TW': '電子郵件格式不正確',
    'en-US': 'The e-mail address is not valid',
  },
  donationDonorNameRequired: {
    'zh-CN': '请填写在捐赠名单上显示的姓名，或选择匿名捐赠',
    'zh-TW': '請填寫在捐贈名單上顯示的姓名，或選擇匿名捐贈',
    'en-US': 'Enter the name to show on the donors list, or choose to donate anonymously',
  },
  donationTooManyOpen: {
    'zh-CN': '您已有 {max} 份捐赠在等待图书馆处理，请等处理后再提交',
    'zh-TW': '您已有 {max} 份捐贈在等待圖書館處理，請待處理後再提交',
    'en-US': 'You have {max} donations waiting for the library already: offer more once they are handled',
  },
  donationNoSuch: {
    'zh-CN': '没有这份捐赠',
    'zh-TW': '沒有這份捐贈',
    'en-US': 'No such donation',
  },
  donationNotCancellable: {
    'zh-CN': '这份捐赠已被图书馆处理或已撤回，不能再撤回',
    'zh-TW': '這份捐贈已由圖書館處理或已撤回，無法再撤回',
    'en-US': 'The library has handled this donation already, or it was withdrawn: it can no longer be withdrawn',
  },
  donationOffered: {
    'zh-CN': '感谢您的捐赠！图书馆处理后会在“我的图书馆”和消息中告知您',
    'zh-TW': '感謝您的捐贈！圖書館處理後會在「我的圖書館」和訊息中通知您',
    'en-US': 'Thank you! The library will tell you in My Library and your inbox once it has looked at your offer',
  },
  donationCancelled: {
    'zh-CN': '捐赠已撤回',
    'zh-TW': '捐贈已撤回',
    'en-US': 'Donation withdrawn',
  },
  donationNewsNoSuch: {
    'zh-CN': '没有这条捐赠动态，或它尚未发布',
    'zh-TW': '沒有這則捐贈動態，或尚未發布',
    'en-US': 'No such donation news, or it is not published',
  },
  donationReplyRequired: {
    'zh-CN': '谢绝捐赠时请填写给读者的回复（原因）',
    'zh-TW': '婉拒捐贈時請填寫給讀者的回覆（原因）',
    'en-US': 'Declining needs a reply to the reader (the reason)',
  },
  donationChangedMeanwhile: {
    'zh-CN': '所选捐赠已被他人处理或修改（可能在另一个窗口），未作更改。请刷新后重试',
    'zh-TW': '所選捐贈已被他人處理或修改（可能在另一個視窗），未作變更。請重新整理後再試',
    'en-US':
      'The donations were handled or changed by someone else (perhaps in another tab): nothing changed. Reload and try again',
  },
  donationDecidedReceived: {
    'zh-CN': '已将 {count} 份捐赠标记为已收到，读者已收到通知',
    'zh-TW': '已將 {count} 份捐贈標記為已收到，讀者已收到通知',
    'en-US': '{count} donation(s) marked received; the readers are told',
  },
  donationDecidedAccepted: {
    'zh-CN': '已接受 {count} 份捐赠，读者已收到通知',
    'zh-TW': '已接受 {count} 份捐贈，讀者已收到通知',
    'en-US': '{count} donation(s) accepted; the readers are told',
  },
  donationDecidedDeclined: {
    'zh-CN': '已谢绝 {count} 份捐赠，读者已收到通知',
    'zh-TW': '已婉拒 {count} 份捐贈，讀者已收到通知',
    'en-US': '{count} donation(s) declined; the readers are told',
  },
  donationPartlyDecided: {
    'zh-CN': '已处理 {count} 份；{conflicts} 份已被他人处理或状态不符，未更改',
    'zh-TW': '已處理 {count} 份；{conflicts} 份已被他人處理或狀態不符，未變更',
    'en-US':
      '{count} handled; {conflicts} were handled by someone else or are in another state, and were left as they are',
  },
  // The states, as the reader's messages name them.
  donationStatusSubmitted: { 'zh-CN': '已提交', 'zh-TW': '已提交', 'en-US': 'submitted' },
  donationStatusReceived: { 'zh-CN': '已收到', 'zh-TW': '已收到', 'en-US': 'received' },
  donationStatusAccepted: { 'zh-CN': '已接受', 'zh-TW': '已接受', 'en-US': 'accepted' },
  donationStatusDeclined: { 'zh-CN': '已谢绝', 'zh-TW': '已婉拒', 'en-US': 'declined' },
  donationStatusCancelled: { 'zh-CN': '已撤回', 'zh-TW': '已撤回', 'en-US': 'withdrawn' },
} satisfies Record<string, Record<Lang, string>>;
