/**
 * The server's messages of the staff console's catalogue (issue 28), in the three interface
 * languages: joined into the message catalogue (`http/messages.ts`).
 */
export const CATALOGUE_ADMIN_MESSAGES = {
  catalogueNoSuchRecord: {
    'zh-CN': '没有这条书目记录',
    'zh-TW': '沒有這筆書目記錄',
    'en-US': 'No such record',
  },
  catalogueFileTooLarge: {
    'zh-CN': '文件过大：最大 {mb} MB',
    'zh-TW': '檔案過大：最大 {mb} MB',
    'en-US': 'The file is too large: at most {mb} MB',
  },
  catalogueFileEmpty: {
    'zh-CN': '文件是空的',
    'zh-TW': '檔案是空的',
    'en-US': 'The file is empty',
  },
  catalogueFileUnrecognised: {
    'zh-CN': '无法识别此文件：它不是 MARC（ISO 2709）、MARCXML、MARC-in-JSON 或 CSV 书目文件，未导入任何内容',
    'zh-TW': '無法識別此檔案：它不是 MARC（ISO 2709）、MARCXML、MARC-in-JSON 或 CSV 書目檔案，未匯入任何內容',
    'en-US':
      'This file is not recognised: it is not a MARC (ISO 2709), MARCXML, MARC-in-JSON or CSV catalogue file. Nothing was imported',
  },
  catalogueFormatMismatch: {
    'zh-CN': '文件内容是 {detected}，与所选格式 {format} 不符，未导入任何内容',
    'zh-TW': '檔案內容是 {detected}，與所選格式 {format} 不符，未匯入任何內容',
    'en-US': 'The file holds {detected}, not the format chosen ({format}). Nothing was imported',
  },
  catalogueImportRunning: {
    'zh-CN': '本馆已有一个导入正在进行（{fileName}），请等它结束后再导入',
    'zh-TW': '本館已有一個匯入正在進行（{fileName}），請等它結束後再匯入',
    'en-US': 'An import of this institution is running ({fileName}): wait until it ends',
  },
  catalogueNoSuchImport: {
    'zh-CN': '没有这次导入',
    'zh-TW': '沒有這次匯入',
    'en-US': 'No such import',
  },
  catalogueBadMapping: {
    'zh-CN': 'CSV 列映射无效：{detail}',
    'zh-TW': 'CSV 欄位對應無效：{detail}',
    'en-US': 'The CSV column mapping is not valid: {detail}',
  },
  catalogueAlreadySuppressed: {
    'zh-CN': '《{title}》已经对读者隐藏（可能是其他工作人员刚刚操作的）',
    'zh-TW': '《{title}》已經對讀者隱藏（可能是其他工作人員剛剛操作的）',
    'en-US': '“{title}” is hidden from readers already (someone else may just have done it)',
  },
  catalogueAlreadyShown: {
    'zh-CN': '《{title}》已经对读者显示（可能是其他工作人员刚刚操作的）',
    'zh-TW': '《{title}》已經對讀者顯示（可能是其他工作人員剛剛操作的）',
    'en-US': '“{title}” is shown to readers already (someone else may just have done it)',
  },
  catalogueRecordOnLoan: {
    'zh-CN': '《{title}》有 {count} 册正在借出，不能删除；可以先对读者隐藏',
    'zh-TW': '《{title}》有 {count} 冊正在借出，不能刪除；可以先對讀者隱藏',
    'en-US': '“{title}” has {count} copy(ies) on loan and cannot be deleted; you can hide it from readers instead',
  },
  catalogueRecordRequested: {
    'zh-CN': '《{title}》有 {count} 个读者预约未结束，不能删除；可以先对读者隐藏',
    'zh-TW': '《{title}》有 {count} 個讀者預約未結束，不能刪除；可以先對讀者隱藏',
    'en-US': '“{title}” has {count} open request(s) and cannot be deleted; you can hide it from readers instead',
  },
  catalogueNoReport: {
    'zh-CN': '这次导入没有被拒绝的记录，没有拒绝报告',
    'zh-TW': '這次匯入沒有被拒絕的記錄，沒有拒絕報告',
    'en-US': 'This import rejected no records: there is no reject report',
  },
  catalogueImportStarted: {
    'zh-CN': '已开始导入 {fileName}',
    'zh-TW': '已開始匯入 {fileName}',
    'en-US': 'Importing {fileName}',
  },
  catalogueSuppressed: {
    'zh-CN': '《{title}》已对读者隐藏',
    'zh-TW': '《{title}》已對讀者隱藏',
    'en-US': '“{title}” is hidden from readers',
  },
  catalogueShown: {
    'zh-CN': '《{title}》已恢复对读者显示',
    'zh-TW': '《{title}》已恢復對讀者顯示',
    'en-US': '“{title}” is shown to readers again',
  },
  catalogueDeleted: {
    'zh-CN': '《{title}》已删除',
    'zh-TW': '《{title}》已刪除',
    'en-US': '“{title}” was deleted',
  },
} as const;
