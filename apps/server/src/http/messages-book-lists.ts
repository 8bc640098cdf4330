/** Messages of readers' book lists (issue 29), joined into MESSAGES. */
export const BOOK_LIST_MESSAGES = {
  bookListTitleRequired: {
    'zh-CN': '请填写书单名称',
    'zh-TW': '請填寫書單名稱',
    'en-US': 'Enter a title for the book list',
  },
  bookListTitleTooLong: {
    'zh-CN': '书单名称不能超过 {max} 个字',
    'zh-TW': '書單名稱不能超過 {max} 個字',
    'en-US': 'The title of a book list can be at most {max} characters',
  },
  bookListTitleTaken: {
    'zh-CN': '您已有名为“{title}”的书单',
    'zh-TW': '您已有名為「{title}」的書單',
    'en-US': 'You have a book list called “{title}” already',
  },
  bookListDescriptionTooLong: {
    'zh-CN': '书单简介不能超过 {max} 个字',
    'zh-TW': '書單簡介不能超過 {max} 個字',
    'en-US': 'The description can be at most {max} characters',
  },
  bookListNoteTooLong: {
    'zh-CN': '推荐语不能超过 {max} 个字',
    'zh-TW': '推薦語不能超過 {max} 個字',
    'en-US': 'A note can be at most {max} characters',
  },
  bookListTooMany: {
    'zh-CN': '每位读者最多可建 {max} 个书单',
    'zh-TW': '每位讀者最多可建 {max} 個書單',
    'en-US': 'A reader can have at most {max} book lists',
  },
  bookListTooManyRecords: {
    'zh-CN': '一个书单最多可收录 {max} 条记录',
    'zh-TW': '一個書單最多可收錄 {max} 筆記錄',
    'en-US': 'A book list can hold at most {max} records',
  },
  bookListNoSuch: {
    'zh-CN': '书单不存在或未公开',
    'zh-TW': '書單不存在或未公開',
    'en-US': 'No such book list, or it is not public',
  },
  bookListNoSuchRecord: {
    'zh-CN': '馆藏中没有这条记录',
    'zh-TW': '館藏中沒有這筆記錄',
    'en-US': 'No such record in the catalogue',
  },
  bookListRecordNotOnList: {
    'zh-CN': '这条记录不在该书单中',
    'zh-TW': '這筆記錄不在該書單中',
    'en-US': 'This record is not on the book list',
  },
  bookListRecordOnList: {
    'zh-CN': '这条记录已在该书单中',
    'zh-TW': '這筆記錄已在該書單中',
    'en-US': 'This record is on the book list already',
  },
  bookListChangedMeanwhile: {
    'zh-CN': '书单已在别处被修改，请刷新后再试',
    'zh-TW': '書單已在別處被修改，請重新整理後再試',
    'en-US': 'The book list was changed elsewhere meanwhile: reload it and try again',
  },
  bookListCoverType: {
    'zh-CN': '封面只能是 JPG 或 PNG 图片',
    'zh-TW': '封面只能是 JPG 或 PNG 圖片',
    'en-US': 'The cover must be a JPEG or PNG image',
  },
  bookListCoverTooLarge: {
    'zh-CN': '封面图片不能超过 2M',
    'zh-TW': '封面圖片不能超過 2M',
    'en-US': 'The cover image can be at most 2 MB',
  },
  bookListCoverTooManyPixels: {
    'zh-CN': '封面图片的尺寸过大',
    'zh-TW': '封面圖片的尺寸過大',
    'en-US': 'The cover image has too many pixels',
  },
  bookListCoverUnreadable: {
    'zh-CN': '封面图片已损坏，无法读取',
    'zh-TW': '封面圖片已損壞，無法讀取',
    'en-US': 'The cover image is damaged and cannot be read',
  },
  bookListCreated: { 'zh-CN': '创建成功！', 'zh-TW': '建立成功！', 'en-US': 'Book list created' },
  bookListSaved: { 'zh-CN': '修改成功！', 'zh-TW': '修改成功！', 'en-US': 'Saved' },
  bookListDeleted: { 'zh-CN': '删除成功！', 'zh-TW': '刪除成功！', 'en-US': 'Deleted' },
  bookListCoverUploaded: { 'zh-CN': '上传成功！', 'zh-TW': '上傳成功！', 'en-US': 'Uploaded' },
  bookListRecordAdded: {
    'zh-CN': '已加入书单“{title}”',
    'zh-TW': '已加入書單「{title}」',
    'en-US': 'Added to “{title}”',
  },
  bookListHideReason: {
    'zh-CN': '请填写隐藏原因（不超过{max}个字符），读者会看到它',
    'zh-TW': '請填寫隱藏原因（不超過{max}個字元），讀者會看到它',
    'en-US': 'Give the reason for hiding it (at most {max} characters): the reader reads it',
  },
  bookListHidden: {
    'zh-CN': '书单已对其他读者隐藏',
    'zh-TW': '書單已對其他讀者隱藏',
    'en-US': 'The book list is hidden from other readers',
  },
  bookListShown: {
    'zh-CN': '书单已恢复公开',
    'zh-TW': '書單已恢復公開',
    'en-US': 'The book list is shown again',
  },
} as const;
