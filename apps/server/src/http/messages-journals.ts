import type { Lang } from '@openfind/contract';

/** Messages of journal navigation (issue 30), joined into MESSAGES. */
export const JOURNAL_MESSAGES = {
  journalNoSuch: {
    'zh-CN': '未找到该期刊，它可能已不在本馆的期刊导航中',
    'zh-TW': '找不到該期刊，它可能已不在本館的期刊導航中',
    'en-US': 'No such journal: it may no longer be in the library’s journal navigation',
  },
  journalUnknownClass: {
    'zh-CN': '分类号“{code}”不在中图法分类表中',
    'zh-TW': '分類號「{code}」不在中圖法分類表中',
    'en-US': 'The class “{code}” is not a class of the Chinese Library Classification list',
  },
  journalUnknownCoreList: {
    'zh-CN': '“{list}”不是核心期刊目录（coreInclude）或本馆自建目录（customCoreList）的代码',
    'zh-TW': '「{list}」不是核心期刊目錄（coreInclude）或本館自建目錄（customCoreList）的代碼',
    'en-US': '“{list}” is not a code of the core lists (coreInclude) or of the library’s own lists (customCoreList)',
  },
  journalEmptyCoreList: {
    'zh-CN': '文件中没有可用的行（{rejected} 行的 ISSN 缺失或无效）',
    'zh-TW': '檔案中沒有可用的列（{rejected} 列的 ISSN 缺失或無效）',
    'en-US': 'The file has no usable line ({rejected} lines with a missing or invalid ISSN)',
  },
} satisfies Record<string, Record<Lang, string>>;
