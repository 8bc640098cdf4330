import type { Lang } from '@openfind/contract';

/** Messages of the staff console's libraries and circulation policies (issue 28), joined into MESSAGES. */
export const LIBRARY_ADMIN_MESSAGES = {
  libraryAdminCodeInvalid: {
    'zh-CN': '代码须为 1–32 个字母、数字或 - _ .，并以字母或数字开头',
    'zh-TW': '代碼須為 1–32 個字母、數字或 - _ .，並以字母或數字開頭',
    'en-US': 'A code is 1–32 letters, digits, -, _ or ., starting with a letter or digit',
  },
  libraryAdminCodeTaken: {
    'zh-CN': '本机构已有代码为 {code} 的馆、校区或馆藏地（不区分大小写）',
    'zh-TW': '本機構已有代碼為 {code} 的館、校區或館藏地（不分大小寫）',
    'en-US': 'The institution has a library, campus or location with the code {code} already (in any case)',
  },
  libraryAdminNoSuchPlace: {
    'zh-CN': '没有代码为 {code} 的馆、校区或馆藏地',
    'zh-TW': '沒有代碼為 {code} 的館、校區或館藏地',
    'en-US': 'No library, campus or location with the code {code}',
  },
  libraryAdminNameRequired: {
    'zh-CN': '请填写简体中文名称',
    'zh-TW': '請填寫簡體中文名稱',
    'en-US': 'Enter the name in Simplified Chinese',
  },
  libraryAdminConflict: {
    'zh-CN': '{code} 已被他人修改或删除（可能在另一个窗口），未保存。请刷新后重试',
    'zh-TW': '{code} 已被他人修改或刪除（可能在另一個視窗），未儲存。請重新整理後再試',
    'en-US':
      '{code} was changed or deleted by someone else (perhaps in another tab): nothing was saved. Reload and try again',
  },
  libraryAdminInUse: {
    'zh-CN': '{code} 仍在使用，不能删除：{uses}',
    'zh-TW': '{code} 仍在使用，不能刪除：{uses}',
    'en-US': '{code} is in use and cannot be deleted: {uses}',
  },
  libraryAdminUseCampuses: {
    'zh-CN': '其下有 {n} 个校区',
    'zh-TW': '其下有 {n} 個校區',
    'en-US': '{n} campus(es) in it',
  },
  libraryAdminUseLocations: {
    'zh-CN': '其下有 {n} 个馆藏地',
    'zh-TW': '其下有 {n} 個館藏地',
    'en-US': '{n} location(s) in it',
  },
  libraryAdminUseCopies: {
    'zh-CN': '{n} 册馆藏',
    'zh-TW': '{n} 冊館藏',
    'en-US': '{n} copies',
  },
  libraryAdminUseStaff: {
    'zh-CN': '{n} 个限定于此馆的工作人员账号',
    'zh-TW': '{n} 個限定於此館的工作人員帳號',
    'en-US': '{n} staff account(s) limited to it',
  },
  libraryAdminUseRequests: {
    'zh-CN': '{n} 个在此取书的未完成预约',
    'zh-TW': '{n} 個在此取書的未完成預約',
    'en-US': '{n} open request(s) picked up there',
  },
  libraryAdminUseReaders: {
    'zh-CN': '{n} 位读者属于此馆',
    'zh-TW': '{n} 位讀者屬於此館',
    'en-US': '{n} reader(s) registered at it',
  },
  libraryAdminUseLoans: {
    'zh-CN': '{n} 笔此馆借出未还的借阅',
    'zh-TW': '{n} 筆此館借出未還的借閱',
    'en-US': '{n} loan(s) lent there still out',
  },
  libraryAdminUseMain: {
    'zh-CN': '这是主馆（请先将另一个馆设为主馆）',
    'zh-TW': '這是主館（請先將另一個館設為主館）',
    'en-US': 'it is the main library (mark another library main first)',
  },
  libraryAdminNoSuchLocationType: {
    'zh-CN': '没有馆藏地类型 {code}',
    'zh-TW': '沒有館藏地類型 {code}',
    'en-US': 'No location type {code}',
  },
  libraryAdminOrderMismatch: {
    'zh-CN': '这一层的馆、校区或馆藏地已有变化（可能在另一个窗口），未调整顺序。请刷新后重试',
    'zh-TW': '這一層的館、校區或館藏地已有變化（可能在另一個視窗），未調整順序。請重新整理後再試',
    'en-US': 'The rows of this level changed (perhaps in another tab): the order was not changed. Reload and try again',
  },
  libraryAdminMainRequired: {
    'zh-CN': '须有一个主馆：请将另一个馆设为主馆，本馆即不再是主馆',
    'zh-TW': '須有一個主館：請將另一個館設為主館，本館即不再是主館',
    'en-US': 'There must be a main library: mark another library main and this one stops being it',
  },
  libraryAdminDefaultPolicy: {
    'zh-CN': '默认借阅规则（所有读者类型 × 所有流通属性）不能删除',
    'zh-TW': '預設借閱規則（所有讀者類型 × 所有流通屬性）不能刪除',
    'en-US': 'The default loan policy (any reader type × any circulation attribute) cannot be deleted',
  },
  libraryAdminNoSuchPolicy: {
    'zh-CN': '没有读者类型“{readerType}” × 流通属性“{circAttr}”的借阅规则',
    'zh-TW': '沒有讀者類型「{readerType}」× 流通屬性「{circAttr}」的借閱規則',
    'en-US': 'No loan policy for reader type “{readerType}” × circulation attribute “{circAttr}”',
  },
  libraryAdminPolicyExists: {
    'zh-CN': '读者类型“{readerType}” × 流通属性“{circAttr}”的借阅规则已存在，请直接修改',
    'zh-TW': '讀者類型「{readerType}」× 流通屬性「{circAttr}」的借閱規則已存在，請直接修改',
    'en-US':
      'A loan policy for reader type “{readerType}” × circulation attribute “{circAttr}” exists already: edit it',
  },
  libraryAdminRenewWindow: {
    'zh-CN': '续借提前天数（{window}）不能超过借期（{loanDays} 天）',
    'zh-TW': '續借提前天數（{window}）不能超過借期（{loanDays} 天）',
    'en-US': 'The renewal window ({window} days) may not be longer than the loan ({loanDays} days)',
  },
  libraryAdminMaxFine: {
    'zh-CN': '每册罚款上限不能低于每日罚款',
    'zh-TW': '每冊罰款上限不能低於每日罰款',
    'en-US': 'The most fine per loan may not be less than the fine a day',
  },
  libraryAdminAdded: {
    'zh-CN': '已添加 {code}，读者端即时可见',
    'zh-TW': '已新增 {code}，讀者端即時可見',
    'en-US': 'Added {code}; readers see it at once',
  },
  libraryAdminSaved: {
    'zh-CN': '已保存 {code}，读者端即时可见',
    'zh-TW': '已儲存 {code}，讀者端即時可見',
    'en-US': 'Saved {code}; readers see it at once',
  },
  libraryAdminDeleted: {
    'zh-CN': '已删除 {code}',
    'zh-TW': '已刪除 {code}',
    'en-US': 'Deleted {code}',
  },
  libraryAdminReordered: {
    'zh-CN': '顺序已保存',
    'zh-TW': '順序已儲存',
    'en-US': 'Order saved',
  },
  libraryAdminPolicySaved: {
    'zh-CN': '借阅规则已保存：自现在起用于新的借阅、续借和预约；已借出的图书应还日期不变',
    'zh-TW': '借閱規則已儲存：自現在起用於新的借閱、續借和預約；已借出的圖書應還日期不變',
    'en-US':
      'Loan policy saved: new loans, renewals and requests follow it from now on; loans already made keep their due dates',
  },
  libraryAdminPolicyDeleted: {
    'zh-CN': '借阅规则已删除：这类读者与图书改按更通用的规则',
    'zh-TW': '借閱規則已刪除：這類讀者與圖書改按更通用的規則',
    'en-US': 'Loan policy deleted: these readers and copies follow the more general policy',
  },
} satisfies Record<string, Record<Lang, string>>;
