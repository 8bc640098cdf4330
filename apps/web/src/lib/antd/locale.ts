import type { Locale } from 'antd/es/locale';
import type { Lang } from '@openfind/contract';

/**
 * Loads Ant Design's and dayjs's texts for the language (only that language is fetched); dayjs
 * itself loads here too, so the shell carries none of it.
 */
async function loadComponentLocale(lang: Lang): Promise<Locale> {
  switch (lang) {
    case 'zh-TW': {
      const [antd, dayjs] = await Promise.all([
        import('antd/es/locale/zh_TW'),
        import('dayjs'),
        import('dayjs/locale/zh-tw'),
      ]);
      dayjs.default.locale('zh-tw');
      return antd.default;
    }
    case 'en-US': {
      const [antd, dayjs] = await Promise.all([import('antd/es/locale/en_US'), import('dayjs')]);
      dayjs.default.locale('en');
      return antd.default;
    }
    default: {
      const [antd, dayjs] = await Promise.all([
        import('antd/es/locale/zh_CN'),
        import('dayjs'),
        import('dayjs/locale/zh-cn'),
      ]);
      dayjs.default.locale('zh-cn');
      return antd.default;
    }
  }
}

const loading = new Map<Lang, Promise<Locale>>();

/** The language's component locale, loaded once (the same promise for every caller, as `use()` needs). */
export function componentLocale(lang: Lang): Promise<Locale> {
  let promise = loading.get(lang);
  if (!promise) {
    promise = loadComponentLocale(lang);
    loading.set(lang, promise);
  }
  return promise;
}
