import dayjs from 'dayjs';
import type { Locale } from 'antd/es/locale';
import type { Lang } from '@openfind/contract';

/** Loads Ant Design's and dayjs's texts for the language (only that language is fetched). */
export async function loadComponentLocale(lang: Lang): Promise<Locale> {
  switch (lang) {
    case 'zh-TW': {
      const [antd] = await Promise.all([import('antd/es/locale/zh_TW'), import('dayjs/locale/zh-tw')]);
      dayjs.locale('zh-tw');
      return antd.default;
    }
    case 'en-US': {
      const antd = await import('antd/es/locale/en_US');
      dayjs.locale('en');
      return antd.default;
    }
    default: {
      const [antd] = await Promise.all([import('antd/es/locale/zh_CN'), import('dayjs/locale/zh-cn')]);
      dayjs.locale('zh-cn');
      return antd.default;
    }
  }
}
