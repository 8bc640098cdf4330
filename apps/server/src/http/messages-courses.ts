/** Messages of course reading lists (issue 30, My Library key 16), joined into MESSAGES. */
export const COURSE_MESSAGES = {
  courseNoSuch: {
    'zh-CN': '没有这门课程',
    'zh-TW': '沒有這門課程',
    'en-US': 'No such course',
  },
  courseBookNoSuch: {
    'zh-CN': '没有课程使用这本书，或它已不在馆藏目录中',
    'zh-TW': '沒有課程使用這本書，或它已不在館藏目錄中',
    'en-US': 'No course uses this book, or it is no longer in the catalogue',
  },
  courseTooManyMarks: {
    'zh-CN': '最多可关注 {max} 门课程，请先取消关注一些课程',
    'zh-TW': '最多可關注 {max} 門課程，請先取消關注一些課程',
    'en-US': 'You can mark at most {max} courses: unmark some first',
  },
  courseMarked: {
    'zh-CN': '已关注该课程，可在“我的图书馆 → 我的课程”中查看',
    'zh-TW': '已關注該課程，可在「我的圖書館 → 我的課程」中查看',
    'en-US': 'Course marked: find it in My Library → My courses',
  },
  courseUnmarked: {
    'zh-CN': '已取消关注该课程',
    'zh-TW': '已取消關注該課程',
    'en-US': 'Course unmarked',
  },
  courseReadingNoSuch: {
    'zh-CN': '没有这条参考书记录',
    'zh-TW': '沒有這條參考書記錄',
    'en-US': 'No such reading-list entry',
  },
  courseRecordNoSuch: {
    'zh-CN': '馆藏目录中没有记录号为 {recordId} 的书目',
    'zh-TW': '館藏目錄中沒有記錄號為 {recordId} 的書目',
    'en-US': 'The catalogue has no record {recordId}',
  },
  courseReadingMatched: {
    'zh-CN': '已更新参考书的馆藏匹配',
    'zh-TW': '已更新參考書的館藏比對',
    'en-US': 'The entry’s catalogue match is saved',
  },
} as const;
