import type { Lang } from '@openfind/contract';

/** Messages of resource recommendations (My Library key 6 and the staff queue, issues 28 and 29), joined into MESSAGES. */
export const RECOMMENDATION_MESSAGES = {
  frozenCannotRecommend: {
    'zh-CN': '荐购失败：冻结状态不能荐购',
    'zh-TW': '薦購失敗：凍結狀態不能薦購',
    'en-US': 'Recommend failed: a frozen account cannot recommend',
  },
  lostCannotRecommend: {
    'zh-CN': '荐购失败：挂失状态不能荐购',
    'zh-TW': '薦購失敗：掛失狀態不能薦購',
    'en-US': 'Recommend failed: a card reported lost cannot recommend',
  },
  recInvalidIsbn: {
    'zh-CN': 'ISBN 格式不正确：请输入 10 位或 13 位 ISBN（校验位须正确）',
    'zh-TW': 'ISBN 格式不正確：請輸入 10 碼或 13 碼 ISBN（檢查碼須正確）',
    'en-US': 'Invalid ISBN: enter a 10- or 13-digit ISBN with a correct check digit',
  },
  recLookupNeedsBoth: {
    'zh-CN': '请先填写题名和 ISBN 再查询',
    'zh-TW': '請先填寫題名與 ISBN 再查詢',
    'en-US': 'Enter the title and the ISBN before the look-up',
  },
  recTitleRequired: {
    'zh-CN': '请填写题名',
    'zh-TW': '請填寫題名',
    'en-US': 'Enter the title',
  },
  recResourceNameRequired: {
    'zh-CN': '请填写电子资源名称',
    'zh-TW': '請填寫電子資源名稱',
    'en-US': 'Enter the name of the e-resource',
  },
  recContactNotVerified: {
    'zh-CN': '荐购需要已验证的手机号或邮箱，请先在个人信息中绑定',
    'zh-TW': '薦購需要已驗證的手機號碼或電子郵件，請先於個人資訊中綁定',
    'en-US': 'Recommending needs a verified phone number or e-mail address: bind one in Personal information first',
  },
  recQuotaUsed: {
    'zh-CN': '今日荐购次数已用完（每天 {quota} 次），请明天再试',
    'zh-TW': '今日薦購次數已用完（每天 {quota} 次），請明天再試',
    'en-US': "Today's recommendations are used up ({quota} a day); try again tomorrow",
  },
  recDuplicate: {
    'zh-CN': '您已荐购过这项资源，正在处理中，请勿重复提交',
    'zh-TW': '您已薦購過這項資源，正在處理中，請勿重複提交',
    'en-US': 'You have recommended this already and it is being handled: it was not sent again',
  },
  recNotAllowed: {
    'zh-CN': '本馆目前不接受荐购',
    'zh-TW': '本館目前不接受薦購',
    'en-US': 'The library is not taking recommendations at the moment',
  },
  recKindNotAllowed: {
    'zh-CN': '本馆目前不接受这类资源的荐购',
    'zh-TW': '本館目前不接受這類資源的薦購',
    'en-US': 'The library is not taking recommendations of this kind at the moment',
  },
  recNoSuch: {
    'zh-CN': '没有这条荐购记录',
    'zh-TW': '沒有這筆薦購紀錄',
    'en-US': 'No such recommendation',
  },
  recNotCancellable: {
    'zh-CN': '这条荐购已不是未处理状态，不能取消',
    'zh-TW': '這筆薦購已不是未處理狀態，不能取消',
    'en-US': 'This recommendation is no longer unprocessed and cannot be cancelled',
  },
  recInvalidUrl: {
    'zh-CN': '链接须以 http:// 或 https:// 开头',
    'zh-TW': '連結須以 http:// 或 https:// 開頭',
    'en-US': 'A link must start with http:// or https://',
  },
  recInvalidReason: {
    'zh-CN': '请从列表中选择荐购理由',
    'zh-TW': '請從清單中選擇薦購理由',
    'en-US': 'Choose a reason from the list',
  },
  recSaved: {
    'zh-CN': '荐购成功，图书馆处理后会通知您',
    'zh-TW': '薦購成功，圖書館處理後會通知您',
    'en-US': 'Recommendation sent: the library will tell you what it decides',
  },
  recCancelled: {
    'zh-CN': '已取消荐购',
    'zh-TW': '已取消薦購',
    'en-US': 'Recommendation cancelled',
  },
  recHeld: {
    'zh-CN': '本馆已有此书',
    'zh-TW': '本館已有此書',
    'en-US': 'The library already holds this book',
  },
  recNotHeld: {
    'zh-CN': '本馆暂无馆藏，可以荐购',
    'zh-TW': '本館暫無館藏，可以薦購',
    'en-US': 'No holdings: you can recommend it',
  },
  recConflict: {
    'zh-CN': '所选荐购已被他人处理或修改（可能在另一个窗口），未作更改，请刷新',
    'zh-TW': '所選薦購已被他人處理或修改（可能在另一個視窗），未作變更，請重新整理',
    'en-US':
      'The recommendations chosen were changed by someone else (perhaps in another tab): nothing was changed. Reload',
  },
  recPartlyDecided: {
    'zh-CN': '已处理 {count} 条；{conflicts} 条已被他人修改或状态不允许，未更改',
    'zh-TW': '已處理 {count} 筆；{conflicts} 筆已被他人修改或狀態不允許，未變更',
    'en-US': '{count} changed; {conflicts} changed meanwhile or not in a state that allows it, left as they are',
  },
  recDecided: {
    'zh-CN': '已处理 {count} 条荐购，读者已收到通知',
    'zh-TW': '已處理 {count} 筆薦購，讀者已收到通知',
    'en-US': '{count} recommendation(s) changed; the readers were told',
  },
  recReplyRequired: {
    'zh-CN': '标记为已处理时请填写给读者的答复',
    'zh-TW': '標記為已處理時請填寫給讀者的答覆',
    'en-US': 'Marking it processed needs the reply the reader reads',
  },
  recNoSuchRecord: {
    'zh-CN': '本馆没有记录号为 {recordId} 的书目',
    'zh-TW': '本館沒有記錄號為 {recordId} 的書目',
    'en-US': 'The library has no record {recordId}',
  },
  recSettingsSaved: {
    'zh-CN': '荐购设置已保存',
    'zh-TW': '薦購設定已儲存',
    'en-US': 'Recommendation settings saved',
  },
  recReasonTeaching: { 'zh-CN': '教学需要', 'zh-TW': '教學需要', 'en-US': 'Needed for teaching' },
  recReasonResearch: { 'zh-CN': '科研需要', 'zh-TW': '研究需要', 'en-US': 'Needed for research' },
  recReasonStudy: { 'zh-CN': '学习参考', 'zh-TW': '學習參考', 'en-US': 'For study' },
  recReasonCollection: { 'zh-CN': '完善馆藏', 'zh-TW': '充實館藏', 'en-US': 'Fills a gap in the collection' },
  recReasonNewEdition: { 'zh-CN': '新版本', 'zh-TW': '新版本', 'en-US': 'A new edition' },
  recReasonMoreCopies: { 'zh-CN': '复本不足', 'zh-TW': '複本不足', 'en-US': 'Not enough copies' },
  recReasonOther: { 'zh-CN': '其他', 'zh-TW': '其他', 'en-US': 'Other' },
} satisfies Record<string, Record<Lang, string>>;
