import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@openfind/contract';
import { DisclosureMenu } from '../../../components/DisclosureMenu';
import { ChevronDownIcon, GlobeIcon } from '../../../components/icons';
import { isLang, switchLang } from '../lang-storage';

/** The language menu: 简体中文, 繁體中文, English; a choice is stored and the page reloads. */
export function LangSwitch({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const current = isLang(i18n.language) ? i18n.language : 'zh-CN';
  return (
    <DisclosureMenu
      className="of-lang"
      buttonClassName="of-header-button"
      panelClassName="of-menu-panel"
      align="end"
      ariaLabel={`${t('header.language')}: ${t(`lang.${current}`)}`}
      label={
        <>
          <GlobeIcon />
          {compact ? null : <span lang={current}>{t(`lang.${current}`)}</span>}
          {compact ? null : <ChevronDownIcon className="of-nav-chevron" />}
        </>
      }
    >
      {(close) => (
        <ul className="of-menu-list">
          {LANGUAGES.map((lang) => (
            <li key={lang}>
              <button
                type="button"
                lang={lang}
                className="of-menu-item"
                aria-current={lang === current ? 'true' : undefined}
                onClick={() => {
                  close();
                  if (lang !== current) switchLang(lang);
                }}
              >
                {t(`lang.${lang}`)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </DisclosureMenu>
  );
}
