import { useEffect, useId } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LangSwitch } from '../../lang';
import { useConfig } from '../../site-config';
import { useTenant } from '../../tenant';
import { headerColours } from '../../../lib/colour';
import { setPageTitle } from '../../../lib/document-title';

type Props = {
  /** The page's h1 and the page part of the document title. */
  title: string;
  /** A short line under the title. */
  lead?: ReactNode;
  /** Screens without the shell (spec §2: binding screens) get a slim bar with the library's name and languages. */
  bare?: boolean;
  /** Wider card for long texts (privacy policy). */
  wide?: boolean;
  children: ReactNode;
};

/** Sets the page part of document.title while the screen is shown. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    setPageTitle(title);
    return () => setPageTitle('');
  }, [title]);
}

/** The bar of the screens outside the shell: the library's name (home) and the language switch. */
function BareBar() {
  const { t } = useTranslation('account');
  const config = useConfig();
  const tenant = useTenant();
  const colours = headerColours(config.navBackColor, config.navTextColor);
  const style = { '--of-nav-bg': colours.background, '--of-nav-fg': colours.text } as CSSProperties;
  return (
    <div className="of-account-bar" style={style}>
      <Link className="of-account-bar-home" to="/Home" aria-label={`${tenant.group.name} - ${t('frame.home')}`}>
        {tenant.group.name}
      </Link>
      <LangSwitch />
    </div>
  );
}

/** The frame of every account screen: a card with the h1, inside the shell or on its own (bare). */
export function AccountFrame({ title, lead, bare = false, wide = false, children }: Props) {
  const headingId = useId();
  usePageTitle(title);
  const card = (
    <section className={wide ? 'of-account-card is-wide' : 'of-account-card'} aria-labelledby={headingId}>
      <h1 id={headingId} className="of-account-title">
        {title}
      </h1>
      {lead ? <p className="of-account-lead">{lead}</p> : null}
      {children}
    </section>
  );
  if (!bare) return <div className="of-page of-account">{card}</div>;
  return (
    <div className="of-account is-bare">
      <BareBar />
      <div className="of-account-bare-body">{card}</div>
    </div>
  );
}
