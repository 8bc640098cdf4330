import type { Lang } from '@openfind/contract';

/** The open interfaces' few texts (feed and search titles) in the portal's three languages. */
const TEXTS = {
  'zh-CN': {
    newArrivals: '新书通报',
    allClasses: '全部分类',
    classLabel: (c: string) => `中图法 ${c} 类`,
    searchTitle: (q: string) => `“${q}”的检索结果`,
    searchDescription: (name: string) => `检索${name}的馆藏图书、期刊与电子资源`,
    pages: '页面',
  },
  'zh-TW': {
    newArrivals: '新書通報',
    allClasses: '全部分類',
    classLabel: (c: string) => `中圖法 ${c} 類`,
    searchTitle: (q: string) => `「${q}」的檢索結果`,
    searchDescription: (name: string) => `檢索${name}的館藏圖書、期刊與電子資源`,
    pages: '頁面',
  },
  'en-US': {
    newArrivals: 'New arrivals',
    allClasses: 'all classes',
    classLabel: (c: string) => `CLC class ${c}`,
    searchTitle: (q: string) => `Search results for "${q}"`,
    searchDescription: (name: string) => `Search the books, journals and e-resources of ${name}`,
    pages: 'Pages',
  },
} satisfies Record<Lang, unknown>;

export function openTexts(lang: Lang) {
  return TEXTS[lang];
}

/** The institution's name in a language (the Chinese name where no other is kept). */
export function tenantName(t: { name: string; name_en: string; name_tw: string }, lang: Lang): string {
  if (lang === 'en-US') return t.name_en || t.name;
  if (lang === 'zh-TW') return t.name_tw || t.name;
  return t.name;
}
