/** Messages of subject services (issue 30: departments, researchers, theses), joined into MESSAGES. */
export const SUBJECT_MESSAGES = {
  subjectNoSuchDepartment: {
    'zh-CN': '没有这个院系，可能已被删除',
    'zh-TW': '沒有這個院系，可能已被刪除',
    'en-US': 'No such department: it may have been removed',
  },
  subjectNoSuchResearcher: {
    'zh-CN': '没有这位学者，可能已被删除',
    'zh-TW': '沒有這位學者，可能已被刪除',
    'en-US': 'No such researcher: they may have been removed',
  },
  subjectNoSuchRecord: {
    'zh-CN': '本馆没有这条书目记录',
    'zh-TW': '本館沒有這筆書目記錄',
    'en-US': 'The library has no such record',
  },
  subjectWorkDecided: {
    'zh-CN': '已保存对该成果的认定',
    'zh-TW': '已儲存對該成果的認定',
    'en-US': 'The decision on this work is saved',
  },
  subjectWorkCleared: {
    'zh-CN': '该成果已恢复按规则自动匹配',
    'zh-TW': '該成果已恢復按規則自動比對',
    'en-US': 'This work follows the matching rule again',
  },
} as const;
