import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminMenuItem, Lang } from '@openfind/contract';
import { menuItemName } from '../../menu';
import { DEFAULT_LOGO_URL } from '../../site-config';
import { isLang } from '../../lang';
import { headerColours } from '../../../lib/colour';

type Props = {
  navBackColor: string;
  navTextColor: string;
  logoUrl: string;
  searchBackGround: string;
  blackAndWhite: boolean;
  /** The institution's names (the one of the console's language is shown). */
  names: { name: string; nameEn: string; nameTw: string };
  /** The header menu (group A) as being edited: the shown entries appear. */
  menu: readonly AdminMenuItem[];
};

/** The name in `lang`, falling back to the Simplified Chinese one (as the portal does). */
function nameIn(names: Props['names'], lang: Lang): string {
  if (lang === 'en-US') return names.nameEn.trim() || names.name;
  if (lang === 'zh-TW') return names.nameTw.trim() || names.name;
  return names.name;
}

/**
 * The portal's header as it will look, from the values being edited (before they are saved): the
 * colours (the text colour corrected for contrast as the portal corrects it), the logo (or the default
 * mark with the name), the header menu's shown entries; and the search box's background below.
 */
export function HeaderPreview(props: Props) {
  const { t, i18n } = useTranslation('adminSite');
  const lang: Lang = isLang(i18n.language) ? i18n.language : 'zh-CN';
  const colours = headerColours(props.navBackColor, props.navTextColor);
  const name = nameIn(props.names, lang);
  const logo = props.logoUrl.trim();
  const style = { background: colours.background, color: colours.text } as CSSProperties;
  const shown = props.menu.filter((m) => m.useFlag === '1' && m.menuName.trim());
  return (
    <div className={props.blackAndWhite ? 'of-site-preview-frame is-grey' : 'of-site-preview-frame'}>
      <div className="of-site-preview-header" style={style} data-testid="site-preview-header">
        <img
          className={logo ? 'of-site-preview-logo' : 'of-site-preview-mark'}
          src={logo || DEFAULT_LOGO_URL}
          alt={logo ? t('preview.logoAlt', { name }) : ''}
        />
        {logo ? null : <span className="of-site-preview-name">{name}</span>}
        <ul className="of-site-preview-menu" aria-label={t('preview.menu')}>
          {shown.length ? (
            shown.map((m, i) => (
              <li key={i}>
                {menuItemName(m, lang)}
                {m.child.some((c) => c.useFlag === '1') ? <span aria-hidden="true"> ▾</span> : null}
              </li>
            ))
          ) : (
            <li className="of-site-preview-default">{t('preview.defaultMenu')}</li>
          )}
        </ul>
      </div>
      <div
        className="of-site-preview-search"
        style={
          props.searchBackGround.trim()
            ? { backgroundImage: `url("${encodeURI(props.searchBackGround.trim())}")` }
            : undefined
        }
      >
        <span>{t('preview.searchBox')}</span>
      </div>
    </div>
  );
}
