import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLogo } from '../api/get-logo';
import { useConfig } from '../site-config-context';
import { DEFAULT_LOGO_URL } from '../site-assets';
import { FALLBACK_IMAGE_URL } from '../../../lib/fallback-image';

/** The header logo: goes home, or to the configured logo link honouring its jumpMode. */
export function SiteLogo({ siteName }: { siteName: string }) {
  const { t } = useTranslation();
  const config = useConfig();
  const { data: logo } = useLogo();
  const configured = logo?.pcLogoUrl || config.pcLogoUrl;
  const [failed, setFailed] = useState(false);
  const src = failed ? FALLBACK_IMAGE_URL : configured || DEFAULT_LOGO_URL;
  const showName = !configured || failed;
  const content = (
    <>
      <img
        className={showName ? 'of-logo-mark' : 'of-logo-image'}
        src={src}
        alt={showName ? '' : siteName}
        onError={() => setFailed(true)}
      />
      {showName ? <span className="of-logo-name">{siteName}</span> : null}
    </>
  );
  const href = (logo?.logoLinkUrl || config.logoLinkUrl).trim();
  const label = href ? siteName : `${siteName} - ${t('header.home')}`;
  if (!href) {
    return (
      <Link className="of-logo" to="/Home" aria-label={label}>
        {content}
      </Link>
    );
  }
  const newWindow = (logo?.jumpMode ?? '1') === '2';
  if (/^https?:\/\//i.test(href) || newWindow) {
    return (
      <a
        className="of-logo"
        href={href}
        aria-label={label}
        {...(newWindow ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {content}
      </a>
    );
  }
  return (
    <Link className="of-logo" to={href.startsWith('/') ? href : `/${href}`} aria-label={label}>
      {content}
    </Link>
  );
}
