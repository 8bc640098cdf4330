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
  collectionHasChildren: {
    'zh-CN': '该特色库下还有 {count} 个子库，请先删除子库或将其移到别的特色库下',
    'zh-TW': '該特色庫下還有 {count} 個子庫，請先刪除子庫或將其移到別的特色庫下',
    'en-US': 'This special library still has {count} child base(s): delete them or move them elsewhere first',
  },
  collectionDeleted: {
    'zh-CN': '已删除；手工收录的 {count} 种书目已移出，书目仍在馆藏目录中',
    'zh-TW': '已刪除；手動收錄的 {count} 種書目已移出，書目仍在館藏目錄中',
    'en-US': 'Deleted; its {count} listed title(s) are unlisted and stay in the catalogue',
  },
  collectionTopicChanged: {
    'zh-CN': '该专题已被他人修改或删除，已重新载入最新内容，请确认后再操作',
    'zh-TW': '該專題已被他人修改或刪除，已重新載入最新內容，請確認後再操作',
    'en-US':
      'Someone else changed or deleted this topic meanwhile; the latest version is shown, check it and try again',
  },
  collectionTopicFull: {
    'zh-CN': '一个专题最多手工收录 {max} 种书目',
    'zh-TW': '一個專題最多手動收錄 {max} 種書目',
    'en-US': 'A topic lists at most {max} titles by hand',
  },
  collectionTopicBadOrder: {
    'zh-CN': '专题列表已有变化（他人新建或删除了专题），已重新载入，请再调整顺序',
    'zh-TW': '專題列表已有變化（他人新建或刪除了專題），已重新載入，請再調整順序',
    'en-US': 'The topics changed meanwhile (someone added or deleted one); the list is read again, order it again',
  },
  collectionTopicOrdered: {
    'zh-CN': '顺序已保存',
    'zh-TW': '順序已儲存',
    'en-US': 'The order is saved',
  },
  collectionTopicDeleted: {
    'zh-CN': '专题已删除，书目仍在馆藏目录中',
    'zh-TW': '專題已刪除，書目仍在館藏目錄中',
    'en-US': 'The topic is deleted; its titles stay in the catalogue',
  },
} as const;
