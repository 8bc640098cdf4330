import type { Lang } from '@openfind/contract';

/** The messages of the staff console's content screen (issue 28), joined into `MESSAGES`. */
export const CONTENT_ADMIN_MESSAGES = {
  contentNoSuchCollection: {
    'zh-CN': '没有这个电子资源',
    'zh-TW': '沒有這個電子資源',
    'en-US': 'No such e-resource',
  },
  contentNoSuchBookList: {
    'zh-CN': '没有这个书单',
    'zh-TW': '沒有這個書單',
    'en-US': 'No such book list',
  },
  contentNoSuchNews: {
    'zh-CN': '没有这条捐赠动态',
    'zh-TW': '沒有這則捐贈動態',
    'en-US': 'No such donation news item',
  },
  contentNoSuchAttachment: {
    'zh-CN': '没有这个附件',
    'zh-TW': '沒有這個附件',
    'en-US': 'No such attachment',
  },
  contentNoSuchRecord: {
    'zh-CN': '本馆没有记录号为 {recordId} 的书目',
    'zh-TW': '本館沒有記錄號為 {recordId} 的書目',
    'en-US': 'The catalogue has no record {recordId}',
  },
  contentConflict: {
    'zh-CN': '其他人（或另一个标签页）刚刚修改了这一项，未保存。请刷新后再改',
    'zh-TW': '其他人（或另一個分頁）剛剛修改了這一項，未儲存。請重新整理後再改',
    'en-US': 'Someone else (or another tab) changed this item just now; nothing was saved. Reload and try again',
  },
  contentTrialEndRequired: {
    'zh-CN': '试用资源须填写试用截止日期（今天或以后）',
    'zh-TW': '試用資源須填寫試用截止日期（今天或以後）',
    'en-US': 'A trial needs the day it ends (today or later)',
  },
  contentDuplicateName: {
    'zh-CN': '已有名为“{name}”的项目',
    'zh-TW': '已有名為「{name}」的項目',
    'en-US': 'There is already an item named “{name}”',
  },
  contentFileTooLarge: {
    'zh-CN': '文件过大：附件最大 20 MB',
    'zh-TW': '檔案過大：附件最大 20 MB',
    'en-US': 'The file is too large: attachments may be at most 20 MB',
  },
  contentFileTypeRefused: {
    'zh-CN': '不接受此文件：附件须为 PDF、JPEG、PNG、WebP、纯文本、DOCX 或 XLSX（按文件内容判断）',
    'zh-TW': '不接受此檔案：附件須為 PDF、JPEG、PNG、WebP、純文字、DOCX 或 XLSX（依檔案內容判斷）',
    'en-US':
      'File refused: an attachment must be a PDF, JPEG, PNG, WebP, plain text, DOCX or XLSX (judged by its content)',
  },
  contentFileEmpty: {
    'zh-CN': '文件是空的',
    'zh-TW': '檔案是空的',
    'en-US': 'The file is empty',
  },
  contentBadOrder: {
    'zh-CN': '新的顺序须恰好包含列表中的每一项（列表可能已被他人修改，请刷新）',
    'zh-TW': '新的順序須恰好包含清單中的每一項（清單可能已被他人修改，請重新整理）',
    'en-US': 'A new order must name every item of the list once (the list may have changed: reload)',
  },
  contentBadLink: {
    'zh-CN': '链接须为 http 或 https 地址：{link}',
    'zh-TW': '連結須為 http 或 https 位址：{link}',
    'en-US': 'A link must be an http or https address: {link}',
  },
  contentTextTooLong: {
    'zh-CN': '文本过长',
    'zh-TW': '文字過長',
    'en-US': 'The text is too long',
  },
  contentSaved: { 'zh-CN': '已保存', 'zh-TW': '已儲存', 'en-US': 'Saved' },
  contentHidden: { 'zh-CN': '已对读者隐藏', 'zh-TW': '已對讀者隱藏', 'en-US': 'Hidden from readers' },
  contentShown: { 'zh-CN': '已对读者显示', 'zh-TW': '已對讀者顯示', 'en-US': 'Shown to readers' },
  contentPublished: { 'zh-CN': '已发布', 'zh-TW': '已發布', 'en-US': 'Published' },
  contentUnpublished: { 'zh-CN': '已撤回发布', 'zh-TW': '已撤回發布', 'en-US': 'Unpublished' },
  contentOrdered: { 'zh-CN': '顺序已保存', 'zh-TW': '順序已儲存', 'en-US': 'Order saved' },
  contentDeleted: { 'zh-CN': '已删除', 'zh-TW': '已刪除', 'en-US': 'Deleted' },
  contentUploaded: { 'zh-CN': '附件已上传', 'zh-TW': '附件已上傳', 'en-US': 'Attachment uploaded' },
} satisfies Record<string, Record<Lang, string>>;
