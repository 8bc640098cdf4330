import type { Lang, PointsRule } from '@openfind/contract';

type Texts = Record<Lang, string>;

/**
 * What each rule of the points ledger is called and when it applies, in the three languages: the
 * ledger's entry names and the "how to earn points" list (`GET /find/patronScore/rules`).
 */
export const RULE_TEXTS: Record<PointsRule, { name: Texts; description: Texts }> = {
  firstLogin: {
    name: { 'zh-CN': '首次登录', 'zh-TW': '首次登入', 'en-US': 'First login' },
    description: {
      'zh-CN': '第一次登录图书馆门户',
      'zh-TW': '第一次登入圖書館入口網站',
      'en-US': 'Log in to the library portal for the first time',
    },
  },
  bindContact: {
    name: { 'zh-CN': '绑定手机或邮箱', 'zh-TW': '綁定手機或信箱', 'en-US': 'Phone or e-mail bound' },
    description: {
      'zh-CN': '验证并绑定手机号码或电子邮箱（各一次）',
      'zh-TW': '驗證並綁定手機號碼或電子信箱（各一次）',
      'en-US': 'Verify and bind your phone number or e-mail address (once each)',
    },
  },
  returnOnTime: {
    name: { 'zh-CN': '按期还书', 'zh-TW': '按期還書', 'en-US': 'Returned on time' },
    description: {
      'zh-CN': '每按期归还一册图书',
      'zh-TW': '每按期歸還一冊圖書',
      'en-US': 'Each item returned by its due date',
    },
  },
  returnOverdue: {
    name: { 'zh-CN': '逾期还书', 'zh-TW': '逾期還書', 'en-US': 'Returned late' },
    description: {
      'zh-CN': '每逾期归还一册图书',
      'zh-TW': '每逾期歸還一冊圖書',
      'en-US': 'Each item returned after its due date',
    },
  },
  commentApproved: {
    name: { 'zh-CN': '书评通过审核', 'zh-TW': '書評通過審核', 'en-US': 'Comment approved' },
    description: {
      'zh-CN': '每发表一条通过审核的书评',
      'zh-TW': '每發表一則通過審核的書評',
      'en-US': 'Each comment on a title that the library approves',
    },
  },
  purchaseAdopted: {
    name: { 'zh-CN': '荐购被采纳', 'zh-TW': '薦購被採納', 'en-US': 'Purchase suggestion adopted' },
    description: {
      'zh-CN': '每条被图书馆采纳的荐购',
      'zh-TW': '每筆被圖書館採納的薦購',
      'en-US': 'Each purchase suggestion the library adopts',
    },
  },
  donationAccepted: {
    name: { 'zh-CN': '捐赠图书', 'zh-TW': '捐贈圖書', 'en-US': 'Donation accepted' },
    description: {
      'zh-CN': '每次捐赠被图书馆接收',
      'zh-TW': '每次捐贈被圖書館接收',
      'en-US': 'Each donation the library accepts',
    },
  },
  adjustment: {
    name: { 'zh-CN': '积分调整', 'zh-TW': '積分調整', 'en-US': 'Adjustment' },
    description: {
      'zh-CN': '图书馆对积分的更正',
      'zh-TW': '圖書館對積分的更正',
      'en-US': 'A correction by the library',
    },
  },
};
