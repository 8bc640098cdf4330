/** Messages of special collections, special libraries and topics (issue 30), joined into MESSAGES. */
export const COLLECTION_MESSAGES = {
  collectionNoSuchPackage: {
    'zh-CN': '未找到该特色馆藏或特色库',
    'zh-TW': '未找到該特色館藏或特色庫',
    'en-US': 'No such special collection or special library here',
  },
  collectionNoSuchTopic: {
    'zh-CN': '未找到该专题',
    'zh-TW': '未找到該專題',
    'en-US': 'No such topic here',
  },
  collectionBadParent: {
    'zh-CN': '上级只能是本馆的一级特色库，且只有没有子库的特色库才能设为子库',
    'zh-TW': '上級只能是本館的一級特色庫，且只有沒有子庫的特色庫才能設為子庫',
    'en-US':
      'A parent must be a top-level special library of this library, and only a base without child bases can be put under one',
  },
  collectionCodeTaken: {
    'zh-CN': '代码 {code} 已被本馆另一个特色馆藏或特色库使用',
    'zh-TW': '代碼 {code} 已被本館另一個特色館藏或特色庫使用',
    'en-US': 'Another special collection or library here already has the code {code}',
  },
  collectionChanged: {
    'zh-CN': '该特色馆藏已被他人修改，已重新载入最新内容，请确认后再保存',
    'zh-TW': '該特色館藏已被他人修改，已重新載入最新內容，請確認後再儲存',
    'en-US': 'Someone else changed this package meanwhile; the latest version is shown, check it and save again',
  },
  collectionNoSuchRecord: {
    'zh-CN': '馆藏目录中没有记录号为 {recordId} 的书目',
    'zh-TW': '館藏目錄中沒有記錄號為 {recordId} 的書目',
    'en-US': 'The catalogue has no record {recordId}',
  },
  collectionInvalid: {
    'zh-CN':
      '填写的内容有误（{detail}）：设置收录规则时须填写规则值，封面须为 http(s) 地址或本站路径，单个馆藏最多手工收录 20000 种',
    'zh-TW':
      '填寫的內容有誤（{detail}）：設定收錄規則時須填寫規則值，封面須為 http(s) 位址或本站路徑，單個館藏最多手動收錄 20000 種',
    'en-US':
      'A field is not acceptable ({detail}): a rule needs a value, a cover must be an http(s) address or a path of this site, and a package lists at most 20,000 titles by hand',
  },
  collectionSaved: {
    'zh-CN': '已保存',
    'zh-TW': '已儲存',
    'en-US': 'Saved',
  },
  collectionRecordAdded: {
    'zh-CN': '已收录该书目',
    'zh-TW': '已收錄該書目',
    'en-US': 'The title is listed',
  },
  collectionRecordRemoved: {
    'zh-CN': '已移出该书目',
    'zh-TW': '已移出該書目',
    'en-US': 'The title is taken out',
  },
} as const;
