import type { Lang } from '@openfind/contract';

/** Messages of questionnaires (issue 29's My Library key 10; issue 28's console content), joined into MESSAGES. */
export const SURVEY_MESSAGES = {
  surveyNoSuch: {
    'zh-CN': '问卷不存在或已删除',
    'zh-TW': '問卷不存在或已刪除',
    'en-US': 'No such questionnaire (it may have been deleted)',
  },
  surveyNotYetOpen: {
    'zh-CN': '问卷尚未开始，{date} 起可以填写',
    'zh-TW': '問卷尚未開始，{date} 起可以填寫',
    'en-US': 'This questionnaire opens on {date}',
  },
  surveyEnded: {
    'zh-CN': '问卷已结束，不能再提交答卷',
    'zh-TW': '問卷已結束，不能再提交答卷',
    'en-US': 'This questionnaire has ended: answers are no longer accepted',
  },
  surveyAlreadyAnswered: {
    'zh-CN': '您已提交过这份问卷，每位读者只能填写一次',
    'zh-TW': '您已提交過這份問卷，每位讀者只能填寫一次',
    'en-US': 'You have already answered this questionnaire (once per reader)',
  },
  surveyAnswerRequired: {
    'zh-CN': '第 {n} 题为必答题，请作答',
    'zh-TW': '第 {n} 題為必答題，請作答',
    'en-US': 'Question {n} is required: please answer it',
  },
  surveyTooFewChoices: {
    'zh-CN': '第 {n} 题至少选择 {limit} 项',
    'zh-TW': '第 {n} 題至少選擇 {limit} 項',
    'en-US': 'Choose at least {limit} options in question {n}',
  },
  surveyTooManyChoices: {
    'zh-CN': '第 {n} 题最多选择 {limit} 项',
    'zh-TW': '第 {n} 題最多選擇 {limit} 項',
    'en-US': 'Choose at most {limit} options in question {n}',
  },
  surveyNotOfSurvey: {
    'zh-CN': '答卷与问卷的题目或选项不符，请刷新页面后重新填写',
    'zh-TW': '答卷與問卷的題目或選項不符，請重新整理頁面後重新填寫',
    'en-US': 'The answers do not match the questionnaire’s questions or options: reload the page and answer again',
  },
  surveyTextTooLong: {
    'zh-CN': '第 {n} 题的回答最多 {limit} 个字',
    'zh-TW': '第 {n} 題的回答最多 {limit} 個字',
    'en-US': 'The answer to question {n} may have at most {limit} characters',
  },
  surveyChangedMeanwhile: {
    'zh-CN': '问卷已被他人修改，请刷新后再操作',
    'zh-TW': '問卷已被他人修改，請重新整理後再操作',
    'en-US': 'The questionnaire was changed meanwhile: reload it and try again',
  },
  surveyQuestionsLocked: {
    'zh-CN': '问卷已有 {count} 份答卷，题目和选项不能再修改（仍可修改说明、延长截止日期或结束问卷）',
    'zh-TW': '問卷已有 {count} 份答卷，題目和選項不能再修改（仍可修改說明、延長截止日期或結束問卷）',
    'en-US':
      'The questionnaire has {count} answers: its questions and options can no longer change (you may still edit its description, extend the due date or close it)',
  },
  surveyDeleteNeedsConfirm: {
    'zh-CN': '问卷已发布（{count} 份答卷），删除会同时删除全部答卷，请确认后再删除',
    'zh-TW': '問卷已發布（{count} 份答卷），刪除會同時刪除全部答卷，請確認後再刪除',
    'en-US':
      'The questionnaire is published ({count} answers): deleting it deletes its answers too — confirm to delete',
  },
  surveyNoQuestions: {
    'zh-CN': '问卷至少需要一道题目',
    'zh-TW': '問卷至少需要一道題目',
    'en-US': 'A questionnaire needs at least one question',
  },
  surveyBadDates: {
    'zh-CN': '截止日期不能早于开始日期',
    'zh-TW': '截止日期不能早於開始日期',
    'en-US': 'The due date cannot be before the start date',
  },
  surveyBadOptions: {
    'zh-CN': '第 {n} 题是选择题，至少需要两个互不相同的选项',
    'zh-TW': '第 {n} 題是選擇題，至少需要兩個互不相同的選項',
    'en-US': 'Question {n} is a choice question: it needs at least two different options',
  },
  surveyBadLimits: {
    'zh-CN': '第 {n} 题的最少、最多选择项数不合理（最少不能大于最多，也不能超过选项数）',
    'zh-TW': '第 {n} 題的最少、最多選擇項數不合理（最少不能大於最多，也不能超過選項數）',
    'en-US': 'The choice limits of question {n} do not fit (the minimum above the maximum, or above the options)',
  },
  surveyDescriptionTooLong: {
    'zh-CN': '问卷说明过长（最多 {max} 个字符）',
    'zh-TW': '問卷說明過長（最多 {max} 個字元）',
    'en-US': 'The description is too long (at most {max} characters)',
  },
  surveyWrongState: {
    'zh-CN': '问卷当前状态不能进行此操作（只能发布草稿、结束已发布的问卷）',
    'zh-TW': '問卷目前狀態不能進行此操作（只能發布草稿、結束已發布的問卷）',
    'en-US': 'Not in this state: only a draft can be published, only a published questionnaire closed',
  },
  surveySubmitted: {
    'zh-CN': '提交成功，感谢您的参与！',
    'zh-TW': '提交成功，感謝您的參與！',
    'en-US': 'Thank you: your answers were submitted',
  },
  surveySaved: { 'zh-CN': '保存成功！', 'zh-TW': '儲存成功！', 'en-US': 'Saved' },
  surveyPublished: { 'zh-CN': '问卷已发布', 'zh-TW': '問卷已發布', 'en-US': 'The questionnaire is published' },
  surveyClosed: { 'zh-CN': '问卷已结束', 'zh-TW': '問卷已結束', 'en-US': 'The questionnaire is closed' },
  surveyDeleted: { 'zh-CN': '删除成功！', 'zh-TW': '刪除成功！', 'en-US': 'Deleted' },
} satisfies Record<string, Record<Lang, string>>;
