import type { Lang } from '@openfind/contract';

/** A row with a name in the three languages (zh-CN required, others may be empty). */
export interface Named {
  name: string;
  name_en: string;
  name_tw: string;
}

/** The row's name in `lang`, falling back to the Simplified Chinese name. */
export function localName(row: Named, lang: Lang): string {
  if (lang === 'en-US') return row.name_en || row.name;
  if (lang === 'zh-TW') return row.name_tw || row.name;
  return row.name;
}
